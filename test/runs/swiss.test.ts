import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pairKey, swissRound, swissStanding } from '../../src/runs/formats/swiss.js';
import { storedGame } from '../support/runs.js';

const bots = ['a', 'b', 'c', 'd', 'e'];

describe('Swiss rounds', () => {
  it('pairs a Swiss round by points, avoiding rematches, with a bye for an odd count', () => {
    const round0 = swissRound(0, 5, { points: [0, 0, 0, 0, 0], met: new Set(), byes: new Set() }, 1);
    assert.deepEqual(
      round0.map((g) => g.seats),
      [
        [0, 1],
        [1, 0],
        [2, 3],
        [3, 2],
      ],
    );
    assert.deepEqual(
      round0.map((g) => g.index),
      [0, 1, 2, 3],
    );
    const round1 = swissRound(
      1,
      5,
      { points: [2, 0, 1.5, 0.5, 1], met: new Set([pairKey(0, 1), pairKey(2, 3)]), byes: new Set([4]) },
      1,
    );
    // By points: 0 (2), 2 (1.5), 4 (1), 3 (0.5), 1 (0); the lowest without a bye, 1, sits out.
    assert.deepEqual(
      round1.map((g) => g.seats),
      [
        [0, 2],
        [2, 0],
        [4, 3],
        [3, 4],
      ],
    );
    assert.deepEqual(
      round1.map((g) => g.index),
      [4, 5, 6, 7],
    );
  });

  it('stands bots by points, with the pairs that met and a drawn pair for a bye', () => {
    // Round 0: a beats b twice, c and d split; e has the bye. Round 1: a-c draw twice; b has the bye.
    const games = [
      storedGame(bots, { index: 0, round: 0, seats: [0, 1], winner: 0 }),
      storedGame(bots, { index: 1, round: 0, seats: [1, 0], winner: 1 }),
      storedGame(bots, { index: 2, round: 0, seats: [2, 3], winner: 0 }),
      storedGame(bots, { index: 3, round: 0, seats: [3, 2], winner: 0 }),
      storedGame(bots, { index: 4, round: 1, seats: [0, 2], winner: null }),
      storedGame(bots, { index: 5, round: 1, seats: [2, 0], winner: null }),
      storedGame(bots, { index: 6, round: 1, seats: [3, 4], winner: 1 }),
      storedGame(bots, { index: 7, round: 1, seats: [4, 3], winner: 0 }),
    ];
    const before0 = swissStanding(5, games, 0);
    assert.deepEqual(before0.points, [0, 0, 0, 0, 0], 'nothing counts before the first round');
    const after0 = swissStanding(5, games, 1);
    assert.deepEqual(after0.points, [2, 0, 1, 1, 1]);
    assert.deepEqual([...after0.met].sort(), [pairKey(0, 1), pairKey(2, 3)]);
    assert.deepEqual([...after0.byes], [4]);
    const after1 = swissStanding(5, games, 2);
    assert.deepEqual(after1.points, [3, 1, 2, 1, 3]);
    assert.deepEqual([...after1.byes].sort(), [1, 4]);
    assert.ok(after1.met.has(pairKey(3, 4)) && after1.met.has(pairKey(0, 2)));
  });

  it('gives the bye to the lowest-placed bot that has not had one yet', () => {
    const round = swissRound(2, 5, { points: [3, 0, 2, 1, 0], met: new Set(), byes: new Set([1, 4]) }, 1);
    const seated = new Set(round.flatMap((g) => g.seats));
    assert.ok(!seated.has(3), 'bot 3 (1 point) sits out: 1 and 4 had their byes');
    assert.equal(round.length, 4);
  });

  it('pairs the nearest bot not met yet, and rematches only when nothing else is left', () => {
    const met = new Set([pairKey(0, 1), pairKey(2, 3), pairKey(0, 2), pairKey(1, 3)]);
    const round = swissRound(2, 4, { points: [2, 2, 1, 1], met, byes: new Set() }, 1);
    assert.deepEqual(
      round.filter((_, i) => i % 2 === 0).map((g) => g.seats),
      [
        [0, 3],
        [1, 2],
      ],
    );
    const stuck = swissRound(3, 2, { points: [1, 1], met: new Set([pairKey(0, 1)]), byes: new Set() }, 1);
    assert.deepEqual(stuck[0]!.seats, [0, 1], 'two bots can only meet again');
  });
});
