/**
 * The static evaluation of a position for the side to move, in hundredths of a stone. It knows the
 * phases (placing, moving, flying) through the position and reads, for each side: its stones on the
 * board and in hand, its standing mills, its threats (free points where one of its moves closes a
 * mill that takes: the game's `millThreats`, which knows Mills' rule on old mills), double threats
 * (two such points: one block cannot stop both), mills it can open and close again, blocked stones
 * and mobility. Weights are per game (each game's strong bot gives its own).
 */
import { LINE_MASKS, NEIGHBOUR_MASKS } from '../morris.js';
import { ALL_POINTS, lowestPoint, neighboursOf, popcount } from './bitboard.js';
import type { BoardPosition } from './position.js';

export interface Weights {
  /** A stone on the board or in hand. */
  readonly stone: number;
  /** A line with two of the side's stones and the third point free (placing: a mill to come). */
  readonly open: number;
  /** A standing mill. */
  readonly mill: number;
  /** A standing mill with a stone that can step out, to close it again (moving phase). */
  readonly openMill: number;
  /** A free point where the side closes a mill that takes, with a move it has now. */
  readonly threat: number;
  /** The side to move has a threat: it takes a stone now, unless the move is answered. */
  readonly tempo: number;
  /** The side not to move has two threats or more: the side to move can block only one. */
  readonly double: number;
  /** A stone that cannot step (moving phase). */
  readonly blocked: number;
  /** A step the side could make (moving phase). */
  readonly mobility: number;
  /** A flying side's bonus or malus, on top of its stones: it can go anywhere but has few stones. */
  readonly flying: number;
}

export const WIN_SCORE = 30000;
/** Scores beyond this are wins or losses found by the search or the tables. */
export const DECIDED = 29000;

export class Evaluator {
  constructor(private readonly w: Weights) {}

  /** The position's value for the side to move; the game must be going on. */
  evaluate(p: BoardPosition): number {
    const s = p.side;
    return this.side(p, s, true) - this.side(p, 1 - s, false);
  }

  private side(p: BoardPosition, seat: number, toMove: boolean): number {
    const w = this.w;
    const own = p.stones[seat]!;
    const opp = p.stones[1 - seat]!;
    const free = ALL_POINTS & ~(own | opp);
    const count = popcount(own);
    let score = w.stone * (count + p.stock[seat]!);

    const stepping = p.stock[seat] === 0 && count > 3;
    let open = 0;
    for (let i = 0; i < LINE_MASKS.length; i++) {
      const line = LINE_MASKS[i]!;
      const rest = line & ~own;
      if (rest === 0) score += stepping && (neighboursOf(line) & free) !== 0 ? w.mill + w.openMill : w.mill;
      else if ((rest & (rest - 1)) === 0 && (rest & free) !== 0) open++;
    }
    score += w.open * open;

    const threats = popcount(p.millThreats(seat));
    score += w.threat * threats;
    if (toMove) {
      if (threats > 0) score += w.tempo;
    } else if (threats > 1) score += w.double;

    if (p.stock[seat] === 0) {
      if (!stepping) score += w.flying;
      else {
        let moves = 0;
        let blocked = 0;
        for (let m = own; m !== 0; m &= m - 1) {
          const steps = popcount(NEIGHBOUR_MASKS[lowestPoint(m)]! & free);
          moves += steps;
          if (steps === 0) blocked++;
        }
        score += w.mobility * moves + w.blocked * blocked;
      }
    }
    return score;
  }
}
