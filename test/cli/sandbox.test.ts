import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { runDirName } from '../../src/arena/sandbox/cgroups.js';
import { ownCgroupDirs, unenforced } from '../../src/arena/sandbox/sandbox.js';
import { isRunning } from '../../src/core/proc.js';
import { root, slack, slowness, startTabula, tabula } from '../support/cli.js';

const bot = (...args: string[]) => ['python3', join(root, 'test/fixtures/bots/mills_first.py'), ...args].join(' ');
const noCgroups = unenforced().get('containment');
/** Tabula's own cgroup directories (a child Tabula runs in the same ones). */
const ownDirs = ownCgroupDirs;

describe('nothing outlives Tabula', () => {
  it(`ends every bot process, read its input or not, within ${2 * slowness} s of Tabula being killed with SIGKILL mid-match`, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tabula-'));
    const pidFile = join(dir, 'pids');
    const match = startTabula([
      'match',
      'mills',
      bot('linger', pidFile),
      'builtin:random',
      '--games',
      '4',
      '--concurrency',
      '1',
      '--db',
      join(dir, 'runs.db'),
      '--turn-ms',
      `${5000 * slowness}`,
      '--first-turn-ms',
      `${10_000 * slowness}`,
    ]);
    // Limits and wait scaled with the machine: a bot that timed out would end its game before it is seen.
    const deadline = Date.now() + 60_000 * slowness;
    const pidsNow = () => (existsSync(pidFile) ? readFileSync(pidFile, 'utf8').trim() : '');
    const live = (text: string) => text !== '' && text.split(' ').map(Number).every(isRunning);
    // The file is written first when the run checks its bots, by a bot ended at once: wait for the
    // game's, whose processes are still there 300 ms later (the bot is then in the middle of a turn).
    let seen = '';
    while (Date.now() < deadline) {
      seen = pidsNow();
      if (live(seen)) {
        await sleep(300);
        if (pidsNow() === seen && live(seen)) break;
      } else await sleep(50);
    }
    const pids = seen.split(' ').map(Number);
    assert.ok(pids.length === 3 && pids.every(isRunning), 'the bot and its two children run during the match');
    match.kill('SIGKILL');
    await sleep(2000 * slowness);
    // Without cgroups, a process in a session of its own is out of reach (and is left to this test).
    const reach = noCgroups ? pids.slice(0, 2) : pids;
    assert.deepEqual(reach.filter(isRunning), [], 'the bot, its child, and its child in a session of its own are gone');
    if (noCgroups) process.kill(pids[2]!, 'SIGKILL');
    const left = ownDirs().flatMap((d) => readdirSync(d).filter((name) => name.split('.')[2] === `${match.pid}`));
    assert.deepEqual(left, [], 'the killed run left no cgroup behind');
  });

  it('removes the cgroups a dead run left, and kills what still ran in them', {
    skip:
      noCgroups ??
      (ownDirs().length === 0 ? 'bots are in scopes that systemd removes: Tabula leaves no directory' : false),
  }, async () => {
    const dead = spawnSync('true').pid!; // a pid no process has now
    const stale = runDirName().replace(/^(tabula\.\d+)\.\d+\.\d+$/, `$1.${dead}.1`);
    const sleeper = spawnSync('sh', ['-c', 'sleep 300 >/dev/null 2>&1 & echo $!'], { encoding: 'utf8' });
    const orphan = Number(sleeper.stdout.trim());
    for (const d of ownDirs()) {
      mkdirSync(join(d, stale, '1'), { recursive: true });
      writeFileSync(join(d, stale, '1', 'cgroup.procs'), `${orphan}`);
    }
    const run = await tabula(['play', 'mills', bot(), 'builtin:random', '--seed', '1']);
    assert.equal(run.code, 0, run.stderr);
    for (const d of ownDirs()) assert.equal(existsSync(join(d, stale)), false, `${join(d, stale)} is removed`);
    assert.equal(isRunning(orphan), false, 'what ran in it is killed');
  });
});

describe('bot limits and fair play on the command line', () => {
  it('warns when more games play at once than there are cores', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tabula-'));
    const concurrency = `${availableParallelism() + 1}`;
    const args = ['match', 'mills', 'builtin:random', 'builtin:random', '--games', '2', '--db', join(dir, 'runs.db')];
    const run = await tabula([...args, '--concurrency', concurrency, '--json']);
    assert.equal(run.code, 0, run.stderr);
    assert.match(
      run.stderr,
      new RegExp(`^tabula: warning: --concurrency ${concurrency} keeps ${concurrency} threads busy on \\d+ cores`, 'm'),
    );
  });

  it('--memory-mb stops a bot that allocates past it, naming the limit', {
    skip: unenforced().get('memory') ?? false,
  }, async () => {
    const allocate = ['python3', join(root, 'test/fixtures/bots/allocate.py'), '200'].join(' ');
    const run = await tabula([
      'play',
      'mills',
      allocate,
      'builtin:random',
      '--memory-mb',
      '64',
      '--seed',
      '1',
      '--json',
      ...slack, // the memory limit, not the clock, must stop it, however busy the machine
    ]);
    assert.equal(run.code, 0, run.stderr);
    const result = JSON.parse(run.stdout);
    assert.equal(result.players[0].status, 'crash');
    assert.match(result.players[0].message, /^exceeded its memory limit of 64 MB/);
  });

  it('--time-margin takes an answer past the limit within the margin, and records it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tabula-'));
    const slow = bot('late'); // answers its first two turns after 200 ms
    const args = ['play', 'mills', slow, 'builtin:random', '--seed', '1', '--turn-ms', '50', '--first-turn-ms', '50'];
    const late = await tabula([...args, '--json']);
    assert.equal(JSON.parse(late.stdout).players[0].status, 'timeout', 'without a margin, 200 ms is too late');
    const file = join(dir, 'replay.json');
    // Room for the bot's Python to start on a slow machine, 50 ms plus the margin being its first turn's.
    const margin = 5000 * slowness;
    const tolerated = await tabula([...args, '--time-margin', `${margin}`, '--replay', file, '--json']);
    assert.equal(JSON.parse(tolerated.stdout).players[0].status, 'ok', tolerated.stdout);
    const replay = JSON.parse(readFileSync(file, 'utf8'));
    assert.equal(replay.timeLimits.marginMs, margin);
    const turns = replay.turns.filter((t: { seat: number }) => t.seat === 0).slice(0, 2);
    assert.ok(
      turns.every((t: { timeMs: number; limitMs: number; failure?: unknown }) => t.timeMs > t.limitMs && !t.failure),
      'the overruns are in the replay, not punished',
    );
  });
});
