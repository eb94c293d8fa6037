/**
 * A run's games played again for a timeout the machine caused, counted once across stops and
 * restarts: games played at once by a stand-in executor that stores them as the run's executors do,
 * their timeouts the machine's or the bot's as the test says, from the store a run resumes from.
 */
import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { GameResult } from '../../src/core/game-result.js';
import { MACHINE_TRIES } from '../../src/core/time-control.js';
import { millis, seat } from '../../src/core/units.js';
import { findGame } from '../../src/games/registry.js';
import type { PlannedGame } from '../../src/runs/formats/format.js';
import { runReport } from '../../src/runs/report/run-report.js';
import { runInPlay } from '../../src/runs/run.js';
import { runIdentity } from '../../src/runs/run-config.js';
import { planRun, type RunPlan } from '../../src/runs/run-plan.js';
import type { RunInPlay } from '../../src/runs/scheduled-game.js';
import type { SeatTimes } from '../../src/runs/store/records.js';
import { Store } from '../../src/runs/store/store.js';

type Outcome = 'machine' | 'bot' | 'clean';

/** A match of `games` games between two random bots, stored in a new database. */
async function matchRun(games: number, replay: boolean): Promise<{ store: Store; plan: RunPlan }> {
  const store = new Store(join(await mkdtemp(join(tmpdir(), 'tabula-replays-')), 'runs.db'));
  const mills = await findGame('mills');
  const plan = planRun(mills, {
    format: 'match',
    bots: ['builtin:random', 'builtin:random'],
    games,
    timeLimits: { firstTurn: millis(1000), turn: millis(50) },
    gameOptions: {},
    ...(replay && { replayMachineTimeouts: true }),
  });
  return { store, plan };
}

/** A game as played: seat 1 timed out where `outcome` says so, 40 ms late, having waited 45 ms for a CPU or 1 ms. */
function played(planned: PlannedGame, outcome: Outcome): { result: GameResult; times: SeatTimes[] } {
  const timeout = outcome !== 'clean';
  const result: GameResult = {
    game: 'mills',
    seed: planned.seed,
    turns: 20,
    winner: seat(0),
    reason: timeout ? 'seat 1 timeout' : 'a win',
    players: planned.seats.map((_, s) => ({
      bot: 'builtin:random',
      seat: seat(s),
      score: s === 0 ? 1 : timeout ? -1 : 0,
      rank: s + 1,
      status: timeout && s === 1 ? 'timeout' : 'ok',
      message: timeout && s === 1 ? 'no answer within 50 ms' : '',
    })),
  };
  const turn = { limitMs: 50, answeredMs: 90, waitMs: outcome === 'machine' ? 45 : 1 };
  const times = planned.seats.map(
    (_, s): SeatTimes => ({
      firstTurnMs: 10,
      turnMs: [5],
      firstTurnLimitMs: 1000,
      turnLimitMs: 50,
      ...(timeout && s === 1 && { timeout: turn }),
    }),
  );
  return { result, times };
}

/**
 * Plays the run's games one at a time, at once, as `outcome` rules each play (by index and play),
 * storing each as the executors do; stops after `plays` stored plays, the last one left untold to
 * the run where `crash` (stored, then the process died). Returns the plays made: `index/play`.
 */
function playSome(
  run: RunInPlay,
  store: Store,
  outcome: (index: number, play: number) => Outcome,
  plays = Infinity,
  crash = false,
): string[] {
  const made: string[] = [];
  for (let next = run.schedule.next(); next !== null && next !== 'wait'; next = run.schedule.next()) {
    const game = played(next, outcome(next.index, next.play ?? 1));
    const earlierPlay = run.earlierPlay?.(next, game);
    const finished = {
      runId: run.runId,
      index: next.index,
      ...(earlierPlay !== undefined && { earlierPlay }),
      round: next.round,
      seats: next.seats,
      ...game,
      durationMs: 1,
    };
    const id = store.recordGame(finished, JSON.stringify({ turns: [], result: game.result }));
    made.push(`${next.index}/${next.play ?? 1}`);
    if (made.length === plays && crash) break;
    if (id !== null) run.onGame({ ...finished, id, finishedAt: new Date().toISOString() });
    if (made.length === plays) break;
  }
  return made;
}

