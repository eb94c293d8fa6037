import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { rate } from 'openskill';
import { FIRST_RATING, ratedOutcome, ratingsAfter, shownRating, voidReason } from '../../src/contest/ratings.js';
import type { EntrantRecord } from '../../src/contest/store/records.js';
import type { GameResult, PlayerStatus } from '../../src/core/game-result.js';
import { seat } from '../../src/core/units.js';

function entrant(id: number, over: Partial<EntrantRecord> = {}): EntrantRecord {
  return {
    id,
    authorId: id,
    version: 1,
    boss: null,
    lang: 'python',
    status: 'active',
    reason: '',
    log: '',
    buildHash: 'h',
    league: 0,
    ...FIRST_RATING,
    games: 0,
    wins: 0,
    draws: 0,
    losses: 0,
    places: 0,
    tableSizes: {},
    submittedAt: '',
    changedAt: '',
    ...over,
  };
}

function result(winner: 0 | 1 | null, statuses: [PlayerStatus, PlayerStatus] = ['ok', 'ok']): GameResult {
  return {
    game: 'morris',
    seed: 1,
    turns: 10,
    winner: winner === null ? null : seat(winner),
    reason: '',
    players: [0, 1].map((s) => ({
      bot: `b${s}`,
      seat: seat(s),
      score: 0,
      rank: winner === null ? 1 : winner === s ? 1 : 2,
      status: statuses[s]!,
      message: '',
    })),
  };
}

/** A table of `ranks.length` seats, ranked so by the referee. */
function tableResult(ranks: readonly number[], statuses: readonly PlayerStatus[] = ranks.map(() => 'ok')): GameResult {
  const firsts = ranks.filter((r) => r === 1).length;
  return {
    game: 'rummikode',
    seed: 1,
    turns: 40,
    winner: firsts === 1 ? seat(ranks.indexOf(1)) : null,
    reason: '',
    players: ranks.map((rank, s) => ({
      bot: `b${s}`,
      seat: seat(s),
      score: 0,
      rank,
      status: statuses[s]!,
      message: '',
    })),
  };
}

/** OpenSkill's own ratings of teams of one, ranked so: what the contest's must equal. */
const openSkill = (ratings: readonly { mu: number; sigma: number }[], rank: readonly number[]) =>
  rate(
    ratings.map((r) => [{ mu: r.mu, sigma: r.sigma }]),
    { rank: [...rank], tau: 0.008 },
  ).map(([r]) => r!);

