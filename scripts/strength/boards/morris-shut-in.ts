/**
 * Placing positions of Nine Men's Morris where the side to move must not let itself be shut in:
 * each from a game that the strong bot of commit 48666d5 lost to Sanmill by being unable to move
 * (Sanmill at level 10 or 14, 36 ms a move, 40-game matches; see src/games/morris/README.md, "Against
 * Sanmill"), at a move of its own that walked into it. For each, the moves after which the side to
 * move loses by force within 14 moves (the move included), and the moves that do not.
 *
 * The labels are checked by exhaustive search (scripts/checks/morris-shut-in.ts: every move of both
 * sides, no evaluation, no reduction), and every forced loss it finds ends with the side that made
 * the move shut in. They were first found by the engine's own 14-move search, whose late moves are
 * searched shallower, and 15 moves it called safe are lost within 14 (the check's forced lines):
 * game 5 against level 14, ply 12: F4 (14 moves); game 40 against level 10: F2 (12, the same line
 * as F6: D2 is walled in); game 10 against level 14, ply 13: A7 and F4 (14); game 10 against level
 * 14, ply 11: B6, D7, G7 and G4 (14); game 16 against level 14: E4 (14); game 29 against level 14:
 * B6 and D1 (14); game 30 against level 10: D7 (12). Those are labelled losing now. Two positions
 * were dropped, in which every move loses within 14 (the mistake came earlier in those games):
 * game 9 against level 10 at ply 14 (D6 and D3, the safe ones, in 14) and game 15 against level 10
 * at ply 15 (D3 and C3 in 14).
 *
 * `npm run strength -- morris` reports how the strong bot fares on them, on its clock, at node
 * counts and at fixed depths; test/games/morris/shut-in.test.ts holds the bot at a fixed depth to
 * them.
 */
import { pointOfField } from '../../../src/boards/morris.js';
import { MorrisPosition } from '../../../src/games/morris/position.js';

export interface ShutInCase {
  /** The lost game it comes from (see src/games/morris/README.md, "Against Sanmill"), and the move's ply. */
  readonly from: string;
  readonly ply: number;
  /** Each seat's stones, by field. */
  readonly stones: readonly [readonly string[], readonly string[]];
  /** The stones each seat has placed. */
  readonly placed: readonly [number, number];
  /** What the bot played there. */
  readonly played: string;
  /** Commands after which the side to move is shut in by force within 14 moves. */
  readonly losing: readonly string[];
  /** Commands after which it is not lost within 14 moves. */
  readonly safe: readonly string[];
}

