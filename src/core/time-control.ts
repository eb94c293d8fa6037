/**
 * Time, in one place: how long a bot may think (a game declares its limits; the user may change
 * them), how the arena holds it to that (the turn clock), what is left of a game's budget, the margin
 * within which a late answer is still taken, how long a bot's start-up lasts, how long it has to exit
 * when the game ends, and what a timeout says. Asked "where do I change how a turn is timed?", this
 * file is the answer; test/core/time-control.test.ts runs it on a simulated clock.
 */
import { type Millis, millis, type Seat } from './units.js';

/** How long a bot may think: its first turn is longer, as on CodinGame, to cover start-up. */
export interface TimeLimits {
  readonly firstTurn: Millis;
  readonly turn: Millis;
  /** A bot's thinking time over the whole game, where the game has such a budget. */
  readonly game?: Millis;
}

/** No limit at all: a person thinks as long as they like unless told otherwise. */
export const UNLIMITED: TimeLimits = { firstTurn: millis(Infinity), turn: millis(Infinity) };

/** The limits a user set instead of the game's (`--first-turn-ms`, `--turn-ms`, `--game-ms`). */
export interface TimeOverrides {
  readonly firstTurnMs?: number;
  readonly turnMs?: number;
  readonly gameMs?: number;
}

/** The game's limits with those the user overrode. */
export function withOverrides(limits: TimeLimits, overrides: TimeOverrides): TimeLimits {
  const game = overrides.gameMs ?? limits.game;
  return {
    firstTurn: overrides.firstTurnMs !== undefined ? millis(overrides.firstTurnMs) : limits.firstTurn,
    turn: overrides.turnMs !== undefined ? millis(overrides.turnMs) : limits.turn,
    ...(game !== undefined && { game: millis(game) }),
  };
}

/** The same limit for every turn: a person's `--human-ms`. */
export const everyTurn = (limit: Millis): TimeLimits => ({ firstTurn: limit, turn: limit });

/**
 * How long a bot's start-up lasts at most (it ends sooner with its first answer): half its first
 * turn. Meanwhile it may run at a lowered priority (core/start-up-priority.ts); then the arena gives
 * every thread of it its own priority back. None where the first turn has no limit.
 */
export function startUpSpan(limits: TimeLimits): Millis | undefined {
  return Number.isFinite(limits.firstTurn) ? millis(limits.firstTurn / 2) : undefined;
}

/** How long a bot may take to exit by itself once its game has ended, unless the game sets its own. */
export const DEFAULT_EXIT_GRACE = millis(100);

/** What a replay records of a game's time control. */
export interface TimeRecord {
  readonly firstTurnMs: number;
  readonly turnMs: number;
  readonly gameMs?: number;
  readonly marginMs?: number;
}

/** One turn's allowance: the limit, and whether it was cut short by what was left of the game's budget. */
export interface TurnAllowance {
  readonly limit: Millis;
  /** The limit is what remained of the seat's time for the game, less than a turn's. */
  readonly fromBudget: boolean;
}

/**
 * The time control of one game: each seat's limits (a person's seat may have its own), the margin
 * within which a late answer is still taken (and recorded as an overrun), and each seat's thinking
 * time used so far, against the game's budget.
 */
export class TimeControl {
  private readonly used: number[];
  private readonly played: boolean[];

  constructor(
    readonly limits: TimeLimits,
    readonly margin: Millis,
    seats: number,
    /** Limits of a seat's own instead of the game's: a person's. */
    private readonly seatLimits: (seat: Seat) => TimeLimits | undefined = () => undefined,
  ) {
    this.used = Array.from({ length: seats }, () => 0);
    this.played = Array.from({ length: seats }, () => false);
  }

  /** Whether the seat's next turn is its first (whose input carries the game's initialisation). */
  isFirstTurn(seat: Seat): boolean {
    return !this.played[seat];
  }

  /**
   * The seat's time for its next turn: its turn limit, or what is left of its time for the game if
   * less. Counts the turn as begun: the next one is not the seat's first.
   */
  beginTurn(seat: Seat): TurnAllowance {
    const limits = this.seatLimits(seat) ?? this.limits;
    const perTurn = this.played[seat] ? limits.turn : limits.firstTurn;
    this.played[seat] = true;
    if (limits.game === undefined) return { limit: perTurn, fromBudget: false };
    const left = millis(Math.max(0, limits.game - this.used[seat]!));
    return left < perTurn ? { limit: left, fromBudget: true } : { limit: perTurn, fromBudget: false };
  }

  /** The seat thought for `elapsed` in a turn: charged to its time for the game. */
  charge(seat: Seat, elapsed: Millis): void {
    this.used[seat]! += elapsed;
  }

