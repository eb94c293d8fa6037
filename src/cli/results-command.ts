/** `tabula results`: what the database holds, at any time, also while a run goes on. */
import { existsSync } from 'node:fs';
import { inputSentTo } from '../arena/replay-input.js';
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

export interface ReplayOptions {
  db: string;
  seat?: number;
  upto?: number;
  html?: string;
}

/**
 * `tabula replay <id>`: a stored game's replay, for a viewer or for re-feeding a turn to a bot;
 * with --seat, exactly the lines that seat was sent (up to turn --upto); with --html, the game as
 * one web page that works offline.
 */
export async function replayCommand(id: number, options: ReplayOptions): Promise<void> {
  if (!existsSync(options.db)) throw new UsageError(`no results database at ${options.db}`);
  if (options.upto !== undefined && options.seat === undefined) throw new UsageError('--upto goes with --seat');
  const store = new Store(options.db);
  try {
    const replay = store.replay(id);
    if (!replay) throw new UsageError(`${options.db} has no game ${id}`);
    if (options.html !== undefined) {
      const runId = store.runOfGame(id);
      const { writeOfflinePage } = await import('../server/offline-page.js');
      await writeOfflinePage(options.html, replay, { storedId: id, ...(runId !== null && { runId }) });
    } else if (options.seat !== undefined) {
      if (options.seat >= replay.players.length)
        throw new UsageError(`game ${id} has seats 0 to ${replay.players.length - 1}`);
      const lines = inputSentTo(replay.turns, options.seat, options.upto ?? replay.turns.length);
      process.stdout.write(lines.map((l) => `${l}\n`).join(''));
    } else process.stdout.write(`${JSON.stringify(replay)}\n`);
  } finally {
    store.close();
  }
}
