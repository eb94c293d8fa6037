/**
 * Whom a timeout is due to, from outside: real bot processes in their sandbox, and a machine made
 * busy for real (a real-time process pinned to the bot's core). A bot that sleeps or computes past
 * its limit has timed out; one kept from its core answers late by no more than it waited, and the
 * machine is the cause (core/time-control.ts, `machineCaused`).
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEFAULT_LIMITS } from '../../src/arena/sandbox/limits.js';
import { unenforced } from '../../src/arena/sandbox/sandbox.js';
import { ProcessSeat } from '../../src/arena/seats/process-seat.js';
import type { TurnResult } from '../../src/core/connection.js';
import { machineCaused } from '../../src/core/time-control.js';
import { millis } from '../../src/core/units.js';
import { root } from '../support/cli.js';

const cpuBot = (...args: (string | number)[]) =>
  ['python3', join(root, 'test/fixtures/bots/cpu.py'), ...args].join(' ');
/**
 * A process that, once told to (a line on its input), spins 200 ms at real-time priority on CPU 0.
 * Started before this process's first bot, since Tabula then moves itself into a cgroup of its own
 * (the sandbox's cpu cgroups), where no real-time time is given; and started ahead, its interpreter
 * ready, so that the 200 ms are all it takes.
 */
const HOG = `import os, sys, time
sys.stdin.readline()
os.sched_setaffinity(0, {0})
os.sched_setscheduler(0, os.SCHED_FIFO, os.sched_param(1))
end = time.monotonic() + 0.2
while time.monotonic() < end: pass`;
const hogProblem =
  availableParallelism() < 2
    ? 'one CPU: the hog would hold the arena too'
    : spawnSync('chrt', ['-f', '1', 'true']).status !== 0
      ? 'no real-time priority to be had here (chrt -f): it needs root'
      : false;
const hog: ChildProcess | null = hogProblem
  ? null
  : spawn('python3', ['-c', HOG], { stdio: ['pipe', 'ignore', 'inherit'] });
/** The wait for a CPU is read from the bot's threads, which its cgroup lists. */
const unmeasured = unenforced().get('containment');
const LIMIT = millis(100);

/** The first turn of `command` (its start-up out of the way first: a turn with a long limit). */
async function lateTurn(command: string, during?: () => Promise<() => void>): Promise<TurnResult> {
  const bot = new ProcessSeat(command, { limits: DEFAULT_LIMITS });
  try {
    const warm = await bot.turn(['warm'], millis(10_000));
    assert.equal(warm.kind, 'line', JSON.stringify(warm));
    const done = during ? await during() : () => {};
    const result = await bot.turn(['go'], LIMIT);
    done();
    return result;
  } finally {
    await bot.close();
  }
}

/** What a timed-out turn says of itself, as the replay records it. */
const record = (r: TurnResult) => {
  assert.equal(r.kind, 'timeout', JSON.stringify(r));
  return r.kind === 'timeout' ? { limitMs: LIMIT, answeredMs: r.answered, waitMs: r.wait, cpuMs: r.cpu } : null!;
};

describe('whom a timeout is due to', { skip: unmeasured ?? false }, () => {
  after(() => hog?.kill('SIGKILL'));

  it('a bot that sleeps past its limit has timed out: it answered late, having waited for nothing', async () => {
    const turn = record(await lateTurn(cpuBot('sleep', 180)));
    assert.ok(turn.answeredMs !== undefined && turn.answeredMs >= 180, `it answered at ${turn.answeredMs} ms`);
    assert.ok(turn.waitMs !== undefined && turn.waitMs < 40, `it waited ${turn.waitMs} ms for a CPU`);
    assert.equal(machineCaused(turn), false);
  });

  it('a bot that computes past its limit has timed out, and one that never answers too', async () => {
    const late = record(await lateTurn(cpuBot('spin', 160)));
    assert.ok(late.answeredMs !== undefined, 'its answer came while it was watched');
    assert.ok(late.cpuMs !== undefined && late.cpuMs >= 150, `it computed ${late.cpuMs} ms`);
    assert.equal(machineCaused(late), false, `late by ${late.answeredMs! - LIMIT} ms, waited ${late.waitMs} ms`);
    const never = record(await lateTurn(cpuBot('spin', 2000)));
    assert.equal(never.answeredMs, undefined, 'no answer in the time it was watched');
    assert.equal(machineCaused(never), false);
  });

  it('a bot kept from its core by a real-time process pinned beside it: the machine caused it', {
    skip: hogProblem,
  }, async () => {
    // The hog spins 200 ms at real-time priority on CPU 0, where the bot is pinned too: the bot,
    // ready to run, waits for its core all that time, and answers late by about as much.
    const pinnedHog = async () => {
      hog!.stdin!.end('go\n');
      await sleep(5);
      return () => {};
    };
    const turn = record(await lateTurn(`taskset -c 0 ${cpuBot('spin', 20)}`, pinnedHog));
    assert.ok(turn.answeredMs !== undefined, 'its answer came while it was watched');
    assert.ok(turn.waitMs! >= 100, `it waited ${turn.waitMs} ms for its core`);
    assert.equal(machineCaused(turn), true, `late by ${turn.answeredMs! - LIMIT} ms, waited ${turn.waitMs} ms`);
  });

  it('an answer in time that the arena, busy, read after the deadline is the machine’s doing', async () => {
    const bot = new ProcessSeat(cpuBot('sleep', 0), { limits: DEFAULT_LIMITS });
    try {
      assert.equal((await bot.turn(['warm'], millis(10_000))).kind, 'line');
      const turn = bot.turn(['go'], LIMIT);
      // The bot answers at once; the arena, kept busy (as other games' work may keep it), reads it late.
      const until = Date.now() + 300;
      while (Date.now() < until) {}
      const timedOut = record(await turn);
      assert.ok(timedOut.answeredMs !== undefined && timedOut.answeredMs >= 250, `read at ${timedOut.answeredMs} ms`);
      const result = await turn;
      const arenaLate = result.kind === 'timeout' ? result.arenaLate : undefined;
      assert.ok(arenaLate !== undefined && arenaLate >= 150, `the arena ${arenaLate} ms late`);
      assert.equal(machineCaused({ ...timedOut, arenaLateMs: arenaLate }), true);
    } finally {
      await bot.close();
    }
  });

  it('a bot that exits in its turn is a crash with its code, though its end is read after its deadline', async () => {
    const bot = new ProcessSeat(
      'exec python3 -c "import sys; sys.stdin.readline(); print(1, flush=True); sys.stdin.readline(); sys.exit(7)"',
      {
        limits: DEFAULT_LIMITS,
      },
    );
    try {
      assert.equal((await bot.turn(['warm'], millis(10_000))).kind, 'line');
      const turn = bot.turn(['go'], millis(50));
      // The arena is kept busy past the deadline (as a loaded machine keeps it): the bot's exit, at
      // the start of its turn, and its clock's deadline are read together, the deadline first.
      const until = Date.now() + 400;
      while (Date.now() < until) {}
      const result = await turn;
      assert.equal(result.kind, 'crash', JSON.stringify(result));
      assert.match(result.kind === 'crash' ? result.detail : '', /^exited with code 7/);
    } finally {
      await bot.close();
    }
  });
});
