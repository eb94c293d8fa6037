/**
 * A built-in bot's own time manager: how long each of its turns thinks, by its own clock, within
 * the limits the arena enforces (time-control.ts). The arena times a turn from writing its input,
 * and a fresh process's first turn from starting the process; the bot sees neither, only when it
 * read its input and when its process started (proc.ts). So for each turn it decides:
 * - when the turn's time counts from: the read; for the first turn of a fresh process (its first
 *   game's first turn, whose start-up the arena counts), the process's start;
 * - its soft limit, after which the search starts no new iteration, and its hard limit, at which
 *   the search stops: as milliseconds from then, and as deadlines on `performance.now()`'s clock;
 * - with a budget for the whole game (`GameTimeManager`), how that budget is spread over the moves
 *   still expected, the start-up and each move's overhead charged to it.
 * The rules are here once; each bot gives its own constants (`TurnPolicy`, `GamePolicy`), measured
 * on its own search, and the share of them it thinks (its `time` parameter). Nothing here reads the
 * clock except where a caller leaves a moment out.
 */
import { performance } from 'node:perf_hooks';
import { processStartedAt } from './proc.js';
import type { TimeLimits } from './time-control.js';

/** When this process started, on `performance.now()`'s clock (0 or less), read once as it loads. */
export const PROCESS_START = processStartedAt();

/** One turn's limits. */
export interface TurnStops {
  /** When the turn's time counts from, on `performance.now()`'s clock. */
  readonly from: number;
  /** The soft limit, in ms from `from`: for a search that times itself from there. */
  readonly softMs: number;
  /** The hard limit, in ms from `from`. */
  readonly hardMs: number;
  /** The soft limit as a deadline: no new iteration starts after it. */
  readonly soft: number;
  /** The hard limit as a deadline, never before the stops were set: the search stops there. */
  readonly hard: number;
}

/**
 * A bot's limits for a turn with no budget for the game, as shares of the turn's time: the turn's
 * limit times the bot's share. What is not used is the margin for what the bot cannot see (its
 * input and answer in transit) and for a busy machine.
 */
export interface TurnPolicy {
  /** The soft limit, of the turn's time (`softOfRest`: of what is left of it when the stops are set). */
  readonly soft: number;
  /**
   * Whether the soft limit is a share of the time from when the stops are set to the hard limit,
   * for a bot that works before its search (tables, a warm-up): the search then gets the same
   * share of what is left.
   */
  readonly softOfRest?: boolean;
  /** The hard limit, of the turn's time. */
  readonly hard: number;
  /**
   * The first turn's own allowance, of the first turn's own (longer) limit. Without it, the first
   * turn is timed as a later one on the later turns' limit, from when its stops are set: the bot
   * prepares before (its warm-up), in what the longer limit leaves.
   */
  readonly firstTurn?: FirstTurnPolicy;
}

export interface FirstTurnPolicy {
  /** The soft and hard limits, of the first turn's time. */
  readonly soft: number;
  readonly hard: number;
  /**
   * The least the search thinks after the read (its soft limit half that), unless it would end
   * after `latest`: a process started long before its input (the second mover's) still warms the
   * search's code up before the short later turns.
   */
  readonly warmUpMs: number;
  /** Of the first turn's time: the latest the warm-up ends. */
  readonly latest: number;
}

/** How a turn came: whether it is the bot's first of the game, and when it was read. */
export interface TurnTiming {
  readonly first: boolean;
  /** `performance.now()` when the bot read the turn's input. */
  readonly readAt: number;
  /** When the stops are set, after any work before the search (default: `readAt`). */
  readonly now?: number;
  /** The process's start, given for the process's first turn only: see `OwnClock`. */
  readonly processStart?: number;
}

/** The turn's limit, the first turn's own where the policy gives it one. */
const limitOf = (limits: TimeLimits, policy: TurnPolicy, first: boolean): number =>
  first && policy.firstTurn !== undefined ? limits.firstTurn : limits.turn;

/** The turn's time: its limit times the bot's `share`. */
export const turnTime = (limits: TimeLimits, policy: TurnPolicy, share: number, first: boolean): number =>
  limitOf(limits, policy, first) * share;

/**
 * A turn's soft and hard limits in ms from when it counts from, `readMs` after which it was read
 * (a first turn counted from the process's start).
 */
export function turnLimits(
  limits: TimeLimits,
  policy: TurnPolicy,
  share: number,
  first: boolean,
  readMs = 0,
): { readonly softMs: number; readonly hardMs: number } {
  const time = turnTime(limits, policy, share, first);
  const own = first ? policy.firstTurn : undefined;
  if (own === undefined) return { softMs: time * policy.soft, hardMs: time * policy.hard };
  const latest = time * own.latest;
  return {
    softMs: Math.max(time * own.soft, Math.min(readMs + own.warmUpMs / 2, latest)),
    hardMs: Math.max(time * own.hard, Math.min(readMs + own.warmUpMs, latest)),
  };
}

/**
 * When a first turn read at `readAt` counts from, in a fresh process that started at
 * `processStart`: from that start if the turn (at `at`) is still within the first turn's limit of
 * it, as the arena's clock is; else from the read (a process that has run longer, such as an
 * arena's own, whose start says nothing of the turn).
 */
export const firstTurnFrom = (processStart: number, readAt: number, firstTurnLimit: number, at = readAt): number =>
  at - processStart < firstTurnLimit ? processStart : readAt;