describe('games played again for a timeout the machine caused', () => {
  it('plays such a game again, up to the last play, which counts; each play stored once across restarts', async () => {
    const { store, plan } = await matchRun(4, true);
    const run = store.openRun('match', runIdentity(plan.config), plan.config, 7);
    // Game 0: the machine's every time; game 1: the machine's, then clean; game 2: the bot's own; game 3: clean.
    const outcome = (index: number, play: number): Outcome =>
      index === 0 ? 'machine' : index === 1 ? (play === 1 ? 'machine' : 'clean') : index === 2 ? 'bot' : 'clean';
    const handed: PlannedGame[] = [];
    const watch = (r: RunInPlay): RunInPlay => ({
      ...r,
      schedule: {
        ...r.schedule,
        next: () => {
          const next = r.schedule.next();
          if (next !== null && next !== 'wait') handed.push(next);
          return next;
        },
      },
    });
    // A process that dies having stored the third play of game 0, before the run heard of it.
    const first = playSome(watch(runInPlay(plan, run, store)), store, outcome, 3, true);
    // One that dies having stored game 1's first play, which is to be played again.
    const second = playSome(watch(runInPlay(plan, run, store)), store, outcome, 1);
    const third = playSome(watch(runInPlay(plan, run, store)), store, outcome);
    assert.deepEqual([first, second, third], [['0/1', '0/2', '0/3'], ['1/1'], ['1/2', '2/1', '3/1']]);
    for (const game of handed) {
      const { play: _, ...planned } = game;
      assert.deepEqual(
        planned,
        handed.find((g) => g.index === game.index && g.play === undefined),
        'from its seed, the same seats',
      );
    }
    assert.ok(handed.every((g) => (g.play ?? 1) <= MACHINE_TRIES));

    const games = store.games(run.id);
    const earlier = store.earlierPlays(run.id);
    assert.deepEqual(
      games.map((g) => g.index),
      [0, 1, 2, 3],
      'each game counted once: the last play of game 0, the second of game 1',
    );
    assert.deepEqual(
      earlier.map((g) => [g.index, g.earlierPlay]),
      [
        [0, 1],
        [0, 2],
        [1, 1],
      ],
    );
    const stored = games.find((g) => g.index === 0)!;
    const { id: _, finishedAt: _at, ...again } = stored;
    assert.equal(store.recordGame(again, '{}'), null, 'a play stored again is kept as it was');
    const { id: _earlierId, finishedAt: _earlierAt, ...earlierAgain } = earlier[2]!;
    assert.equal(store.recordGame(earlierAgain, '{}'), null, 'an earlier play too');
    assert.deepEqual(store.placeOf(earlier[2]!.id), { index: 1, earlierPlay: 1 });

    const report = runReport(store.runs()[0]!, store.games(run.id), store.earlierPlays(run.id));
    assert.equal(report.gamesPlayed, 4);
    const pair = report.pairs[0]!;
    assert.equal(pair.wins + pair.draws + pair.losses, 4);
    assert.equal(report.machineTimeouts.replaying, true);
    assert.equal(report.machineTimeouts.gamesPlayedAgain, 2);
    assert.deepEqual(
      report.machineTimeouts.earlierPlays.map((p) => [p.index, p.play, p.seat, p.why]),
      earlier.map((g) => [
        g.index,
        g.earlierPlay,
        1,
        'seat 1 answered 40 ms past its 50 ms, having waited 45 ms for a CPU',
      ]),
    );
    assert.equal(report.machineTimeouts.counted, 1, 'game 0, at its last play');
    store.close();
  });

  it('waits, rather than ends, while a game being played may have to be played again', async () => {
    const { store, plan } = await matchRun(1, true);
    const run = store.openRun('match', runIdentity(plan.config), plan.config, 7);
    const playing = runInPlay(plan, run, store);
    const first = playing.schedule.next();
    assert.ok(first !== null && first !== 'wait');
    assert.equal(playing.schedule.next(), 'wait', 'the only game is being played');
    const store1 = (game: PlannedGame, outcome: Outcome) => {
      const finished = {
        runId: run.id,
        index: 0,
        round: 0,
        seats: game.seats,
        ...played(game, outcome),
        durationMs: 1,
      };
      const earlierPlay = playing.earlierPlay?.(game, finished);
      const stored = { ...finished, ...(earlierPlay !== undefined && { earlierPlay }) };
      const id = store.recordGame(stored, '{}')!;
      playing.onGame({ ...stored, id, finishedAt: '' });
    };
    store1(first, 'machine');
    const second = playing.schedule.next();
    assert.ok(second !== null && second !== 'wait');
    assert.deepEqual(second, { ...first, play: 2 });
    store1(second, 'clean');
    assert.equal(playing.schedule.next(), null);
    assert.deepEqual([store.games(run.id).length, store.earlierPlays(run.id).length], [1, 1]);
    store.close();
  });

  it('without the option, counts a timeout the machine caused at once, as a loss, and says so', async () => {
    const { store, plan } = await matchRun(2, false);
    const run = store.openRun('match', runIdentity(plan.config), plan.config, 7);
    assert.deepEqual(
      playSome(runInPlay(plan, run, store), store, () => 'machine'),
      ['0/1', '1/1'],
    );
    const report = runReport(run, store.games(run.id), store.earlierPlays(run.id));
    assert.deepEqual(report.machineTimeouts, { replaying: false, gamesPlayedAgain: 0, earlierPlays: [], counted: 2 });
    assert.equal(report.pairs[0]!.games, 2);
    store.close();
  });

  it('makes the option part of what identifies a run: its games count otherwise', async () => {
    const [off, on] = await Promise.all([matchRun(2, false), matchRun(2, true)]);
    assert.notEqual(runIdentity(off.plan.config), runIdentity(on.plan.config));
    assert.equal('replayMachineTimeouts' in off.plan.config, false, 'a run without it is found as before');
    off.store.close();
    on.store.close();
  });
});
