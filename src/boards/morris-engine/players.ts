/**
 * What the built-in bots of both games share: the greedy choice, and the strong bot's search with
 * its parameters and its use of the clock. Each game's bots (src/games/<game>/bots/) read their
 * statement's input into a position and write the chosen move in their protocol.
 */

import { type Clearable, collectGarbage, type Use } from '../../core/engine-reuse.js';
import type { BotSetup, Setting } from '../../core/game.js';
import { failed, ok, type Result } from '../../core/result.js';
import { Rng } from '../../core/rng.js';
import { yieldingCpu } from '../../core/start-up-priority.js';
import type { TimeLimits } from '../../core/time-control.js';
import { OwnClock, type TurnPolicy, type TurnStops, turnTime } from '../../core/turn-budget.js';
import type { OpeningBook } from './book.js';
import { Endgames } from './endgames.js';
import { Evaluator, type Weights } from './evaluation.js';
import { isCapture, moveTo, NO_MOVE, type PackedMove } from './moves.js';
import { type BoardPosition, MAX_MOVES, ONGOING } from './position.js';
import { Search, type SearchResult, SOFT_SHARE } from './search.js';

const scratch = new Int32Array(MAX_MOVES);

/** A move that takes if there is one, else one that blocks an opponent's threat, else any: each at random. */
export function greedyMove(p: BoardPosition, rng: Rng): PackedMove {
  const n = p.generate(scratch, 0);
  const blocks = p.millThreats(1 - p.side);
  let takes = 0;
  let blocking = 0;
  for (let i = 0; i < n; i++) {
    const m = scratch[i]!;
    if (isCapture(m)) takes++;
    else if ((blocks >>> moveTo(m)) & 1) blocking++;
  }
  const wanted = (m: PackedMove): boolean =>
    takes > 0 ? isCapture(m) : blocking > 0 ? ((blocks >>> moveTo(m)) & 1) === 1 : true;
  let k = rng.below(takes || blocking || n);
  for (let i = 0; i < n; i++) if (wanted(scratch[i]!) && k-- === 0) return scratch[i]!;
  throw new Error('no legal move');
}

const integerIn =
  (min: number, max: number) =>
  (value: string): Result<string> =>
    /^[0-9]+$/.test(value) && Number(value) >= min && Number(value) <= max
      ? ok(value)
      : failed(`expected a whole number from ${min} to ${max}`);

const shareOf = (value: string): Result<string> =>
  /^[0-9]*\.?[0-9]+$/.test(value) && Number(value) <= 1 ? ok(value) : failed('expected a number from 0 to 1');

/** The `time` parameter's default. */
const DEFAULT_TIME = 0.3;

/** The strong bots' parameters: `builtin:strong(depth=6,time=0)` searches 6 moves deep whatever the clock. */
export const STRONG_PARAMS: readonly Setting[] = [
  {
    name: 'depth',
    description: 'the deepest iteration of the search, in moves',
    default: '64',
    check: integerIn(1, 64),
  },
  {
    name: 'time',
    description: 'the share of the turn time limit the search may use; 0: no limit, the depth alone stops it',
    default: String(DEFAULT_TIME),
    check: shareOf,
  },
  {
    name: 'nodes',
    description:
      "the most nodes a turn's search may visit, on top of the time; 0: no limit (with time=0, the same games on any machine)",
    default: '0',
    check: integerIn(0, 1_000_000_000),
  },
  {
    name: 'tables',
    description: 'solved endgames: on, or off to search them like any position',
    default: 'on',
    check: (v) => (v === 'on' || v === 'off' ? ok(v) : failed('expected on or off')),
  },
];

export interface StrongSettings {
  readonly depth: number;
  readonly time: number;
  /** A node limit a turn, or Infinity. */
  readonly nodes: number;
  readonly tables: boolean;
}

export function strongSettings(params: Readonly<Record<string, string>>): StrongSettings {
  const value = (name: string): string => params[name] ?? STRONG_PARAMS.find((s) => s.name === name)!.default;
  return {
    depth: Number(value('depth')),
    time: Number(value('time')),
    nodes: Number(value('nodes')) || Infinity,
    tables: value('tables') === 'on',
  };
}

/** The share of the first turn's limit that rehearsing a table's analysis may take (see `Endgames.prepare`). */
const FIRST_TURN_REHEARSAL = 0.02;
/** The share of the first turn's limit that solving tables may take, counted from the bot's start. */
const FIRST_TURN_TABLES = 0.35;
/**
 * Until this share of the first turn's limit (counted from the bot's start), the bot warms up (see
 * `warmUp`): without it, the first timed turns ran the search in V8's interpreter while it compiled
 * and recompiled it, and a full garbage collection fell due among them.
 */
const FIRST_TURN_WARM_UP = 0.5;
/**
 * A turn's limits, of its time: the `time` parameter's share of the later turns' limit, on the first
 * turn too, whose longer limit the preparation uses. The search stops at the whole of it, counted
 * from the read (on a first turn, from the end of the preparation), and starts no iteration after
 * SOFT_SHARE of what is left of it once the tables have had their share.
 */
