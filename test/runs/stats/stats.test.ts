// Reference values were computed independently, in Python with math.erf and a separate
// implementation of the constrained maximum-likelihood fit (see the comments for the inputs).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { quantile } from '../../../src/arena/time-summary.js';
import { bradleyTerry } from '../../../src/runs/stats/bradley-terry.js';
import {
  eloInterval,
  eloOfScore,
  likelihoodOfSuperiority,
  PENTANOMIAL_VALUES,
  pairEloInterval,
  scoreMoments,
  scoreOfElo,
  TRINOMIAL_VALUES,
  Z95,
} from '../../../src/runs/stats/elo.js';
import { parseSprt, sprt, sprtBounds, sprtLlr } from '../../../src/runs/stats/sprt.js';

const close = (actual: number, expected: number, tolerance: number, what = '') =>
  assert.ok(Math.abs(actual - expected) <= tolerance, `${what} ${actual} is not within ${tolerance} of ${expected}`);

describe('Elo statistics', () => {
  it('turns a score into an Elo difference and back', () => {
    close(eloOfScore(0.75), 190.848501887865, 1e-9);
    close(eloOfScore(0.5), 0, 1e-12);
    close(scoreOfElo(190.848501887865), 0.75, 1e-12);
    assert.equal(eloOfScore(1), Infinity);
    assert.equal(eloOfScore(0), -Infinity);
  });

  it('gives the 95% interval of 60 wins, 20 draws, 20 losses', () => {
    const i = eloInterval(scoreMoments(TRINOMIAL_VALUES, [20, 20, 60]));
    close(i.value, 147.19071411783776, 1e-9, 'elo');
    close(i.low, 86.22501520030423, 1e-9, 'low');
    close(i.high, 218.2517776410748, 1e-9, 'high');
  });

  it('gives the likelihood of superiority', () => {
    close(likelihoodOfSuperiority(60, 40), 0.9772498680518208, 1e-12);
    close(likelihoodOfSuperiority(10, 0), 0.9992172988709987, 1e-12);
    close(likelihoodOfSuperiority(40, 60), 1 - 0.9772498680518208, 1e-12);
    assert.equal(likelihoodOfSuperiority(0, 0), 0.5);
  });
});

describe('the Elo interval of a pair of bots', () => {
  it('comes from the game pairs when there are enough and they vary', () => {
    const pentanomial = [3, 10, 30, 12, 5];
    const { interval, basis } = pairEloInterval(pentanomial, [40, 40, 40]);
    assert.deepEqual(basis, { from: 'pairs' });
    assert.deepEqual(interval, eloInterval(scoreMoments(PENTANOMIAL_VALUES, pentanomial)));
  });

  it('comes from the games when every pair scored the same, never as a point', () => {
    // Ten games between identical bots, every pair split 1-1: the pairs' variance is 0.
    const { interval, basis } = pairEloInterval([0, 0, 5, 0, 0], [5, 0, 5]);
    assert.deepEqual(basis, { from: 'games', because: 'every game pair scored the same' });
    close(interval.value, 0, 1e-12, 'value');
    // The games' variance: ½ ± 1.96·√(¼/10).
    close(interval.high, eloOfScore(0.5 + Z95 * Math.sqrt(0.025)), 1e-9, 'high');
    close(interval.low, -interval.high, 1e-9, 'low');
  });

  it('comes from the games when the pairs are too few to trust their variance', () => {
    const { basis } = pairEloInterval([0, 0, 1, 1, 0], [1, 0, 3]);
    assert.deepEqual(basis, { from: 'games', because: 'only 2 game pairs' });
  });

  it('adds one win and one loss when every game ended the same way', () => {
    const draws = pairEloInterval([0, 0, 5, 0, 0], [0, 10, 0]);
    assert.deepEqual(draws.basis, { from: 'prior', because: 'every game ended the same way' });
    close(draws.interval.value, 0, 1e-12, 'value');
    // 1 loss, 10 draws, 1 win: two games of twelve ½ from the mean, a variance of 1/24 per game.
    close(draws.interval.high, eloOfScore(0.5 + Z95 * Math.sqrt(1 / 24 / 12)), 1e-9, 'high');
    const wins = pairEloInterval([0, 0, 0, 0, 5], [0, 0, 10]);
    assert.equal(wins.interval.value, Infinity);
    assert.equal(wins.interval.high, Infinity);
    assert.ok(wins.interval.low > 0 && Number.isFinite(wins.interval.low), `low ${wins.interval.low}`);
  });
});

