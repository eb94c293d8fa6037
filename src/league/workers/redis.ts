/** A connection to the queue's Redis that retries by itself, saying once on stderr when it is lost. */
import { Redis } from 'ioredis';

export async function connectRedis(url: string, who: string): Promise<Redis> {
  // BullMQ needs commands to wait for a reconnection rather than fail after some retries.
  const redis = new Redis(url, { maxRetriesPerRequest: null, lazyConnect: true });
  let lost = false;
  redis.on('error', (err: Error) => {
    if (lost) return;
    lost = true;
    process.stderr.write(`tabula: ${who} lost its connection to ${url} (${err.message}); retrying\n`);
  });
  redis.on('ready', () => {
    if (lost) process.stderr.write(`tabula: ${who} is connected to ${url} again\n`);
    lost = false;
  });
  await redis.connect();
  return redis;
}
