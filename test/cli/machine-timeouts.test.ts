/**
 * `--replay-machine-timeouts`, end to end: a match whose bot is kept from its core by a real-time
 * hog pinned beside it has its game played again, three plays in all, the last counted; one whose
 * bot sleeps or computes past its limit is not played again. What each play's failing turn measured
 * decides what must have happened to it; the hog makes the machine the cause, as
 * test/arena/timeouts.test.ts does.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { unenforced } from '../../src/arena/sandbox/sandbox.js';
import { MACHINE_TRIES, machineCaused } from '../../src/core/time-control.js';
import { Store } from '../../src/runs/store/store.js';
import { root, slowness, startTabula, tabula } from '../support/cli.js';
import { startRedis } from '../support/redis.js';

const lateBot = (...args: (string | number)[]) =>
  ['python3', join(root, 'test/fixtures/bots/morris_late.py'), ...args].join(' ');

const dir = await mkdtemp(join(tmpdir(), 'tabula-machine-'));
const fifo = join(dir, 'hog');
/**
 * A process that, at each line written to its named pipe, spins 200 ms at real-time priority on
 * CPU 0; it says when it is ready. Started before this process can move itself into a cgroup (the sandbox's, by `unenforced`),
 * where no real-time time is given.
 */
const HOG = `import os, sys, time
os.sched_setaffinity(0, {0})
os.sched_setscheduler(0, os.SCHED_FIFO, os.sched_param(1))
print("ready", flush=True)
while True:
    with open(sys.argv[1]) as pipe:
        for line in pipe:
            end = time.monotonic() + 0.2
            while time.monotonic() < end: pass`;
const hogProblem =
  availableParallelism() < 2
    ? 'one CPU: the hog would hold the arena too'
    : spawnSync('chrt', ['-f', '1', 'true']).status !== 0
      ? 'no real-time priority to be had here (chrt -f): it needs root'
      : spawnSync('mkfifo', [fifo]).status !== 0
        ? 'no named pipe (mkfifo)'
        : false;
const hog: ChildProcess | null = hogProblem
  ? null
  : spawn('python3', ['-c', HOG, fifo], { stdio: ['ignore', 'pipe', 'inherit'] });
/** The hog is pinned, at its priority, and about to wait on its pipe (its interpreter may take seconds to start). */
const hogReady = hog ? once(hog.stdout!, 'data') : Promise.resolve();
after(() => hog?.kill('SIGKILL'));
const noRedis = spawnSync('redis-server', ['--version']).status === 0 ? false : 'no redis-server';
/** The wait for a CPU is read from the bot's threads, which its cgroup lists. */
const unmeasured = unenforced().get('containment') ?? false;

// biome-ignore lint/suspicious/noExplicitAny: the events are JSON the test inspects field by field.
type Event = Record<string, any>;

/**
 * One game of Nine Men's Morris, `bot` at seat 0, late on its second turn (100 ms; its first has the
 * time to start up), against a random bot; each play as stored, with its measured ruling.
 */
async function playLate(bot: string, replay: boolean, more: readonly string[] = []) {
  const db = join(await mkdtemp(join(dir, 'run-')), 'runs.db');
  const run = await tabula([
    'match',
    'morris',
    `late=${bot}`,
    'builtin:random',
    '--games',
    '1',
    '--turn-ms',
    '100',
    '--first-turn-ms',
    `${10_000 * slowness}`,
    '--db',
    db,
    '--json',
    ...(replay ? ['--replay-machine-timeouts'] : []),
    ...more,
  ]);
  assert.equal(run.code, 0, run.stderr);
  const events = run.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Event);
  const summary = events.at(-1)!;
  assert.equal(summary.event, 'summary');
  const store = new Store(db, { readonly: true });
  try {
    const runId = summary.run as number;
    /** The game's plays in order: the earlier ones, then the one counted, each ruled from what it measured. */
    const plays = [...store.earlierPlays(runId), ...store.games(runId)].map((g) => {
      const turn = store.replay(g.id)!.turns.find((t) => t.failure?.status === 'timeout');
      return { id: g.id, play: g.earlierPlay, seat: turn?.seat, machine: turn !== undefined && machineCaused(turn) };
    });
    return { events, summary, plays };
  } finally {
    store.close();
  }
}

