import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { WarmPool } from '../../src/arena/builtin/warm-pool.js';
import { playGame } from '../../src/arena/game-loop.js';
import type { Replay } from '../../src/arena/replay.js';
import type { BotLimits } from '../../src/arena/sandbox/limits.js';
import type { ProcessSeat } from '../../src/arena/seats/process-seat.js';
import type { TurnResult } from '../../src/core/connection.js';
import { millis } from '../../src/core/units.js';
import { loadGames } from '../../src/games/registry.js';
import { botSetup, slackLimits } from '../support/games.js';

/** What a replay says happened, without the times: every turn's input, answer and stderr, and the result. */
const played = (replay: Replay) => ({
  turns: replay.turns.map(({ seat, input, output, stderr, failure }) => ({ seat, input, output, stderr, failure })),
  final: replay.result,
});

describe('warm built-in bots', async () => {
  const games = await loadGames();
  for (const game of games) {
    it(`${game.id}: play seeded games turn for turn as fresh processes do, one process per seat for all`, async () => {
      const second = Object.hasOwn(game.bots, 'greedy') ? 'builtin:greedy' : 'builtin:random';
      const bots = ['builtin:random', ...Array(game.seats.min - 1).fill(second)];
      const warm = new WarmPool();
      try {
        for (const seed of [11, 12, 13]) {
          const request = { seed, timeLimits: slackLimits };
          const fresh = await playGame(game, bots, { ...request, connect: { builtinsAsProcesses: true } });
          const kept = await playGame(game, bots, { ...request, connect: { builtinsAsProcesses: true, warm } });
          assert.deepEqual(played(kept.replay), played(fresh.replay), `seed ${seed}`);
        }
        assert.equal(warm.started, bots.length, 'processes started');
      } finally {
        await warm.close();
      }
    });
  }

  it("leave a user's bot in a process of its own for each game: its protocol has no new game", async () => {
    const mills = games.find((g) => g.id === 'mills')!;
    const user = `${process.execPath} ${fileURLToPath(new URL('../../../bin/tabula.js', import.meta.url))} bot mills random`;
    const warm = new WarmPool();
    try {
      for (const seed of [1, 2]) {
        const { result } = await playGame(mills, [user, 'builtin:random'], {
          seed,
          timeLimits: slackLimits,
          connect: { builtinsAsProcesses: true, warm },
        });
        assert.deepEqual(
          result.players.map((p) => p.status),
          ['ok', 'ok'],
        );
      }
      assert.equal(warm.started, 1, 'the built-in bot only');
    } finally {
      await warm.close();
    }
  });
});

describe('a warm process', () => {
  const fixture = fileURLToPath(new URL('../../../test/fixtures/warm-bot.py', import.meta.url));
  const limits: BotLimits = { memoryMb: 200, maxProcesses: 64, allowNetwork: false };
  const warm = new WarmPool();
  after(() => warm.close());

  /** One game of the fixture in `mode`: `turns` inputs, then its end. */
  async function game(mode: string, turns = 2): Promise<{ answers: TurnResult[]; pgid: number | undefined }> {
    const setup = { ...botSetup(1), params: { mode } };
    const bot = warm.bot(`python3 ${fixture}`, { limits }, setup) as ProcessSeat;
    const answers: TurnResult[] = [];
    for (let i = 0; i < turns; i++) answers.push(await bot.turn([`line ${i}`], millis(mode === 'hang' ? 300 : 5000)));
    await bot.close(millis(1000));
    return { answers, pgid: bot.pgid };
  }

  it('plays the next game after a clean one, with nothing of the last one in it', async () => {
    const first = await game('play');
    assert.deepEqual(
      first.answers.map((a) => [a.kind, a.kind === 'line' && a.line, a.stderr]),
      [
        ['line', 'ok', 'seen line 0\n'],
        ['line', 'ok', 'seen line 1\n'],
      ],
    );
    const after = await game('after');
    assert.equal(after.pgid, first.pgid, 'the same process');
    // It wrote a line and stderr after its game's end: they were the game's, not the next one's.
    const next = await game('play');
    assert.equal(next.pgid, first.pgid);
    assert.deepEqual(
      next.answers.map((a) => [a.kind === 'line' && a.line, a.stderr]),
      [
        ['ok', 'seen line 0\n'],
        ['ok', 'seen line 1\n'],
      ],
    );
  });

  it('keeps no more processes than games have had bots at once, whatever the number of bots', async () => {
    const pool = new WarmPool();
    try {
      for (const pair of [
        ['a', 'b'],
        ['a', 'c'],
        ['b', 'c'],
        ['c', 'd'],
      ]) {
        const bots = pair.map((name) => pool.bot(`python3 ${fixture} ${name}`, { limits }, botSetup(1)) as ProcessSeat);
        for (const bot of bots) assert.equal((await bot.turn(['x'], millis(5000))).kind, 'line');
        for (const bot of bots) await bot.close(millis(1000));
        assert.equal(pool.held, 2, pair.join(' against '));
      }
      assert.equal(pool.started, 4 + 1, 'a and c played on; b was started again');
    } finally {
      await pool.close();
    }
  });

  for (const [mode, what] of [
    ['hang', 'a process that timed out'],
    ['exit', 'a process that crashed'],
    ['liar', 'a process out of step (it wrote less than it says)'],
    ['silent', 'a process that does not say it is ready'],
    ['grow', 'a process grown past half its memory limit'],
  ] as const) {
    it(`is replaced: ${what}`, async () => {
      const before = await game('play');
      const failed = await game(mode);
      assert.equal(failed.pgid, before.pgid, 'the failing game had the warm process');
      const next = await game('play');
      assert.notEqual(next.pgid, before.pgid, 'a new process');
      assert.deepEqual(
        next.answers.map((a) => a.kind === 'line' && a.line),
        ['ok', 'ok'],
      );
    });
  }
});
