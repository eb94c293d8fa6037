import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eloResult } from '../../bench/instant-games.js';
import {
  type Decisions,
  decide,
  resultOf,
  standing,
  type TwinPair,
  VERDICT_ELO,
  VERDICT_ERRORS,
  type VerdictResult,
  verdictOf,
} from '../../src/contest/verdict.js';
import type { GameResult } from '../../src/core/game-result.js';
import { Rng } from '../../src/core/rng.js';
import { seat } from '../../src/core/units.js';
import { eloOfScore, scoreOfElo } from '../../src/runs/stats/elo.js';

const UNDECIDED: Decisions = { better: null, worse: null };

/** A game of two seats, as the bench's instant games record one. */
const BASE: GameResult = {
  game: 'mills',
  seed: 1,
  turns: 1,
  winner: null,
  reason: '',
  players: [0, 1].map((s) => ({ bot: `b${s}`, seat: seat(s), score: 0, rank: 1, status: 'ok' as const, message: '' })),
};

/** A version's seat-0 standing and place in a game against an opponent `gap` Elo weaker (the bench's instant game). */
function play(gap: number, rng: Rng): TwinPair['version'] {
  const ranks = eloResult(BASE, [gap, 0], rng).players.map((p) => p.rank);
  return { standing: standing(ranks, 0), place: ranks[0]! };
}

/**
 * One verdict as a contest reaches it: pairs of twin games, the predecessor as strong as the
 * opponents, the version `delta` Elo stronger than them, until the tests decide (or 5,000 pairs).
 */
function judged(delta: number, rng: Rng): { result: VerdictResult; pairs: number } {
  const pairs: TwinPair[] = [];
  let decided = UNDECIDED;
  while (resultOf(decided) === 'not yet known' && pairs.length < 5000) {
    pairs.push({ version: play(delta, rng), predecessor: play(0, rng) });
    decided = decide(pairs, decided);
  }
  return { result: resultOf(decided), pairs: pairs.length };
}

/** How often each result came in `runs` verdicts. */
function rates(delta: number, runs: number, seed: number): Record<VerdictResult, number> {
  const rng = new Rng(seed);
  const counts: Record<VerdictResult, number> = { better: 0, worse: 0, neither: 0, 'not yet known': 0 };
  for (let i = 0; i < runs; i++) counts[judged(delta, rng).result]++;
  for (const k of Object.keys(counts) as VerdictResult[]) counts[k] /= runs;
  return counts;
}

/** Three standard errors of a rate p measured over n runs: the slack a rate's check allows. */
const slack = (p: number, n: number) => 3 * Math.sqrt((p * (1 - p)) / n);

describe('a verdict from twin games', () => {
  it('stands a seat by its place, ties sharing the mean of theirs: at two seats the score', () => {
    assert.deepEqual(
      [
        [1, 2],
        [1, 1],
        [2, 1],
      ].map((ranks) => standing(ranks, 0)),
      [1, 0.5, 0],
    );
    // Four seats, two tied second: places 1, 2.5, 2.5, 4.
    assert.deepEqual(
      [0, 1, 2, 3].map((s) => standing([1, 2, 2, 4], s)),
      [1, 0.5, 0.5, 0],
    );
    assert.deepEqual(
      [0, 1, 2].map((s) => standing([3, 1, 2], s)),
      [0, 1, 0.5],
    );
  });

  it('says better after a run of twin games won that the predecessor lost, and stops each test at its first crossing', () => {
    const won: TwinPair = { version: { standing: 1, place: 1 }, predecessor: { standing: 0, place: 2 } };
    const pairs: TwinPair[] = [];
    let decided = UNDECIDED;
    while (resultOf(decided) === 'not yet known') {
      pairs.push(won);
      decided = decide(pairs, decided);
    }
    assert.equal(resultOf(decided), 'better');
    const verdict = verdictOf('alice.v1', [...pairs, won, won], decided, null);
    assert.equal(verdict.games, pairs.length, 'counted to the decision');
    assert.ok(verdict.llr.better >= verdict.bounds.upper);
    assert.ok(verdict.elo > VERDICT_ELO && Number.isFinite(verdict.elo), 'every pair won: a finite Elo');
    assert.ok(verdict.interval[0] > 0, 'better for certain');
    assert.deepEqual(verdict.meanPlace, { version: 1, predecessor: 2 });
    assert.equal(verdict.stopped, null);
  });

  it('says neither when both tests find no difference, and nothing yet with no pair', () => {
    const alike: TwinPair = { version: { standing: 0.5, place: 1 }, predecessor: { standing: 0.5, place: 1 } };
    const pairs: TwinPair[] = [];
    let decided = UNDECIDED;
    while (resultOf(decided) === 'not yet known') {
      pairs.push(alike);
      decided = decide(pairs, decided);
    }
    assert.equal(resultOf(decided), 'neither');
    const none = verdictOf('alice.v1', [], UNDECIDED, 'it is retired');
    assert.deepEqual([none.result, none.games, none.stopped], ['not yet known', 0, 'it is retired']);
    assert.deepEqual(
      JSON.parse(JSON.stringify([none.elo, none.interval])),
      [0, [null, null]],
      'nothing known: unbounded',
    );
  });

  const runs = 400;
  it(`judges the same code better or worse no more often than α and β (${runs} simulated verdicts)`, () => {
    const same = rates(0, runs, 11);
    assert.ok(same.better <= VERDICT_ERRORS.alpha + slack(VERDICT_ERRORS.alpha, runs), `better: ${same.better}`);
    assert.ok(same.worse <= VERDICT_ERRORS.beta + slack(VERDICT_ERRORS.beta, runs), `worse: ${same.worse}`);
    assert.ok(same.neither >= 0.8, `neither: ${same.neither}`);
  });

  it(`finds a version ${VERDICT_ELO} Elo better (by the pairs' score) better as often as the power 1 − β says`, () => {
    // The pairs' score a version Δ stronger than its opponents makes, when its predecessor is as strong
    // as they: ½ + (0.05 + 0.9·E(Δ) − ½) / 2 in the instant games (a draw in ten). Solved for the alternative.
    const wanted = 2 * scoreOfElo(VERDICT_ELO) - 0.5;
    const delta = eloOfScore((wanted - 0.05) / 0.9);
    const power = 1 - VERDICT_ERRORS.beta;
    const stronger = rates(delta, runs, 12);
    assert.ok(stronger.better >= power - slack(power, runs), `better: ${stronger.better}`);
    const weaker = rates(-delta, runs, 13);
    assert.ok(weaker.worse >= power - slack(power, runs), `worse: ${weaker.worse}`);
  });
});
