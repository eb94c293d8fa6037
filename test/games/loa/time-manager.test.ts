import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TimeLimits } from '../../../src/core/time-control.js';
import { millis } from '../../../src/core/units.js';
import { TimeManager } from '../../../src/games/loa/engine/time-manager.js';
import { game } from '../../../src/games/loa/index.js';

const LIMITS = game.timeLimits;

/**
 * A whole game on a simulated clock: each own move, from `firstPly` on, takes what `think` says of
 * its allotment by the bot's measure, plus `unseen` milliseconds that only the arena sees (and the
 * start-up on the first move). Returns the arena's time for each move.
 */
function simulate(
  limits: TimeLimits,
  think: (soft: number, hard: number) => number,
  { firstPly = 0, maxMoves = 100, unseen = 5, startUp = 300, share = 1 } = {},
): number[] {
  const clock = new TimeManager(limits, share, maxMoves);
  const arena: number[] = [];
  for (let ply = firstPly; ply < maxMoves; ply += 2) {
    const { softMs, hardMs } = clock.allot(ply);
    assert.ok(softMs >= 0 && softMs <= hardMs, `ply ${ply}: soft ${softMs}, hard ${hardMs}`);
    const ms = think(softMs, hardMs);
    clock.spent(ms);
    arena.push(ms + unseen + (ply === firstPly ? startUp : 0));
  }
  return arena;
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
/** The search overruns its deadline by up to this much (it looks at the clock every few hundred nodes). */
const OVERRUN = 3;

describe("the strong bot's time manager", () => {
  it("keeps a game of 100 moves within the game's time and every move within its limit, from either seat", () => {
    for (const firstPly of [0, 1]) {
      // The worst case: every search runs to its deadline.
      const arena = simulate(LIMITS, (_, hard) => hard + OVERRUN, { firstPly });
      assert.equal(arena.length, 50);
      assert.ok(sum(arena) <= LIMITS.game! * 0.9, `${firstPly}: ${sum(arena)} ms in all`);
      assert.ok(arena[0]! <= LIMITS.firstTurn / 2, `the first move: ${arena[0]} ms`);
      for (const [i, ms] of arena.slice(1).entries()) assert.ok(ms <= LIMITS.turn / 2, `move ${i + 2}: ${ms} ms`);
    }
  });

  it("spends most of the game's time on a game of typical length, and still thinks at the end of a long one", () => {
    // A search starts no iteration after its soft limit, and the last one takes about as long as all before it.
    const typical = (soft: number, hard: number) => Math.min(2 * soft, hard);
    const short = simulate(LIMITS, typical, { maxMoves: 60 }).slice(0, 30);
    assert.ok(sum(short) >= LIMITS.game! * 0.5, `30 moves: ${sum(short)} ms`);
    const long = simulate(LIMITS, typical);
    assert.ok(sum(long) <= LIMITS.game! * 0.9, `50 moves: ${sum(long)} ms`);
    for (const [i, ms] of long.entries()) assert.ok(ms >= 20, `move ${i + 1} of 50 gets ${ms} ms`);
  });

  it('thinks a share of the time when asked', () => {
    const full = sum(simulate(LIMITS, (soft) => soft, { unseen: 0, startUp: 0 }));
    const tenth = sum(simulate(LIMITS, (soft) => soft, { unseen: 0, startUp: 0, share: 0.1 }));
    assert.ok(Math.abs(tenth / full - 0.1) < 0.02, `${tenth} against ${full}`);
  });

  it('without a game budget, keeps each move well within its own limit', () => {
    const limits: TimeLimits = { firstTurn: millis(2000), turn: millis(300) };
    const arena = simulate(limits, (_, hard) => hard + OVERRUN);
    for (const ms of arena.slice(1)) assert.ok(ms <= 300 / 2, `${ms} ms`);
  });
});
