/**
 * The coordinator of a run played by workers: it keeps a window of the run's scheduled games in the
 * queue, stores each game a worker finished the moment it sees it (then removes it from Redis), and
 * stops queueing when the run is to stop, withdrawing games still waiting. Job ids are the run's key
 * and the game's index, so a game is queued once; the store keeps a game once; so a coordinator
 * killed and started again collects what workers finished meanwhile, and counts nothing twice. Games
 * Redis lost (restarted without persistence) are queued again.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { type Job, Queue, QueueEvents } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Bot } from '../../arena/bot-spec.js';
import { BotStartError } from '../../core/connection.js';
import type { PlannedGame } from '../formats/format.js';
import type { RunInPlay } from '../scheduled-game.js';
import { type PackedFiles, packBotFiles } from './bot-files.js';
import { buildId } from './build-id.js';
import {
  GAME_QUEUE,
  type GameJob,
  type GameJobResult,
  type JobSeat,
  jobId,
  keys,
  WORKER_TIMEOUT_MS,
  type WorkerBeat,
} from './game-job.js';
import { connectRedis, isConnectionError } from './redis.js';

/** Where a run's games are queued, and for whom. */
export interface QueueSettings {
  readonly redis: string;
  /** The run's key in Redis: the same for the same run in the same database, across restarts. */
  readonly runKey: string;
  /** The folder the bot commands' paths are relative to (packed for the workers). */
  readonly folder: string;
  /**
   * The files a bot's command runs among, when they are its own (a contest's build), not what the
   * run's commands name under `folder`: packed and hashed.
   */
  readonly filesOf?: (bot: Bot) => PackedFiles | null;
  /** Told when a worker cannot play the run, and why. */
  readonly onRefusal?: (worker: string, reason: string) => void;
}

/** The longest the coordinator waits without news before looking at the queue again. */
const POLL_MS = 200;
/** How often it looks at every game it has in the queue. */
const SWEEP_MS = 2000;
/** Games queued beyond the workers' slots, so that none waits for the coordinator. */
const MIN_WINDOW = 16;

/** Plays the run's games on workers as its schedule gives them; resolves as `playHere` does. */
export async function playOnWorkers(run: RunInPlay, queued: QueueSettings): Promise<void> {
  const redis = await connectRedis(queued.redis, 'the coordinator');
  const queue = new Queue<GameJob, GameJobResult>(GAME_QUEUE, { connection: redis });
  // The event stream blocks its connection while it waits: it needs one of its own, which goes and
  // comes back with the first (the same Redis): the first one's lines tell of both.
  const eventsRedis = await connectRedis(queued.redis, 'the coordinator', { say: () => {} });
  const events = new QueueEvents(GAME_QUEUE, { connection: eventsRedis });
  // Their connections' failures are told once by connectRedis, not by BullMQ with a stack each time.
  const onError = (err: Error): void => {
    if (!isConnectionError(err)) process.stderr.write(`tabula: the coordinator: ${err.message}\n`);
  };
  queue.on('error', onError);
  events.on('error', onError);
  try {
    const jobOf = jobMaker(run, queued, redis);
    const outstanding = new Map<string, PlannedGame>();
    const reported = new Set<string>();
    let stopping = run.schedule.decided();
    /** The schedule's last answer was `wait`. */
    let waiting = false;

    // A game already in Redis (queued by a coordinator of this run that was stopped) is not queued
    // again: adding a job id that exists does nothing, and the game is collected or followed as any.
    const queueMore = async (): Promise<void> => {
      const window = Math.max(MIN_WINDOW, 2 * (await workerSlots(redis)));
      while (!stopping && outstanding.size < window) {
        const plan = run.schedule.next();
        waiting = plan === 'wait';
        if (plan === null || plan === 'wait') break;
        const id = jobId(queued.runKey, plan.index, plan.play);
        // The play before, collected and stored but perhaps left in Redis by a coordinator that was stopped.
        if (plan.play !== undefined) await queue.remove(jobId(queued.runKey, plan.index, plan.play - 1));
        await queue.add('game', await jobOf(plan), { jobId: id });
        outstanding.set(id, plan);
      }
    };

    // Finished games are announced on the queue's event stream; a sweep of every game in the
    // window, now and then, catches what the stream cannot tell (games Redis lost, news missed
    // while disconnected) and withdraws waiting games when the run stops.
    const announced: string[] = [];
    let wake: (() => void) | null = null;
    events.on('completed', ({ jobId: id }) => {
      if (!outstanding.has(id)) return;
      announced.push(id);
      wake?.();
    });
    const collect = async (id: string): Promise<boolean> => {
      const job = await queue.getJob(id);
      if (!job?.returnvalue) return false;
      store(run, outstanding.get(id)!, job);
      await job.remove();
      outstanding.delete(id);
      stopping ||= run.schedule.decided();
      return true;
    };
    const sweep = async (): Promise<void> => {
      for (const [id, plan] of outstanding) {
        const job = await queue.getJob(id);
        if (!job) {
          outstanding.delete(id);
          if (stopping) continue;
          await queue.add('game', await jobOf(plan), { jobId: id }); // Redis lost it
          outstanding.set(id, plan);
          continue;
        }
        const state = await job.getState();
        if (state === 'completed') await collect(id);
        else if (state === 'failed') throw new Error(`game ${plan.index} failed on a worker: ${job.failedReason}`);
        else if (stopping && (state === 'waiting' || state === 'delayed' || state === 'prioritized')) {
          await job.remove().catch(() => {}); // taken meanwhile: it will finish and be stored
          if ((await job.getState()) === 'unknown') outstanding.delete(id);
        }
      }
      await checkRefusals(redis, queued, reported);
    };

    await events.waitUntilReady();
    let lastSweep = 0;
    while (true) {
      await queueMore();
      if (outstanding.size === 0) {
        // A schedule that waits on the world (a contest's) has games again when it says so.
        const news = waiting && !stopping ? run.schedule.news?.() : undefined;
        if (!news) break;
        await news;
        continue;
      }
      for (let id = announced.shift(); id !== undefined; id = announced.shift()) await collect(id);
      if (stopping || Date.now() - lastSweep >= SWEEP_MS) {
        await sweep();
        lastSweep = Date.now();
      }
      if (announced.length === 0 && outstanding.size > 0) {
        await Promise.race([new Promise<void>((resolve) => (wake = resolve)), sleep(POLL_MS)]);
        wake = null;
      }
    }
  } finally {
    await events.close();
    await queue.close();
    redis.disconnect();
    eventsRedis.disconnect();
  }
}

