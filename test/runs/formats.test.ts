/** The run formats through their contract: what each schedule hands out, when it waits, and what a resumed run skips. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Seating } from '../../src/core/game.js';
import { millis } from '../../src/core/units.js';
import type { PlannedGame, RunFormat, RunRequest, Schedule } from '../../src/runs/formats/format.js';
import { formatNamed } from '../../src/runs/formats/index.js';
import { combinations, permutations } from '../../src/runs/formats/tables.js';
import type { RunConfig } from '../../src/runs/run-config.js';
import type { StoredGame } from '../../src/runs/store/records.js';
import { storedGame } from '../support/runs.js';

const game: Seating & { id: string } = { id: 'mills', title: 'Mills', seats: { min: 2, max: 4 } };
const twoSeats: Seating & { id: string } = { ...game, seats: { min: 2, max: 2 } };

function configOf(request: Partial<RunRequest> & Pick<RunRequest, 'format' | 'bots'>, on = game): RunConfig {
  const format = formatNamed(request.format);
  const full: RunRequest = { timeLimits: { firstTurn: millis(1000), turn: millis(50) }, gameOptions: {}, ...request };
  format.check(on, full);
  return format.configure(on, full, undefined);
}

/** Every game the schedule hands out, until it waits or has none left. */
function drain(schedule: Schedule): { games: PlannedGame[]; end: 'wait' | null } {
  const games: PlannedGame[] = [];
  for (;;) {
    const next = schedule.next();
    if (next === null || next === 'wait') return { games, end: next };
    games.push(next);
  }
}

const plan = (config: RunConfig, seed: number, stored: readonly StoredGame[] = []) =>
  (formatNamed(config.kind === 'match' ? 'match' : config.format) as RunFormat).schedule(config, seed, stored);

/** A stored game of a planned one: seat 0 wins, or a draw. */
const played = (bots: readonly string[], g: PlannedGame, winner: number | null = 0): StoredGame =>
  storedGame(bots, { index: g.index, round: g.round, seats: g.seats, winner });