  record(): TimeRecord {
    return {
      firstTurnMs: this.limits.firstTurn,
      turnMs: this.limits.turn,
      ...(this.limits.game !== undefined && { gameMs: this.limits.game }),
      ...(this.margin > 0 && { marginMs: this.margin }),
    };
  }

  /** Why a turn with `allowance` timed out, in words: whom it is due to shows in the CPU time and the load. */
  timeoutMessage(allowance: TurnAllowance, timeout: Timeout): string {
    const { limit } = allowance;
    const within = allowance.fromBudget
      ? `within the ${round3(limit)} ms left of its time for the game`
      : `within ${limit} ms`;
    const tolerated = this.margin > 0 ? ` and its ${this.margin} ms margin` : '';
    const stopped = `stopped after ${round3(timeout.elapsed)} ms, ${round3(timeout.elapsed - limit)} ms over`;
    // Whether the bot was computing, waiting for a core or doing neither shows whom the timeout is
    // due to; both run until its answer came, or it was no longer watched for.
    const cpu = timeout.cpu === undefined ? '' : `; it used ${round3(timeout.cpu)} ms of CPU`;
    const wait = timeout.wait === undefined ? '' : ` and waited ${round3(timeout.wait)} ms for one`;
    const late =
      timeout.answered === undefined
        ? `; no answer came in the ${lateWatch(limit)} ms more it was watched`
        : `; its answer came at ${round3(timeout.answered)} ms`;
    const load = `; ${loadText(timeout.load)}`;
    const unfinished =
      timeout.unfinished === undefined
        ? ''
        : `; it wrote ${timeout.unfinished} without a newline (a line ends with \\n; flush it)`;
    return `no answer ${within}${tolerated} (${stopped}${cpu}${wait}${late}${load})${unfinished}`;
  }
}

/**
 * A timeout as the arena saw it: how long the bot had, its CPU time, what it wrote without a line
 * end (quoted), and how busy the machine was (its load average over the last minute, and its cores).
 */
export interface Timeout {
  readonly elapsed: Millis;
  /** When its answer came, where it came while the arena watched on (`lateWatch`). */
  readonly answered?: Millis | undefined;
  readonly cpu?: Millis | undefined;
  readonly wait?: Millis | undefined;
  readonly unfinished?: string | undefined;
  readonly load: Load;
}

/** How busy the machine was: its load average over the last minute, and its cores. */
export interface Load {
  readonly average: number;
  readonly cores: number;
}

const loadText = (load: Load): string => `load average ${load.average.toFixed(2)} on ${load.cores} cores`;

/**
 * The load a timeout's message gives (`timeoutMessage`), where it gives one: a replay's turn records
 * no load of its own.
 */
export function loadOf(message: string): Load | undefined {
  const m = /; load average (\d+(?:\.\d+)?) on (\d+) cores\)/.exec(message);
  return m ? { average: Number(m[1]), cores: Number(m[2]) } : undefined;
}

/**
 * How long the arena watches on, past a turn's deadline, for the answer of a bot that timed out:
 * the turn is lost whatever comes, but when the answer comes tells how far past its limit the bot
 * was, which its wait for a CPU may or may not account for (`machineCaused`). As long as the limit
 * itself, between 200 ms and 2 s.
 */
export const lateWatch = (limit: Millis): Millis => millis(Math.min(2000, Math.max(200, limit)));

/** A timed-out turn as the replay records it: enough to tell whom the timeout is due to. */
export interface TimedOutTurn {
  readonly limitMs: number;
  /** When its answer came, past its limit, where it came while the arena watched on. */
  readonly answeredMs?: number | undefined;
  /** Its wait for a CPU until then, where measured. */
  readonly waitMs?: number | undefined;
  /** How late the arena itself was to see the deadline (busy with other work). */
  readonly arenaLateMs?: number | undefined;
  /** Its CPU time until then, where measured. */
  readonly cpuMs?: number | undefined;
  /** How busy the machine was, where known. */
  readonly load?: Load | undefined;
}

/**
 * Whether the machine, not the bot, caused a timeout: the bot answered while the arena watched on,
 * and the time it waited for a CPU (or its host's steal), with the time the arena itself was late to
 * see the deadline (its answer may have waited to be read), covers how far past its limit it
 * answered. A bot that slept, blocked or computed on is the cause, whatever its CPU time: that does
 * not cover its lateness, or it never answered.
 */
export function machineCaused(turn: TimedOutTurn): boolean {
  const { answeredMs, waitMs, arenaLateMs, limitMs } = turn;
  if (answeredMs === undefined || (waitMs === undefined && arenaLateMs === undefined)) return false;
  return (waitMs ?? 0) + (arenaLateMs ?? 0) >= answeredMs - limitMs;
}

/**
 * How often a game is played, in all, when the machine, not a bot, made it time out: from its seed
 * with the same seats (a contest's games; a run's with `--replay-machine-timeouts`). The last play
 * counts whatever it is.
 */
