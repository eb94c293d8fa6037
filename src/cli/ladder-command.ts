/**
 * `tabula ladder <game>`: a contest server for one game (pages, the API, the builder, games without
 * end) until Ctrl-C; `tabula ladder invite`: invite codes for it, from another terminal too.
 */
import { existsSync } from 'node:fs';
import { Contest, makeInvites } from '../contest/contest.js';
import { findGame } from '../games/registry.js';
import { Store } from '../league/store/store.js';
import { LiveHub } from '../server/live-hub.js';
import { serveArena } from '../server/server.js';
import { EXIT, UsageError } from './errors.js';
import { RESTRICT } from './serve-command.js';
import { exitNow, stopGracefullyWith } from './signals.js';

export interface LadderOptions {
  db: string;
  host: string;
  port: number;
  concurrency: number;
  redis?: string;
}

export async function ladderCommand(gameId: string, options: LadderOptions): Promise<void> {
  const game = await findGame(gameId);
  const store = new Store(options.db);
  const { contest, adminKey } = Contest.open(store, game, {
    concurrency: options.concurrency,
    ...(options.redis !== undefined && { redis: options.redis }),
  });
  contest.claim();
  const arena = await serveArena({ hub: new LiveHub('hidden'), database: store, contest }, options);
  process.stdout.write(`${arena.url}\n`);
  if (adminKey !== null)
    process.stdout.write(
      `admin key: ${adminKey}\n(shown this once, only its hash is kept: log in with it on ${arena.url}login, or send it as Authorization: Bearer)\n`,
    );
  if (arena.exposed)
    process.stderr.write(
      `tabula: warning: serving on ${options.host}, beyond this machine: anyone who reaches it sees the leaderboard and the games, and the holder of an invite or a token submits bots; ${RESTRICT}\n`,
    );
  if (contest.languages.missing.length > 0)
    process.stderr.write(
      `tabula: this machine cannot build ${contest.languages.missing.join(', ')}: such submissions are refused\n`,
    );
  const where = options.redis === undefined ? `${options.concurrency} at a time` : `by the workers of ${options.redis}`;
  process.stderr.write(`${game.title} contest in ${options.db}: games played ${where}\n`);
  const running = contest.run();
  stopGracefullyWith(() => {
    process.stderr.write('stopping: the games and the build in hand finish first (Ctrl-C again to stop at once)\n');
    contest.stop();
  });
  await running;
  await arena.close();
  store.close();
  // Stopped, all stored: a Redis client's timers must not keep the process for seconds more.
  exitNow(EXIT.ok);
}

export async function inviteCommand(options: { db: string; count: number }): Promise<void> {
  if (!existsSync(options.db))
    throw new UsageError(`there is no ${options.db}: a contest is made with tabula ladder <game> --db ${options.db}`);
  const store = new Store(options.db);
  try {
    for (const code of makeInvites(store, options.count)) process.stdout.write(`${code}\n`);
  } finally {
    store.close();
  }
}
