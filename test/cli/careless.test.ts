/**
 * Tabula as a careless user and a hostile client meet it, with real processes: every mistake is one
 * `tabula:` line with its exit code (docs/cli.md, "Exit codes"), a bot's misdeed is judged for what it
 * is, and no stack trace reaches a user, whatever they do (a full disk, a Redis that goes away, a run
 * killed with -9).
 */
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it, type TestContext } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import type { Replay } from '../../src/arena/replay.js';
import { procStat } from '../../src/core/proc.js';
import { connectRedis } from '../../src/runs/workers/redis.js';
import { type Run, root, slack, tabula, tabulaCommand } from '../support/cli.js';
import { freePort, startRedis } from '../support/redis.js';

const tempDir = () => mkdtemp(join(tmpdir(), 'tabula-careless-'));
const millsBot = (mode: string) => `python3 ${join(root, 'test/fixtures/bots/mills_first.py')} ${mode}`;
const random = ['builtin:random', 'builtin:random'];

/** No stack trace: what a person sees is a sentence, never Node's innards. */
function assertNoStack(stderr: string, what: string): void {
  assert.doesNotMatch(stderr, /\n\s+at /, `${what}: a stack trace reached the user: ${stderr}`);
}

/** Exit `code`, nothing on stdout, and one line on stderr: `tabula: ` and what matches `message`. */
function assertOneLine(run: Run, code: number, message: RegExp, what: string): void {
  assertNoStack(run.stderr, what);
  assert.equal(run.code, code, `${what}: ${run.stderr}`);
  assert.equal(run.stdout, '', what);
  assert.match(run.stderr, /^tabula: [^\n]*\n$/, `${what}: one line: ${JSON.stringify(run.stderr)}`);
  assert.match(run.stderr, message, what);
}

