/**
 * Plays a run's scheduled games, several at a time, storing each one the moment it ends. Each game
 * has its own bot processes (built-in bots included), so a slow or broken bot stalls only its game;
 * games are stored from a worker thread, so that storing one takes no time from the others' clocks.
 */
import { performance } from 'node:perf_hooks';
import type { ConnectOptions } from '../arena/bot-spec.js';
import { botNames } from '../arena/bot-spec.js';
import { type GameOptions, playGame } from '../arena/game-loop.js';
import type { Replay, ReplayTurn } from '../arena/replay.js';
import type { GameDefinition } from '../core/game.js';
import { millis } from '../core/units.js';
import type { GameWriter } from './game-writer.js';
import { LiveGames, LivePublisher } from './live-games.js';
import { playQueued, type RemoteSettings } from './remote/coordinator.js';
import { openingOf, type RunConfig } from './run-config.js';
import type { PlannedGame } from './schedule.js';
import type { SeatTimes, Store, StoredGame } from './store.js';

export interface RunSettings {
  readonly game: GameDefinition;
  /** The run's bots (a planned game's seats index into `config.bots`), their limits, time limits and game options. */
  readonly config: Pick<RunConfig, 'bots' | 'timeLimits' | 'gameOptions' | 'openings' | 'limits' | 'timeMarginMs'>;
  readonly runId: number;
  /** Where the run's finished games are read from. */
  readonly store: Store;
  /** Where finished games are written to. */
  readonly writer: GameWriter;
  readonly concurrency: number;
  /** Built-in bots as processes of their own (the default), so that none can slow the other games down. */
  readonly builtinsAsProcesses?: boolean;
  /** Called after each game is stored. */
  readonly onGame?: (game: StoredGame) => void;
  /** Asked after each stored game: true stops starting new games (those running finish). */
  readonly shouldStop?: () => boolean;
  /** Plays the games on workers through a queue instead of here. */
  readonly remote?: RemoteSettings;
}

/** Plays the planned games the store does not have yet; resolves when all have ended or a stop was asked. */
export async function playPlanned(settings: RunSettings, planned: readonly PlannedGame[]): Promise<void> {
  if (settings.remote) return playQueued(settings, planned, settings.remote);
  const done = settings.store.finishedIndices(settings.runId);
  const queue = planned.filter((p) => !done.has(p.index));
  let stopping = settings.shouldStop?.() ?? false;
  // Games being played are published for the web arena, which reads the same file from another process.
  const live = settings.store.path === ':memory:' ? null : new LiveGames(settings.store.path);

  const worker = async (): Promise<void> => {
    for (let next = queue.shift(); next && !stopping; next = queue.shift()) {
      const stored = await playOne(settings, next, live);
      if (stored) settings.onGame?.(stored);
      stopping ||= settings.shouldStop?.() ?? false;
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, settings.concurrency) }, worker));
  } finally {
    live?.close();
  }
}

async function playOne(settings: RunSettings, plan: PlannedGame, live: LiveGames | null): Promise<StoredGame | null> {
  const publisher = live && new LivePublisher(live, { runId: settings.runId, ...plan });
  try {
    const { replay, ...played } = await playScheduled(
      settings.game,
      settings.config,
      plan,
      { builtinsAsProcesses: settings.builtinsAsProcesses ?? true },
      {
        // The run checked its bots before it began: one that fails to start now loses its game, the run goes on.
        forfeitUnstarted: true,
        ...(publisher && { onStart: (head) => publisher.start(head), onTurn: (turn) => publisher.turn(turn) }),
      },
    );
    const game = { runId: settings.runId, ...played, finishedAt: new Date().toISOString() };
    const id = await settings.writer.write(game, JSON.stringify(replay));
    return id === null ? null : { ...game, id };
  } finally {
    // Once stored (or failed): a reader never sees the game neither live nor stored.
    publisher?.end();
  }
}

/** A scheduled game as played: what the store keeps of it, and its replay. */
export interface PlayedScheduled extends Omit<StoredGame, 'id' | 'runId' | 'finishedAt'> {
  readonly replay: Replay;
}

/**
 * Plays one scheduled game of a run, here or on a worker, exactly as the run says, its bots named as
 * the run names them. `options.onStart` and `options.onTurn` follow it turn by turn (live views);
 * `options.forfeitUnstarted`: see `GameOptions` (a worker rather refuses the run, which another
 * worker may be able to play).
 */
export async function playScheduled(
  game: GameDefinition,
  config: RunSettings['config'],
  plan: PlannedGame,
  connect: ConnectOptions,
  options: Pick<GameOptions, 'onStart' | 'onTurn' | 'forfeitUnstarted'> = {},
): Promise<PlayedScheduled> {
  const specs = plan.seats.map((i) => config.bots[i]!);
  const names = botNames(config.bots);
  const start = performance.now();
  const opening = openingOf(config.openings, plan.deal);
  const { result, replay } = await playGame(game, specs, {
    seed: plan.seed,
    timeLimits: config.timeLimits,
    gameOptions: config.gameOptions,
    ...(opening && { opening }),
    names: plan.seats.map((i) => names[i]!),
    connect: {
      ...connect,
      ...(config.limits && { limits: config.limits }),
      ...(config.timeMarginMs !== undefined && { timeMargin: millis(config.timeMarginMs) }),
    },
    ...options,
  });
  return {
    index: plan.index,
    round: plan.round,
    seats: plan.seats,
    result,
    times: seatTimes(replay),
    durationMs: Math.round(performance.now() - start),
    replay,
  };
}

/** Each seat's response and CPU times, the first turn apart (it has its own, longer limit). */
export function seatTimes(replay: Replay): SeatTimes[] {
  return replay.players.map(({ seat }) => {
    // A turn has a response time when the bot answered or ran out of time; not when it crashed.
    const turns = replay.turns.filter(
      (t) => t.seat === seat && (t.output.length > 0 || t.failure?.status === 'timeout'),
    );
    const [first, ...rest] = turns;
    const cpu = (t: ReplayTurn | undefined) => t?.cpuMs ?? null;
    return {
      firstTurnMs: first ? first.timeMs : null,
      turnMs: rest.map((t) => t.timeMs),
      firstTurnLimitMs: replay.timeLimits.firstTurnMs,
      turnLimitMs: replay.timeLimits.turnMs,
      firstTurnCpuMs: cpu(first),
      turnCpuMs: rest.map(cpu).filter((c) => c !== null),
      overruns: turns.filter((t) => t.output.length > 0 && t.timeMs > t.limitMs).length,
    };
  });
}