export const TIME_POLICY: TurnPolicy = { soft: SOFT_SHARE, softOfRest: true, hard: 1 };
/**
 * The first turn's search, the game's first after its opening, may go on longer than those limits:
 * until this share of the first turn's limit after the read at the default `time` (in proportion
 * to a smaller one: `time=0.03` searches a tenth as long), but never past FIRST_TURN_LATEST of it
 * from when the arena's clock counts it (a fresh process's start, see `firstTurnFrom`), and never
 * less than a later turn. Its move weighs much: with it, the bot lost 23 of 200 games to Sanmill's
 * level 14 where it lost 42 with a later turn's 15 ms (src/games/morris/README.md, "Against Sanmill").
 */
const FIRST_TURN_SEARCH = 0.45;
const FIRST_TURN_LATEST = 0.7;

/** A search's two deadlines, of a turn's stops (`SearchLimits` takes them). */
type Deadlines = Pick<TurnStops, 'soft' | 'hard'>;

/**
 * The first turn's deadlines: `later`, a later turn's, or the longer search (FIRST_TURN_SEARCH)
 * for a turn read at `readAt` whose stops are set at `now`, the arena's clock counting it from
 * `origin`; no iteration starts after SOFT_SHARE of what is left then.
 */
export function firstTurnDeadlines(
  limits: TimeLimits,
  time: number,
  turn: { readonly readAt: number; readonly origin: number; readonly now: number },
  later: Deadlines,
): Deadlines {
  const hard = Math.min(
    turn.readAt + FIRST_TURN_SEARCH * Math.min(1, time / DEFAULT_TIME) * limits.firstTurn,
    turn.origin + FIRST_TURN_LATEST * limits.firstTurn,
  );
  return hard > later.hard ? { soft: turn.now + SOFT_SHARE * (hard - turn.now), hard } : later;
}
/**
 * The bot's own clock: its process's start, from which its first turn's preparation is counted (an
 * arena's clock for a first mover counts from the spawn, before Node's clock starts).
 */
const CLOCK = new OwnClock();
/** A warm-up game's length at most, a position's search in it, and how often the search deepens. */
const WARM_UP_PLIES = 400;
const WARM_UP_SEARCH_MS = 1;
const WARM_UP_DEEPENING = 4;
/** Moves left before the turn limit in the warm-up games played close to it. */
const WARM_UP_NEAR_LIMIT = 60;
/** The share of a later turn's thinking time that solving tables may take while some are pending. */
const TURN_TABLES = 0.4;
/** The same when the position itself waits for its table: the search can do little there that the table will not. */
const ROOT_TABLE = 0.8;

/**
 * What the strong bot thinks with, which may outlive its game (see `engineFor`): one search, kept
 * from turn to turn (its transposition table learns), and the solved endgames: the `preload`
 * tables solved from the first turn on, and the table of any flying endgame of 3 against 3 met at
 * the root, solved over the turns that follow.
 */
export class Engine implements Clearable {
  readonly search: Search;
  readonly endgames: Endgames | null;
  /** Whether a first turn's preparation has run with it (see `Player.prepare`). */
  prepared = false;

  constructor(weights: Weights, tables: boolean, preload: readonly (readonly [number, number])[] = []) {
    this.endgames = tables ? new Endgames() : null;
    this.search = new Search(new Evaluator(weights), this.endgames?.probe ?? null);
    for (const live of preload) this.endgames?.table(live);
  }

  /**
   * The search as new. The solved endgames stay (they are the same in every game), and so does
   * `prepared`: a kept engine skips the first turn's warm-up, half of each first turn at full
   * priority beside the other games' timed turns.
   */
  clear(): void {
    this.search.clear();
  }
}

/**
 * How a game of the strong bot with `settings` takes its engine from its process (core/engine-reuse.ts):
 * a kept one serves if it holds endgames as `settings` asks. Only a bot on the
 * clock keeps them: an untimed bot's game (the same on any machine) must not depend on the games
 * its process played before, as the endgames it holds would make it.
 */
export function engineFor(
  settings: StrongSettings,
  weights: Weights,
  preload: readonly (readonly [number, number])[] = [],
): Use<Engine> {
  const timed = settings.time > 0;
  return {
    make: () => new Engine(weights, settings.tables, preload),
    fits: (engine) => timed && (engine.endgames !== null) === settings.tables,
    keep: timed,
  };
}

/** The strong bot for one game: its opening book if it has one, its engine, and its time. */
export class Player {
  private turns = 0;

  constructor(
    private readonly setup: BotSetup,
    private readonly settings: StrongSettings,
    private readonly engine: Engine,
    private readonly book: OpeningBook | null = null,
  ) {}

