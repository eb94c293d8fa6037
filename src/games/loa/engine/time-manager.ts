/**
 * The strong bot's clock: how long to think for each move under the limits the arena enforces
 * (2000 ms for the first move, 1000 ms for each later one, 10 s in all per game by default). It
 * spreads what is left of the game's time over the moves it still expects to play, and keeps a
 * margin for what the bot cannot see: its process starting (charged to the first move), its input
 * and answer in transit, and a busy machine.
 */
import type { TimeLimits } from '../../../core/time-control.js';

export interface Allotment {
  /** No new iteration of the search starts after this many milliseconds. */
  readonly softMs: number;
  /** The search stops at this many milliseconds. */
  readonly hardMs: number;
}

/** Of the game's time, kept back for what the bot cannot measure and for a busy machine. */
const GAME_RESERVE = 0.15;
/** The start of the bot's process, charged by the arena to its first move. */
const START_UP_MS = 500;
/** Per move, the arena's clock runs while the input and the answer travel, which the bot does not see. */
const MOVE_OVERHEAD_MS = 10;
/** Per move still possible: the least a search takes (its shallow depths always complete). */
const MOVE_FLOOR_MS = 5;
/** Of each move's own limit, the most a search may use: a busy machine may stall a process that long. */
const TURN_SHARE = 0.35;
/** The first move matters least and carries the start-up: a short search. */
const FIRST_MOVE_MS = 100;
/** Games between good players last about this many own moves; a longer game gets the time that is left. */
const EXPECTED_OWN_MOVES = 30;
/** However far into the game, the time left is spread over at least this many moves (or all that remain, if fewer). */
const LEAST_MOVES_AHEAD = 15;
/** Kept for each move the game may still last beyond those expected, so that a long game does not starve. */
const TAIL_MOVE_MS = 40;
/** How far the deadline may be beyond the planned time, so that a search may finish an iteration it started. */
const HARD_OVER_PLANNED = 3;

export class TimeManager {
  /** The game's time used so far, as the arena counts it by the bot's estimate. */
  private used = START_UP_MS;
  private moves = 0;

  /**
   * `share` scales every allotment (0.1 thinks a tenth as long); `maxMoves` is the game's move limit,
   * which bounds the moves still to play.
   */
  constructor(
    private readonly limits: TimeLimits,
    private readonly share: number,
    private readonly maxMoves: number,
  ) {}

  /** The time for the move at `ply` (moves played so far in the game, both sides). */
  allot(ply: number): Allotment {
    const first = this.moves === 0;
    let cap = (first ? this.limits.firstTurn : this.limits.turn) * TURN_SHARE - (first ? START_UP_MS : 0);
    let planned = first ? FIRST_MOVE_MS : cap / 4;
    const game = this.limits.game;
    if (game !== undefined) {
      const movesLeft = Math.max(1, Math.ceil((this.maxMoves - ply) / 2));
      const available = game * (1 - GAME_RESERVE) - this.used - movesLeft * MOVE_OVERHEAD_MS;
      const expected = Math.min(movesLeft, Math.max(LEAST_MOVES_AHEAD, EXPECTED_OWN_MOVES - this.moves));
      cap = Math.min(cap, available - (movesLeft - 1) * MOVE_FLOOR_MS);
      if (!first) planned = Math.max(0, available - (movesLeft - expected) * TAIL_MOVE_MS) / expected;
    }
    const hard = Math.max(0, Math.min(cap, planned * HARD_OVER_PLANNED)) * this.share;
    // An iteration takes about as long as all those before it: one started after half the planned
    // time would end about when the planned time is up, or later.
    return { softMs: Math.min((planned / 2) * this.share, hard), hardMs: hard };
  }

  /**
   * Records a move that took `ms` by the bot's own measure. A bot that thinks a share of the time is
   * timed as if its clock ran that much faster, so that it thinks the same share on every move.
   */
  spent(ms: number): void {
    this.used += ms / this.share + MOVE_OVERHEAD_MS;
    this.moves++;
  }
}
