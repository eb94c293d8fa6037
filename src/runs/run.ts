/**
 * A stored run, played: found again in the store by its identity (or opened), its bots checked,
 * its games played as its format schedules them (here, or on workers), each stored the moment it
 * ends, and reported from what the store holds.
 */
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { randomSeed } from '../core/rng.js';
import { checkBotsStart } from './bot-check.js';
import { earlierPlayOf, replayingSchedule } from './machine-replays.js';
import { playHere } from './parallel-games.js';
import { type RunReport, runReport } from './report/run-report.js';
import { gameConfigOf, runIdentity } from './run-config.js';
import type { RunPlan } from './run-plan.js';
import type { RunInPlay } from './scheduled-game.js';
import { GameWriter } from './store/game-writer.js';
import type { RunRecord, StoredGame } from './store/records.js';
import { databaseFiles, type Store } from './store/store.js';
import { playOnWorkers } from './workers/coordinator.js';

export interface RunHooks {
  /** Before any game: the run, the games it already had, and the games it will have when complete. */
  readonly onStart?: (run: RunRecord, stored: readonly StoredGame[], total: number) => void;
  /** After each game is stored, with the run's state in a few words (the score, the round). */
  readonly onGame?: (game: StoredGame, status: string) => void;
  /** After each earlier play of a game played again is stored (machine-replays.ts). */
  readonly onEarlierPlay?: (game: StoredGame) => void;
}

export interface RunSettings {
  readonly store: Store;
  /** Games played at once (here). */
  readonly concurrency: number;
  /** A process of its own for every built-in bot of every game, not warm ones that play game after game. */
  readonly freshBots?: boolean;
  /** Plays the games on workers, through the queue in this Redis, instead of here. */
  readonly workers?: { readonly redis: string; readonly onRefusal?: (worker: string, reason: string) => void };
}

/**
 * The stored run `run` of `plan` as its games are to be played, from what the store holds of it: its
 * schedule, with the games played again where it plays them (machine-replays.ts), what a game just
 * played is stored as, and what each stored game does (`hooks`). Tells `onStart` first.
 */
export function runInPlay(plan: RunPlan, run: RunRecord, store: Store, hooks: RunHooks = {}): RunInPlay {
  const { config } = plan;
  const stored = store.games(run.id);
  const formatSchedule = plan.format.schedule(config, run.seed, stored);
  const replaying = config.replayMachineTimeouts
    ? replayingSchedule(formatSchedule, store.earlierPlays(run.id))
    : undefined;
  const schedule = replaying ?? formatSchedule;
  hooks.onStart?.(run, stored, schedule.total);
  return {
    games: { game: plan.game, config: gameConfigOf(config), bots: plan.bots },
    runId: run.id,
    store,
    schedule,
    ...(replaying && { earlierPlay: earlierPlayOf }),
    onGame: (g) => {
      if (g.earlierPlay !== undefined) {
        replaying?.again(g);
        hooks.onEarlierPlay?.(g);
        return;
      }
      const status = schedule.record(g);
      hooks.onGame?.(g, status);
    },
  };
}

/**
 * Plays what is left of the planned run (all of it, for a new run) and reports it. Throws
 * `RunBusyError` when another process is playing the same run, and `BotStartError`, before any
 * game is played or stored, when one of its bots cannot be started.
 */
export async function playRun(plan: RunPlan, settings: RunSettings, hooks: RunHooks = {}): Promise<RunReport> {
  const { config } = plan;
  const { store } = settings;
  const identity = runIdentity(config);
  let claimed: number | undefined;
  let writer: GameWriter | undefined;
  try {
    // A run being played elsewhere is refused at once; a new one is stored only once its bots have started.
    claimed = store.runs().find((r) => r.identity === identity)?.id;
    if (claimed !== undefined) store.claimRun(claimed);
    // Games played by workers are checked by the workers, which refuse a run they cannot play.
    if (!settings.workers) await checkBotsStart(plan, databaseFiles(store.path));
    const run = store.openRun(config.kind, identity, config, config.seed ?? randomSeed());
    store.claimRun(run.id);
    claimed = run.id;
    const playing = runInPlay(plan, run, store, hooks);
    if (settings.workers) {
      await playOnWorkers(playing, {
        ...settings.workers,
        runKey: createHash('sha256')
          .update(`${resolve(store.path)}\n${run.id}\n${run.identity}`)
          .digest('hex')
          .slice(0, 16),
        folder: process.cwd(),
      });
    } else {
      writer = new GameWriter(store.path);
      await playHere(playing, writer, settings.concurrency, settings.freshBots);
    }
    return runReport(run, store.games(run.id), store.earlierPlays(run.id));
  } finally {
    await writer?.close();
    // On a full disk even this write may fail: the failure that stopped the run is the one to tell,
    // and a claim left behind is taken over once this process has ended.
    try {
      if (claimed !== undefined) store.releaseRun(claimed);
    } catch {}
  }
}
