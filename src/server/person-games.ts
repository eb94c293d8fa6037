/**
 * Games where a person holds a seat: played here, the person's moves coming from their page. The
 * arena asks the person's seat like any bot's; this checks a typed or clicked line against the
 * game's protocol first, so that a slip of the finger is refused instead of losing the game.
 */
import { performance } from 'node:perf_hooks';
import { PERSON } from '../arena/bot-spec.js';
import type { GameHooks, GamePlan, PlayedGame } from '../arena/game-loop.js';
import { playPlan } from '../arena/game-loop.js';
import { PersonSeat } from '../arena/seats/person-seat.js';
import type { GameDefinition } from '../core/game.js';
import { everyTurn, UNLIMITED } from '../core/time-control.js';
import { type Millis, millis, type Seat } from '../core/units.js';
import type { MatchConfig } from '../runs/run-config.js';
import { runIdentity } from '../runs/run-config.js';
import { seatTimes } from '../runs/scheduled-game.js';
import type { Store } from '../runs/store/store.js';
import type { LiveHub } from './live-hub.js';
import type { GameKey } from './wire.js';

/**
 * What clients of the server may start (`POST /api/play`): each game holds bot processes (about
 * 50 MB each) for as long as it lasts, and a person's game has no move limit, so games are counted
 * per client and in all, and a game whose page has gone ends after a while.
 */
export interface PersonGameLimits {
  /** Games at once per client, a client being a remote address. */
  readonly perClient: number;
  /** Games with a person at once, in all. */
  readonly inAll: number;
  /** How long a client's game waits with no page watching it (from its start too) before it is ended. */
  readonly unwatchedMs: Millis;
}

export const PERSON_GAME_LIMITS: PersonGameLimits = {
  perClient: 3,
  inAll: 8,
  unwatchedMs: millis(5 * 60_000),
};

/** How a person's game is played besides its plan. */
export interface PersonOptions {
  /** The person's limit per turn; none when absent. */
  readonly personMs?: Millis;
  /** Called after every turn, besides the pages being told. */
  readonly onTurn?: GameHooks['onTurn'];
  /**
   * The client that started it from the server (its remote address): the game counts against that
   * client's games and ends when no page watches it. Absent for `tabula play`'s own game, whose
   * person is at the terminal that waits for it.
   */
  readonly client?: string;
}

/** Why a client may not start a game now: too many of its own, or too many in all. */
export interface Refusal {
  readonly scope: 'client' | 'all';
  readonly error: string;
}

interface Pending {
  readonly seat: Seat;
  readonly state: unknown;
}

interface Session {
  readonly game: GameDefinition;
  readonly seats: Map<Seat, PersonSeat>;
  pending: Pending | null;
  readonly client?: string;
  /** When a page last watched it (or it started). */
  lastWatched: number;
  /** Ended for want of a page: not stored. */
  expired: boolean;
}

export class PersonGames {
  private next = 1;
  private readonly sessions = new Map<GameKey, Session>();
  private readonly playing = new Set<Promise<unknown>>();
  private closing = false;
  private expiry: NodeJS.Timeout | null = null;

  /**
   * `store`: where finished games go (a run per table of bots and limits), none for `tabula play`;
   * `limits`: what clients may start (tests shorten the wait for a page).
   */
  constructor(
    private readonly hub: LiveHub,
    private readonly store: Store | null,
    readonly limits: PersonGameLimits = PERSON_GAME_LIMITS,
  ) {}

  /** Why `client` may not start a game now, or null when it may. */
  refusal(client: string): Refusal | null {
    const { perClient, inAll } = this.limits;
    if (this.sessions.size >= inAll)
      return {
        scope: 'all',
        error: `this server is playing ${inAll} games with people, as many as it plays at once: try again when one has ended`,
      };
    const own = [...this.sessions.values()].filter((s) => s.client === client).length;
    if (own >= perClient)
      return {
        scope: 'client',
        error: `you are playing ${own} games here, as many as one client may at once: finish one, or close its page (it ends ${minutes(this.limits.unwatchedMs)} later)`,
      };
    return null;
  }