export const MACHINE_TRIES = 3;

/** Whose doing a timeout was (`machineCaused`), and why, in words, with what was measured. */
export interface TimeoutRuling {
  readonly machine: boolean;
  readonly why: string;
}

/** The ruling on `seat`'s timed-out turn: the one wording of it, for contests, run reports and the game page. */
export function timeoutRuling(seat: number, turn: TimedOutTurn): TimeoutRuling {
  const { limitMs, answeredMs, waitMs, arenaLateMs, cpuMs, load } = turn;
  const arenaLate = arenaLateMs ?? 0;
  // The arena's lateness is named where it was more than a timer's.
  const figures = [
    ...(arenaLate >= 5 ? [`and the arena, busy, was ${round3(arenaLate)} ms late to look`] : []),
    ...(cpuMs === undefined ? [] : [`CPU time ${round3(cpuMs)} ms`]),
    ...(load === undefined ? [] : [loadText(load)]),
  ];
  const measured = figures.length > 0 ? ` (${figures.join('; ')})` : '';
  if (answeredMs === undefined)
    return {
      machine: false,
      why: `seat ${seat} gave no answer in the ${lateWatch(millis(limitMs))} ms it was watched past its ${limitMs} ms${measured}: nothing shows that the machine held it up`,
    };
  const late = `seat ${seat} answered ${round3(answeredMs - limitMs)} ms past its ${limitMs} ms`;
  if (waitMs === undefined && arenaLateMs === undefined)
    return { machine: false, why: `${late}${measured}; its wait for a CPU was not measured, so the rules stand` };
  const waited = `${late}, having waited ${round3(waitMs ?? 0)} ms for a CPU${measured}`;
  if (machineCaused(turn)) return { machine: true, why: waited };
  return {
    machine: false,
    why: `${waited}: its wait does not cover that, so it computed, slept or blocked past its limit`,
  };
}

/** Time to three decimals of a millisecond, as replays and messages give it. */
export const round3 = (ms: number): number => Math.round(ms * 1000) / 1000;

/** The clock a turn is timed by: the system's, or a simulated one in tests. */
export interface Clock {
  /** Milliseconds on a monotonic clock (`performance.now()`). */
  now(): number;
  /** Calls `run` after `ms`; the returned handle cancels it. */
  after(ms: number, run: () => void): { cancel(): void };
}

/** The system's clock (the global `performance`, as in Node and browsers alike). */
export const systemClock: Clock = {
  now: () => performance.now(),
  after: (ms, run) => {
    const timer = setTimeout(run, ms);
    return { cancel: () => clearTimeout(timer) };
  },
};

/** The longest delay a timer takes (about 24 days); a longer deadline, or none (Infinity), is waited for in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * One turn's clock. It runs from the moment the last byte of the turn's input is handed to the bot
 * (until that is known, from the send: a bot that does not read its input is not given time for
 * it) to the moment its answer is read. An answer within the limit and the margin is taken; at the
 * deadline, the clock calls `onTimeout` with the time the bot had.
 */
export class TurnClock {
  private readonly sent: number;
  private written: number | undefined;
  private timer: { cancel(): void } | undefined;
  private stopped = false;

  constructor(
    readonly limit: Millis,
    readonly margin: Millis,
    private readonly onTimeout: (elapsed: Millis) => void,
    private readonly clock: Clock = systemClock,
  ) {
    this.sent = clock.now();
  }

  /** The last answer taken is due by then. */
  get deadline(): number {
    return this.limit + this.margin;
  }

  /** The input's last byte was handed over at `at` (the clock's time); only the first call counts. */
  inputWritten(at: number): void {
    this.written ??= at;
  }

  /** Starts waiting for the deadline. */
  start(): void {
    this.arm(this.deadline);
  }

  /** How long the bot has had at `at` (now by default). */
  elapsed(at: number = this.clock.now()): Millis {
    return millis(Math.max(0, at - (this.written ?? this.sent)));
  }

  /** Whether an answer the bot had `elapsed` for is past the deadline. */
  isLate(elapsed: Millis): boolean {
    return elapsed > this.deadline;
  }

  /** The turn has ended (an answer, a failure): no timeout any more. */
  stop(): void {
    this.stopped = true;
    this.timer?.cancel();
  }

  private arm(remaining: number): void {
    // A timer may fire a little early, and the input's write moves the start later: look again then.
    this.timer = this.clock.after(Math.min(Math.ceil(remaining) + 1, MAX_TIMER_MS), () => {
      if (this.stopped) return;
      const elapsed = this.elapsed();
      if (this.isLate(elapsed)) {
        this.stopped = true;
        this.onTimeout(elapsed);
      } else this.arm(this.deadline - elapsed);
    });
  }
}