/** A tmpfs of `kb` KiB at a new folder, or why there can be none here (not root, no mount). */
function tinyDisk(kb: number): { readonly dir: string; readonly unmount: () => void } | string {
  if (process.getuid?.() !== 0) return 'mounting a small file system needs root';
  const dir = mkdtempSync(join(tmpdir(), 'tabula-full-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${kb}k`, 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    rmSync(dir, { recursive: true });
    return 'this machine does not let a tmpfs be mounted';
  }
  return {
    dir,
    unmount: () => {
      execFileSync('umount', ['-l', dir]);
      rmSync(dir, { recursive: true });
    },
  };
}

/** Fills the file system of `dir` but for about `leftKb` KiB. */
function fill(dir: string, leftKb: number): void {
  const free = statfsSync(dir).bavail * statfsSync(dir).bsize;
  const size = Math.max(0, free - leftKb * 1024);
  if (size > 0) writeFileSync(join(dir, `filler-${readdirSync(dir).length}`), Buffer.alloc(size));
}

describe('a careless user', () => {
  let dir: string;
  /** A database with one run of two Mills games. */
  let db: string;
  const match = (games: number, file: string) => [
    'match',
    'mills',
    ...random,
    '--games',
    `${games}`,
    ...slack,
    '--db',
    file,
  ];
  before(async () => {
    dir = await tempDir();
    db = join(dir, 'runs.db');
    const run = await tabula(match(2, db));
    assert.equal(run.code, 0, run.stderr);
  });

  it('replay --html into a folder that does not exist: refused, before anything is written', async () => {
    const page = join(dir, 'no', 'such', 'game.html');
    const run = await tabula(['replay', '1', '--db', db, '--html', page]);
    assertOneLine(run, 2, /there is no directory .*no\/such/, 'replay --html');
  });

  it('tabula new into /proc: refused at once, not a spin at full CPU', async (t: TestContext) => {
    if (!existsSync('/proc/self')) return t.skip('no /proc here');
    const started = Date.now();
    const run = await tabula(['new', 'mills', '/proc/tabula-x'], '', root, 30_000);
    assert.notEqual(run.code, null, 'still running after 30 s: killed');
    assertOneLine(run, 2, /^tabula: cannot write \/proc\/tabula-x: \/proc takes no new folders\n$/, 'new /proc/x');
    assert.ok(Date.now() - started < 30_000);
  });

  it('--random-plies past what makes sense: refused, naming the limit', async () => {
    const run = await tabula(['play', 'mills', ...random, '--random-plies', '100000']);
    assertOneLine(run, 2, /100000 random plies .*at most 30/, '--random-plies 100000');
    const matchRun = await tabula([...match(2, join(dir, 'plies.db')), '--random-plies', '31']);
    assertOneLine(matchRun, 2, /31 random plies .*at most 30/, 'match --random-plies 31');
    assert.equal(existsSync(join(dir, 'plies.db-wal')), false);
  });

  it('judge with a command that cannot start: exit 3, its one line, and nothing on stdout', async () => {
    const run = await tabula(['judge', 'mills', './no-such-bot', ...slack]);
    assertOneLine(run, 3, /cannot start bot "\.\/no-such-bot": exited with code 127/, 'judge ./no-such-bot');
  });

  it('a bot whose parameters miss their closing parenthesis: the parenthesis is named', async () => {
    const run = await tabula(['play', 'mills', 'builtin:strong(depth=2', 'builtin:random']);
    assertOneLine(run, 3, /"strong\(depth=2" has a "\(" without its "\)": parameters are written/, 'strong(depth=2');
  });

  it('usi: for a game without USI: the game has no such bridge, not "exec: not found"', async () => {
    const run = await tabula(['play', 'mills', 'usi:fairy-stockfish', 'builtin:random']);
    assertOneLine(run, 3, /mills has no usi: bridge/, 'usi: for mills');
  });

  it('one game pair is "1 pair"', async () => {
    const cwd = await tempDir();
    const args = ['judge', 'mills', millsBot('play'), '--league', 'wood', '--games', '2', '--seed', '3', ...slack];
    const run = await tabula(args, '', cwd);
    assertNoStack(run.stderr, 'judge');
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stdout, /^judging against the wood league's boss builtin:random, at most 2 games/);
    assert.match(run.stdout, /, in 2 games \(1 pair\), SPRT/);
  });

  it('a run asked for fewer games than it has: one progress line, not "3/2 games" twice', async () => {
    const file = join(await tempDir(), 'three.db');
    assert.equal((await tabula(match(3, file))).code, 0);
    const run = await tabula(match(2, file));
    assertNoStack(run.stderr, 'match --games 2');
    assert.equal(run.code, 0, run.stderr);
    const progress = run.stderr.split('\n').filter((l) => l.startsWith('run '));
    assert.deepEqual(progress, [progress[0]], run.stderr);
    assert.match(progress[0]!, /^run 1: 3\/3 games, failures \d+$/);
  });
});

describe('a bot that misbehaves', () => {
  const playJson = async (bot: string): Promise<{ result: Replay['result']; replay: Replay }> => {
    const file = join(await tempDir(), 'game.json');
    const run = await tabula([
      'play',
      'mills',
      'builtin:random',
      bot,
      '--seed',
      '1',
      '--json',
      '--replay',
      file,
      ...slack,
    ]);
    assertNoStack(run.stderr, bot);
    assert.equal(run.code, 0, run.stderr);
    const replay = JSON.parse(await readFile(file, 'utf8')) as Replay;
    return { result: JSON.parse(run.stdout), replay };
  };

  it('closing its input and sleeping is a crash, "closed its input", at its next turn', async () => {
    const { result, replay } = await playJson(millsBot('close-stdin'));
    assert.equal(result.players[1]!.status, 'crash');
    assert.match(result.players[1]!.message, /^closed its input/);
    // At the turn after the one it answered before closing: its second turn as seat 1.
    assert.deepEqual(
      replay.turns.filter((turn) => turn.seat === 1).map((turn) => turn.failure?.status ?? 'ok'),
      ['ok', 'ok', 'crash'],
    );
  });

  it('an over-long line is invalid, quoted from its start, with the time it took', async () => {
    const { result, replay } = await playJson(millsBot('long'));
    assert.equal(result.players[1]!.status, 'invalid');
    assert.match(
      result.players[1]!.message,
      /^"PUT 7{196}"… \((70000 characters|\d+ characters and no line end yet)\): output line longer than 65536 characters$/,
    );
    const last = replay.turns.at(-1)!;
    assert.equal(last.failure?.status, 'invalid');
    assert.ok(last.timeMs > 0, `its time is the turn's, not 0: ${last.timeMs}`);
  });
});

describe('a full disk', () => {
  let disk: ReturnType<typeof tinyDisk>;
  before(() => {
    disk = tinyDisk(2048);
  });
  after(() => {
    if (typeof disk !== 'string') disk.unmount();
  });

  it('during a match: one line that says so and where, and the games stored before are kept', async (t: TestContext) => {
    if (typeof disk === 'string') return t.skip(disk);
    const home = await tempDir();
    const match = (games: number, file: string) => [
      'match',
      'mills',
      ...random,
      '--games',
      `${games}`,
      ...slack,
      '--concurrency',
      '1',
      '--seed',
      '5',
      '--db',
      file,
    ];
    assert.equal((await tabula(match(2, join(home, 'r.db')))).code, 0);
    // The run's two games, then room for a few pages only: the run goes on and soon meets the full disk.
    const db = join(disk.dir, 'r.db');
    copyFileSync(join(home, 'r.db'), db);
    fill(disk.dir, 96);
    const run = await tabula(match(40, db));
    assertNoStack(run.stderr, 'match on a full disk');
    assert.equal(run.code, 2, run.stderr);
    assert.equal(run.stdout, '');
    const said = run.stderr.split('\n').filter((l) => l.startsWith('tabula: '));
    assert.deepEqual(said.length, 1, run.stderr);
    assert.match(said[0]!, /^tabula: cannot write .*r\.db: the disk is full \(the games stored so far are kept\)$/);
    const stored = new Database(db, { readonly: true });
    try {
      const count = (stored.prepare('SELECT count(*) AS n FROM games').get() as { n: number }).n;
      assert.ok(count >= 2, `the games stored before are there: ${count}`);
    } finally {
      stored.close();
    }
  });

  it('writing a replay: one line that says so and where, and no part of the file left', async (t: TestContext) => {
    if (typeof disk === 'string') return t.skip(disk);
    fill(disk.dir, 0);
    const file = join(disk.dir, 'game.json');
    const run = await tabula(['play', 'mills', ...random, '--seed', '1', '--replay', file]);
    assertOneLine(run, 2, /^tabula: cannot write .*game\.json: the disk is full\n$/, 'play --replay');
    assert.deepEqual(
      readdirSync(disk.dir).filter((f) => f.startsWith('game.json')),
      [],
    );
  });
});

describe('a run killed with -9', () => {
  it('is taken over at once, even while its process is a zombie not yet reaped', async (t: TestContext) => {
    if (!existsSync('/proc/self/stat')) return t.skip('no /proc here to tell a zombie');
    const db = join(await tempDir(), 'runs.db');
    const args = ['match', 'mills', ...random, '--games', '40', ...slack, '--concurrency', '1', '--db', db];
    // A parent that never reaps its child (as PID 1 in many containers): the killed run stays a zombie.
    const [node, argv] = tabulaCommand(args);
    const keeper = spawn(
      'python3',
      [
        '-c',
        'import subprocess, sys, time\n' +
          'p = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n' +
          'print(p.pid, flush=True)\n' +
          'time.sleep(120)',
        node,
        ...argv,
      ],
      { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] },
    );
    try {
      const pid = await new Promise<number>((resolve) => keeper.stdout.once('data', (d) => resolve(Number(`${d}`))));
      // Killed once it holds the run.
      for (let waited = 0; !claimed(db); waited += 100) {
        assert.ok(waited < 60_000, 'the run was never claimed');
        await sleep(100);
      }
      process.kill(pid, 'SIGKILL');
      for (let waited = 0; procStat(pid)?.state !== 'Z'; waited += 20) {
        assert.ok(waited < 5000, 'the killed run did not become a zombie');
        await sleep(20);
      }
      const again = await tabula(args.map((a) => (a === '40' ? '2' : a)));
      assertNoStack(again.stderr, 'the same match again');
      assert.equal(again.code, 0, again.stderr);
      assert.equal(procStat(pid)?.state, 'Z', 'still a zombie while the run was taken over');
    } finally {
      keeper.kill('SIGKILL');
    }
  });
});