  /**
   * The first turn's preparation before the bot reads its first input, timed from its process's
   * start: the arena starts both bots with the game and writes a bot's first input after starting
   * it, so the first turn's clock starts after the process did, whichever seat the bot has. The bot
   * moving second, whose input comes when the first has moved, is then warm too. In the bot's own
   * process the warm-up yields the CPU (see `prepare`). Does nothing with engine an earlier game
   * prepared, or once half the first turn has passed since the process started (a bot in a
   * long-running arena's own process): `think` prepares in the first turn then.
   */
  ready(start: BoardPosition): void {
    if (
      this.settings.time > 0 &&
      !this.engine.prepared &&
      CLOCK.age() < FIRST_TURN_WARM_UP * this.setup.timeLimits.firstTurn
    )
      this.prepare(start, CLOCK.processStart, this.setup.ownProcess === true);
  }

  /** The move to play at `p`, thinking from `startedAt` (`performance.now()` when the input was read). */
  think(p: BoardPosition, startedAt: number): SearchResult {
    const limits = this.setup.timeLimits;
    const first = this.turns++ === 0;
    const { depth, time, nodes } = this.settings;
    // The book answers at once, once the bot is prepared (see `ready`).
    const booked = this.book?.lookup(p) ?? NO_MOVE;
    if (booked !== NO_MOVE && (time === 0 || this.engine.prepared))
      return { move: booked, score: 0, depth: 0, nodes: 0 };
    const { search, endgames } = this.engine;
    const table = endgames !== null && Endgames.holds(p) ? endgames.table(Endgames.liveOf(p)) : null;
    if (time === 0) {
      endgames?.work(Infinity);
      return search.run(p, { depth, softDeadline: Infinity, hardDeadline: Infinity, nodes });
    }
    const share = table !== null && !table.complete ? ROOT_TABLE : TURN_TABLES;
    // Not prepared before its input (a process that has run longer): counted from the process's
    // start while that is within the first turn, else from the input.
    if (!this.engine.prepared)
      this.prepare(p, CLOCK.firstTurnFrom(startedAt, limits.firstTurn, performance.now()), false);
    else if (!first) endgames?.work(startedAt + share * turnTime(limits, TIME_POLICY, time, first));
    const now = performance.now();
    const later = CLOCK.turn(limits, TIME_POLICY, time, { first, readAt: startedAt, now });
    const { soft, hard } = first
      ? firstTurnDeadlines(
          limits,
          time,
          { readAt: startedAt, origin: CLOCK.firstTurnFrom(startedAt, limits.firstTurn, now), now },
          later,
        )
      : later;
    return search.run(p, { depth, softDeadline: soft, hardDeadline: hard, nodes });
  }

  /**
   * The first turn's preparation, timed from `origin`: a table rehearsed, pending tables solved, the
   * search warm, then a full garbage collection, while it costs nothing. `yielding`: the warm-up,
   * done when its time is up however far it got, at the start-up priority, which leaves the cores
   * to the bots of other games on their clocks; not the rest, which the first answer waits for.
   */
  private prepare(p: BoardPosition, origin: number, yielding: boolean): void {
    const { firstTurn } = this.setup.timeLimits;
    this.engine.prepared = true;
    const { endgames } = this.engine;
    endgames?.prepare(performance.now() + FIRST_TURN_REHEARSAL * firstTurn);
    endgames?.work(origin + FIRST_TURN_TABLES * firstTurn);
    const warmUp = () => this.warmUp(p, origin + FIRST_TURN_WARM_UP * firstTurn);
    if (yielding) yieldingCpu(warmUp);
    else warmUp();
    collectGarbage();
  }

  /**
   * Quick games against itself from `p` until `deadline`, so that V8 compiles the search with what
   * every phase (placing, moving, flying, the end) feeds it, before the timed turns: code compiled
   * without that deoptimises in a timed turn and is compiled again, on a core another bot may be
   * timed on. Greedy moves take whenever they can, which brings each game to its end. Each position
   * gets a search of a millisecond: one iteration, or every fourth position iterative deepening as
   * in a turn (the table's deeper entries, decided scores, a search stopped midway).
   */
  private warmUp(p: BoardPosition, deadline: number): void {
    const rng = new Rng(this.setup.seed);
    const ply = p.ply;
    for (let game = 0; performance.now() < deadline; game++) {
      // Every second game is played as if close to the turn limit, to run the code that ends there.
      p.ply = game % 2 === 0 ? ply : Math.max(ply, p.turnLimit - WARM_UP_NEAR_LIMIT);
      let made = 0;
      for (; p.status === ONGOING && made < WARM_UP_PLIES && performance.now() < deadline; made++) {
        const now = performance.now();
        const deepens = made % WARM_UP_DEEPENING === 0;
        this.engine.search.run(p, {
          depth: this.settings.depth,
          softDeadline: deepens ? now + WARM_UP_SEARCH_MS / 2 : now,
          hardDeadline: Math.min(deadline, now + WARM_UP_SEARCH_MS),
        });
        p.make(greedyMove(p, rng));
      }
      for (; made > 0; made--) p.unmake();
    }
    p.ply = ply;
  }
}
