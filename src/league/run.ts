/**
 * A stored run, match or tournament: found again in the store by its identity (or opened), played
 * game by game with each game stored the moment it ends, and reported from what the store holds.
 */
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { botNames } from '../arena/bot-spec.js';
import type { GameDefinition } from '../core/game.js';
import { randomSeed } from '../core/rng.js';
import { checkBotsStart } from './bot-check.js';
import { GameWriter } from './game-writer.js';
import { matchPlan } from './match.js';
import type { RunSettings } from './parallel-games.js';
import { type RunConfig, runIdentity } from './run-config.js';
import { type RunReport, runReport } from './run-report.js';
import type { RunRecord, Store, StoredGame } from './store.js';
import { tournamentPlan } from './tournament.js';

/** How a kind of run plays what is left of it. */
export interface RunPlan {
  /** Games the run will have played when it is complete (at most, for a match with an SPRT). */
  readonly total: number;
  /** Plays what is left of the run, each game through `settings` (see `playPlanned`). */
  play(settings: RunSettings): Promise<void>;
  /** Takes a newly stored game into the run's tallies; returns the run's state in a few words. */
  record(game: StoredGame): string;
  /** Asked after each stored game: true stops starting new games (a decided SPRT). */
  shouldStop?(): boolean;
}

export interface RunHooks {
  /** Before any game: the run, the games it already had, and the games it will have when complete. */
  readonly onStart?: (run: RunRecord, stored: readonly StoredGame[], total: number) => void;
  /** After each game is stored, with the run's state in a few words (the score, the round). */
  readonly onGame?: (game: StoredGame, status: string) => void;
}

export interface RunRequest {
  readonly game: GameDefinition;
  readonly config: RunConfig;
  readonly store: Store;
  /** Games played at once. */
  readonly concurrency: number;
  /** Plays the games on workers, through the queue in this Redis, instead of here. */
  readonly remote?: { readonly redis: string; readonly onRefusal?: (worker: string, reason: string) => void };
}

/**
 * Plays what is left of the run `config` describes (all of it, for a new run) and reports it.
 * Throws `RunBusyError` when another process is playing the same run, and `BotStartError`, before
 * any game is played or stored, when one of its bots cannot be started.
 */
export async function playRun(request: RunRequest, hooks: RunHooks = {}): Promise<RunReport> {
  const { game, config, store } = request;
  botNames(config.bots); // refuses two bots given one name before anything starts
  const identity = runIdentity(config);
  let claimed: number | undefined;
  let writer: GameWriter | undefined;
  try {
    // A run being played elsewhere is refused at once; a new one is stored only once its bots have started.
    claimed = store.runs().find((r) => r.identity === identity)?.id;
    if (claimed !== undefined) store.claimRun(claimed);
    // Games played by workers are checked by the workers, which refuse a run they cannot play.
    if (!request.remote) await checkBotsStart(game, config);
    const run = store.openRun(config.kind, identity, config, config.seed ?? randomSeed());
    store.claimRun(run.id);
    claimed = run.id;
    writer = new GameWriter(store.path);
    const stored = store.games(run.id);
    const plan = config.kind === 'match' ? matchPlan(config, run.seed, stored) : tournamentPlan(config, run, store);
    hooks.onStart?.(run, stored, plan.total);
    const remote = request.remote && {
      ...request.remote,
      runKey: createHash('sha256')
        .update(`${resolve(store.path)}\n${run.id}\n${run.identity}`)
        .digest('hex')
        .slice(0, 16),
      folder: process.cwd(),
    };
    await plan.play({
      ...(remote && { remote }),
      game,
      config,
      runId: run.id,
      store,
      writer,
      concurrency: request.concurrency,
      onGame: (g) => {
        const status = plan.record(g);
        hooks.onGame?.(g, status);
      },
      ...(plan.shouldStop && { shouldStop: () => plan.shouldStop!() }),
    });
    return runReport(run, store.games(run.id));
  } finally {
    await writer?.close();
    if (claimed !== undefined) store.releaseRun(claimed);
  }
}
