/** `tabula results`: what the database holds, at any time, also while a run goes on. */
import { existsSync } from 'node:fs';
import { storedReports } from '../league/run-report.js';
import { Store } from '../league/store.js';
import { UsageError } from './errors.js';
import { formatReport } from './run-report-text.js';

export async function resultsCommand(options: { db: string; run?: number; json?: boolean }): Promise<void> {
  if (!existsSync(options.db)) throw new UsageError(`no results database at ${options.db}`);
  const store = new Store(options.db);
  try {
    const reports = storedReports(store, options.run);
    if (options.run !== undefined && reports.length === 0)
      throw new UsageError(`${options.db} has no run ${options.run}`);
    if (options.json) process.stdout.write(`${JSON.stringify({ runs: reports })}\n`);
    else
      process.stdout.write(
        reports.length === 0 ? `${options.db} holds no runs yet\n` : reports.map(formatReport).join('\n'),
      );
  } finally {
    store.close();
  }
}

/** `tabula replay <id>`: a stored game's replay, for a viewer or for re-feeding a turn to a bot. */
export async function replayCommand(id: number, options: { db: string }): Promise<void> {
  if (!existsSync(options.db)) throw new UsageError(`no results database at ${options.db}`);
  const store = new Store(options.db);
  try {
    const replay = store.replay(id);
    if (!replay) throw new UsageError(`${options.db} has no game ${id}`);
    process.stdout.write(`${JSON.stringify(replay)}\n`);
  } finally {
    store.close();
  }
}