/**
 * A hogged game's plays, each as it measured: the first the machine's (the hog's doing); every play
 * but the last played again for the machine's timeout; the last counted, the machine's only at the
 * last of the plays; each earlier play an event and a line of the report (`worker`: who played it).
 */
function assertPlayedAgain({ events, summary, plays }: Awaited<ReturnType<typeof playLate>>, worker?: string): void {
  assert.deepEqual(plays[0], { id: plays[0]!.id, play: 1, seat: 0, machine: true }, 'the hog made it the machine’s');
  const counted = plays.at(-1)!;
  assert.equal(counted.play, undefined, 'the last play is the game');
  assert.ok(plays.length <= MACHINE_TRIES);
  assert.ok(plays.slice(0, -1).every((p, k) => p.machine && p.play === k + 1));
  if (plays.length < MACHINE_TRIES) assert.equal(counted.machine, false, 'a play the machine spoiled is played again');
  const again = events.filter((e) => e.event === 'played-again');
  assert.deepEqual(
    again.map((e) => [e.gameId, e.index, e.play, e.seat, e.worker]),
    plays.slice(0, -1).map((p) => [p.id, 0, p.play, 0, worker]),
  );
  for (const e of again)
    assert.match(e.why, /^seat 0 answered [\d.]+ ms past its 100 ms, having waited [\d.]+ ms for a CPU/);
  assert.equal(events.filter((e) => e.event === 'game').length, 1);
  assert.equal(summary.gamesPlayed, 1, 'the earlier plays count nowhere');
  assert.equal(summary.pairs[0].games, 1);
  const { machineTimeouts } = summary;
  assert.deepEqual(
    [machineTimeouts.replaying, machineTimeouts.gamesPlayedAgain, machineTimeouts.counted],
    [true, 1, counted.machine ? 1 : 0],
  );
  assert.deepEqual(
    machineTimeouts.earlierPlays.map((p: Event) => [p.gameId, p.play, p.seat, p.name, p.limitMs]),
    plays.slice(0, -1).map((p) => [p.id, p.play, 0, 'late', 100]),
  );
}

describe('tabula match --replay-machine-timeouts', { skip: unmeasured }, () => {
  const hogged = `taskset -c 0 ${lateBot('hog', fifo)}`;

  it('plays a game again while the machine caused its timeout, three plays at most, the last counted', {
    skip: hogProblem,
  }, async () => {
    await hogReady;
    assertPlayedAgain(await playLate(hogged, true));
    // Without the option the machine's timeout is a loss as any, and the report says it looks like the machine's.
    const plain = await playLate(hogged, false);
    assert.equal(plain.plays.length, 1);
    assert.equal(plain.events.filter((e) => e.event === 'played-again').length, 0);
    assert.deepEqual(plain.summary.machineTimeouts, {
      replaying: false,
      gamesPlayedAgain: 0,
      earlierPlays: [],
      counted: plain.plays[0]!.machine ? 1 : 0,
    });
  });

  it('plays it again on a worker too', { skip: hogProblem || noRedis }, async () => {
    await hogReady;
    const redis = await startRedis(false);
    const worker = startTabula(['worker', '--redis', redis.url, '--concurrency', '1', '--name', 'w1']);
    try {
      assertPlayedAgain(await playLate(hogged, true, ['--redis', redis.url]), 'w1');
    } finally {
      worker.kill('SIGKILL');
      await redis.stop();
    }
  });

  for (const [how, bot] of [
    ['sleeps', lateBot('sleep', 200)],
    ['computes', lateBot('spin', 160)],
  ] as const) {
    it(`does not play a game again whose bot ${how} past its limit`, async () => {
      const { events, summary, plays } = await playLate(bot, true);
      assert.deepEqual(plays, [{ id: plays[0]!.id, play: undefined, seat: 0, machine: false }]);
      assert.equal(events.filter((e) => e.event === 'played-again').length, 0);
      assert.deepEqual(summary.machineTimeouts, { replaying: true, gamesPlayedAgain: 0, earlierPlays: [], counted: 0 });
      assert.equal(summary.bots[0].endings.timeout, 1);
    });
  }
});
