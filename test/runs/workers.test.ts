import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { copyFile, mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { root, slack } from '../support/cli.js';
import { startRedis, type TestRedis } from '../support/redis.js';

const main = new URL('../../src/cli/main.js', import.meta.url).href;

interface Tabula {
  readonly child: ChildProcess;
  readonly output: { stdout: string; stderr: string };
  readonly exited: Promise<number | null>;
}

/** `tabula <args>` as a real process that runs until it ends or is killed. */
function tabula(args: readonly string[], cwd = root): Tabula {
  const script = `const { main } = await import(${JSON.stringify(main)}); process.exitCode = await main(process.argv.slice(1));`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script, ...args], { cwd });
  const output = { stdout: '', stderr: '' };
  child.stdout.on('data', (d) => (output.stdout += d));
  child.stderr.on('data', (d) => (output.stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output, exited };
}

/** The schedule indices of the games stored in `db`, in storing order. */
function stored(db: string): number[] {
  try {
    const sqlite = new Database(db, { readonly: true, fileMustExist: true });
    try {
      return (sqlite.prepare('SELECT idx FROM games ORDER BY id').all() as { idx: number }[]).map((r) => r.idx);
    } finally {
      sqlite.close();
    }
  } catch {
    return [];
  }
}

async function until(condition: () => boolean, what: string, ms = 60_000): Promise<void> {
  for (let waited = 0; !condition(); waited += 100) {
    if (waited > ms) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

const tempDir = (): Promise<string> => mkdtemp(join(tmpdir(), 'tabula-workers-'));
const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

/** A Morris bot that takes 20 ms a turn, so that a game lasts long enough to be cut into. */
const slowBot = `python3 ${join(root, 'test/fixtures/bots/morris_slow.py')} 0.02`;

describe('workers through a queue', () => {
  const started: Tabula[] = [];
  const servers: TestRedis[] = [];
  const start = (args: readonly string[], cwd?: string): Tabula => {
    const t = tabula(args, cwd);
    started.push(t);
    return t;
  };
  const worker = (url: string, name: string, cwd?: string): Tabula =>
    start(['worker', '--redis', url, '--concurrency', '1', '--name', name, '--lock-ms', '1500'], cwd);
  const redis = async (persist: boolean): Promise<TestRedis> => {
    const server = await startRedis(persist);
    servers.push(server);
    return server;
  };

  after(async () => {
    for (const t of started) t.child.kill('SIGKILL');
    for (const server of servers) await server.stop();
  });

  it('loses nothing and counts nothing twice when a worker and the coordinator are killed', async () => {
    const { url } = await redis(false);
    const db = join(await tempDir(), 'runs.db');
    const games = 8;
    // A bot that takes 20 ms a turn: games still to play when the run is killed.
    const args = ['match', 'morris', slowBot, 'builtin:random', '--games', String(games), '--seed', '4'];
    args.push('--db', db, '--redis', url, '--json', ...slack);
    const w1 = worker(url, 'w1');
    worker(url, 'w2');
    const first = start(args);
    await until(() => stored(db).length >= 2, 'two games');
    w1.child.kill('SIGKILL'); // in the middle of its next game
    await until(() => stored(db).length >= 4, 'four games');
    first.child.kill('SIGKILL');
    await sleep(1000); // the worker left finishes games meanwhile: they wait in Redis
    const again = start(args);
    assert.equal(await again.exited, 0, again.output.stderr);
    assert.deepEqual(
      [...stored(db)].sort((a, b) => a - b),
      range(games),
      'every game once',
    );
    const summary = JSON.parse(again.output.stdout.trim().split('\n').at(-1)!);
    assert.equal(summary.event, 'summary');
    assert.equal(summary.gamesPlayed, games);
    const events = again.output.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
      .filter((e) => e.event === 'game');
    assert.ok(events.length > 0 && events.every((e) => e.worker === 'w2'), 'each game event names its worker');
  });

  for (const persist of [true, false]) {
    it(`finishes a run across a restart of Redis ${persist ? 'with' : 'without'} persistence`, async () => {
      const server = await redis(persist);
      const db = join(await tempDir(), 'runs.db');
      worker(server.url, `w-${persist}`);
      const args = ['match', 'morris', 'builtin:random', 'builtin:random', '--games', '4', '--seed', '9'];
      const coordinator = start([...args, '--db', db, '--redis', server.url, ...slack]);
      await until(() => stored(db).length >= 1, 'a game');
      await server.stop();
      await sleep(500);
      await server.restart();
      assert.equal(await coordinator.exited, 0, coordinator.output.stderr);
      assert.deepEqual(
        [...stored(db)].sort((a, b) => a - b),
        range(4),
        'every game once',
      );
    });
  }

  it('lets a worker stopped by Ctrl-C finish the game in hand', async () => {
    const { url } = await redis(false);
    const db = join(await tempDir(), 'runs.db');
    const w1 = worker(url, 'leaving');
    worker(url, 'staying');
    // The leaving worker's next game is in hand when the Ctrl-C comes.
    const args = ['match', 'morris', slowBot, 'builtin:random', '--games', '4', '--seed', '5'];
    const run = start([...args, '--db', db, '--redis', url, ...slack]);
    await until(() => w1.output.stderr.includes('leaving: game'), 'a game of the leaving worker');
    // Its next game taken from the queue (milliseconds), not yet played (its bot's turns alone take
    // 20 ms each): in hand now.
    await sleep(100);
    w1.child.kill('SIGINT');
    assert.equal(await w1.exited, 0, w1.output.stderr);
    assert.match(w1.output.stderr, /finishing the games in hand/);
    assert.equal(await run.exited, 0, run.output.stderr);
    assert.deepEqual(
      [...stored(db)].sort((a, b) => a - b),
      range(4),
    );
  });

  it("carries the bots' files to a worker elsewhere, and refuses a run no worker can play", async () => {
    const { url } = await redis(false);
    const here = await tempDir();
    await mkdir(join(here, 'bots'));
    await copyFile(join(root, 'test/fixtures/bots/mills_first.py'), join(here, 'bots/first.py'));
    const elsewhere = await tempDir(); // where the worker runs: no bots/ there
    worker(url, 'far', elsewhere);
    const db = join(here, 'runs.db');
    const bot = 'python3 bots/first.py';
    const run = start(
      ['match', 'mills', bot, 'builtin:random', '--games', '2', '--db', db, '--redis', url, '--json', ...slack],
      here,
    );
    assert.equal(await run.exited, 0, run.output.stderr);
    const summary = JSON.parse(run.output.stdout.trim().split('\n').at(-1)!);
    assert.equal(summary.bots[0].endings.normal, 2, JSON.stringify(summary.bots[0].failures));

    const refused = start(
      ['match', 'mills', 'no-such-command-xyz', 'builtin:random', '--db', db, '--redis', url],
      here,
    );
    assert.equal(await refused.exited, 3);
    assert.match(refused.output.stderr, /worker far cannot play this run: .*no-such-command-xyz/);
    assert.match(refused.output.stderr, /no worker can play this run/);
  });
});