export const SHUT_IN_CASES: readonly ShutInCase[] = [
  {
    from: 'game 25 against level 10, ply 16',
    ply: 16,
    stones: [
      ['A1', 'D1', 'G1', 'B2', 'F4', 'F6', 'A7', 'G7'],
      ['F2', 'A4', 'C4', 'E4', 'G4', 'B6', 'D7'],
    ],
    placed: [8, 8],
    played: 'PLACE;C3',
    losing: ['PLACE;E3', 'PLACE;D3', 'PLACE;D2', 'PLACE;C3'],
    safe: ['PLACE;C5', 'PLACE;D5', 'PLACE;D6', 'PLACE;E5', 'PLACE;B4'],
  },
  {
    from: 'game 14 against level 10, ply 13',
    ply: 13,
    stones: [
      ['D1', 'B2', 'B4', 'G4', 'B6', 'D6', 'F6'],
      ['A1', 'G1', 'A7', 'G7'],
    ],
    placed: [7, 6],
    played: 'PLACE&TAKE;D7;G4',
    losing: ['PLACE&TAKE;D7;G4', 'PLACE&TAKE;D7;D1', 'PLACE;F2', 'PLACE&TAKE;A4;G4', 'PLACE&TAKE;A4;D1'],
    safe: [
      'PLACE;C5',
      'PLACE;D5',
      'PLACE;E5',
      'PLACE;E4',
      'PLACE;F4',
      'PLACE;E3',
      'PLACE;D3',
      'PLACE;D2',
      'PLACE;C3',
      'PLACE;C4',
    ],
  },
  {
    from: 'game 5 against level 14, ply 12',
    ply: 12,
    stones: [
      ['G1', 'D5', 'E5', 'A7', 'D7', 'G7'],
      ['D1', 'B4', 'G4', 'C5', 'D6'],
    ],
    placed: [6, 6],
    played: 'PLACE;A4',
    losing: [
      'PLACE;B6',
      'PLACE;E3',
      'PLACE;F2',
      'PLACE;D3',
      'PLACE;D2',
      'PLACE;C3',
      'PLACE;B2',
      'PLACE;A1',
      'PLACE;C4',
      'PLACE;A4',
      'PLACE;F4',
    ],
    safe: ['PLACE;F6', 'PLACE;E4'],
  },
  {
    from: 'game 10 against level 10, ply 11',
    ply: 11,
    stones: [
      ['D1', 'B4', 'E4', 'F4', 'D5', 'F6'],
      ['B2', 'C3', 'E3', 'C5', 'E5'],
    ],
    placed: [6, 5],
    played: 'PLACE&TAKE;C4;F4',
    losing: [
      'PLACE;B6',
      'PLACE&TAKE;D3;F6',
      'PLACE&TAKE;D3;D1',
      'PLACE&TAKE;C4;D5',
      'PLACE&TAKE;C4;F6',
      'PLACE&TAKE;C4;E4',
      'PLACE&TAKE;C4;F4',
      'PLACE&TAKE;C4;D1',
      'PLACE&TAKE;C4;B4',
    ],
    safe: [
      'PLACE;A7',
      'PLACE;D6',
      'PLACE;D7',
      'PLACE;G7',
      'PLACE;G4',
      'PLACE;F2',
      'PLACE;G1',
      'PLACE&TAKE;D3;D5',
      'PLACE&TAKE;D3;E4',
      'PLACE&TAKE;D3;F4',
      'PLACE&TAKE;D3;B4',
      'PLACE;D2',
      'PLACE;A1',
      'PLACE;A4',
    ],
  },
  {
    from: 'game 40 against level 10, ply 17',
    ply: 17,
    stones: [
      ['D1', 'B2', 'A4', 'C4', 'F4', 'B6', 'D6'],
      ['A1', 'G1', 'D2', 'B4', 'G4', 'A7', 'D7', 'G7'],
    ],
    placed: [9, 8],
    played: 'PLACE;F6',
    losing: ['PLACE;F6', 'PLACE;F2'],
    safe: ['PLACE;C5', 'PLACE;D5', 'PLACE;E5', 'PLACE;E4', 'PLACE;E3', 'PLACE;D3', 'PLACE;C3'],
  },
  {
    from: 'game 1 against level 14, ply 15',
    ply: 15,
    stones: [
      ['A1', 'F2', 'D3', 'B4', 'C4', 'E4', 'D6', 'G7'],
      ['C3', 'E3', 'A4', 'E5', 'B6', 'A7', 'D7'],
    ],
    placed: [8, 7],
    played: 'PLACE;C5',
    losing: ['PLACE;C5', 'PLACE;D5', 'PLACE;F6', 'PLACE;B2'],
    safe: ['PLACE;F4', 'PLACE;G4', 'PLACE;G1', 'PLACE;D2', 'PLACE;D1'],
  },
  {
    from: 'game 10 against level 14, ply 13',
    ply: 13,
    stones: [
      ['D1', 'A4', 'B4', 'C4', 'E4', 'D5', 'F6'],
      ['B2', 'C3', 'E3', 'C5', 'E5'],
    ],
    placed: [7, 6],
    played: 'PLACE&TAKE;D3;D5',
    losing: [
      'PLACE;B6',
      'PLACE;D6',
      'PLACE;D7',
      'PLACE;G7',
      'PLACE;G4',
      'PLACE;F2',
      'PLACE;G1',
      'PLACE&TAKE;D3;D5',
      'PLACE&TAKE;D3;F6',
      'PLACE&TAKE;D3;E4',
      'PLACE&TAKE;D3;D1',
      'PLACE;A1',
      'PLACE;A7',
      'PLACE;F4',
    ],
    safe: ['PLACE;D2'],
  },
  {
    from: 'game 14 against level 14, ply 13',
    ply: 13,
    stones: [
      ['B2', 'D3', 'B4', 'E4', 'B6', 'D6', 'F6'],
      ['C3', 'E3', 'C5', 'E5'],
    ],
    placed: [7, 6],
    played: 'PLACE&TAKE;D5;E4',
    losing: ['PLACE&TAKE;D5;E4', 'PLACE&TAKE;D5;D3', 'PLACE;F2', 'PLACE&TAKE;C4;E4', 'PLACE&TAKE;C4;D3'],
    safe: [
      'PLACE;A7',
      'PLACE;D7',
      'PLACE;G7',
      'PLACE;F4',
      'PLACE;G4',
      'PLACE;G1',
      'PLACE;D2',
      'PLACE;D1',
      'PLACE;A1',
      'PLACE;A4',
    ],
  },
  {
    from: 'game 8 against level 14, ply 14',
    ply: 14,
    stones: [
      ['D1', 'G1', 'F2', 'F4', 'G4', 'E5', 'F6'],
      ['A1', 'B2', 'D2', 'E3', 'E4', 'G7'],
    ],
    placed: [7, 7],
    played: 'PLACE;D5',
    losing: ['PLACE;D5'],
    safe: [
      'PLACE;C5',
      'PLACE;B6',
      'PLACE;A7',
      'PLACE;D6',
      'PLACE;D7',
      'PLACE;D3',
      'PLACE;C3',
      'PLACE;C4',
      'PLACE;B4',
      'PLACE;A4',
    ],
  },
  {
    from: 'game 12 against level 14, ply 15',
    ply: 15,
    stones: [
      ['D1', 'F2', 'A4', 'B4', 'C4', 'F4', 'G4', 'A7'],
      ['A1', 'G1', 'D2', 'E4', 'D7', 'G7'],
    ],
    placed: [8, 7],
    played: 'PLACE;F6',
    losing: ['PLACE;B6', 'PLACE;F6', 'PLACE;B2'],
    safe: ['PLACE;C5', 'PLACE;D5', 'PLACE;D6', 'PLACE;E5', 'PLACE;E3', 'PLACE;D3', 'PLACE;C3'],
  },
  {
    from: 'game 28 against level 14, ply 16',
    ply: 16,
    stones: [
      ['D2', 'F2', 'C3', 'D3', 'E3', 'C4', 'A7', 'D7'],
      ['D1', 'B2', 'A4', 'F4', 'C5', 'D6', 'G7'],
    ],
    placed: [8, 8],
    played: 'PLACE;B6',
    losing: ['PLACE;B6', 'PLACE;D5', 'PLACE;E5', 'PLACE;F6', 'PLACE;E4', 'PLACE;G4', 'PLACE;A1', 'PLACE;B4'],
    safe: ['PLACE;G1'],
  },
  {
    from: 'game 10 against level 14, ply 11',
    ply: 11,
    stones: [
      ['D1', 'B4', 'C4', 'E4', 'D5', 'F6'],
      ['B2', 'C3', 'E3', 'C5', 'E5'],
    ],
    placed: [6, 5],
    played: 'PLACE;F2',
    losing: [
      'PLACE;D6',
      'PLACE;F2',
      'PLACE&TAKE;D3;F6',
      'PLACE&TAKE;D3;D1',
      'PLACE;B6',
      'PLACE;D7',
      'PLACE;G7',
      'PLACE;G4',
    ],
    safe: [
      'PLACE;A7',
      'PLACE;F4',
      'PLACE;G1',
      'PLACE&TAKE;D3;D5',
      'PLACE&TAKE;D3;E4',
      'PLACE&TAKE;D3;C4',
      'PLACE&TAKE;D3;B4',
      'PLACE;D2',
      'PLACE;A1',
      'PLACE;A4',
    ],
  },
  {
    from: 'game 15 against level 10 (the bot at time=0.5), ply 15',
    ply: 15,
    stones: [
      ['A1', 'G1', 'D2', 'F2', 'B4', 'F4', 'D6', 'D7'],
      ['D1', 'A4', 'G4', 'D5', 'B6', 'A7', 'G7'],
    ],
    placed: [8, 7],
    played: 'PLACE;B2',
    losing: ['PLACE;F6', 'PLACE;E4', 'PLACE;E3', 'PLACE;D3', 'PLACE;C3', 'PLACE;B2', 'PLACE;C4'],
    safe: ['PLACE;C5', 'PLACE;E5'],
  },
  {
    from: 'game 16 against level 14, ply 13',
    ply: 13,
    stones: [
      ['A1', 'D2', 'B4', 'F4', 'D5', 'D6', 'G7'],
      ['G1', 'B2', 'A4', 'C4', 'G4', 'A7'],
    ],
    placed: [7, 6],
    played: 'PLACE;D7',
    losing: ['PLACE;B6', 'PLACE;D7', 'PLACE;F2', 'PLACE;D1', 'PLACE;E4'],
    safe: ['PLACE;C5', 'PLACE;E5', 'PLACE;F6', 'PLACE;E3', 'PLACE;D3', 'PLACE;C3'],
  },
  {
    from: 'game 29 against level 14, ply 13',
    ply: 13,
    stones: [
      ['A1', 'F2', 'D3', 'B4', 'E4', 'D6', 'D7'],
      ['G1', 'A4', 'F4', 'G4', 'F6', 'A7'],
    ],
    placed: [7, 6],
    played: 'PLACE&TAKE;G7;D7',
    losing: [
      'PLACE&TAKE;G7;D6',
      'PLACE&TAKE;G7;D7',
      'PLACE&TAKE;G7;E4',
      'PLACE&TAKE;G7;F2',
      'PLACE&TAKE;G7;D3',
      'PLACE&TAKE;G7;A1',
      'PLACE&TAKE;G7;B4',
      'PLACE;B6',
      'PLACE;D1',
    ],
    safe: ['PLACE;C5', 'PLACE;D5', 'PLACE;E5', 'PLACE;E3', 'PLACE;D2', 'PLACE;C3', 'PLACE;B2', 'PLACE;C4'],
  },
  {
    from: 'game 30 against level 10 (the bot at time=0.5), ply 16',
    ply: 16,
    stones: [
      ['F2', 'C3', 'F4', 'G4', 'C5', 'D5', 'F6', 'G7'],
      ['G1', 'D2', 'C4', 'E4', 'E5', 'B6', 'D6'],
    ],
    placed: [8, 8],
    played: 'PLACE;D3',
    losing: ['PLACE;D3', 'PLACE;D7'],
    safe: ['PLACE;A7', 'PLACE;E3', 'PLACE;D1', 'PLACE;B2', 'PLACE;A1', 'PLACE;B4', 'PLACE;A4'],
  },
];

/** The engine's position of a case. */
export function shutInPosition(c: ShutInCase): MorrisPosition {
  const mask = (fields: readonly string[]): number => fields.reduce((m, f) => m | (1 << pointOfField(f)!), 0);
  return MorrisPosition.of([mask(c.stones[0]), mask(c.stones[1])], c.placed, c.ply);
}
