import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { combinations, matchSchedule, permutations, tableSchedule } from '../../src/league/schedule.js';

describe('schedules', () => {
  it('plays a match in pairs: one seed, seats swapped', () => {
    const games = matchSchedule(6, 42);
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
    assert.equal(games[2]!.seed, games[3]!.seed);
    assert.notEqual(games[0]!.seed, games[2]!.seed);
    assert.deepEqual(matchSchedule(4, 42), games.slice(0, 4), 'more games extend the same schedule');
    assert.notDeepEqual(matchSchedule(2, 43)[0]!.seed, games[0]!.seed);
  });

  it('plays every seat order of every table on one seed per round', () => {
    const rr = tableSchedule('round-robin', 3, 2, 2, 7);
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
    const gauntlet = tableSchedule('gauntlet', 4, 2, 1, 7);
    assert.ok(gauntlet.every((g) => g.seats.includes(0)));
    assert.equal(gauntlet.length, 6);
    const four = tableSchedule('round-robin', 4, 4, 1, 7);
    assert.equal(four.length, 24, 'all 24 seat orders of four players');
    assert.equal(new Set(four.map((g) => g.seats.join())).size, 24);
    assert.equal(new Set(four.map((g) => g.seed)).size, 1);
    const three = tableSchedule('round-robin', 4, 3, 1, 7);
    assert.equal(three.length, 4 * 6);
    for (let seat = 0; seat < 3; seat++) {
      const counts = [0, 0, 0, 0];
      for (const g of three) counts[g.seats[seat]!]!++;
      assert.deepEqual(counts, [3 * 2, 3 * 2, 3 * 2, 3 * 2], `every bot sits at seat ${seat} equally often`);
    }
  });

  it('enumerates combinations and permutations', () => {
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
