/**
 * `tabula ladder [GAME...]`: a contest site, a contest for each game (pages, the API, the builders,
 * games without end), until Ctrl-C; `tabula ladder invite`: invite codes for it, from another
 * terminal too.
 */
import { existsSync } from 'node:fs';
import { enterDemoAuthors } from '../contest/demo-authors.js';
import { ContestSite, makeInvites } from '../contest/site.js';
import { SiteTables } from '../contest/store/site-tables.js';
import { findGame, loadGames } from '../games/registry.js';
import { Store } from '../runs/store/store.js';
import { LiveHub } from '../server/live-hub.js';
import { serveArena } from '../server/server.js';
import { EXIT, UsageError } from './errors.js';
import { plural } from './plural.js';
import { RESTRICT } from './serve-command.js';
import { exitNow, stopGracefullyWith } from './signals.js';

export interface LadderOptions {
  db: string;
  host: string;
  port: number;
  concurrency: number;
  /** Submissions built at once (one an author at most). */
  builds: number;
  redis?: string;
  /** Twin games a new version plays at most for its verdict. */
  verdictGames: number;
  /** Test games of drafts played at once; a quarter of `concurrency` (one at least) unless given. */
  testGames?: number;
  /** Demo authors enter the built-in bots on a site without authors; an invite is printed at each start. */
  demo?: boolean;
}

/**
 * What running the server as root means, said once: the bots' separation holds (each runs as a user
 * id of its own), but the server and what it keeps are root's.
 */
export const AS_ROOT =
  "tabula: running as root: each submitted bot and build runs as an unprivileged user id of its own (outside any user namespace, reading only what mode bits let everyone read), but the server itself, its database and its secrets are root's, and a flaw in it that a stranger found would be root's too. Run it as an ordinary user (a user of its own: useradd -m tabula), where each bot runs as that user in a view of its own files, unless you need each bot under a user id of its own.";

export async function ladderCommand(gameIds: readonly string[], options: LadderOptions): Promise<void> {
  const named = await Promise.all([...new Set(gameIds)].map(findGame));
  const store = new Store(options.db);
  // None named: the database's contests, or every game for a new one.
  const games = named.length > 0 || new SiteTables(store).contests().length > 0 ? named : await loadGames();
  const { site, adminKey } = await ContestSite.open(
    store,
    games,
    {
      concurrency: options.concurrency,
      builds: options.builds,
      verdictGames: options.verdictGames,
      ...(options.testGames !== undefined && { testGames: options.testGames }),
      ...(options.redis !== undefined && { redis: options.redis }),
    },
    findGame,
  );
  site.claim();
  const arena = await serveArena({ hub: new LiveHub('hidden'), database: store, site }, options);
  process.stdout.write(`${arena.url}\n`);
  if (adminKey !== null)
    process.stdout.write(
      `admin key: ${adminKey}\n(shown this once, only its hash is kept: log in with it on ${arena.url}login, or send it as Authorization: Bearer)\n`,
    );
  if (arena.exposed)
    process.stderr.write(
      `tabula: warning: serving on ${options.host}, beyond this machine: anyone who reaches it sees the leaderboard and the games, and the holder of an invite or a token submits bots; ${RESTRICT}\n`,
    );
  if (process.getuid?.() === 0) process.stderr.write(`${AS_ROOT}\n`);
  const missing = [...new Set(site.contests.flatMap((c) => c.languages.missing))];
  if (missing.length > 0)
    process.stderr.write(`tabula: this machine cannot build ${missing.join(', ')}: such submissions are refused\n`);
  const where = options.redis === undefined ? `${options.concurrency} at a time` : `by the workers of ${options.redis}`;
  const titles = site.contests.map((c) => c.game.title).join(', ');
  process.stderr.write(
    `contests of ${titles} in ${options.db}: games played ${where}; ${site.buildSlots} submissions built at once; ${plural(site.testSlots, 'test game')} at once\n`,
  );
  const running = site.run();
  if (options.demo) {
    const [invite] = site.invite(1);
    process.stdout.write(
      `join: an invite for you, ${invite} (on ${arena.url}login; or tabula submit ${arena.url} PATH --lang L --game G --invite ${invite} --as NAME)\n`,
    );
    if (await enterDemoAuthors(site))
      process.stderr.write(
        'demo: ada, grace and alan submit the built-in bots of every game; their versions are built, validated and ranked in turn\n',
      );
  }
  stopGracefullyWith(() => {
    process.stderr.write(
      'stopping: the games in hand finish first; builds in hand are ended, and built again at the next start (Ctrl-C again to stop at once)\n',
    );
    site.stop();
  });
  await running;
  await arena.close();
  store.close();
  // Stopped, all stored: a Redis client's timers must not keep the process for seconds more.
  exitNow(EXIT.ok);
}

export async function inviteCommand(options: { db: string; count: number }): Promise<void> {
  if (!existsSync(options.db))
    throw new UsageError(
      `there is no ${options.db}: a contest site is made with tabula ladder [GAME...] --db ${options.db}`,
    );
  const store = new Store(options.db);
  try {
    for (const code of makeInvites(store, options.count)) process.stdout.write(`${code}\n`);
  } finally {
    store.close();
  }
}
