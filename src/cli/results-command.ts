/** `tabula results` and `tabula replay`: what the database holds, at any time, also while a run goes on; read only. */
import { existsSync } from 'node:fs';
import { inputSentTo } from '../arena/replay-input.js';
import { SiteTables } from '../contest/store/site-tables.js';
import { writingFile } from '../core/file-errors.js';
import { listGames } from '../runs/report/game-list.js';
import { runReport } from '../runs/report/run-report.js';
import type { RunRecord } from '../runs/store/records.js';
import { Store } from '../runs/store/store.js';
import { UsageError } from './errors.js';
import { formatGameList, formatReport } from './run-report-text.js';

export interface ResultsOptions {
  db: string;
  run?: number;
  json?: boolean;
  /** List each game instead of the report. */
  games?: boolean;
}

export async function resultsCommand(options: ResultsOptions): Promise<void> {
  await withStore(options.db, (store) => {
    const runs = store.runs().filter((r) => options.run === undefined || r.id === options.run);
    if (options.run !== undefined && runs.length === 0) throw new UsageError(`${options.db} has no run ${options.run}`);
    const text = options.games ? gameLists(store, runs, options.json === true) : reports(store, runs, options.json);
    process.stdout.write(
      runs.length === 0 && !options.json ? `${options.db} holds no runs${contestNote(store)}\n` : text,
    );
  });
}

/** What a contest site's database holds instead of runs: where to see it. */
function contestNote(store: Store): string {
  const games = new SiteTables(store).contests().map((c) => c.game);
  if (games.length === 0) return ' yet';
  return `: it holds contests of ${games.join(', ')} (tabula ladder --db ${store.path} serves them; tabula replay <game id> --db ${store.path} prints one of their games)`;
}

function reports(store: Store, runs: readonly RunRecord[], json: boolean | undefined): string {
  const all = runs.map((r) => runReport(r, store.games(r.id), store.earlierPlays(r.id)));
  return json ? `${JSON.stringify({ runs: all })}\n` : all.map(formatReport).join('\n');
}

function gameLists(store: Store, runs: readonly RunRecord[], json: boolean): string {
  const lists = runs.map((r) => ({ run: r, games: listGames(r, store.games(r.id)) }));
  if (json) return `${JSON.stringify({ runs: lists.map((l) => ({ run: l.run.id, games: l.games })) })}\n`;
  return lists.map((l) => formatGameList(l.run, l.games)).join('\n');
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
  if (options.upto !== undefined && options.seat === undefined) throw new UsageError('--upto goes with --seat');
  await withStore(options.db, async (store) => {
    const replay = store.replay(id);
    if (!replay) throw new UsageError(`${options.db} has no game ${id}`);
    if (options.html !== undefined) {
      const runId = store.runOfGame(id);
      const { writeOfflinePage } = await import('../server/offline-page.js');
      const page = options.html;
      await writingFile(page, () => writeOfflinePage(page, replay, { storedId: id, ...(runId !== null && { runId }) }));
    } else if (options.seat !== undefined) {
      if (options.seat >= replay.players.length)
        throw new UsageError(`game ${id} has seats 0 to ${replay.players.length - 1}`);
      const lines = inputSentTo(replay.turns, options.seat, options.upto ?? replay.turns.length);
      process.stdout.write(lines.map((l) => `${l}\n`).join(''));
    } else process.stdout.write(`${JSON.stringify(replay)}\n`);
  });
}

/** Opens the database read-only: these commands never write, and work on a file they cannot write. */
async function withStore(db: string, use: (store: Store) => void | Promise<void>): Promise<void> {
  if (!existsSync(db)) throw new UsageError(`no results database at ${db}`);
  const store = new Store(db, { readonly: true });
  try {
    await use(store);
  } finally {
    store.close();
  }
}