/** Whether a process claims a run in the database at `path`. */
function claimed(path: string): boolean {
  if (!existsSync(path)) return false;
  try {
    const db = new Database(path, { readonly: true });
    try {
      return (db.prepare('SELECT count(*) AS n FROM run_claims').get() as { n: number }).n > 0;
    } finally {
      db.close();
    }
  } catch {
    return false; // the file is being made
  }
}

describe('a worker whose Redis goes away', () => {
  /** A `tabula worker`, its output kept as it comes. */
  const startWorker = (url: string) => {
    const [node, argv] = tabulaCommand(['worker', '--redis', url, '--concurrency', '1', '--name', 'w1']);
    const child = spawn(node, argv, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = { stdout: '', stderr: '' };
    child.stdout.on('data', (d) => (out.stdout += d));
    child.stderr.on('data', (d) => (out.stderr += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    return { child, out, exited };
  };
  const until = async (check: () => boolean, ms: number, what: string): Promise<void> => {
    for (let waited = 0; !check(); waited += 50) {
      assert.ok(waited < ms, what);
      await sleep(50);
    }
  };
  /** How long `exited` takes to resolve after now, at most `ms` (then null). */
  const timeToExit = async (exited: Promise<number | null>, ms: number) => {
    const started = Date.now();
    const code = await Promise.race([exited, sleep(ms).then(() => 'still running' as const)]);
    return { code, ms: Date.now() - started };
  };

  it('says so once, retries quietly, and ends at once on SIGTERM with no game in hand', async () => {
    const redis = await startRedis(false);
    const worker = startWorker(redis.url);
    try {
      await until(
        () => worker.out.stdout.includes('taking games'),
        30_000,
        `the worker did not start: ${worker.out.stderr}`,
      );
      await redis.stop();
      await sleep(6000);
      assertNoStack(worker.out.stderr, 'worker without Redis');
      assert.match(
        worker.out.stderr,
        /^tabula: worker w1 lost its connection to redis:\/\/127\.0\.0\.1:\d+ \([^)]*\); retrying\n$/,
      );
      worker.child.kill('SIGTERM');
      const { code, ms } = await timeToExit(worker.exited, 5000);
      assert.equal(code, 0, `SIGTERM ended it (${ms} ms): ${worker.out.stderr}`);
      assert.ok(ms < 3000, `at once: ${ms} ms`);
    } finally {
      worker.child.kill('SIGKILL');
      await redis.stop();
    }
  });

  it('waits quietly for a Redis not there yet, and ends on SIGTERM', async () => {
    const worker = startWorker(`redis://127.0.0.1:${await freePort()}`);
    try {
      await until(() => worker.out.stderr.includes('\n'), 30_000, 'nothing said');
      await sleep(3000);
      assertNoStack(worker.out.stderr, 'worker before Redis');
      assert.match(
        worker.out.stderr,
        /^tabula: worker w1 cannot reach redis:\/\/127\.0\.0\.1:\d+ \([^)]*\); retrying\n$/,
      );
      worker.child.kill('SIGTERM');
      const { code } = await timeToExit(worker.exited, 3000);
      assert.notEqual(code, 'still running');
    } finally {
      worker.child.kill('SIGKILL');
    }
  });

  it('refuses a --redis that is no Redis URL', async () => {
    const run = await tabula(['worker', '--redis', 'localhost:6379']);
    assertOneLine(run, 2, /a Redis URL is redis:\/\/HOST:PORT/, 'worker --redis localhost:6379');
  });

  it('says now and then that it still waits, and when it is back', async () => {
    const redis = await startRedis(false);
    const said: string[] = [];
    const client = await connectRedis(redis.url, 'test', { say: (l) => said.push(l), remindEveryMs: 200 });
    try {
      await redis.stop();
      await until(() => said.length >= 3, 10_000, `no reminder: ${said.join(' | ')}`);
      assert.match(said[0]!, /^test lost its connection to redis:.*; retrying$/);
      assert.match(said[1]!, /^test still waits for redis:\/\/\S+ \(for \d+ min\)$/);
      await redis.restart();
      await until(() => said.at(-1)!.endsWith('again'), 15_000, `not back: ${said.join(' | ')}`);
      assert.match(said.at(-1)!, /^test is connected to redis:\/\/\S+ again$/);
      const count = said.length;
      await sleep(500);
      assert.equal(said.length, count, 'no reminder once connected');
    } finally {
      client.disconnect();
      await redis.stop();
    }
  });
});
