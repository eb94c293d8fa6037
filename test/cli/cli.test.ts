import assert from 'node:assert/strict';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { Replay } from '../../src/arena/replay.js';
import { unenforced } from '../../src/arena/sandbox/sandbox.js';
import { isRunning } from '../../src/core/proc.js';
import { root, slack, tabula } from '../support/cli.js';

const millsBot = (mode: string, ...args: string[]) =>
  ['python3', join(root, 'test/fixtures/bots/mills_first.py'), mode, ...args].join(' ');

async function playJson(...args: string[]) {
  const run = await tabula(['play', 'mills', ...args, '--json']);
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stdout.trim().split('\n').length, 1, 'exactly one line of JSON');
  return JSON.parse(run.stdout);
}

describe('tabula games', () => {
  it('lists Mills with its players, limits and bots', async () => {
    const run = await tabula(['games']);
    assert.equal(run.code, 0);
    assert.match(run.stdout, /^mills\s+Mills\s+2\s+1000 ms\s+50 ms\s+-\s+builtin:random/m);
    const json = JSON.parse((await tabula(['games', '--json'])).stdout);
    // Its bosses change as its bots grow: test/starters/kit.test.ts checks bosses for every game.
    const { boss, bosses, ...mills } = json.find((g: { id: string }) => g.id === 'mills');
    // The first built-in bot in full; the others are Mills' own (see test/games/mills/bots.test.ts).
    assert.deepEqual(
      { ...mills, builtins: mills.builtins.slice(0, 1) },
      {
        id: 'mills',
        title: 'Mills',
        players: { min: 2, max: 2 },
        timeLimits: { firstTurnMs: 1000, turnMs: 50 },
        bots: ['random', 'greedy', 'strong'],
        options: [],
        builtins: [{ name: 'random', description: 'plays one of the listed options, uniformly at random', params: [] }],
        starters: ['python', 'javascript', 'typescript', 'cpp', 'java', 'rust', 'go'],
      },
    );
  });
});

