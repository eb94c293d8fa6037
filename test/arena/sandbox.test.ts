import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import { getPriority, homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { viewProblem } from '../../src/arena/sandbox/file-view.js';
import { STRANGER_IDS } from '../../src/arena/sandbox/identity.js';
import { DEFAULT_LIMITS } from '../../src/arena/sandbox/limits.js';
import { unenforced } from '../../src/arena/sandbox/sandbox.js';
import { ProcessSeat, type ProcessSeatOptions } from '../../src/arena/seats/process-seat.js';
import type { TurnResult } from '../../src/core/connection.js';
import { isRunning, procStat } from '../../src/core/proc.js';
import { millis } from '../../src/core/units.js';
import { root, slowness } from '../support/cli.js';

const bot = (name: string, ...args: (string | number)[]) =>
  ['python3', join(root, 'test/fixtures/bots', name), ...args].join(' ');
/** A wait that is not what a test checks: longer where the machine is slower (an emulator's). */
const seconds = (n: number) => millis(n * 1000 * slowness);
/** What this machine cannot enforce: the tests of those skip, saying why. */
const off = unenforced();
const skip = (what: Parameters<typeof off.get>[0]) => {
  const why = off.get(what);
  return why === undefined ? false : `${what} ${why}`;
};

/** Plays `turns` turns of `command` under `options`; the results, the bot closed whatever happened. */
async function play(command: string, turns: number, options: ProcessSeatOptions = {}): Promise<TurnResult[]> {
  const b = new ProcessSeat(command, options);
  try {
    const results: TurnResult[] = [];
    // Generous: a bot over its memory may thrash a while before the kernel kills it (seconds where
    // the file system is slow, as in a User-Mode Linux guest), and the limit, not the clock, must stop it.
    for (let t = 0; t < turns; t++) results.push(await b.turn([`${t}`], seconds(60)));
    return results;
  } finally {
    await b.close();
  }
}

const answer = (r: TurnResult | undefined): string => (r?.kind === 'line' ? r.line : JSON.stringify(r));

const crashDetail = (r: TurnResult | undefined): string => {
  assert.equal(r?.kind, 'crash', JSON.stringify(r));
  return r.kind === 'crash' ? r.detail : '';
};

/** Why bots cannot be given a view of their own files here: that test skips, saying why. */
const noView = viewProblem();

describe('the sandbox of a bot process', () => {
  it('stops a bot that allocates past its memory limit, naming the limit, at that turn', {
    skip: skip('memory'),
  }, async () => {
    const [first] = await play(bot('allocate.py', 200), 1, { limits: { ...DEFAULT_LIMITS, memoryMb: 64 } });
    assert.match(crashDetail(first), /^exceeded its memory limit of 64 MB; it was killed by SIGKILL/);
    const [fine] = await play(bot('allocate.py', 20), 1, { limits: { ...DEFAULT_LIMITS, memoryMb: 64 } });
    assert.equal(fine?.kind, 'line', 'a bot within its limit plays on');
  });

  it('contains a fork storm and reports it as such', { skip: skip('processes') }, async () => {
    const [first] = await play(bot('fork-storm.py', 100), 1, { limits: { ...DEFAULT_LIMITS, maxProcesses: 20 } });
    assert.match(crashDetail(first), /^went over its limit of 20 processes and threads at once \(a fork storm\)/);
    const [fine] = await play(bot('fork-storm.py', 10), 1, { limits: { ...DEFAULT_LIMITS, maxProcesses: 20 } });
    assert.equal(fine?.kind, 'line', 'a bot within its limit plays on');
  });

  it('stops a bot that went over its process limit and plays on, by its next turn', {
    skip: skip('processes'),
  }, async () => {
    const b = new ProcessSeat(bot('fork-storm.py', 100, 'survive'), {
      limits: { ...DEFAULT_LIMITS, maxProcesses: 20 },
    });
    try {
      await b.turn(['1'], seconds(10)); // answered, or stopped already: the sandbox is watched between answers
      await sleep(300);
      const later = await b.turn(['2'], seconds(10));
      assert.match(crashDetail(later), /^went over its limit of 20 processes and threads at once/);
    } finally {
      await b.close();
    }
  });

  it('ends a child that called setsid and ignores SIGTERM and SIGHUP', { skip: skip('containment') }, async () => {
    const pidFile = join(await mkdtemp(join(tmpdir(), 'tabula-')), 'child.pid');
    const b = new ProcessSeat(bot('setsid-child.py', pidFile));
    let child = 0;
    try {
      assert.equal((await b.turn(['1'], seconds(10))).kind, 'line');
      child = Number(readFileSync(pidFile, 'utf8'));
      assert.ok(isRunning(child), 'the child runs during the game');
    } finally {
      await b.close();
    }
    assert.equal(isRunning(child), false, 'the child is gone when the bot is closed');
  });

  it('keeps a bot off the network, loopback included, unless the network is allowed', {
    skip: skip('network'),
  }, async () => {
    const server = createServer((socket) => socket.end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const [denied] = await play(bot('connect.py', port), 1);
      assert.match(denied?.kind === 'line' ? denied.line : JSON.stringify(denied), /^no connection: /);
      const [allowed] = await play(bot('connect.py', port), 1, { limits: { ...DEFAULT_LIMITS, allowNetwork: true } });
      assert.equal(allowed?.kind === 'line' && allowed.line, 'connected');
    } finally {
      server.close();
    }
  });

  it('hands a bot stdin, stdout and stderr, and none of the descriptors its sandbox was made with', async () => {
    const [sandboxed] = await play(bot('descriptors.py'), 1);
    assert.equal(answer(sandboxed), 'open: none');
  });

  it('gives every thread and process of a bot that lowered its priority Tabula’s back at its first answer', {
    skip: skip('start-up priority'),
  }, async () => {
    const own = `${getPriority()}`;
    const [first, second] = await play(bot('nice.py'), 2, { startUp: seconds(10) });
    assert.deepEqual([first, second].map(answer), ['19 19 19', `${own} ${own} ${own}`]);
    const [, unasked] = await play(bot('nice.py'), 2);
    assert.equal(answer(unasked), '19 19 19', 'without a start-up time, not at all');
  });

  it('gives a slow starter its priority back when its start-up time is over', {
    skip: skip('start-up priority'),
  }, async (t) => {
    const own = `${getPriority()}`;
    const span = 3000;
    const created = performance.now();
    const b = new ProcessSeat(bot('nice.py'), { startUp: millis(span) });
    try {
      // The bot lowers itself as it starts (Python, then a thread and a child): only once it has,
      // before its start-up time is over, can the give-back at that time be seen.
      const lowered = () => b.pgid !== undefined && procStat(b.pgid)?.nice === 19;
      while (!lowered() && performance.now() - created < span / 2) await sleep(20);
      if (!lowered()) return t.skip(`the bot took over ${span / 2} ms to start: the machine is too busy`);
      // The start-up is timed from the bot's spawn, after its sandbox is made: wait for the give-back
      // (at most twice the span), then ask every thread's and process's priority.
      const given = () => b.pgid !== undefined && `${procStat(b.pgid)?.nice}` === own;
      while (!given() && performance.now() - created < 2 * span) await sleep(20);
      assert.equal(answer(await b.turn(['0'], seconds(10))), `${own} ${own} ${own}`);
    } finally {
      await b.close();
    }
  });

  it('measures the CPU time of a turn: a bot that computes 30 ms against one that sleeps 30 ms', {
    skip: skip('cpu time'),
  }, async () => {
    const cpu = (results: TurnResult[]) => results.slice(1).map((r) => (r.kind === 'line' ? r.cpu : undefined));
    const spinning = await play(bot('cpu.py', 'spin', 30), 6);
    const sleeping = await play(bot('cpu.py', 'sleep', 30), 6);
    for (const r of [...spinning, ...sleeping])
      assert.ok(
        r.kind === 'line' && r.wait !== undefined && r.wait >= 0,
        `each turn has its wait for a CPU: ${JSON.stringify(r)}`,
      );
    const [spin, sleep] = [cpu(spinning), cpu(sleeping)];
    for (const [s, z] of spin.map((s, i) => [s, sleep[i]] as const)) {
      assert.ok(s !== undefined && z !== undefined, 'every answered turn has its CPU time');
      // The bot spins until the kernel has counted 30 ms of CPU to it: the turn's reading holds
      // nearly all of them (a tenth spared), however late the turn's answer came.
      assert.ok(s >= 27, `the computing bot's 30 ms of CPU counted as ${s} ms`);
      assert.ok(s > z, `the computing bot used more CPU (${s} ms) than the sleeping one (${z} ms)`);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
    assert.ok(median(spin as number[]) > 5 * median(sleep as number[]), `spin ${spin}, sleep ${sleep}`);
  });

  it('tells a bot that filled its /tmp so: files, not memory', {
    skip: noView === null ? false : `no view of a bot's own files: ${noView}`,
  }, async () => {
    // Its /tmp holds half its memory, 32 MB: the 33rd MB fails, and the bot dies of it.
    const fill = `python3 -c "import sys; sys.stdin.readline(); f = open('/tmp/fill', 'wb')
while True: f.write(bytes(1 << 20)); f.flush()"`;
    const [first] = await play(fill, 1, { limits: { ...DEFAULT_LIMITS, memoryMb: 64, files: 'own' } });
    const detail = crashDetail(first);
    assert.match(detail, /its \/tmp was full \(it holds 32 MB of files\)/);
    assert.doesNotMatch(detail, /memory limit/, 'its memory held');
  });

  it('shows a bot with a view of its own files its directory, the system and a private /tmp, and nothing else', {
    skip: noView === null ? false : `no view of a bot's own files: ${noView}`,
  }, async () => {
    const base = await mkdtemp(join(tmpdir(), 'tabula-view-'));
    const [own, other] = [join(base, 'own'), join(base, 'other')];
    mkdirSync(own);
    mkdirSync(other);
    writeFileSync(join(own, 'data.txt'), 'mine');
    writeFileSync(join(own, 'runs.db'), 'results');
    writeFileSync(join(other, 'secret.txt'), 'theirs');
    const paths = [
      join(own, 'data.txt'),
      join(own, 'runs.db'),
      join(other, 'secret.txt'),
      homedir(),
      '/etc/hostname',
      '/etc/shadow',
    ];
    // The server's environment holds secrets (a token, a key): none may reach a stranger's bot.
    process.env.TEACHER_SECRET = 'do-not-tell';
    const look = (files: 'own' | 'all') =>
      play(bot('look.py', ...paths), 1, {
        cwd: own,
        hidden: [join(own, 'runs.db')],
        limits: { ...DEFAULT_LIMITS, files },
      });
    const [seen] = await look('own');
    const view = JSON.parse(answer(seen));
    assert.deepEqual(view.readable, {
      [paths[0]!]: true,
      [paths[1]!]: false,
      [paths[2]!]: false,
      [paths[3]!]: false,
      '/etc/hostname': existsSync('/etc/hostname'),
      '/etc/shadow': false,
    });
    assert.equal(view.cwd, own);
    assert.match(view.tmp, /^\/tmp\/[^/]+$/, 'its $TMPDIR is /tmp, and it may write there');
    assert.equal(existsSync(view.tmp), false, 'a /tmp of its own: what it wrote is not in the machine’s');
    assert.equal(view.cgroups, false, 'no cgroup file to leave its cgroups by');
    if (process.getuid?.() === 0) {
      // Root runs it as an id of its own outside any user namespace: no account's, no file's.
      assert.ok(
        view.uid >= STRANGER_IDS.first && view.uid < STRANGER_IDS.first + STRANGER_IDS.count,
        `its id ${view.uid} is from Tabula's range`,
      );
      assert.deepEqual([view.gid, view.groups], [view.uid, []], 'a group of its own, and no other');
      assert.deepEqual(view.uid_map, ['0', '0', '4294967295'], 'outside any user namespace');
    } else assert.equal(view.uid, process.getuid?.(), 'an ordinary user runs it as that user');
    assert.deepEqual(
      view.env.filter((name: string) => !['PWD', 'OLDPWD', 'SHLVL', '_'].includes(name)),
      ['HOME', 'LANG', 'PATH', 'TABULA_STARTED', 'TMPDIR'],
      'an environment of Tabula’s making only',
    );
    const [all] = await look('all');
    const seenAll = JSON.parse(answer(all));
    assert.equal(seenAll.readable[paths[2]!], true, 'with --bot-files all, as today: all its user may read');
    assert.equal(seenAll.uid, process.getuid?.(), 'your own bots run as you');
    assert.ok(seenAll.env.includes('TEACHER_SECRET'), 'your own bots keep your environment');
    delete process.env.TEACHER_SECRET;
  });
});
