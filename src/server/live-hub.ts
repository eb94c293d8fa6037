/**
 * The games the server shows as they are played: those another process publishes in the database
 * and a person's games played here. Pages watch a game and get its new turns, what a person's seat
 * is asked, and its end, as they happen.
 */
import type { GameResult, ReplayHead, ReplayTurn } from '../arena/replay.js';
import { hidePrivate } from './private-parts.js';
import type { Ask, GameKey, GameRecord, LiveSummary, ServerMessage } from './wire.js';

export interface HubGame {
  readonly key: GameKey;
  readonly head: ReplayHead;
  readonly turns: ReplayTurn[];
  readonly runId?: number;
  readonly personSeats: readonly number[];
  ask: Ask | null;
  /** Set when the game has ended. */
  result: GameResult | null;
  ended: boolean;
  storedId?: number;
}

type Listener = (message: ServerMessage) => void;

/** How long an ended game stays here: a page that opens it late still finds it, or where it was stored. */
const KEEP_ENDED_MS = 10 * 60_000;

/**
 * The most games one connection watches: a page watches the game it shows, a tab the few it went
 * through; a client that names key after key forgets the oldest instead of growing the server.
 */
const MAX_WATCHED = 100;

export class LiveHub {
  private readonly games = new Map<GameKey, HubGame>();
  private readonly watching = new Map<GameKey, Set<Listener>>();
  private readonly everyone = new Set<Listener>();

  /**
   * `hidden`: what only a bot's author may read (its stderr, a crash's message) is left out of every
   * live game, for every page (a contest's: the author reads it once the game is stored).
   */
  constructor(private readonly privacy: 'open' | 'hidden' = 'open') {}

  add(key: GameKey, head: ReplayHead, extras: { runId?: number; personSeats?: readonly number[] } = {}): HubGame {
    const game: HubGame = {
      key,
      head,
      turns: [],
      ...(extras.runId !== undefined && { runId: extras.runId }),
      personSeats: extras.personSeats ?? [],
      ask: null,
      result: null,
      ended: false,
    };
    this.games.set(key, game);
    this.broadcast({ type: 'runs' });
    return game;
  }

  get(key: GameKey): HubGame | undefined {
    return this.games.get(key);
  }

  /** The games being played now. */
  playing(): HubGame[] {
    return [...this.games.values()].filter((g) => !g.ended);
  }

  turns(key: GameKey, turns: readonly ReplayTurn[]): void {
    const game = this.games.get(key);
    if (!game || turns.length === 0) return;
    const fresh = this.shown({ turns: turns.filter((t) => t.turn > game.turns.length) }).turns;
    game.turns.push(...fresh);
    if (fresh.length > 0) this.send(key, { type: 'turns', key, turns: fresh });
  }

  ask(key: GameKey, ask: Ask | null): void {
    const game = this.games.get(key);
    if (!game) return;
    game.ask = ask;
    this.send(key, { type: 'ask', key, ask });
  }

  end(key: GameKey, result: GameResult | null, storedId?: number): void {
    const game = this.games.get(key);
    if (!game || game.ended) return;
    game.ended = true;
    game.result = result && this.shown({ turns: [], result }).result!;
    game.ask = null;
    if (storedId !== undefined) game.storedId = storedId;
    this.send(key, { type: 'end', key, result: game.result, ...(storedId !== undefined && { storedId }) });
    this.broadcast({ type: 'runs' });
    setTimeout(() => this.games.delete(key), KEEP_ENDED_MS).unref();
  }

  private shown<R extends { readonly turns: readonly ReplayTurn[]; readonly result?: GameResult }>(part: R): R {
    return this.privacy === 'open' ? part : hidePrivate(part, new Set());
  }

  /** A message for one game's watchers only. */
  send(key: GameKey, message: ServerMessage): void {
    for (const listener of this.watching.get(key) ?? []) listener(message);
  }

  /** A message for every page. */
  broadcast(message: ServerMessage): void {
    for (const listener of this.everyone) listener(message);
  }

  /** How many connections watch the game now. */
  watchers(key: GameKey): number {
    return this.watching.get(key)?.size ?? 0;
  }

  /** A page's connection: every broadcast, and the messages of the games it watches. */
  connect(listener: Listener): { watch(key: GameKey): void; close(): void } {
    this.everyone.add(listener);
    const watched = new Set<GameKey>();
    const unwatch = (key: GameKey) => {
      watched.delete(key);
      const listeners = this.watching.get(key);
      listeners?.delete(listener);
      if (listeners?.size === 0) this.watching.delete(key);
    };
    return {
      watch: (key) => {
        // A set keeps its order of insertion: the first key is the one watched longest ago.
        watched.delete(key);
        if (watched.size >= MAX_WATCHED) unwatch(watched.values().next().value!);
        watched.add(key);
        if (!this.watching.has(key)) this.watching.set(key, new Set());
        this.watching.get(key)!.add(listener);
        // What happened between the page's fetch of the game and this watch would be lost: it is sent again.
        const game = this.games.get(key);
        if (!game) return;
        if (game.turns.length > 0) listener({ type: 'turns', key, turns: game.turns });
        if (game.ask) listener({ type: 'ask', key, ask: game.ask });
        if (game.ended)
          listener({
            type: 'end',
            key,
            result: game.result,
            ...(game.storedId !== undefined && { storedId: game.storedId }),
          });
      },
      close: () => {
        this.everyone.delete(listener);
        for (const key of [...watched]) unwatch(key);
      },
    };
  }
}

export const summaryOf = (g: HubGame): LiveSummary => ({
  key: g.key,
  game: g.head.game,
  bots: g.head.players.map((p) => p.bot),
  turns: g.turns.length,
  ...(g.runId !== undefined && { runId: g.runId }),
  startedAt: g.head.startedAt,
});

export const recordOf = (g: HubGame): GameRecord => ({
  ...g.head,
  turns: g.turns,
  ...(g.result && { result: g.result }),
});
