/** Test helpers: positions drawn as text, moves played from their protocol lines. */
import { squareAt } from '../../../src/games/loa/board.js';
import { type Move, moveOf, type Position } from '../../../src/games/loa/position.js';
import { protocol } from '../../../src/games/loa/protocol.js';
import { formatMove, type LoaState, parsePosition, rules, stateAt } from '../../../src/games/loa/rules.js';
import * as support from '../../support/games.js';

/** A position drawn as 8 rows (row 1 first) of `b`, `w` and `.`, with `toMove` to move. */
export function board(drawing: string, toMove: 'b' | 'w' = 'b'): Position {
  return parsePosition(`${drawing.trim().split(/\s+/).join('/')} ${toMove}`);
}

/** A move from its protocol line `r1 c1 r2 c2`, unchecked. */
export function move(line: string): Move {
  const [r1, c1, r2, c2] = line.split(' ').map(Number) as [number, number, number, number];
  return moveOf(squareAt(r1, c1), squareAt(r2, c2));
}

/** The destinations of the piece on `from` (`r c`), sorted. */
export function destinations(state: LoaState, from: string): string[] {
  return rules
    .legalMoves(state)
    .map(formatMove)
    .filter((m) => m.startsWith(`${from} `))
    .map((m) => m.slice(from.length + 1))
    .sort();
}

/** Plays output lines in turn, each parsed for the player to move; fails on any rejected line. */
export const playLines = (state: LoaState, ...lines: string[]): LoaState =>
  support.playLines({ rules, protocol }, state, ...lines);

/** The error for an output line of the player to move. */
export const parseError = (state: LoaState, line: string): string =>
  support.parseError({ rules, protocol }, state, line);

export const start = (options: Record<string, string> = {}): LoaState => rules.initial({ seats: 2, seed: 1, options });
export { stateAt };

/** The sample interaction of the statement, one move a line; its 14th move is illegal. */
export const SAMPLE = [
  '8 2 6 4',
  '6 1 8 3',
  '1 2 3 4',
  '6 8 8 6',
  '1 4 5 4',
  '3 8 1 6',
  '8 4 4 4',
  '3 1 1 3',
  '1 5 3 5',
  '8 6 7 7',
  '1 7 5 3',
  '7 1 8 2',
  '8 5 6 5',
  '8 2 8 6',
  '8 7 4 3',
] as const;
