import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { unenforced } from '../../src/arena/sandbox/sandbox.js';
import { ProcessSeat } from '../../src/arena/seats/process-seat.js';
import type { TurnResult } from '../../src/core/connection.js';
import { processIds, procStat } from '../../src/core/proc.js';
import { millis } from '../../src/core/units.js';
import { root } from '../support/cli.js';

const second = millis(1000);
/** Where there are no cgroups, no shell is made ahead: there is no cgroup to enter. */
const noCgroups = unenforced().get('containment') ?? false;

/** Plays one turn of `command`; the result, the bot closed. */
async function oneTurn(command: string, input: readonly string[] = ['go'], cwd?: string): Promise<TurnResult> {
  const bot = new ProcessSeat(command, cwd === undefined ? {} : { cwd });
  try {
    return await bot.turn(input, millis(5000));
  } finally {
    await bot.close();
  }
}

const answer = (r: TurnResult): string => (r.kind === 'line' ? r.line : JSON.stringify(r));

/** This process's children that are shells waiting for the script of their bot. */
function waitingShells(): number[] {
  return (processIds() ?? []).filter((pid) => {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'latin1');
      return (
        status.match(/^PPid:\s+(\d+)$/m)?.[1] === `${process.pid}` &&
        readFileSync(`/proc/${pid}/cmdline`, 'latin1').includes('read -r n')
      );
    } catch {
      return false;
    }
  });
}

/** Seconds since boot of a process's start (fork), from /proc/PID/stat and /proc/uptime. */
const ageSeconds = (pid: number): number =>
  parseFloat(readFileSync('/proc/uptime', 'latin1')) - Number(procStat(pid)?.startTime) / 100;

describe("a bot's shell", () => {
  it('is made ahead: the next bot of the same limits runs in a shell that was there before it', {
    skip: noCgroups,
  }, async () => {
    assert.equal(answer(await oneTurn('read -r a; echo "first $a"')), 'first go');
    await sleep(500);
    const bot = new ProcessSeat('read -r a; echo "second $a"; read -r a');
    try {
      assert.equal(answer(await bot.turn(['go'], second)), 'second go');
      const age = ageSeconds(bot.pgid!);
      assert.ok(age >= 0.4, `its process was forked ${age.toFixed(2)} s before, not before the bot was asked for`);
    } finally {
      await bot.close();
    }
  });

  it('made ahead and ended before its bot came is not used: the bot gets a new one', {
    skip: noCgroups,
  }, async () => {
    assert.equal(answer(await oneTurn('read -r a; echo "$a"')), 'go');
    let shells: number[] = [];
    for (let waited = 0; shells.length === 0 && waited < 5000; waited += 20) {
      await sleep(20);
      shells = waitingShells();
    }
    assert.ok(shells.length > 0, 'a shell waits for the next bot');
    for (const pid of shells) process.kill(pid, 'SIGKILL');
    await sleep(100);
    assert.equal(answer(await oneTurn('read -r a; echo "after $a"')), 'after go');
  });

  it('waiting for a bot does not keep Tabula running', async () => {
    const script = `
      const { ProcessSeat } = await import(${JSON.stringify(`${root}/dist/src/arena/seats/process-seat.js`)});
      const bot = new ProcessSeat('read -r a; echo "$a"');
      console.log((await bot.turn(['go'], 5000)).line);
      await bot.close();`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 20_000,
    });
    assert.equal(run.signal, null, `it ended by itself (${run.stderr})`);
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stdout, 'go\n');
  });

  it("leaves the bot's input whole, and runs a command of several lines in the bot's directory", async () => {
    const r = await oneTurn('read -r a\nIFS= read -r b; echo "$a|$b|$(pwd)"', ['one line', '  two\\ lines  '], '/tmp');
    assert.equal(answer(r), 'one line|  two\\ lines  |/tmp');
  });

  it('names a directory the bot cannot be started in', async () => {
    const r = await oneTurn('echo hi', ['go'], '/no/such/directory');
    assert.ok(r.kind === 'crash' && r.neverStarted, JSON.stringify(r));
    assert.match(r.detail, /can't cd to \/no\/such\/directory/);
  });

  it('tells its bot when it started it, on the clock Linux would not give (the process may be older)', async () => {
    const before = performance.timeOrigin + performance.now();
    const said = Number(answer(await oneTurn('read -r a; echo "$TABULA_STARTED"')));
    const after = performance.timeOrigin + performance.now();
    assert.ok(said >= before && said <= after, `${said} within [${before}, ${after}]`);
  });
});