/** The stops of a turn: from when it counts from, its limits by `policy`, scaled by the bot's `share`. */
export function turnStops(limits: TimeLimits, policy: TurnPolicy, share: number, turn: TurnTiming): TurnStops {
  const { first, readAt, now = readAt, processStart } = turn;
  let from = readAt;
  if (first && policy.firstTurn === undefined) from = now;
  else if (first && processStart !== undefined) from = firstTurnFrom(processStart, readAt, limits.firstTurn);
  const { softMs, hardMs } = turnLimits(limits, policy, share, first, readAt - from);
  // A turn read late may find its hard limit past: the search then does the least it can.
  const hard = Math.max(now, from + hardMs);
  if (!policy.softOfRest) return { from, softMs, hardMs, soft: from + softMs, hard };
  const soft = now + policy.soft * (hard - now);
  return { from, softMs: soft - from, hardMs, soft, hard };
}

/**
 * A bot's own clock in its process: when the process started, and whether its first turn (its
 * first game's first turn) is still to come. A process plays game after game; only that turn counts
 * from the process's start, which a later game's first turn is long after.
 */
export class OwnClock {
  private fresh = true;

  constructor(readonly processStart: number = PROCESS_START) {}

  /** How long the process has run at `at`. */
  age(at = performance.now()): number {
    return at - this.processStart;
  }

  /** When a first turn read at `readAt` counts from (see `firstTurnFrom`), judged at `at`. */
  firstTurnFrom(readAt: number, firstTurnLimit: number, at = readAt): number {
    return firstTurnFrom(this.processStart, readAt, firstTurnLimit, at);
  }

  /** The stops of the bot's next turn (see `turnStops`); the process is no longer fresh after it. */
  turn(limits: TimeLimits, policy: TurnPolicy, share: number, timing: Omit<TurnTiming, 'processStart'>): TurnStops {
    const stops = turnStops(limits, policy, share, {
      ...timing,
      ...(this.fresh && { processStart: this.processStart }),
    });
    this.fresh = false;
    return stops;
  }
}

/**
 * A bot's constants for spreading a game's budget over its moves. The arena charges the game's
 * time with what the bot cannot measure: its process starting (charged to the first move), and
 * each move's input and answer in transit.
 */
export interface GamePolicy {
  /** Of the game's time, kept back for what the bot cannot measure and for a busy machine. */
  readonly reserve: number;
  /** The start of the bot's process, charged by the arena to its first move. */
  readonly startUpMs: number;
  /** The move overhead: per move, the arena's clock runs while the input and the answer travel. */
  readonly moveOverheadMs: number;
  /** Per move still possible: the least a search takes (its shallow depths always complete). */
  readonly moveFloorMs: number;
  /** Of each move's own limit, the most a search may use: a busy machine may stall a process that long. */
  readonly turnShare: number;
  /** Without a game budget, the planned time is this share of that most. */
  readonly unbudgetedShare: number;
  /** The first move's planned time: it matters least and carries the start-up. */
  readonly firstMoveMs: number;
  /** Games last about this many own moves; a longer game gets the time that is left. */
  readonly expectedOwnMoves: number;
  /** However far into the game, the time left is spread over at least this many moves (or all that remain). */
  readonly leastMovesAhead: number;
  /** Kept for each move the game may still last beyond those expected, so that a long game does not starve. */
  readonly tailMoveMs: number;
  /** How far the hard limit may be beyond the planned time, so that a search may finish an iteration it started. */
  readonly hardOverPlanned: number;
}

/**
 * The time manager of a game with a budget (`TimeLimits.game`): it spreads what is left of the
 * budget over the moves the bot still expects to play, each within its own turn's limit. Without a
 * budget, each move plans a share of its own limit.
 */
export class GameTimeManager {
  /** The game's time used so far, as the arena counts it by the bot's estimate. */
  private used: number;
  private moves = 0;

  /**
   * `share` scales every allotment (0.1 thinks a tenth as long); `maxMoves` is the game's move limit,
   * which bounds the moves still to play.
   */
  constructor(
    private readonly limits: TimeLimits,
    private readonly policy: GamePolicy,
    private readonly share: number,
    private readonly maxMoves: number,
  ) {
    this.used = policy.startUpMs;
  }

  /** The stops of the move at `ply` (moves played so far in the game, both sides), counted from `from`. */
  allot(ply: number, from = performance.now()): TurnStops {
    const policy = this.policy;
    const first = this.moves === 0;
    let cap = (first ? this.limits.firstTurn : this.limits.turn) * policy.turnShare - (first ? policy.startUpMs : 0);
    let planned = first ? policy.firstMoveMs : cap * policy.unbudgetedShare;
    const game = this.limits.game;
    if (game !== undefined) {
      const movesLeft = Math.max(1, Math.ceil((this.maxMoves - ply) / 2));
      const available = game * (1 - policy.reserve) - this.used - movesLeft * policy.moveOverheadMs;
      const expected = Math.min(movesLeft, Math.max(policy.leastMovesAhead, policy.expectedOwnMoves - this.moves));
      cap = Math.min(cap, available - (movesLeft - 1) * policy.moveFloorMs);
      if (!first) planned = Math.max(0, available - (movesLeft - expected) * policy.tailMoveMs) / expected;
    }
    const hardMs = Math.max(0, Math.min(cap, planned * policy.hardOverPlanned)) * this.share;
    // An iteration takes about as long as all those before it: one started after half the planned
    // time would end about when the planned time is up, or later.
    const softMs = Math.min((planned / 2) * this.share, hardMs);
    return { from, softMs, hardMs, soft: from + softMs, hard: from + hardMs };
  }

  /**
   * Records a move that took `ms` by the bot's own measure. A bot that thinks a share of the time is
   * timed as if its clock ran that much faster, so that it thinks the same share on every move.
   */
  spent(ms: number): void {
    this.used += ms / this.share + this.policy.moveOverheadMs;
    this.moves++;
  }
}
