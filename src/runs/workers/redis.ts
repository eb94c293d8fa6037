/**
 * A connection to the queue's Redis that retries by itself, quietly: one line on stderr when it is
 * lost (or cannot be made), one now and then while it waits, one when it is back.
 */
import { isNotConnectionError } from 'bullmq';
import { Redis } from 'ioredis';

/** How often a connection still waiting for Redis says so. */
export const STILL_WAITING_MS = 60_000;

/** The wait before the next attempt to connect: doubling from 100 ms, at most 5 s. */
export const retryDelay = (attempt: number): number => Math.min(100 * 2 ** Math.min(attempt, 10), 5000);

export interface RedisNotes {
  /** Where its lines go (stderr, as `tabula: ...`, unless given). */
  readonly say?: (line: string) => void;
  /** How often it says that it still waits (STILL_WAITING_MS unless given). */
  readonly remindEveryMs?: number;
}

/**
 * Connects to `url` for `who` (a worker, the coordinator); resolves once connected, however long
 * Redis takes to answer: retrying is quiet, with a growing wait between attempts.
 */
export async function connectRedis(url: string, who: string, notes: RedisNotes = {}): Promise<Redis> {
  const say = notes.say ?? ((line: string) => void process.stderr.write(`tabula: ${line}\n`));
  // BullMQ needs commands to wait for a reconnection rather than fail after some retries.
  const redis = new Redis(url, { maxRetriesPerRequest: null, lazyConnect: true, retryStrategy: retryDelay });
  let connected = false;
  let since: number | null = null;
  let reminder: NodeJS.Timeout | undefined;
  const stopReminding = (): void => {
    clearInterval(reminder);
    reminder = undefined;
  };
  redis.on('error', (err: Error) => {
    if (since !== null) return;
    since = Date.now();
    const what = connected ? `lost its connection to ${url}` : `cannot reach ${url}`;
    say(`${who} ${what} (${err.message}); retrying`);
    reminder = setInterval(() => {
      const minutes = Math.round((Date.now() - (since ?? Date.now())) / 60_000);
      say(`${who} still waits for ${url} (for ${minutes} min)`);
    }, notes.remindEveryMs ?? STILL_WAITING_MS);
    // The reminder is no reason to live on: the client's own retries keep the process up while wanted.
    reminder.unref();
  });
  redis.on('ready', () => {
    if (since !== null) say(`${who} is connected to ${url}${connected ? ' again' : ''}`);
    since = null;
    connected = true;
    stopReminding();
  });
  redis.on('end', stopReminding);
  const ready = new Promise<void>((resolve) => redis.once('ready', resolve));
  // A first attempt that fails rejects, yet the client goes on retrying: the 'error' above says so once.
  redis.connect().catch(() => {});
  await ready;
  return redis;
}

/** Errors of the network, which the connection's own line tells of (lost, still waiting, back). */
const NETWORK = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * Whether an error that BullMQ reports (its 'error' events) is the connection's: said already by
 * `connectRedis`, and so to be left unsaid; any other is worth its one line.
 */
export const isConnectionError = (err: Error): boolean =>
  !isNotConnectionError(err) || NETWORK.has((err as NodeJS.ErrnoException).code ?? '');
