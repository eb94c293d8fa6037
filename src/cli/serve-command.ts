/** `tabula serve` and `tabula view`: the web arena for a results database, or for one replay file. */
import { resolve } from 'node:path';
import { loadGames } from '../games/registry.js';
import { Store } from '../runs/store/store.js';
import { FILE_KEY } from '../server/app.js';
import { LiveHub } from '../server/live-hub.js';
import { type PersonGameLimits, PersonGames } from '../server/person-games.js';
import { readReplayFile } from '../server/replay-file.js';
import { serveArena } from '../server/server.js';
import { startDemo } from './demo.js';
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
  if (arena.exposed) process.stderr.write(exposedWarning(options.host, people.limits));
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
  // Checked before serving: a file that is no replay is the user's mistake, not a page's error.
  await readReplayFile(
    file,
    (await loadGames()).map((g) => g.id),
  );
  const arena = await serveArena({ hub: new LiveHub(), file: resolve(file) }, options);
  process.stdout.write(`${arena.url}games/${FILE_KEY}\n`);
  if (arena.exposed)
    process.stderr.write(
      `tabula: warning: serving on ${options.host}, beyond this machine: anyone who reaches it can see the replay; ${RESTRICT}\n`,
    );
  await untilStopped();
  await arena.close();
}

export const RESTRICT =
  'to keep it to this machine, serve on 127.0.0.1 (the default) and reach it from elsewhere through an SSH tunnel (ssh -L 8080:127.0.0.1:8080 HOST), or let a firewall pass only trusted addresses to the port';

/** Said once, on stderr, when the arena listens where other machines reach it. */
const exposedWarning = (host: string, limits: PersonGameLimits): string =>
  `tabula: warning: serving on ${host}, beyond this machine: anyone who reaches it can start games against built-in bots (${limits.perClient} at once per address, ${limits.inAll} in all) and send the moves of any game played here; ${RESTRICT}\n`;
