import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PairTally } from '../../src/runs/report/pair-tally.js';
import { storedGame } from '../support/runs.js';

const bots = ['a', 'b'];
/** Game `index` of a match: pairs share a round, the second with the seats swapped. */
const game = (index: number, winner: number | null) =>
  storedGame(bots, { index, round: Math.floor(index / 2), seats: index % 2 ? [1, 0] : [0, 1], winner });

describe('the pair tally', () => {
  it('counts wins, draws and losses from the first bot side, whatever its seat', () => {
    const tally = new PairTally(0, 1);
    tally.add(game(0, 0)); // a at seat 0 wins
    tally.add(game(1, 0)); // b at seat 0 wins: a loses
    tally.add(game(2, null));
    assert.deepEqual([tally.wins, tally.draws, tally.losses, tally.games], [1, 1, 1, 3]);
  });

  it('counts complete game pairs only, by the first bot points over the pair', () => {
    const tally = new PairTally(0, 1);
    const results: [number, number | null][] = [
      [0, 0], // pair 0: a wins at seat 0,
      [1, 1], //          a wins at seat 1: 2 points
      [2, 0], // pair 1: a wins,
      [3, 0], //         a loses: 1 point
      [4, null], // pair 2: draw,
      [5, 0], //            a loses: ½ point
      [6, 1], // pair 3: a loses,
      [7, 0], //         a loses: 0 points
      [8, 0], // pair 4: one game only, not counted
    ];
    for (const [index, winner] of results) tally.add(game(index, winner));
    assert.deepEqual(tally.pentanomial, [1, 1, 1, 0, 1]);
    assert.equal(tally.pairs, 4);
    assert.equal(tally.games, 9);
  });

  it('pairs games by round whatever order they finish in', () => {
    const tally = new PairTally(0, 1);
    for (const index of [3, 0, 2, 1]) tally.add(game(index, 0));
    assert.deepEqual(tally.pentanomial, [0, 0, 2, 0, 0], 'each pair split 1-1');
  });

  it('reports the pair: score, Elo interval, LOS and the SPRT when asked', () => {
    const tally = new PairTally(0, 1);
    for (let i = 0; i < 20; i++) tally.add(game(i, i % 2 ? 1 : 0)); // a wins every game
    const report = tally.report(bots, bots, { elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05 });
    assert.deepEqual(report.bots, ['a', 'b']);
    assert.equal(report.score, 1);
    assert.equal(report.elo.value, Infinity);
    assert.ok(report.los > 0.99);
    assert.deepEqual(report.pentanomial, [0, 0, 0, 0, 10]);
    assert.ok(report.sprt && report.sprt.llr > 0, 'the evidence leans towards H1');
    assert.equal(report.sprt.verdict, null, 'ten pairs do not decide between 0 and 10 Elo');
    assert.equal(report.sprt.upper, Math.log(0.95 / 0.05));
  });

  it('claims no certainty it does not have: identical bots splitting every pair give a real interval', () => {
    const tally = new PairTally(0, 1);
    for (let i = 0; i < 10; i++) tally.add(game(i, 0)); // seat 0 wins every game: each pair splits 1-1
    const report = tally.report(bots, bots);
    assert.deepEqual(report.pentanomial, [0, 0, 5, 0, 0]);
    assert.equal(Math.abs(report.elo.value), 0);
    assert.ok(report.elo.low < -100 && report.elo.high > 100, JSON.stringify(report.elo));
    assert.deepEqual(report.eloBasis, { from: 'games', because: 'every game pair scored the same' });
  });
});
