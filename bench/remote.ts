/**
 * Workers through the queue: games per second of a short match played here, by one worker and by two
 * workers on this machine, and what the queue itself costs per game (a job through Redis, coordinator
 * to worker and back, with an empty game) against a game's own time. Needs redis-server.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue, QueueEvents, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { playGame } from '../src/arena/game-loop.js';
import { millis } from '../src/core/units.js';
import { game as morris } from '../src/games/morris/index.js';
import { defaultWorkerName, type RunningWorker, startWorker } from '../src/league/remote/worker.js';
import { playRun } from '../src/league/run.js';
import type { MatchConfig } from '../src/league/run-config.js';
import { Store } from '../src/league/store.js';
import { startRedis, type TestRedis } from '../test/support/redis.js';
import type { Case } from './case.js';

const GAMES = 8;
const JOBS = 200;
const hasRedis = (() => {
  try {
    execFileSync('redis-server', ['--version']);
    return true;
  } catch {
    return false;
  }
})();

let server: TestRedis | null = null;
const redisUrl = async (): Promise<string> => {
  if (!server) {
    server = await startRedis(false);
    process.once('exit', () => void server?.stop());
  }
  return server.url;
};

/** A match of GAMES Morris games between built-in random bots, played here or by `workers` workers. */
async function match(workers: number): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'tabula-bench-'));
  const store = new Store(join(dir, 'runs.db'));
  const running: RunningWorker[] = [];
  try {
    const config: MatchConfig = {
      kind: 'match',
      game: 'morris',
      bots: ['builtin:random', 'builtin:random'],
      timeLimits: morris.timeLimits,
      gameOptions: {},
      games: GAMES,
    };
    const url = workers > 0 ? await redisUrl() : '';
    for (let w = 0; w < workers; w++) {
      running.push(
        await startWorker({ redis: url, concurrency: 1, name: `${defaultWorkerName()}-${w}`, lockMs: 30_000 }),
      );
    }
    await playRun({ game: morris, config, store, concurrency: 1, ...(workers > 0 && { remote: { redis: url } }) });
    return GAMES;
  } finally {
    await Promise.all(running.map((w) => w.close()));
    store.close();
    rmSync(dir, { recursive: true });
  }
}

/** JOBS jobs through the queue to a worker that does nothing and back: the queue's own cost per game. */
async function queueRoundTrips(): Promise<number> {
  const url = await redisUrl();
  const connection = new Redis(url, { maxRetriesPerRequest: null });
  const name = `bench-${process.pid}`;
  const queue = new Queue(name, { connection });
  const events = new QueueEvents(name, { connection: new Redis(url, { maxRetriesPerRequest: null }) });
  const worker = new Worker(name, async () => ({ ok: true }), {
    connection: new Redis(url, { maxRetriesPerRequest: null }),
  });
  try {
    await events.waitUntilReady();
    for (let i = 0; i < JOBS; i++) {
      const job = await queue.add('game', { i });
      await job.waitUntilFinished(events);
      await job.remove();
    }
    return JOBS;
  } finally {
    await worker.close();
    await events.close();
    await queue.obliterate({ force: true });
    await queue.close();
    connection.disconnect();
  }
}

/** The reference of the queue's cost: Morris games played here, one at a time, bots as processes. */
async function localGames(): Promise<number> {
  const limits = { firstTurn: millis(5000), turn: millis(1000) };
  for (let seed = 0; seed < 4; seed++) {
    await playGame(morris, ['builtin:random', 'builtin:random'], {
      seed,
      timeLimits: limits,
      connect: { builtinsAsProcesses: true },
    });
  }
  return 4;
}

export const cases: Case[] = hasRedis
  ? [
      { name: 'remote: morris match of 8 games, played here', unit: 'games', run: () => match(0) },
      { name: 'remote: morris match of 8 games, 1 worker', unit: 'games', run: () => match(1) },
      { name: 'remote: morris match of 8 games, 2 workers', unit: 'games', run: () => match(2) },
      {
        name: 'remote: queue round trip per game (empty game)',
        unit: 'games',
        run: queueRoundTrips,
        reference: { name: 'a morris game of built-in bots as processes, here', run: localGames },
      },
    ]
  : [];
