/**
 * A worker: takes scheduled games from the queue, plays them with the arena exactly as a local run
 * does, and hands back each game with its replay. A game whose worker dies is taken again by any
 * worker once its lock runs out; a worker that cannot play a run (another build of Tabula, bot files
 * it cannot unpack, a bot it cannot start) says so in Redis and gives that run's games back.
 */
import { hostname } from 'node:os';
import { deflateSync } from 'node:zlib';
import { DelayedError, type Job, Worker } from 'bullmq';
import { type Bot, parseBotSpec } from '../../arena/bot-spec.js';
import { WarmPool } from '../../arena/builtin/warm-pool.js';
import { BotStartError } from '../../core/connection.js';
import { findGame } from '../../games/registry.js';
import { playScheduled, type RunGames } from '../scheduled-game.js';
import { defaultCache, unpackBotFiles } from './bot-files.js';
import { buildId } from './build-id.js';
import { GAME_QUEUE, type GameJob, type GameJobResult, keys, type WorkerBeat } from './game-job.js';
import { connectRedis, isConnectionError } from './redis.js';

export interface WorkerOptions {
  readonly redis: string;
  readonly concurrency: number;
  readonly name: string;
  /**
   * How long a worker's claim on a game lasts without being renewed: a worker killed mid-game loses
   * its games to the others after this long.
   */
  readonly lockMs: number;
  /** Where unpacked bot files are kept. */
  readonly cache?: string;
  /** A process of its own for every built-in bot of every game, not warm ones that play game after game. */
  readonly freshBots?: boolean;
  /** Told of each game played, and of each run refused. */
  readonly onGame?: (job: GameJob, result: GameJobResult) => void;
  readonly onRefusal?: (run: string, reason: string) => void;
  /** Told of what goes wrong in the queue other than the connection (which `connectRedis` tells of). */
  readonly onError?: (message: string) => void;
}

export interface RunningWorker {
  /** The games it is playing now. */
  inHand(): number;
  /**
   * Stops taking games, finishes those in hand, then disconnects; with no game in hand, at once,
   * whether Redis answers or not.
   */
  close(): Promise<void>;
}

/** How long a game given back waits before another worker may take it. */
const GIVE_BACK_MS = 1000;
const BEAT_MS = 2000;

export const defaultWorkerName = (): string => `${hostname()}-${process.pid}`;

export async function startWorker(options: WorkerOptions): Promise<RunningWorker> {
  const redis = await connectRedis(options.redis, `worker ${options.name}`);
  const build = buildId();
  const cache = options.cache ?? defaultCache();
  const refused = new Map<string, string>();

  /** The folder holding the files `hash`, unpacked into the cache from Redis; a string says why not. */
  const filesFolder = async (hash: string): Promise<string | { readonly problem: string }> => {
    const packed = await redis.getBuffer(keys.botFiles(hash));
    if (packed === null) return { problem: `the bots' files ${hash} are not in Redis` };
    try {
      return unpackBotFiles(hash, packed, cache);
    } catch (err) {
      return { problem: `cannot unpack the bots' files: ${(err as Error).message}` };
    }
  };

  /** The job's game with its seats' bots, each in the folder of its files; a string says why it cannot be. */
  const gamesOf = async (job: GameJob): Promise<RunGames | string> => {
    const game = await findGame(job.game);
    const bots: Bot[] = [];
    for (const [seat, argument] of job.config.bots.entries()) {
      const { name, files } = job.seats[seat]!;
      const dir = files === undefined ? undefined : await filesFolder(files);
      if (typeof dir === 'object') return dir.problem;
      bots.push({ argument, name, spec: parseBotSpec(game, argument), ...(dir !== undefined && { dir }) });
    }
    return { game, config: job.config, bots };
  };

  const refuse = async (job: GameJob, reason: string): Promise<void> => {
    if (!refused.has(job.run)) {
      refused.set(job.run, reason);
      await redis.hset(keys.refusals(job.run), options.name, reason);
      options.onRefusal?.(job.run, reason);
    }
  };

  const warm = options.freshBots ? undefined : new WarmPool();
  const play = async (job: GameJob): Promise<GameJobResult | string> => {
    if (job.build !== build) return `it runs another build of Tabula (${build}, the run's is ${job.build})`;
    try {
      const games = await gamesOf(job);
      if (typeof games === 'string') return games;
      const { replay, ...played } = await playScheduled(games, job.plan, {
        builtinsAsProcesses: true,
        ...(warm && { warm }),
      });
      return {
        worker: options.name,
        result: played.result,
        times: played.times,
        durationMs: played.durationMs,
        replay: deflateSync(JSON.stringify(replay)).toString('base64'),
      };
    } catch (err) {
      if (err instanceof BotStartError) return err.message;
      throw err;
    }
  };

  let inHand = 0;
  const worker = new Worker<GameJob, GameJobResult>(
    GAME_QUEUE,
    async (job: Job<GameJob, GameJobResult>, token?: string) => {
      inHand++;
      try {
        const reason = refused.get(job.data.run) ?? null;
        const outcome = reason ?? (await play(job.data));
        if (typeof outcome !== 'string') {
          options.onGame?.(job.data, outcome);
          return outcome;
        }
        await refuse(job.data, outcome);
        // Back to the queue for another worker; this one takes no more games of the run.
        await job.moveToDelayed(Date.now() + GIVE_BACK_MS, token);
        throw new DelayedError();
      } finally {
        inHand--;
      }
    },
    {
      connection: redis,
      concurrency: options.concurrency,
      lockDuration: options.lockMs,
      stalledInterval: options.lockMs,
      maxStalledCount: 1000,
      // Finished games are kept (BullMQ's default) until their coordinator has stored them and removes them.
    },
  );

  // BullMQ reports each failed attempt of its own connections, several a second while Redis is away
  // (and prints them with their stacks when nobody listens): the connection's own lines say it.
  worker.on('error', (err) => {
    if (!isConnectionError(err)) options.onError?.(err.message);
  });

  const beat = async (): Promise<void> => {
    // While Redis is away a beat would wait in the client's queue: the next one after it is back will do.
    if (redis.status !== 'ready') return;
    const at = Date.now();
    const value: WorkerBeat = { concurrency: options.concurrency, host: hostname(), pid: process.pid, at };
    await redis.hset(keys.workers, options.name, JSON.stringify(value)).catch(() => {});
  };
  await beat();
  const beating = setInterval(() => void beat(), BEAT_MS);

  return {
    inHand: () => inHand,
    close: async () => {
      clearInterval(beating);
      if (inHand === 0) {
        // Nothing to finish: stop at once, without waiting on Redis, which may be away (then this
        // worker's beat runs out by itself).
        void worker.close(true).catch(() => {});
        await warm?.close();
        if (redis.status === 'ready') await redis.hdel(keys.workers, options.name).catch(() => {});
        redis.disconnect();
        return;
      }
      await worker.close();
      await warm?.close();
      await redis.hdel(keys.workers, options.name).catch(() => {});
      redis.disconnect();
    },
  };
}
