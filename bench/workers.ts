/**
 * Workers through the queue: games per second of a short match played here, by one worker and by two
 * workers on this machine, and what the queue itself costs per game (a job through Redis, coordinator
 * to worker and back, with an empty game) against a game's own time. Then, a long case (`npm run
 * bench -- capacity`), how many games per second one coordinator and one Redis can take: workers that
 * answer at once with a real game feed a coordinator that stores every game. Needs redis-server.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { deflateSync } from 'node:zlib';
import { Queue, QueueEvents, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { playGame } from '../src/arena/game-loop.js';
import { millis } from '../src/core/units.js';
import { game as mills } from '../src/games/mills/index.js';
import { game as morris } from '../src/games/morris/index.js';
import type { RunRequest } from '../src/runs/formats/format.js';
import { playRun } from '../src/runs/run.js';
import { gameConfigOf } from '../src/runs/run-config.js';
import { planRun } from '../src/runs/run-plan.js';
import { playScheduled } from '../src/runs/scheduled-game.js';
import { Store } from '../src/runs/store/store.js';
import { GAME_QUEUE, type GameJob, type GameJobResult, keys } from '../src/runs/workers/game-job.js';
import { defaultWorkerName, type RunningWorker, startWorker } from '../src/runs/workers/worker.js';
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
    const config: RunRequest = {
      format: 'match',
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
    await playRun(planRun(morris, config), { store, concurrency: 1, ...(workers > 0 && { workers: { redis: url } }) });
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

/** The capacity case's games and instant workers: `CAPACITY_GAMES` (2000 by default), `CAPACITY_WORKERS` (8). */
const CAPACITY_GAMES = Number(process.env.CAPACITY_GAMES ?? 2000);
const CAPACITY_WORKERS = Number(process.env.CAPACITY_WORKERS ?? 8);

/** What the last capacity run measured, for its details. */
let capacityRun: {
  turns: number;
  replayBytes: number;
  seconds: number;
  stored: number;
  coordinatorMs: number;
  redisMs: number;
} | null = null;

/** Redis's own CPU time so far, in ms, from INFO. */
async function redisCpuMs(connection: Redis): Promise<number> {
  const info = await connection.info('cpu');
  return ['used_cpu_sys', 'used_cpu_user'].reduce(
    (sum, key) => sum + 1000 * Number(new RegExp(`${key}:([0-9.]+)`).exec(info)?.[1] ?? 0),
    0,
  );
}

/**
 * A match of `games` Mills games through one coordinator (this process, storing every game as in a
 * real run) and a Redis of its own, fed by `workers` workers that answer at once with a real game: a
 * Mills game's result and compressed replay, played once up front.
 */
async function capacity(games: number, workers: number): Promise<number> {
  const plan = planRun(mills, {
    format: 'match',
    bots: ['builtin:random', 'builtin:random'],
    timeLimits: { firstTurn: millis(5000), turn: millis(1000) },
    gameOptions: {},
    games,
  });
  const runGames = { game: mills, config: gameConfigOf(plan.config), bots: plan.bots };
  const sample = await playScheduled(runGames, { index: 0, round: 0, seats: [0, 1], seed: 1, deal: 0 }, {});
  const packed = deflateSync(JSON.stringify(sample.replay));
  const answer: GameJobResult = {
    worker: 'instant',
    result: sample.result,
    times: sample.times,
    durationMs: sample.durationMs,
    replay: packed.toString('base64'),
  };
  // A server of its own: the instant workers' heartbeats stay out of the other cases' Redis.
  const redis = await startRedis(false);
  const connections: Redis[] = [];
  const instant = Array.from({ length: workers }, (_, i) => {
    const connection = new Redis(redis.url, { maxRetriesPerRequest: null });
    connections.push(connection);
    const beat = JSON.stringify({ concurrency: 4, host: 'bench', pid: i, at: Date.now() });
    void connection.hset(keys.workers, `instant-${i}`, beat);
    return new Worker<GameJob, GameJobResult>(GAME_QUEUE, async () => answer, { connection, concurrency: 4 });
  });
  const dir = mkdtempSync(join(tmpdir(), 'tabula-capacity-'));
  const store = new Store(join(dir, 'runs.db'));
  try {
    const redisBefore = await redisCpuMs(connections[0]!);
    const cpu = process.cpuUsage();
    const start = performance.now();
    await playRun(plan, { store, concurrency: 1, workers: { redis: redis.url } });
    const seconds = (performance.now() - start) / 1000;
    const used = process.cpuUsage(cpu);
    capacityRun = {
      turns: sample.result.turns,
      replayBytes: packed.length,
      seconds,
      stored: store.games(store.runs()[0]!.id).length,
      coordinatorMs: (used.user + used.system) / 1000 / games,
      redisMs: ((await redisCpuMs(connections[0]!)) - redisBefore) / games,
    };
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
    await Promise.all(instant.map((w) => w.close()));
    for (const c of connections) c.disconnect();
    await redis.stop();
  }
  return games;
}

function capacityDetails(reference: { readonly name: string; readonly rate: number }): string[] {
  if (!capacityRun) return [];
  const r = capacityRun;
  const perCpuSecond = 1000 / r.coordinatorMs;
  return [
    `${r.stored} games stored, ${(r.stored / r.seconds).toFixed(0)} games/s while the run played ` +
      `(${r.seconds.toFixed(1)} s; the rate above includes starting Redis and the workers); ` +
      `a Mills game of ${r.turns} turns, its replay ${r.replayBytes} bytes compressed`,
    `coordinator CPU: ${r.coordinatorMs.toFixed(2)} ms per game (this process also ran the instant workers), ` +
      `${perCpuSecond.toFixed(0)} games per CPU second, ratio ${(perCpuSecond / reference.rate).toPrecision(3)} ` +
      `to ${reference.name}`,
    `redis-server CPU: ${r.redisMs.toFixed(2)} ms per game`,
  ];
}

export const cases: Case[] = hasRedis
  ? [
      { name: 'workers: morris match of 8 games, played here', unit: 'games', run: () => match(0) },
      { name: 'workers: morris match of 8 games, 1 worker', unit: 'games', run: () => match(1) },
      { name: 'workers: morris match of 8 games, 2 workers', unit: 'games', run: () => match(2) },
      {
        name: 'workers: queue round trip per game (empty game)',
        unit: 'games',
        run: queueRoundTrips,
        reference: { name: 'a morris game of built-in bots as processes, here', run: localGames },
      },
      {
        // Not named "workers", so that `npm run bench -- workers` leaves this long case out.
        name: `queue capacity: one coordinator and one Redis, jobs answered at once by ${CAPACITY_WORKERS} consumers`,
        unit: 'games',
        long: true,
        run: () => capacity(CAPACITY_GAMES, CAPACITY_WORKERS),
        details: capacityDetails,
      },
    ]
  : [];
