/** `tabula serve` and `tabula view`: the web arena for a results database, or for one replay file. */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { Store } from '../league/store/store.js';
import { FILE_KEY } from '../server/app.js';
import { LiveHub } from '../server/live-hub.js';
import { PersonGames } from '../server/person-games.js';
import { serveArena } from '../server/server.js';
import { startDemo } from './demo.js';
import { UsageError } from './errors.js';
import { stopGracefullyWith } from './signals.js';

export interface ServeOptions {
  db: string;
  host: string;
  port: number;
  demo?: boolean;
}

/** Serves until Ctrl-C (or SIGTERM), then stops serving, closes the database and returns; a second Ctrl-C ends at once. */
export async function serveCommand(options: ServeOptions): Promise<void> {
  const store = new Store(options.db);
  const hub = new LiveHub();
  const empty = store.runs().length === 0;
  const people = new PersonGames(hub, store);
  const arena = await serveArena({ hub, database: store, people }, { host: options.host, port: options.port });
  process.stdout.write(`${arena.url}\n`);
  let demo: { stop(): void } | null = null;
  if (options.demo && empty) {
    process.stdout.write(`${options.db} is empty: a short demo of every game plays in the background\n`);
    demo = startDemo(options.db);
  }
  await untilStopped();
  demo?.stop();
  await people.close();
  await arena.close();
  store.close();
}

const untilStopped = (): Promise<void> => new Promise((resolve) => stopGracefullyWith(resolve));

export async function viewCommand(file: string, options: Omit<ServeOptions, 'db' | 'demo'>): Promise<void> {
  if (!existsSync(file)) throw new UsageError(`no replay file at ${file}`);
  const arena = await serveArena({ hub: new LiveHub(), file: resolve(file) }, options);
  process.stdout.write(`${arena.url}games/${FILE_KEY}\n`);
  await untilStopped();
  await arena.close();
}
