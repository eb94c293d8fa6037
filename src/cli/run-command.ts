/** What `tabula match` and `tabula tournament` share: the store, progress while games end, the report. */
import { availableParallelism } from 'node:os';
import { coresOf, parseBotSpec } from '../arena/bot-spec.js';
import type { GameDefinition } from '../core/game.js';
import { playRun } from '../league/run.js';
import type { RunConfig } from '../league/run-config.js';
import { Store } from '../league/store.js';
import { type RunProgress, runProgress } from './progress.js';
import type { RunOptions } from './run-options.js';
import { printReport } from './run-report-text.js';

export async function runCommand(game: GameDefinition, config: RunConfig, options: RunOptions): Promise<void> {
  warnOfBusyCores(game, config, options.concurrency);
  const store = new Store(options.db);
  // The progress display starts once the run knows what it has already played.
  const shown: { progress?: RunProgress } = {};
  try {
    const report = await playRun(
      {
        game,
        config,
        store,
        concurrency: options.concurrency,
        ...(options.redis !== undefined && {
          remote: {
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
      },
    );
    shown.progress?.stop();
    printReport(report, options.json === true);
  } finally {
    store.close();
  }
}

/**
 * One bot of each game thinks at a time: `concurrency` games keep that many bots' threads busy.
 * More than there are cores, and bots wait for a core while their clocks run.
 */
function warnOfBusyCores(game: GameDefinition, config: RunConfig, concurrency: number): void {
  const perGame = Math.max(...config.bots.map((bot) => coresOf(parseBotSpec(game, bot))));
  const busy = concurrency * perGame;
  const cores = availableParallelism();
  if (busy <= cores) return;
  const threads = perGame > 1 ? ` of bots using ${perGame} threads` : '';
  process.stderr.write(
    `tabula: warning: --concurrency ${concurrency}${threads} keeps ${busy} threads busy on ${cores} cores: ` +
      'bots will wait for a core while their clocks run, and may time out (tabula calibrate measures it)\n',
  );
}
