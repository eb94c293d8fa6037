import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BuiltinBot, GameDefinition } from '../../src/core/game.js';
import { SetupError } from '../../src/core/game.js';
import { BOSS_SPRT, type JudgeRequest, judgeSubmission, opponentOf, planJudging } from '../../src/runs/judge.js';
import { race } from '../fixtures/games/race.js';

/** A race bot that adds what `pick` says for the total it reads. */
const raceBot = (pick: (total: number) => number): BuiltinBot => ({
  description: 'a fixed rule',
  create: () => async (io) => {
    for (let line = await io.readLine(); line !== null; line = await io.readLine()) {
      if (line === 'HELLO' || line.startsWith('END')) continue;
      io.writeLine(String(pick(Number(line.split(' ')[0]))));
    }
  },
});

/** Race to 10 with bosses: whoever reaches 1, 4, 7 and 10 wins, which `perfect` does whenever it can. */
const game: GameDefinition = {
  ...(race as unknown as GameDefinition),
  bots: {
    ...race.bots,
    perfect: raceBot((total) => (((1 - total) % 3) + 3) % 3 || 1),
    ones: raceBot(() => 1),
  },
  bosses: { wood: 'random', gold: 'perfect' },
};

const judge = (submission: string, choice: Pick<JudgeRequest, 'boss' | 'league'>, games = 200) => {
  const plan = planJudging(game, {
    submission,
    ...choice,
    games,
    seed: 1,
    timeLimits: race.timeLimits,
    gameOptions: {},
  });
  const seen: { index: number; seat: number; seed: number }[] = [];
  return judgeSubmission(plan, (judged) => {
    seen.push({ index: judged.index, seat: judged.seat, seed: judged.result.seed });
  }).then((verdict) => ({ verdict, seen }));
};

describe('judging against a boss', () => {
  it('accepts a submission shown at least as strong: game pairs, seats swapped on one seed, until the SPRT says H1', async () => {
    const { verdict, seen } = await judge('builtin:perfect', { league: 'wood' });
    assert.equal(verdict.accepted, true);
    assert.equal(verdict.reason, null);
    const boss = verdict.boss!;
    assert.equal(boss.boss, 'builtin:random');
    assert.equal(boss.sprt.verdict, 'H1');
    assert.deepEqual([boss.sprt.elo0, boss.sprt.elo1], [BOSS_SPRT.elo0, BOSS_SPRT.elo1]);
    assert.equal(boss.wins + boss.draws + boss.losses, verdict.games);
    assert.equal(verdict.games % 2, 0, 'whole pairs');
    assert.equal(boss.pairs, verdict.games / 2);
    assert.ok(boss.score.low <= boss.score.value && boss.score.value <= boss.score.high);
    assert.ok(boss.score.value > 0.5, `score ${boss.score.value}`);
    assert.deepEqual(seen.slice(0, 4), [
      { index: 0, seat: 0, seed: 1 },
      { index: 1, seat: 1, seed: 1 },
      { index: 2, seat: 0, seed: 2 },
      { index: 3, seat: 1, seed: 2 },
    ]);
    assert.equal(verdict.decisive?.judged.index, verdict.games - 1, 'the game after which the SPRT decided');
  });

  it('rejects a submission shown weaker, and one not shown stronger within the cap', async () => {
    const weaker = await judge('builtin:ones', {});
    assert.equal(weaker.verdict.accepted, false);
    assert.equal(weaker.verdict.boss?.sprt.verdict, 'H0');
    assert.equal(weaker.verdict.reason, 'weaker than builtin:perfect');
    assert.equal(weaker.verdict.boss?.losses, weaker.verdict.games);

    const capped = await judge('builtin:random', { boss: 'builtin:random' }, 4);
    assert.equal(capped.verdict.accepted, false);
    assert.equal(capped.verdict.games, 4);
    assert.equal(capped.verdict.boss?.sprt.verdict, null);
    assert.equal(capped.verdict.reason, 'not shown at least as strong as builtin:random within 4 games');
  });

  it('stops at the first game the submission fails, whatever the score', async () => {
    const { verdict } = await judge('builtin:thrower', {});
    assert.equal(verdict.accepted, false);
    assert.equal(verdict.games, 1);
    assert.match(verdict.reason!, /^crash: /);
    assert.equal(verdict.decisive?.judged.index, 0);
  });
});

describe('the opponent of a judged submission', () => {
  it("is the highest league's boss by default, or the league's, or the built-in bot named", () => {
    // Which boss, and the bot that plays it, parsed.
    const chosen = (choice: Pick<JudgeRequest, 'boss' | 'league'>) => {
      const { bot, ...opponent } = opponentOf(game, choice);
      return { ...opponent, bot: bot.argument, builtin: bot.spec.kind === 'builtin' };
    };
    assert.deepEqual(chosen({}), {
      kind: 'boss',
      boss: 'builtin:perfect',
      league: 'gold',
      bot: 'builtin:perfect',
      builtin: true,
    });
    assert.deepEqual(chosen({ league: 'wood' }), {
      kind: 'boss',
      boss: 'builtin:random',
      league: 'wood',
      bot: 'builtin:random',
      builtin: true,
    });
    assert.deepEqual(chosen({ boss: 'builtin:ones' }), {
      kind: 'boss',
      boss: 'builtin:ones',
      bot: 'builtin:ones',
      builtin: true,
    });
  });

  it("is the statement's judge by default where the game has one", () => {
    const judged = { ...game, judge: { opponent: 'random', rule: 'wins every game', verdict: () => null } };
    assert.equal(opponentOf(judged, {}).kind, 'statement');
    assert.equal(opponentOf(judged, { league: 'gold' }).kind, 'boss');
  });

  it('refuses a league the game lacks, a boss that is no built-in bot, and a game with no boss at all', () => {
    assert.throws(
      () => opponentOf(game, { league: 'silver' }),
      new SetupError('race has no silver league yet (its leagues: wood, gold)'),
    );
    assert.throws(() => opponentOf(game, { boss: 'python3 boss.py' }), /a boss is a built-in bot, builtin:<name>/);
    assert.throws(() => opponentOf(game, { boss: 'builtin:nobody' }), /--boss: .*has no built-in bot "nobody"/);
    const { bosses: _bosses, ...bossless } = game;
    assert.throws(() => opponentOf(bossless, {}), new SetupError('Race to 10 has neither a judge nor a boss'));
  });
});
