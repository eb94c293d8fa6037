/** `tabula results` and `tabula replay`: what the database holds, at any time, also while a run goes on; read only. */
import { existsSync } from 'node:fs';
import { listGames } from '../league/game-list.js';
import { runReport } from '../league/run-report.js';
import { type RunRecord, Store } from '../league/store.js';
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
    process.stdout.write(runs.length === 0 && !options.json ? `${options.db} holds no runs yet\n` : text);
  });
}

function reports(store: Store, runs: readonly RunRecord[], json: boolean | undefined): string {
  const all = runs.map((r) => runReport(r, store.games(r.id)));
  return json ? `${JSON.stringify({ runs: all })}\n` : all.map(formatReport).join('\n');
}

function gameLists(store: Store, runs: readonly RunRecord[], json: boolean): string {
  const lists = runs.map((r) => ({ run: r, games: listGames(r, store.games(r.id)) }));
  if (json) return `${JSON.stringify({ runs: lists.map((l) => ({ run: l.run.id, games: l.games })) })}\n`;
  return lists.map((l) => formatGameList(l.run, l.games)).join('\n');
}

/** `tabula replay <id>`: a stored game's replay, for a viewer or for re-feeding a turn to a bot. */
export async function replayCommand(id: number, options: { db: string }): Promise<void> {
  await withStore(options.db, (store) => {
    const replay = store.replay(id);
    if (!replay) throw new UsageError(`${options.db} has no game ${id}`);
    process.stdout.write(`${JSON.stringify(replay)}\n`);
  });
}

/** Opens the database read-only: these commands never write, and work on a file they cannot write. */
async function withStore(db: string, use: (store: Store) => void): Promise<void> {
  if (!existsSync(db)) throw new UsageError(`no results database at ${db}`);
  const store = new Store(db, { readonly: true });
  try {
    use(store);
  } finally {
    store.close();
  }
}
