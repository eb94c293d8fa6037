/** What `tabula match` and `tabula tournament` share: the store, progress while games end, the report. */
import { playRun } from '../runs/run.js';
import { busyCoresWarning, type RunPlan } from '../runs/run-plan.js';
import { Store } from '../runs/store/store.js';
import { type RunProgress, runProgress } from './progress.js';
import type { RunOptions } from './run-options.js';
import { printReport } from './run-report-text.js';

export async function runCommand(plan: RunPlan, options: RunOptions): Promise<void> {
  const busy = busyCoresWarning(plan, options.concurrency);
  if (busy) process.stderr.write(`tabula: warning: ${busy}\n`);
  const store = new Store(options.db);
  // The progress display starts once the run knows what it has already played.
  const shown: { progress?: RunProgress } = {};
  try {
    // The progress stops also when the run fails (a full disk): a bar ends its line, a log shows the games done.
    const report = await playRun(
      plan,
      {
        store,
        concurrency: options.concurrency,
        ...(options.freshBots && { freshBots: true }),
        ...(options.redis !== undefined && {
          workers: {
            redis: options.redis,
            onRefusal: (worker, reason) =>
              process.stderr.write(`tabula: worker ${worker} cannot play this run: ${reason}\n`),
          },
        }),
      },
      {
        onStart: (run, stored, total) =>
          (shown.progress = runProgress({ json: options.json === true, total, stored, runId: run.id })),
        onGame: (g, status) => shown.progress?.game(g, status),
        onEarlierPlay: (g) => shown.progress?.earlierPlay(g),
      },
    ).finally(() => shown.progress?.stop());
    printReport(report, options.json === true);
  } finally {
    store.close();
  }
}