  /**
   * Starts the planned game, its bots run as the plan says (built-in bots as processes, so that one
   * thinking hard does not stall the server); it is watched under the key at once, and `played`
   * settles when it ends.
   */
  start(plan: GamePlan, options: PersonOptions = {}): { key: GameKey; played: Promise<PlayedGame> } {
    const key = `play-${this.next++}`;
    const { game } = plan;
    const limits = options.personMs === undefined ? UNLIMITED : everyTurn(options.personMs);
    const session: Session = {
      game,
      seats: new Map(),
      pending: null,
      ...(options.client !== undefined && { client: options.client }),
      lastWatched: performance.now(),
      expired: false,
    };
    this.sessions.set(key, session);
    if (options.client !== undefined) this.watchExpiry();
    const personSeats = plan.bots.flatMap((b, i) => (b.spec.kind === 'person' ? [i] : []));
    const start = performance.now();
    const played = playPlan(plan, {
      person: (seat) => {
        const bot = new PersonSeat(PERSON, limits);
        session.seats.set(seat, bot);
        if (session.expired) void bot.close();
        return bot;
      },
      onStart: (head) => this.hub.add(key, head, { personSeats }),
      onAsk: ({ state, seat, input, limit }) => {
        const bot = session.seats.get(seat);
        session.pending = bot ? { seat, state } : null;
        if (!bot) return this.hub.ask(key, null);
        const turns = this.hub.get(key)?.turns ?? [];
        this.hub.ask(key, {
          seat,
          turn: turns.length + 1,
          input,
          moves: game.view?.clicks?.(state) ?? [],
          limitMs: Number.isFinite(limit) ? limit : null,
        });
      },
      onTurn: (turn) => {
        session.pending = null;
        this.hub.turns(key, [turn]);
        options.onTurn?.(turn);
      },
    });
    const stored = played.then(
      (p) => {
        const storedId = session.expired ? null : this.record(plan, p, Math.round(performance.now() - start));
        this.hub.end(key, p.result, storedId ?? undefined);
        return p;
      },
      (err: unknown) => {
        this.hub.end(key, null);
        throw err;
      },
    );
    const settled = stored.finally(() => this.sessions.delete(key)).catch(() => {});
    this.playing.add(settled);
    void settled.then(() => this.playing.delete(settled));
    return { key, played: stored };
  }

  /** The person's line for the game `key`: null when taken, else why it was refused. */
  move(key: GameKey, line: string): string | null {
    const session = this.sessions.get(key);
    const pending = session?.pending;
    if (!session || !pending) return 'it is not your turn';
    const parsed = session.game.protocol.parseOutput(pending.state, pending.seat, line);
    if (!parsed.ok) return parsed.error;
    session.pending = null;
    session.seats.get(pending.seat)!.reply(line);
    return null;
  }

  /**
   * Ends the games still waiting for their person (the server stops): their seats are closed, their
   * bots ended, and the games, cut short, are not stored.
   */
  async close(): Promise<void> {
    this.closing = true;
    if (this.expiry) clearInterval(this.expiry);
    for (const session of this.sessions.values()) for (const seat of session.seats.values()) void seat.close();
    await Promise.all(this.playing);
  }

  /** Looks now and then for clients' games that no page has watched for `unwatchedMs`, and ends them. */
  private watchExpiry(): void {
    if (this.expiry) return;
    const wait = this.limits.unwatchedMs;
    this.expiry = setInterval(
      () => {
        const now = performance.now();
        let clients = 0;
        for (const [key, session] of this.sessions) {
          if (session.client === undefined || session.expired) continue;
          clients++;
          if (this.hub.watchers(key) > 0) session.lastWatched = now;
          else if (now - session.lastWatched >= wait) this.expire(session);
        }
        if (clients === 0 && this.expiry) {
          clearInterval(this.expiry);
          this.expiry = null;
        }
      },
      Math.min(Math.max(wait / 10, 50), 10_000),
    ).unref();
  }

  /** Ends a game nobody watches: its person's seats closed (the game ends, its bots with it), not stored. */
  private expire(session: Session): void {
    session.expired = true;
    for (const seat of session.seats.values()) void seat.close();
  }

  /** Stores the game in a run of its own table of bots and limits, so that it shows in the results; its id. */
  private record(plan: GamePlan, played: PlayedGame, durationMs: number): number | null {
    if (!this.store || this.closing) return null;
    const config: MatchConfig = {
      kind: 'match',
      game: plan.game.id,
      bots: plan.bots.map((b) => b.argument),
      timeLimits: plan.timeLimits,
      gameOptions: plan.gameOptions,
      games: 0,
    };
    const existing = this.store.openRun('match', runIdentity(config), config, plan.seed);
    const index = Math.max(-1, ...this.store.finishedIndices(existing.id)) + 1;
    // The run's size is the games it has: each game a person plays adds one.
    this.store.openRun('match', runIdentity(config), { ...config, games: index + 1 }, plan.seed);
    return this.store.recordGame(
      {
        runId: existing.id,
        index,
        round: index,
        seats: plan.bots.map((_, i) => i),
        result: played.result,
        times: seatTimes(played.replay),
        durationMs,
      },
      played.replay,
    );
  }
}

const minutes = (ms: number): string =>
  ms >= 60_000 ? `${Math.round(ms / 60_000)} min` : `${Math.round(ms / 1000)} s`;