describe('SPRT', () => {
  it('has the bounds ln(β/(1−α)) and ln((1−β)/α)', () => {
    const { lower, upper } = sprtBounds({ alpha: 0.05, beta: 0.05 });
    close(lower, -2.9444389791664403, 1e-12);
    close(upper, 2.9444389791664403, 1e-12);
  });

  it('computes the log-likelihood ratio of trinomial and pentanomial counts', () => {
    // counts are by score: losses, draws, wins (pairs: 0, ¼, ½, ¾, 1).
    close(sprtLlr(TRINOMIAL_VALUES, [20, 20, 60], 0, 10), 1.389822163939288, 1e-3);
    close(sprtLlr(TRINOMIAL_VALUES, [30, 40, 34], 0, 10), 0.11713700155063456, 1e-3);
    close(sprtLlr(PENTANOMIAL_VALUES, [3, 10, 30, 12, 5], 0, 5), 0.16513918482308165, 1e-3);
    assert.equal(sprtLlr(TRINOMIAL_VALUES, [0, 0, 0], 0, 10), 0);
    assert.ok(
      sprtLlr(PENTANOMIAL_VALUES, [0, 0, 0, 0, 120], 0, 10) > 2.95,
      'one-sided results decide, though their variance is 0',
    );
  });

  it('decides once the ratio leaves its bounds', () => {
    const settings = parseSprt('elo0=0,elo1=10');
    assert.deepEqual(settings, { elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05 });
    assert.equal(sprt(settings, TRINOMIAL_VALUES, [30, 40, 34]).verdict, null);
    assert.equal(sprt(settings, TRINOMIAL_VALUES, [200, 100, 400]).verdict, 'H1');
    assert.equal(sprt(settings, TRINOMIAL_VALUES, [400, 100, 200]).verdict, 'H0');
    assert.throws(() => parseSprt('elo0=5,elo1=5'), /elo1 \(5\) must be greater than elo0 \(5\)/);
    assert.throws(() => parseSprt('alpha=0.7'), /alpha must be between 0 and 0.5/);
    assert.throws(() => parseSprt('elo2=3'), /"elo2=3" is not one of/);
  });
});

describe('Bradley-Terry ratings', () => {
  it('fits two players in closed form, interval included', () => {
    // 100 games, A scores 75; with the virtual draw, 75.5 of 101: the difference is elo(75.5/101).
    const games = Array.from({ length: 100 }, (_, k) => ({ a: 0, b: 1, score: k < 70 ? 1 : k < 80 ? 0.5 : 0 }));
    const [a, b] = bradleyTerry(2, games);
    close(a!.value, 94.28135423904662, 1e-6, 'A');
    close(b!.value, -94.28135423904662, 1e-6, 'B');
    close(a!.high - a!.value, 38.99235976006534, 1e-6, 'half width');
  });

  it('orders three players by strength and keeps an unbeaten one finite', () => {
    const games = [
      ...Array.from({ length: 20 }, () => ({ a: 0, b: 1, score: 1 })),
      ...Array.from({ length: 20 }, (_, k) => ({ a: 1, b: 2, score: k < 14 ? 1 : 0 })),
      ...Array.from({ length: 20 }, (_, k) => ({ a: 0, b: 2, score: k < 18 ? 1 : 0.5 })),
    ];
    const r = bradleyTerry(3, games);
    assert.ok(r[0]!.value > r[1]!.value && r[1]!.value > r[2]!.value);
    assert.ok(Number.isFinite(r[0]!.value) && r[0]!.high > r[0]!.value);
    close(
      r.reduce((s, x) => s + x.value, 0),
      0,
      1e-6,
      'centred',
    );
  });
});

describe('quantiles', () => {
  it('interpolates between order statistics', () => {
    assert.equal(quantile([1, 2, 3, 4], 0.5), 2.5);
    assert.equal(quantile([5], 0.99), 5);
    close(
      quantile(
        Array.from({ length: 101 }, (_, i) => i),
        0.99,
      ),
      99,
      1e-12,
    );
  });
});
