/** A Redis server of the test's own, on a free port of 127.0.0.1, stopped by the test. */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';

export interface TestRedis {
  readonly url: string;
  /** Stops the server (SIGTERM: with persistence on, it saves first). */
  stop(): Promise<void>;
  /** Starts it again on the same port, from the same folder. */
  restart(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** `persist`: an append-only file, so that a restart keeps what was written. */
export async function startRedis(persist: boolean): Promise<TestRedis> {
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), 'tabula-redis-'));
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', ''];
  args.push('--appendonly', persist ? 'yes' : 'no', '--appendfsync', 'always');
  const url = `redis://127.0.0.1:${port}`;
  let server: ChildProcess | null = null;
  const start = async (): Promise<void> => {
    server = spawn('redis-server', args, { stdio: 'ignore' });
    for (let waited = 0; waited < 5000; waited += 50) {
      const client = new Redis(url, { lazyConnect: true, retryStrategy: () => null });
      client.on('error', () => {}); // refused while the server starts: asked again below
      const up = await client.connect().then(
        () => true,
        () => false,
      );
      client.disconnect();
      if (up) return;
      await sleep(50);
    }
    throw new Error(`redis-server did not start on port ${port}`);
  };
  const stop = async (): Promise<void> => {
    const running = server;
    server = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  };
  await start();
  return { url, stop, restart: start };
}
