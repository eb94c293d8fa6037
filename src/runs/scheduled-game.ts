/**
 * One scheduled game of a run, played exactly as the run says, here or on a worker: its seats, seed
 * and opening from the schedule, its bots as the run names them, and what the store keeps of it.
 */
import { performance } from 'node:perf_hooks';
import type { Bot, ConnectOptions } from '../arena/bot-spec.js';
import { type GameHooks, type GamePlan, playPlan } from '../arena/game-loop.js';
import type { Replay, ReplayTurn } from '../arena/replay.js';
import { timedOutTurn } from '../arena/replay-timeout.js';
import type { GameDefinition } from '../core/game.js';
import { millis } from '../core/units.js';
import type { PlannedGame, Schedule } from './formats/format.js';
import { openingOf, type RunGameConfig } from './run-config.js';
import type { SeatTimes, StoredGame } from './store/records.js';
import type { Store } from './store/store.js';

/** What every game of a run is played with: the game, what the run's games share, its bots parsed. */
export interface RunGames {
  readonly game: GameDefinition;
  readonly config: RunGameConfig;
  /** The run's bots; a planned game's seats index into them. */
  readonly bots: readonly Bot[];
}

/** A run being played, here or on workers: its games, its place in the store, its schedule. */
export interface RunInPlay {
  readonly games: RunGames;
  readonly runId: number;
  readonly store: Store;
  readonly schedule: Schedule;
  /**
   * Where a run plays games again (machine-replays.ts): which play of its game a game just played
   * was, to be stored as an earlier play; undefined to store it as the game.
   */
  readonly earlierPlay?: (planned: PlannedGame, played: Pick<StoredGame, 'result' | 'times'>) => number | undefined;
  /** Called with each game once it is stored, an earlier play too. */
  readonly onGame: (game: StoredGame) => void;
}

/** A scheduled game as played: what the store keeps of it, and its replay. */
export interface PlayedScheduled extends Omit<StoredGame, 'id' | 'runId' | 'finishedAt'> {
  readonly replay: Replay;
}

/**
 * Plays the run's game `planned`: `connect` says how its bots run (built-in bots as processes, the
 * folder of the bots' files on a worker); `hooks` follow it turn by turn (live views).
 */
export async function playScheduled(
  run: RunGames,
  planned: PlannedGame,
  connect: ConnectOptions & Pick<GamePlan, 'forfeitUnstarted'>,
  hooks: Pick<GameHooks, 'onStart' | 'onTurn'> = {},
): Promise<PlayedScheduled> {
  const { config } = run;
  const start = performance.now();
  const opening = openingOf(config.openings, planned.deal);
  const { forfeitUnstarted, ...options } = connect;
  const plan: GamePlan = {
    game: run.game,
    bots: planned.seats.map((i) => run.bots[i]!),
    seed: planned.seed,
    gameOptions: config.gameOptions,
    timeLimits: config.timeLimits,
    margin: millis(config.timeMarginMs ?? 0),
    ...(opening && { opening }),
    connect: { ...options, ...(config.limits && { limits: config.limits }) },
    ...(forfeitUnstarted && { forfeitUnstarted }),
  };
  const { result, replay } = await playPlan(plan, hooks);
  return {
    index: planned.index,
    round: planned.round,
    seats: planned.seats,
    result,
    times: seatTimes(replay),
    durationMs: Math.round(performance.now() - start),
    replay,
  };
}

/** Each seat's response and CPU times, the first turn apart (it has its own, longer limit), and its timeout's figures. */
export function seatTimes(replay: Replay): SeatTimes[] {
  return replay.players.map(({ seat }) => {
    // A turn has a response time when the bot answered or ran out of time; not when it crashed.
    const turns = replay.turns.filter(
      (t) => t.seat === seat && (t.output.length > 0 || t.failure?.status === 'timeout'),
    );
    const [first, ...rest] = turns;
    const cpu = (t: ReplayTurn | undefined) => t?.cpuMs ?? null;
    const timedOut = turns.find((t) => t.failure?.status === 'timeout');
    return {
      firstTurnMs: first ? first.timeMs : null,
      turnMs: rest.map((t) => t.timeMs),
      firstTurnLimitMs: replay.timeLimits.firstTurnMs,
      turnLimitMs: replay.timeLimits.turnMs,
      firstTurnCpuMs: cpu(first),
      turnCpuMs: rest.map(cpu).filter((c) => c !== null),
      overruns: turns.filter((t) => t.output.length > 0 && t.timeMs > t.limitMs).length,
      ...(timedOut && { timeout: timedOutTurn(timedOut) }),
    };
  });
}
