/**
 * The static evaluation of a position for the side to move, in hundredths of a stone. It knows the
 * phases (placing, moving, flying) through the position and reads, for each side: its stones on the
 * board and in hand, its standing mills, its threats (free points where one of its moves closes a
 * mill that takes: the game's `millThreats`, which knows Mills' rule on old mills), double threats
 * (two such points: one block cannot stop both), mills it can open and close again, and, in every
 * phase but flying, its mobility: its steps and its stones that cannot step (while placing too: where
 * its stones stand when the moving phase starts), and the points where the opponent, still placing,
 * can wall it in. A side shut in loses, and the search finds it late: the placing phase decides it.
 * Weights are per game (each game's strong bot gives its own).
 */
import { LINE_MASKS } from '../morris.js';
import {
  ALL_POINTS,
  filledLines,
  LINE_AT_ANCHOR,
  lowestPoint,
  millTargets,
  neighboursOf,
  openLines,
  popcount,
  stepCount,
} from './bitboard.js';
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
  /** A stone that cannot step, once the side moves. */
  readonly blocked: number;
  /** A step the side could make, once it moves. */
  readonly mobility: number;
  /** A stone with no free point next to it, while the side still places. */
  readonly placingBlocked: number;
  /** A step the side's stones could make as the board stands, while it still places. */
  readonly placingMobility: number;
  /** A free point next to one of the side's stones, while the opponent still places: where it can be walled in. */
  readonly liberty: number;
  /** The opponent has as many stones to place as there are free points next to the side's stones: it can wall them all in. */
  readonly walled: number;
  /** The side moves (not flies) and has two steps or fewer: one or two moves of the opponent's can shut it in. */
  readonly cramped: number;
  /**
   * A standing mill with a stone that can step out to where no stone of the opponent (stepping) can
   * follow it in: the mill closes again next move, and takes a stone every second move.
   */
  readonly runningMill: number;
  /** A flying side's bonus or malus, on top of its stones: it can go anywhere but has few stones. */
  readonly flying: number;
}

/** The points next to each line's, by index in LINE_MASKS. */
const LINE_NEIGHBOURS = LINE_MASKS.map(neighboursOf);

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
    const placing = p.stock[seat]! > 0;
    let score = w.stone * (count + p.stock[seat]!);

    const stepping = !placing && count > 3;
    const filled = filledLines(own);
    score += w.mill * popcount(filled);
    if (stepping)
      for (let m = filled; m !== 0; m &= m - 1) {
        const i = LINE_AT_ANCHOR[lowestPoint(m)]!;
        if ((LINE_NEIGHBOURS[i]! & free) !== 0) score += w.openMill;
        if (w.runningMill !== 0 && runs(LINE_MASKS[i]!, opp, free, p.stock[1 - seat]! > 0)) score += w.runningMill;
      }
    score += w.open * popcount(openLines(own, free));
    // The free points that close a line: while placing, where the side's next stone takes.
    const targets = millTargets(own) & free;

    const threats = popcount(p.threatsAmong(seat, targets));
    score += w.threat * threats;
    if (toMove) {
      if (threats > 0) score += w.tempo;
    } else if (threats > 1) score += w.double;

    if (!placing && !stepping) return score + w.flying;
    const moves = stepCount(own, free);
    const blocked = popcount(own & ~neighboursOf(free));
    const around = neighboursOf(own);
    if (stepping) score += w.mobility * moves + w.blocked * blocked + (moves <= 2 ? w.cramped : 0);
    else score += w.placingMobility * moves + w.placingBlocked * blocked;
    const theirs = p.stock[1 - seat]!;
    if (theirs > 0) {
      const liberties = popcount(around & free);
      score += w.liberty * liberties + (liberties <= theirs ? w.walled : 0);
    }
    return score;
  }
}

/**
 * Whether a stone of the standing mill `line` can step out to a free point and leave a point that
 * the opponent (its stones `opp`, `placing` or not) cannot fill next move: one it reaches only by a
 * step, from none of its stones, since it neither places nor flies.
 */
function runs(line: number, opp: number, free: number, placing: boolean): boolean {
  if (placing || popcount(opp) <= 3) return false;
  return (neighboursOf(line & ~neighboursOf(opp)) & free) !== 0;
}
