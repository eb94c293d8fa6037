/** What matches and tournaments share: open (or continue) the run in the store, play it with progress, report. */
import type { GameDefinition } from '../core/game.js';
import type { RunSettings } from './parallel-games.js';
import { randomSeed } from '../core/rng.js';
import { runIdentity, type RunConfig } from './run-config.js';
import { runReport } from './run-report.js';
import { Store, type RunRecord, type StoredGame } from './store.js';
import { runProgress } from '../cli/progress.js';
import { printReport } from '../cli/report-format.js';
import type { RunOptions } from '../cli/run-options.js';

export interface RunPlan {
  /** Games the run will have played when it is complete (at most, for a match with an SPRT). */
  readonly total: number;
  /** Plays what is left of the run, each game through `settings`. */
  play(settings: RunSettings): Promise<void>;
  /** Takes a newly stored game into the run's tallies; returns what the progress bar shows. */
  record(game: StoredGame): string;
  shouldStop?(): boolean;
}

export async function storedRun(
  game: GameDefinition,
  config: RunConfig,
  options: RunOptions,
  planFor: (run: RunRecord, store: Store, stored: readonly StoredGame[]) => RunPlan,
): Promise<void> {
  const store = new Store(options.db);
  try {
    const run = store.openRun(config.kind, runIdentity(config), config, options.seed ?? randomSeed());
    const stored = store.games(run.id);
    const plan = planFor(run, store, stored);
    const progress = runProgress(options.json === true, plan.total, stored, run.id);
    await plan.play({
      game,
      config,
      runId: run.id,
      store,
      concurrency: options.concurrency,
      onGame: (g) => progress.game(g, plan.record(g)),
      ...(plan.shouldStop && { shouldStop: () => plan.shouldStop!() }),
    });
    progress.stop();
    printReport(runReport(run, store.games(run.id)), options.json === true);
  } finally {
    store.close();
  }
}