describe('a contest’s ratings', () => {
  it('start every entrant at μ 25, σ 25/3: a shown rating of 0', () => {
    assert.equal(FIRST_RATING.mu, 25);
    assert.ok(Math.abs(FIRST_RATING.sigma - 25 / 3) < 1e-9);
    assert.ok(Math.abs(shownRating(FIRST_RATING)) < 1e-9);
  });

  it('move both sides of a clean game: the winner up, the loser down, both surer', () => {
    const [a, b] = ratingsAfter([entrant(1), entrant(2)], result(1));
    assert.deepEqual([a!.score, b!.score], [0, 1]);
    assert.ok(a!.mu < 25 && b!.mu > 25);
    assert.ok(a!.sigma < FIRST_RATING.sigma && b!.sigma < FIRST_RATING.sigma);
    const [x, y] = ratingsAfter([entrant(1), entrant(2)], result(null));
    assert.deepEqual([x!.score, y!.score], [0.5, 0.5]);
  });

  it('make a failure its bot’s loss alone: the opponent’s rating does not move, its win is tallied', () => {
    const [failing, other] = ratingsAfter([entrant(1), entrant(2)], result(1, ['crash', 'ok']));
    assert.ok(failing!.mu < 25, 'the failing bot loses rating');
    assert.deepEqual([other!.mu, other!.sigma, other!.score], [FIRST_RATING.mu, FIRST_RATING.sigma, 1]);
  });

  it('rate nobody for a timeout the machine caused: its wait for a CPU covers how late it answered', () => {
    const timedOut = result(0, ['ok', 'timeout']);
    assert.match(
      voidReason(timedOut, { limitMs: 50, answeredMs: 93.5, waitMs: 45 }) ?? '',
      /seat 1 answered 43\.5 ms past its 50 ms, having waited 45 ms for a CPU/,
    );
    assert.equal(
      voidReason(timedOut, { limitMs: 50, answeredMs: 93.5, waitMs: 40 }),
      null,
      'late by more than it waited',
    );
    assert.equal(voidReason(timedOut, { limitMs: 50, waitMs: 400 }), null, 'no answer came: nothing accounts for it');
    assert.equal(voidReason(timedOut, { limitMs: 50, answeredMs: 51 }), null, 'unmeasured: the rules stand');
    assert.equal(
      voidReason(result(0, ['ok', 'crash']), { limitMs: 50, answeredMs: 51, waitMs: 9 }),
      null,
      'only timeouts',
    );
  });

  it('promotes a version, for good, once its μ − 3σ after the game passes its league boss’s μ', () => {
    const boss = entrant(1, { authorId: null, boss: 'random', mu: 20, sigma: 6 });
    const bossOf = (league: number) => (league === 0 ? boss : null);
    const sure = entrant(2, { mu: 40, sigma: 4 });
    const won = ratedOutcome([sure, boss], result(0), null, bossOf);
    assert.ok(won.rated);
    assert.deepEqual([...won.leagues], [[2, 1]], 'its 40 − 3 × 4 and more passes the boss’s μ of 20 or less');
    const unsure = entrant(3, { mu: 30, sigma: 6 });
    const notYet = ratedOutcome([unsure, boss], result(0), null, bossOf);
    assert.ok(notYet.rated && notYet.leagues.size === 0, 'a μ − 3σ under the boss’s μ: not yet');
    // The boss's own large σ gives nothing away: 30 − 3 × 6 would pass its μ − 3σ (20 − 18), not its μ.
    const top = entrant(4, { league: 1, mu: 60, sigma: 1 });
    const atTheTop = ratedOutcome([top, sure], result(0), null, bossOf);
    assert.ok(atTheTop.rated && !atTheTop.leagues.has(4), 'the top league has no boss to pass');
  });

  it('promotes only by a game against the boss: a boss never met is not passed', () => {
    const boss = entrant(1, { authorId: null, boss: 'greedy', mu: 20, sigma: 6 });
    const bossOf = (league: number) => (league === 0 ? boss : null);
    const sure = entrant(2, { mu: 40, sigma: 2 });
    const other = entrant(3, { mu: 25, sigma: 2 });
    const unmet = ratedOutcome([sure, other], result(0), null, bossOf);
    assert.ok(unmet.rated && unmet.leagues.size === 0, 'its μ − 3σ is past the boss’s μ, but it played another');
    const met = ratedOutcome([boss, sure], result(1), null, bossOf);
    assert.deepEqual([...(met.rated ? met.leagues : [])], [[2, 1]], 'from either seat');
  });

  it('promotes only by a game not lost: a sure version beaten by a boss yet to play stays', () => {
    const boss = entrant(1, { authorId: null, boss: 'strong' });
    const bossOf = (league: number) => (league === 0 ? boss : null);
    const sure = entrant(2, { mu: 48, sigma: 2.5 });
    const lost = ratedOutcome([sure, boss], result(1), null, bossOf);
    assert.ok(lost.rated);
    const after = lost.updates.find((u) => u.entrant === 2)!;
    const bossAfter = lost.updates.find((u) => u.entrant === 1)!;
    assert.ok(after.mu - 3 * after.sigma > bossAfter.mu, 'its μ − 3σ still passes the boss’s μ');
    assert.equal(lost.leagues.size, 0, 'but it lost');
    const drawn = ratedOutcome([sure, boss], result(null), null, bossOf);
    assert.deepEqual([...(drawn.rated ? drawn.leagues : [])], [[2, 1]], 'a draw passes');
  });

  it('rates nothing of a game whose timeout the machine caused', () => {
    const outcome = ratedOutcome(
      [entrant(1), entrant(2)],
      result(0, ['ok', 'timeout']),
      { limitMs: 50, answeredMs: 60, waitMs: 12 },
      () => null,
    );
    assert.equal(outcome.rated, false);
  });

  it('rate a table of four from its whole ranking, as OpenSkill ranks four teams of one', () => {
    const seats = [entrant(1), entrant(2, { mu: 30, sigma: 4 }), entrant(3), entrant(4, { mu: 20, sigma: 5 })];
    const updates = ratingsAfter(seats, tableResult([2, 1, 4, 3]));
    const expected = openSkill(seats, [2, 1, 4, 3]);
    for (const [s, u] of updates.entries()) {
      assert.ok(Math.abs(u.mu - expected[s]!.mu) < 1e-9 && Math.abs(u.sigma - expected[s]!.sigma) < 1e-9, `seat ${s}`);
      assert.equal(u.tableSize, 4);
    }
    assert.deepEqual(
      updates.map((u) => [u.place, u.score]),
      [
        [2, 0],
        [1, 1],
        [4, 0],
        [3, 0],
      ],
      'the first alone wins; every other place is a loss',
    );
    const tied = ratingsAfter([entrant(1), entrant(2), entrant(3)], tableResult([1, 1, 3]));
    assert.deepEqual(
      tied.map((u) => [u.place, u.score]),
      [
        [1, 0.5],
        [1, 0.5],
        [3, 0],
      ],
      'first places shared are draws',
    );
  });

  it('make a failure at a table its bot’s loss alone: the others rated among themselves, as if it never sat', () => {
    const seats = [entrant(1), entrant(2, { mu: 28, sigma: 5 }), entrant(3, { mu: 22, sigma: 5 })];
    // Seat 0 crashed (ranked last by the referee); seat 2 finished ahead of seat 1.
    const updates = ratingsAfter(seats, tableResult([3, 2, 1], ['crash', 'ok', 'ok']));
    const whole = openSkill(seats, [3, 2, 1]);
    const among = openSkill([seats[1]!, seats[2]!], [2, 1]);
    assert.ok(Math.abs(updates[0]!.mu - whole[0]!.mu) < 1e-9, 'the failing bot: from the whole ranking');
    assert.ok(Math.abs(updates[1]!.mu - among[0]!.mu) < 1e-9 && Math.abs(updates[2]!.mu - among[1]!.mu) < 1e-9);
    const alone = ratingsAfter(seats, tableResult([3, 2, 1], ['crash', 'timeout', 'ok']));
    assert.deepEqual([alone[2]!.mu, alone[2]!.sigma], [22, 5], 'the one bot left keeps its rating');
  });

  it('promotes from a table with the boss only a version that did not finish behind it', () => {
    const boss = entrant(1, { authorId: null, boss: 'random', mu: 20, sigma: 6 });
    const bossOf = (league: number) => (league === 0 ? boss : null);
    const sure = entrant(2, { mu: 45, sigma: 2 });
    const other = entrant(3, { mu: 45, sigma: 2 });
    const outcome = ratedOutcome([boss, sure, other, entrant(4)], tableResult([2, 1, 3, 4]), null, bossOf);
    assert.ok(outcome.rated);
    assert.deepEqual([...outcome.leagues], [[2, 1]], 'ahead of the boss: promoted; behind it: not');
  });

  it('rates nobody at a table whose timeout the machine caused', () => {
    const outcome = ratedOutcome(
      [entrant(1), entrant(2), entrant(3)],
      tableResult([1, 3, 2], ['ok', 'timeout', 'ok']),
      { limitMs: 50, answeredMs: 60, waitMs: 12 },
      () => null,
    );
    assert.equal(outcome.rated, false);
  });
});