describe('run formats', () => {
  it('play a match in pairs, one seed a pair with the seats swapped, more games extending the same schedule', () => {
    const config = configOf({ format: 'match', bots: ['a', 'b'], games: 6 });
    const { games, end } = drain(plan(config, 42));
    assert.equal(end, null);
    assert.deepEqual(
      games.map((g) => g.seats),
      [
        [0, 1],
        [1, 0],
        [0, 1],
        [1, 0],
        [0, 1],
        [1, 0],
      ],
    );
    assert.deepEqual(
      games.map((g) => g.index),
      [0, 1, 2, 3, 4, 5],
    );
    assert.equal(games[0]!.seed, games[1]!.seed);
    assert.notEqual(games[0]!.seed, games[2]!.seed);
    const fewer = drain(plan(configOf({ format: 'match', bots: ['a', 'b'], games: 4 }), 42)).games;
    assert.deepEqual(fewer, games.slice(0, 4), 'more games extend the same schedule');
    assert.notEqual(drain(plan(config, 43)).games[0]!.seed, games[0]!.seed);
  });

  it('skip the games a resumed run has stored, and stop a match once its SPRT decides', () => {
    const bots = ['a', 'b'];
    const config = configOf({
      format: 'match',
      bots,
      games: 400,
      sprt: { elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05 },
    });
    const all = drain(plan(config, 1, [])).games.slice(0, 4);
    const resumed = plan(config, 1, [played(bots, all[0]!), played(bots, all[2]!)]);
    assert.deepEqual(
      [resumed.next(), resumed.next()].map((g) => (g === null || g === 'wait' ? g : g.index)),
      [1, 3],
    );
    // Bot a wins every game: the SPRT decides, and the schedule starts no more.
    const schedule = plan(config, 1);
    let handed = 0;
    for (let next = schedule.next(); next !== null && next !== 'wait'; next = schedule.next()) {
      handed++;
      schedule.record(played(bots, next, next.seats.indexOf(0)));
    }
    assert.ok(schedule.decided(), 'decided');
    assert.ok(handed < 400, `stopped after ${handed} games`);
    assert.equal(schedule.next(), null);
  });

  it('play every seat order of every table on one seed per round', () => {
    const rr = drain(plan(configOf({ format: 'round-robin', bots: ['a', 'b', 'c'], players: 2, rounds: 2 }), 7)).games;
    assert.equal(rr.length, 3 * 2 * 2);
    assert.deepEqual(
      rr.slice(0, 6).map((g) => g.seats),
      [
        [0, 1],
        [1, 0],
        [0, 2],
        [2, 0],
        [1, 2],
        [2, 1],
      ],
    );
    assert.equal(rr[0]!.seed, rr[1]!.seed);
    assert.notEqual(rr[0]!.seed, rr[6]!.seed, 'a new round deals anew');
    const gauntlet = drain(plan(configOf({ format: 'gauntlet', bots: ['a', 'b', 'c', 'd'], players: 2 }), 7)).games;
    assert.ok(gauntlet.every((g) => g.seats.includes(0)));
    assert.equal(gauntlet.length, 6);
    const four = drain(plan(configOf({ format: 'round-robin', bots: ['a', 'b', 'c', 'd'] }), 7)).games;
    assert.equal(four.length, 24, 'all 24 seat orders of four players');
    assert.equal(new Set(four.map((g) => g.seats.join())).size, 24);
    assert.equal(new Set(four.map((g) => g.seed)).size, 1);
    const three = drain(plan(configOf({ format: 'round-robin', bots: ['a', 'b', 'c', 'd'], players: 3 }), 7)).games;
    assert.equal(three.length, 4 * 6);
    for (let seat = 0; seat < 3; seat++) {
      const counts = [0, 0, 0, 0];
      for (const g of three) counts[g.seats[seat]!]!++;
      assert.deepEqual(counts, [3 * 2, 3 * 2, 3 * 2, 3 * 2], `every bot sits at seat ${seat} equally often`);
    }
  });

  it('pair a Swiss round only once the round before it is stored, and plan the same rounds when resumed', () => {
    const bots = ['a', 'b', 'c', 'd', 'e'];
    const config = configOf({ format: 'swiss', bots }, twoSeats);
    assert.equal(config.kind === 'tournament' && config.rounds, 3, 'log2 of the bots, rounded up');
    const schedule = plan(config, 5);
    assert.equal(schedule.total, 3 * 4);
    const round0 = drain(schedule);
    assert.equal(round0.end, 'wait', 'round 1 waits for round 0');
    assert.deepEqual(
      round0.games.map((g) => g.round),
      [0, 0, 0, 0],
    );
    const stored: StoredGame[] = [];
    for (const g of round0.games.slice(0, 3)) stored.push(played(bots, g));
    for (const g of stored) schedule.record(g);
    assert.equal(schedule.next(), 'wait', 'still one game of round 0 to go');
    const last = played(bots, round0.games[3]!);
    stored.push(last);
    schedule.record(last);
    const round1 = drain(schedule);
    assert.equal(round1.end, 'wait');
    assert.ok(round1.games.every((g) => g.round === 1));
    // A run resumed with round 0 and half of round 1 stored plans the same round 1 and hands out the rest.
    const half = round1.games.slice(0, 2).map((g) => played(bots, g));
    const resumed = drain(plan(config, 5, [...stored, ...half]));
    assert.deepEqual(resumed.games, round1.games.slice(2));
    for (const g of [...round1.games.map((p) => played(bots, p))]) schedule.record(g);
    const round2 = drain(schedule);
    for (const g of round2.games) schedule.record(played(bots, g));
    assert.equal(schedule.next(), null, 'no round after the last');
  });

  it('refuse runs that cannot be played, in words', () => {
    assert.throws(() => configOf({ format: 'match', bots: ['a', 'b'] }, { ...game, seats: { min: 3, max: 4 } }), {
      message: 'Mills is not played by two players: use tabula tournament',
    });
    assert.throws(() => configOf({ format: 'round-robin', bots: ['a'] }), {
      message: 'a tournament needs at least two bots',
    });
    assert.throws(() => configOf({ format: 'round-robin', bots: ['a', 'b'], players: 3 }), {
      message: 'tables of 3 need at least 3 bots',
    });
    assert.throws(() => configOf({ format: 'swiss', bots: ['a', 'b', 'c'], players: 3 }), {
      message: 'a Swiss tournament is played at tables of two',
    });
  });

  it('enumerate combinations and permutations', () => {
    assert.deepEqual(combinations(4, 2), [
      [0, 1],
      [0, 2],
      [0, 3],
      [1, 2],
      [1, 3],
      [2, 3],
    ]);
    assert.deepEqual(permutations([1, 2, 3]), [
      [1, 2, 3],
      [1, 3, 2],
      [2, 1, 3],
      [2, 3, 1],
      [3, 1, 2],
      [3, 2, 1],
    ]);
  });
});