describe('tabula play', () => {
  it('prints exactly the result contract with --json', async () => {
    const result = await playJson('builtin:random', 'builtin:random', '--seed', '7', ...slack);
    assert.deepEqual(Object.keys(result), ['game', 'seed', 'turns', 'winner', 'reason', 'players']);
    assert.equal(result.game, 'mills');
    assert.equal(result.seed, 7);
    assert.ok(Number.isInteger(result.turns) && result.turns > 0);
    assert.ok(result.winner === 0 || result.winner === 1 || result.winner === null);
    assert.equal(typeof result.reason, 'string');
    assert.equal(result.players.length, 2);
    for (const [i, p] of result.players.entries()) {
      assert.deepEqual(Object.keys(p), ['bot', 'seat', 'score', 'rank', 'status', 'message', 'name']);
      assert.equal(p.rank, result.winner === null || result.winner === i ? 1 : 2);
      assert.deepEqual([p.bot, p.seat, p.status], ['builtin:random', i, 'ok']);
    }
  });

  it('writes a replay with every exchange, and replays the same game from the same seed', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tabula-'));
    const runs = [];
    for (const name of ['a.json', 'b.json']) {
      const file = join(dir, name);
      const run = await tabula([
        'play',
        'mills',
        'builtin:random',
        millsBot('play'),
        '--seed',
        '42',
        '--replay',
        file,
        '--turn-ms',
        '1000',
      ]);
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stdout, /^mills, seed 42: \d+ turns$/m);
      runs.push(JSON.parse(await readFile(file, 'utf8')) as Replay);
    }
    const [a, b] = runs as [Replay, Replay];
    assert.equal(a.version, 1);
    assert.equal(a.seed, 42);
    assert.deepEqual(
      a.players.map((p) => p.bot),
      ['builtin:random', millsBot('play')],
    );
    const first = a.turns[0]!;
    assert.deepEqual(first.input.slice(0, 3), ['BLACK 200 0 0 9 9', '0', '24']);
    assert.equal(first.output.length, 1);
    assert.equal(a.turns[1]!.stderr, 'WHITE turn 1\n', "the bot's stderr is kept per turn");
    assert.ok(a.turns.every((t) => t.timeMs >= 0 && t.limitMs > 0 && t.state !== undefined));
    // The bot runs as a process in its sandbox: its CPU time is measured (where the machine allows);
    // the built-in bot's, in process, is not.
    const measured = !unenforced().has('cpu time');
    assert.ok(
      a.turns.every((t) => (t.seat === 1 && measured) === (t.cpuMs !== undefined && t.cpuMs >= 0)),
      'CPU time beside the wall time',
    );
    assert.ok(
      a.turns.every((t) => (t.cpuMs !== undefined) === (t.waitMs !== undefined && t.waitMs >= 0)),
      'and its wait for a CPU beside its CPU time',
    );
    const untimed = (r: Replay) => r.turns.map((t) => ({ ...t, timeMs: 0, cpuMs: 0, waitMs: 0 }));
    assert.deepEqual(untimed(a), untimed(b));
    assert.deepEqual(a.result, b.result);
  });

  it('judges misbehaving bots: timeout, crash, garbage, stderr flood', async () => {
    // Limits far above what these bots need, but for the sleeper: only its status may depend on time.
    const slack = ['--seed', '1', '--turn-ms', '400', '--first-turn-ms', '5000'];
    const sleeper = await playJson('builtin:random', millsBot('sleep'), ...slack);
    assert.equal(sleeper.players[1].status, 'timeout');
    assert.match(
      sleeper.players[1].message,
      /^no answer within 400 ms \(stopped after [\d.]+ ms, [\d.]+ ms over(; it used [\d.]+ ms of CPU and waited [\d.]+ ms for one)?; no answer came in the 400 ms more it was watched; load average [\d.]+ on \d+ cores\)$/,
    );
    assert.deepEqual([sleeper.winner, sleeper.turns], [0, 4]);

    const quitter = await playJson(millsBot('exit3'), 'builtin:random', ...slack);
    assert.equal(quitter.players[0].status, 'crash');
    assert.match(quitter.players[0].message, /exited with code 3; stderr: .*giving up at turn 3/);
    assert.deepEqual([quitter.winner, quitter.turns], [1, 5]);

    const noisy = await playJson('builtin:random', millsBot('garbage'), ...slack);
    assert.equal(noisy.players[1].status, 'invalid');
    assert.match(noisy.players[1].message, /^"HELLO WORLD": /);

    const flood = await playJson(millsBot('flood'), 'builtin:random', ...slack);
    assert.equal(flood.players[0].status, 'ok', flood.players[0].message);
  });

  it('shows each turn as it ends with --verbose: input, answer, stderr, time; stdout stays the result', async () => {
    const run = await tabula([
      'play',
      'mills',
      'me=builtin:random',
      millsBot('garbage'),
      '--seed',
      '1',
      '--verbose',
      '--json',
      ...slack,
    ]);
    assert.equal(run.code, 0, run.stderr);
    const result = JSON.parse(run.stdout);
    assert.deepEqual(
      result.players.map((p: { name: string }) => p.name),
      ['me', millsBot('garbage')],
    );
    const log = run.stderr.split('\n');
    assert.match(log[0]!, /^turn 1, seat 0 \(me\): [\d.]+ ms of 10000 ms$/);
    assert.equal(log[1], '  > BLACK 200 0 0 9 9');
    const second = log.indexOf(log.find((l) => l.startsWith('turn 2, seat 1 '))!);
    assert.match(log[second - 1]!, /^ {2}< PUT \d \d 0 0$/, "the first bot's answer");
    assert.ok(log.includes('  ! WHITE turn 1'), "the second bot's stderr");
    assert.ok(log.includes('  < HELLO WORLD'));
    assert.ok(log.includes('  invalid: "HELLO WORLD": unknown keyword "HELLO": expected PUT or MOVE'));
    const summary = await tabula(['play', 'mills', 'me=builtin:random', millsBot('garbage'), '--seed', '1', ...slack]);
    assert.match(summary.stdout, /^ {2}seat 0 {2}me {2}/m, 'the summary names the bot');
    assert.equal(summary.stderr, '', 'nothing on stderr without --verbose');
  });

  it("sets a named bot's directory and environment in its command line", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tabula-'));
    const file = join(dir, 'replay.json');
    const bot = `mine=cd ${dir} && FLAVOUR=sour sh -c 'echo "$PWD $FLAVOUR" >&2; exec ${millsBot('play')}'`;
    const result = await playJson(bot, 'builtin:random', '--seed', '1', '--replay', file, ...slack);
    assert.deepEqual([result.players[0].name, result.players[0].status], ['mine', 'ok']);
    const replay = JSON.parse(await readFile(file, 'utf8')) as Replay;
    assert.match(replay.turns[0]!.stderr, new RegExp(`^${dir} sour\\n`));
  });

  it('leaves no process behind when a bot starts one', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tabula-'));
    const pidFile = join(dir, 'child.pid');
    await playJson(millsBot('spawn', pidFile), 'builtin:random', '--seed', '1', '--turn-ms', '1000');
    const child = Number(await readFile(pidFile, 'utf8'));
    assert.ok(child > 0);
    assert.equal(isRunning(child), false);
  });

  it('exits non-zero with a clear message only when the arena cannot run', async () => {
    const cases: [string[], number, RegExp][] = [
      [['play', 'chess', 'a', 'b'], 2, /unknown game "chess" \(known games: .*mills/],
      [['play', 'mills', 'builtin:random'], 2, /Mills is played by 2 players, not 1/],
      [
        ['play', 'mills', 'builtin:random', 'builtin:best'],
        3,
        /cannot start bot "builtin:best": mills has no built-in bot "best"/,
      ],
      [
        ['play', 'mills', 'builtin:random', './no-such-bot'],
        3,
        /cannot start bot "\.\/no-such-bot": exited with code 127/,
      ],
      [['play', 'mills', 'builtin:random', 'builtin:random', '--seed', 'x'], 2, /seed/],
      [['play', 'mills', 'builtin:random', 'builtin:random', '--turn-ms', '-5'], 2, /positive number of milliseconds/],
    ];
    for (const [args, code, message] of cases) {
      const run = await tabula(args);
      assert.equal(run.code, code, `${args.join(' ')}: ${run.stderr}`);
      assert.match(run.stderr, message);
      assert.equal(run.stdout, '');
    }
  });
});

describe('tabula bot', () => {
  it('runs a built-in bot on stdin/stdout, speaking the statement', async () => {
    const input = ['BLACK 200 0 0 9 9', '0', '2', 'PUT 0 0 0 0', 'PUT 5 2 0 0', ''].join('\n');
    const run = await tabula(['bot', 'mills', 'random', '--seed', '3'], input);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^PUT (0 0|5 2) 0 0\n$/);
  });
});
