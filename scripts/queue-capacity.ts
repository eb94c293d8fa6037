/**
 * How many games per second one coordinator and one Redis can take: workers that answer at once with
 * a real game (a Mills game's result and compressed replay, played once up front) feed a coordinator
 * that stores every game, as in a real run. Prints games per second, the coordinator's CPU time per
 * game, and Redis's. Needs redis-server.
 *
 *   npm run build && node dist/scripts/queue-capacity.js [GAMES] [WORKERS]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { deflateSync } from 'node:zlib';
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { millis } from '../src/core/units.js';
import { game as mills } from '../src/games/mills/index.js';
import { playScheduled } from '../src/league/parallel-games.js';
import { GAME_QUEUE, type GameJob, type GameJobResult } from '../src/league/remote/game-job.js';
import { playRun } from '../src/league/run.js';
import type { MatchConfig } from '../src/league/run-config.js';
import { Store } from '../src/league/store.js';
import { startRedis } from '../test/support/redis.js';

const games = Number(process.argv[2] ?? 2000);
const workers = Number(process.argv[3] ?? 8);

const config: MatchConfig = {
  kind: 'match',
  game: 'mills',
  bots: ['builtin:random', 'builtin:random'],
  timeLimits: { firstTurn: millis(5000), turn: millis(1000) },
  gameOptions: {},
  games,
};
const sample = await playScheduled(mills, config, { index: 0, round: 0, seats: [0, 1], seed: 1, deal: 0 }, {});
const packed = deflateSync(JSON.stringify(sample.replay));
const answer: GameJobResult = {
  worker: 'instant',
  result: sample.result,
  times: sample.times,
  durationMs: sample.durationMs,
  replay: packed.toString('base64'),
};
console.log(`a Mills game of ${sample.result.turns} turns: replay ${packed.length} bytes compressed`);

const redis = await startRedis(false);
const connections: Redis[] = [];
const instant = Array.from({ length: workers }, (_, i) => {
  const connection = new Redis(redis.url, { maxRetriesPerRequest: null });
  connections.push(connection);
  const beat = JSON.stringify({ concurrency: 4, host: 'bench', pid: i, at: Date.now() });
  void connection.hset('tabula:workers', `instant-${i}`, beat);
  return new Worker<GameJob, GameJobResult>(GAME_QUEUE, async () => answer, { connection, concurrency: 4 });
});

const store = new Store(join(mkdtempSync(join(tmpdir(), 'tabula-capacity-')), 'runs.db'));
const cpu = process.cpuUsage();
const start = performance.now();
await playRun({ game: mills, config, store, concurrency: 1, remote: { redis: redis.url } });
const seconds = (performance.now() - start) / 1000;
const used = process.cpuUsage(cpu);
const redisPid = execFileSync('redis-cli', ['-u', redis.url, 'info', 'server'])
  .toString()
  .match(/process_id:(\d+)/)?.[1];
const redisCpu = execFileSync('redis-cli', ['-u', redis.url, 'info', 'cpu']).toString();
const redisSeconds = ['used_cpu_sys', 'used_cpu_user'].reduce(
  (sum, key) => sum + Number(new RegExp(`${key}:([0-9.]+)`).exec(redisCpu)?.[1] ?? 0),
  0,
);
console.log(
  `${games} games through one coordinator and ${workers} instant workers in ${seconds.toFixed(1)} s: ${(games / seconds).toFixed(0)} games/s`,
);
console.log(
  `coordinator CPU: ${(((used.user + used.system) / 1000 / games) * 1).toFixed(2)} ms per game (this process also ran the instant workers)`,
);
console.log(`redis-server (pid ${redisPid}) CPU: ${((redisSeconds * 1000) / games).toFixed(2)} ms per game`);
console.log(`stored: ${store.games(store.runs()[0]!.id).length} games`);
store.close();
await Promise.all(instant.map((w) => w.close()));
for (const c of connections) c.disconnect();
await redis.stop();
