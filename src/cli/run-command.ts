/** What `tabula match` and `tabula tournament` share: the store, progress while games end, the report. */
import type { GameDefinition } from '../core/game.js';
import { playRun } from '../league/run.js';
import type { RunConfig } from '../league/run-config.js';
import { Store } from '../league/store.js';
import { type RunProgress, runProgress } from './progress.js';
import type { RunOptions } from './run-options.js';
import { printReport } from './run-report-text.js';

export async function runCommand(game: GameDefinition, config: RunConfig, options: RunOptions): Promise<void> {
  const store = new Store(options.db);
  // The progress display starts once the run knows what it has already played.
  const shown: { progress?: RunProgress } = {};
  try {
    const report = await playRun(
      { game, config, store, concurrency: options.concurrency },
      {
        onStart: (run, stored, total) => (shown.progress = runProgress(options.json === true, total, stored, run.id)),
        onGame: (g, status) => shown.progress?.game(g, status),
      },
    );
    shown.progress?.stop();
    printReport(report, options.json === true);
  } finally {
    store.close();
  }
}