/**
 * Makes the job of a planned game: its seats' bots alone (a contest's entrants come and go), each
 * with the files its command runs among, put in Redis once by their hash.
 */
function jobMaker(run: RunInPlay, queued: QueueSettings, redis: Redis): (plan: PlannedGame) => Promise<GameJob> {
  // What the run's commands name under the folder: every command bot of the run runs among them.
  const shared = queued.filesOf ? null : packBotFiles(run.games.config.bots, queued.folder);
  const stored = new Set<string>();
  const filesOf = async (bot: Bot): Promise<string | undefined> => {
    const files = queued.filesOf ? queued.filesOf(bot) : bot.spec.kind === 'command' ? shared : null;
    if (!files) return undefined;
    if (!stored.has(files.hash)) {
      await redis.set(keys.botFiles(files.hash), files.packed);
      stored.add(files.hash);
    }
    return files.hash;
  };
  const base = { run: queued.runKey, build: buildId(), game: run.games.game.id };
  return async (plan) => {
    const bots = plan.seats.map((i) => run.games.bots[i]!);
    const seats: JobSeat[] = [];
    for (const bot of bots) {
      const files = await filesOf(bot);
      seats.push({ name: bot.name, ...(files !== undefined && { files }) });
    }
    return {
      ...base,
      config: { ...run.games.config, bots: bots.map((b) => b.argument) },
      plan: { ...plan, seats: bots.map((_, seat) => seat) },
      seats,
    };
  };
}

/** Stores a game a worker played, its replay as the worker compressed it (no compression here). */
function store(run: RunInPlay, plan: PlannedGame, job: Job<GameJob, GameJobResult>): void {
  const played = job.returnvalue;
  const replay = Buffer.from(played.replay, 'base64');
  const earlierPlay = run.earlierPlay?.(plan, played);
  const game = {
    runId: run.runId,
    index: plan.index,
    ...(earlierPlay !== undefined && { earlierPlay }),
    round: plan.round,
    seats: plan.seats,
    result: played.result,
    times: played.times,
    finishedAt: new Date().toISOString(),
    durationMs: played.durationMs,
  };
  const id = run.store.recordGame(game, replay);
  if (id !== null) run.onGame({ ...game, id, worker: played.worker });
}

/** The game slots of the workers alive now. */
async function workerSlots(redis: Redis): Promise<number> {
  return (await liveWorkers(redis)).reduce((sum, [, beat]) => sum + beat.concurrency, 0);
}

async function liveWorkers(redis: Redis): Promise<[string, WorkerBeat][]> {
  const now = Date.now();
  return Object.entries(await redis.hgetall(keys.workers))
    .map(([name, text]): [string, WorkerBeat] => [name, JSON.parse(text) as WorkerBeat])
    .filter(([, beat]) => now - beat.at < WORKER_TIMEOUT_MS);
}

/** Reports each worker that refused the run once; fails the run when every live worker refused it. */
async function checkRefusals(redis: Redis, queued: QueueSettings, reported: Set<string>): Promise<void> {
  const refusals = await redis.hgetall(keys.refusals(queued.runKey));
  for (const [worker, reason] of Object.entries(refusals)) {
    if (reported.has(worker)) continue;
    reported.add(worker);
    queued.onRefusal?.(worker, reason);
  }
  const live = await liveWorkers(redis);
  if (live.length > 0 && live.every(([name]) => name in refusals)) {
    const why = live.map(([name]) => `${name}: ${refusals[name]}`).join('; ');
    throw new BotStartError('(every worker)', `no worker can play this run (${why})`);
  }
}
