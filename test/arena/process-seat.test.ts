import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { runningInGroup as liveInGroup } from '../../src/arena/process/groups.js';
import { unenforced } from '../../src/arena/sandbox/sandbox.js';
import { ProcessSeat } from '../../src/arena/seats/process-seat.js';
import type { TurnResult } from '../../src/core/connection.js';
import { isRunning as isAlive } from '../../src/core/proc.js';
import { millis } from '../../src/core/units.js';
import { root } from '../support/cli.js';

const fixture = (name: string) => join(root, 'test/fixtures/bots', name);
const second = millis(1000);

/** Runs `bot` to the end whatever the test asserts, and checks that nothing of it is left. */
async function withBot(command: string, body: (bot: ProcessSeat) => Promise<void>, options = {}): Promise<void> {
  const bot = new ProcessSeat(command, options);
  try {
    await body(bot);
  } finally {
    await bot.close();
  }
  assert.deepEqual(liveInGroup(bot.pgid!), [], 'no process of the bot survives close()');
}

function expectLine(r: TurnResult): string {
  assert.equal(r.kind, 'line', `expected a line, got ${JSON.stringify(r)}`);
  return (r as { line: string }).line;
}

describe('ProcessSeat', () => {
  it('sends the input lines exactly and reads one answer line per turn', async () => {
    await withBot('while read -r a; do read -r b; echo "[$a|$b]"; done', async (bot) => {
      assert.equal(expectLine(await bot.turn(['one 1', 'two  2'], second)), '[one 1|two  2]');
      assert.equal(expectLine(await bot.turn(['3', '4'], second)), '[3|4]');
    });
  });

  it('strips a CR line ending and keeps a message after the answer for the next turn', async () => {
    await withBot(`read -r a; printf 'first\\r\\nsecond\\n'; read -r a`, async (bot) => {
      assert.equal(expectLine(await bot.turn(['go'], second)), 'first');
      const r = await bot.turn(['go'], second);
      assert.equal(expectLine(r), 'second', 'a line written ahead answers the next turn');
    });
  });

  it('measures the response time from the written input to the line', async () => {
    await withBot('read -r a; sleep 0.2; echo late-but-fine', async (bot) => {
      const r = await bot.turn(['go'], second);
      expectLine(r);
      assert.ok(r.kind === 'line' && r.elapsed >= 195 && r.elapsed < 900, `elapsed ${r.kind === 'line' && r.elapsed}`);
    });
  });

  it('times out a bot that sleeps past the limit, kills it at once, and reports how long it had', async () => {
    await withBot('read -r a; echo ok; read -r a; sleep 30; echo never', async (bot) => {
      expectLine(await bot.turn(['1'], second));
      const start = performance.now();
      const r = await bot.turn(['2'], millis(100));
      assert.equal(r.kind, 'timeout');
      assert.ok(r.kind === 'timeout' && r.elapsed > 100 && r.elapsed < 600, `elapsed ${JSON.stringify(r)}`);
      assert.ok(performance.now() - start < 1000, "the timeout is decided near the limit, not at the bot's leisure");
      await sleep(400);
      assert.deepEqual(liveInGroup(bot.pgid!), [], 'the bot is killed on timeout, before close()');
      assert.equal((await bot.turn(['3'], second)).kind, 'timeout', 'a timed-out bot answers no more');
    });
  });

  it('counts a line that arrives after the limit as a timeout', async () => {
    await withBot('read -r a; sleep 0.15; echo late', async (bot) => {
      const r = await bot.turn(['1'], millis(100));
      assert.equal(r.kind, 'timeout');
    });
  });

  it('reports a bot that exits at turn 3 as a crash with its exit code and last stderr', async () => {
    const script =
      'n=0; while read -r a; do n=$((n+1)); if [ $n -eq 3 ]; then echo "fatal: out of ideas" >&2; exit 3; fi; echo ok; done';
    await withBot(script, async (bot) => {
      expectLine(await bot.turn(['1'], second));
      expectLine(await bot.turn(['2'], second));
      const r = await bot.turn(['3'], second);
      assert.equal(r.kind, 'crash');
      assert.ok(r.kind === 'crash' && !r.neverStarted);
      assert.match(r.kind === 'crash' ? r.detail : '', /exited with code 3; stderr: fatal: out of ideas/);
      assert.match(r.stderr, /fatal: out of ideas/, 'the turn keeps its stderr');
    });
  });

  it('names the signal that killed a bot', async () => {
    await withBot('read -r a; kill -SEGV $$', async (bot) => {
      const r = await bot.turn(['1'], second);
      assert.equal(r.kind, 'crash');
      assert.match(r.kind === 'crash' ? r.detail : '', /killed by SIGSEGV/);
    });
  });

  it('reports a bot that closes its output while still running', async () => {
    await withBot('exec 1>&-; sleep 30', async (bot) => {
      const r = await bot.turn(['1'], second);
      assert.equal(r.kind, 'crash');
      assert.match(r.kind === 'crash' ? r.detail : '', /closed its output/);
    });
  });

  it('reports a bot that closes its output and lives on at once, though sh -c started it', async () => {
    await withBot(`python3 ${fixture('close-stdout.py')}`, async (bot) => {
      const r = await bot.turn(['1'], millis(20_000));
      assert.match(r.kind === 'crash' ? r.detail : JSON.stringify(r), /^closed its output$/, 'a crash, not a timeout');
    });
  });

  it('starts the clock when the input is in the pipe, not when Node gets round to the write callback', async () => {
    await withBot('while read -r a; do sleep 0.04; echo done; done', async (bot) => {
      expectLine(await bot.turn(['warm-up'], second));
      const answer = bot.turn(['go'], second);
      // The arena busy with other games' work in the same tick, as happens in a match.
      for (const start = performance.now(); performance.now() - start < 60; );
      const r = await answer;
      assert.ok(r.kind === 'line' && r.elapsed >= 40, `a 40 ms sleep measured at ${JSON.stringify(r)}`);
    });
  });

  it('tells a command the shell cannot find from a crash', async () => {
    await withBot('./no-such-bot-anywhere --fast', async (bot) => {
      const r = await bot.turn(['1'], second);
      assert.ok(r.kind === 'crash' && r.neverStarted, JSON.stringify(r));
      assert.match(r.kind === 'crash' ? r.detail : '', /code 127.*not found/);
    });
  });

  it('drains a flood of stderr without blocking the bot, and caps what it keeps', async () => {
    await withBot(
      `python3 ${fixture('stderr-flood.py')}`,
      async (bot) => {
        for (const n of [1, 2, 3]) {
          const r = await bot.turn([`${n}`], millis(5000));
          assert.equal(expectLine(r), `ok ${n}`);
          assert.ok(r.stderr.length < 5000, `stderr kept: ${r.stderr.length}`);
          assert.match(r.stderr, /^x+\n\[tabula: \d+ more characters of stderr dropped\]$/);
        }
      },
      { stderrCaps: { perTurn: 4096, total: 1 << 20 } },
    );
  });

  it('rejects an output line over the cap as an overflow', async () => {
    await withBot(`read -r a; head -c 100000 /dev/zero | tr '\\0' 'x'; echo`, async (bot) => {
      const r = await bot.turn(['1'], second);
      assert.equal(r.kind, 'overflow');
      assert.match(r.kind === 'overflow' ? r.detail : '', /longer than 65536 characters/);
    });
  });

  it("runs a bot in a process group of its own: in Tabula's session where perl can make the group, unless a cpu cgroup of its own keeps it from autogroups", async () => {
    // Fields 5 and 6 of /proc/<pid>/stat: process group and session (after the command's name).
    const groupAndSession = (stat: string) =>
      stat
        .slice(stat.lastIndexOf(')') + 2)
        .split(' ')
        .slice(2, 4)
        .map(Number);
    const [, tabulaSession] = groupAndSession(readFileSync('/proc/self/stat', 'utf8'));
    const perl = spawnSync('perl', ['-e', '1']).status === 0;
    const weighed = !unenforced().has('cpu share');
    // Its stat, then the cpu controller's line of its /proc/self/cgroup (v1: "N:cpu,...:/path"; v2: "0::/path").
    const command = `cat /proc/self/stat; grep -E '^[0-9]+:([^:]*,)?cpu(,[^:]*)?:|^0::' /proc/self/cgroup | head -n 1`;
    for (const sandboxed of [false, true]) {
      await withBot(
        command,
        async (bot) => {
          const [stat, cgroup] = [expectLine(await bot.turn([], second)), expectLine(await bot.turn([], second))];
          const [group, session] = groupAndSession(stat);
          assert.equal(group, bot.pgid, 'the bot leads its own process group');
          if (sandboxed && weighed) {
            // Autogroups group only the root cgroup's tasks: a session of its own costs it nothing.
            assert.notEqual(cgroup.split(':')[2], '/', 'a cpu cgroup of its own');
            assert.equal(session, bot.pgid);
          } else if (perl) assert.equal(session, tabulaSession, 'a session of its own would be an autogroup');
          else assert.equal(session, bot.pgid);
        },
        sandboxed ? {} : { limits: null },
      );
    }
  });

  it('ends the processes a bot started, even after the bot itself exited', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tabula-'));
    const pidFile = join(dir, 'child.pid');
    let child = 0;
    await withBot(`sleep 300 & echo $! > ${pidFile}; read -r a; echo ok; read -r a; exit 0`, async (bot) => {
      expectLine(await bot.turn(['1'], second));
      child = Number(readFileSync(pidFile, 'utf8'));
      assert.ok(isAlive(child), 'the child runs during the game');
      assert.equal((await bot.turn(['2'], second)).kind, 'crash');
    });
    assert.equal(isAlive(child), false, 'the child is gone after the game');
  });

  it('kills with SIGKILL a bot that ignores SIGTERM', async () => {
    await withBot(
      `trap '' TERM; read -r a; echo ok; while :; do sleep 0.05; done`,
      async (bot) => {
        expectLine(await bot.turn(['1'], second));
        const start = performance.now();
        await bot.close();
        assert.ok(performance.now() - start >= 45, 'close waited for SIGTERM to work before SIGKILL');
      },
      { killGraceMs: 50 },
    );
  });

  it('times out a bot that does not read its input, even when the pipe is full', async () => {
    await withBot('sleep 30', async (bot) => {
      const r = await bot.turn(['y'.repeat(200_000)], millis(100));
      assert.equal(r.kind, 'timeout');
    });
  });

  it('skips the lines a turn does not accept, keeping the clock on the accepted one', async () => {
    await withBot(
      'read -r a; echo "info depth 1"; sleep 0.05; echo "info depth 2"; echo "bestmove 1a1b"',
      async (bot) => {
        const r = await bot.turn(['go'], second, (line) => line.startsWith('bestmove '));
        assert.equal(expectLine(r), 'bestmove 1a1b');
        assert.ok(r.kind === 'line' && r.elapsed >= 45);
      },
    );
  });

  it('closes the input first and lets the bot exit by itself within the grace', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tabula-'));
    // The bot says when its trap is set: a busy machine may start it late.
    const script = (file: string) =>
      `trap 'echo term > ${file}; exit' TERM; : > ${file}.ready; cat > /dev/null; sleep 0.1; echo clean > ${file}`;
    await withBot(script(join(dir, 'graceful')), (bot) => bot.close(millis(2000)));
    assert.equal(readFileSync(join(dir, 'graceful'), 'utf8'), 'clean\n');
    await withBot(script(join(dir, 'killed')), async (bot) => {
      for (let waited = 0; !existsSync(join(dir, 'killed.ready')) && waited < 10_000; waited += 10) await sleep(10);
      await bot.close();
    });
    assert.equal(readFileSync(join(dir, 'killed'), 'utf8'), 'term\n', 'without a grace, SIGTERM at once');
  });
});
