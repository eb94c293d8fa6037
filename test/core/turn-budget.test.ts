/**
 * The built-in strong bots' time manager (core/turn-budget.ts) with each bot's own constants. The
 * figures are those each bot's clock gave before the clocks were made one, to the last bit: a bot's
 * turns stop exactly where they did.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { firstTurnDeadlines, TIME_POLICY as MORRIS } from '../../src/boards/morris-engine/players.js';
import type { TimeLimits } from '../../src/core/time-control.js';
import {
  GameTimeManager,
  OwnClock,
  type TurnStops,
  turnLimits,
  turnStops,
  turnTime,
} from '../../src/core/turn-budget.js';
import { millis } from '../../src/core/units.js';
import { TIME_POLICY as LOA } from '../../src/games/loa/bots/strong.js';
import { game as loa } from '../../src/games/loa/index.js';
import { TIME_POLICY as MINISHOGI } from '../../src/games/minishogi/bots/strong.js';
import { TIME_POLICY as RUMMIKODE } from '../../src/games/rummikode/bots/strong.js';

const limits = (firstTurn: number, turn: number, game?: number): TimeLimits => ({
  firstTurn: millis(firstTurn),
  turn: millis(turn),
  ...(game !== undefined && { game: millis(game) }),
});

/** The process started 20 ms before Node's clock did. */
const PROCESS_START = -20;

describe("Minishogi's turns", () => {
  const MINISHOGI_LIMITS = limits(1000, 100);
  // [share, first, fresh process, read at, counts from, soft limit, hard limit]
  const cases = [
    [1, false, false, 5000, 5000, 49, 55.00000000000001],
    [0.5, false, true, 5000, 5000, 24.5, 27.500000000000004],
    [1, true, true, 200, -20, 300, 450],
    [1, true, true, 700, -20, 500, 500],
    [1, true, true, 1500, 1500, 300, 450],
    [1, true, false, 600, 600, 300, 450],
    [0.1, true, true, 10, -20, 50, 50],
    [1.5, true, true, 100, -20, 450, 675],
    [0.3, true, false, 3_600_000, 3_600_000, 90, 135],
  ] as const;

  it('stop where they did, first turns of a fresh and of a warm process too', () => {
    for (const [share, first, fresh, readAt, from, softMs, hardMs] of cases) {
      const stops = turnStops(MINISHOGI_LIMITS, MINISHOGI, share, {
        first,
        readAt,
        ...(fresh && { processStart: PROCESS_START }),
      });
      const at = JSON.stringify({ share, first, fresh, readAt });
      assert.deepEqual({ from: stops.from, softMs: stops.softMs, hardMs: stops.hardMs }, { from, softMs, hardMs }, at);
      assert.equal(stops.soft, from + softMs, at);
      assert.equal(stops.hard, Math.max(readAt, from + hardMs), at);
    }
  });

  it("count the process's start for its first game's first turn only", () => {
    const clock = new OwnClock(PROCESS_START);
    const turn = (first: boolean, readAt: number): TurnStops =>
      clock.turn(MINISHOGI_LIMITS, MINISHOGI, 1, { first, readAt });
    assert.deepEqual(turn(true, 200), { from: -20, softMs: 300, hardMs: 450, soft: 280, hard: 430 });
    assert.equal(turn(false, 900).from, 900);
    // The next game, in the same process: its first turn counts from its read.
    assert.deepEqual(turn(true, 950), { from: 950, softMs: 300, hardMs: 450, soft: 1250, hard: 1400 });
  });
});

describe("Mills' and Nine Men's Morris's turns", () => {
  const MORRIS_LIMITS = limits(1000, 50);
  // [time, first, read at, stops set at, soft deadline, hard deadline]
  const cases = [
    [0.3, true, 100, 450, 459, 465],
    [0.3, false, 2000, 2003, 2010.2, 2015],
    [0.3, false, 2000, 2020, 2020, 2020],
    [1, false, 3000, 3010, 3034, 3050],
    [0.05, true, 5000, 5000.5, 5002, 5003],
    [0.7, false, 123.456, 130.001, 147.074, 158.45600000000002],
  ] as const;

  it('stop where they did: the first from the end of its preparation, a later one from its read', () => {
    for (const [time, first, readAt, now, soft, hard] of cases) {
      const stops = new OwnClock(PROCESS_START).turn(MORRIS_LIMITS, MORRIS, time, { first, readAt, now });
      assert.deepEqual({ soft: stops.soft, hard: stops.hard }, { soft, hard }, JSON.stringify({ time, first }));
    }
  });

  it("prepare from the process's start while within the first turn's limit of it, and give the tables a share", () => {
    const clock = new OwnClock(PROCESS_START);
    assert.equal(clock.firstTurnFrom(300, 1000, 500), PROCESS_START);
    assert.equal(clock.firstTurnFrom(300, 1000, 980), 300);
    assert.equal(clock.age(480), 500);
    assert.equal(turnTime(MORRIS_LIMITS, MORRIS, 0.3, false), 15);
    assert.equal(turnTime(MORRIS_LIMITS, MORRIS, 0.3, true), 15);
  });

  it('search the first turn longer: 45% of its limit from the read, by 70% from where the clock counts it', () => {
    const later = { soft: 0, hard: 0 };
    // [time, read at, counted from, stops set at, soft, hard]
    const cases = [
      [0.3, 5000, 5000, 5010, 5274, 5450], // a warm process: 450 ms from the read
      [0.6, 5000, 5000, 5000, 5270, 5450], // a larger share searches no longer
      [0.03, 5000, 5000, 5000, 5027, 5045], // a tenth of the share, a tenth of the search
      [0.3, 480, -20, 480, 600, 680], // a fresh process, prepared before its read: until 700 ms from its start
      [0.3, 100, -20, 450, 510, 550], // prepared after its read: 450 ms from the read comes first
    ] as const;
    for (const [time, readAt, origin, now, soft, hard] of cases) {
      const stops = firstTurnDeadlines(MORRIS_LIMITS, time, { readAt, origin, now }, later);
      assert.deepEqual(stops, { soft, hard }, JSON.stringify({ time, readAt }));
    }
    // Never less than a later turn's stops: read late in a fresh process's first turn.
    const late = { soft: 909, hard: 915 };
    assert.equal(firstTurnDeadlines(MORRIS_LIMITS, 0.3, { readAt: 900, origin: -20, now: 900 }, late), late);
  });
});

describe("RummiKode's planning", () => {
  it('stops at its share of the per-command limit, on every turn', () => {
    const RUMMIKODE_LIMITS = limits(1000, 100);
    for (const [share, hardMs] of [
      [0.2, 20],
      [0, 0],
      [0.5, 50],
      [0.3, 30],
    ] as const)
      for (const first of [true, false])
        assert.equal(turnLimits(RUMMIKODE_LIMITS, RUMMIKODE, share, first).hardMs, hardMs, `${share}`);
  });
});

describe("Lines of Action's game budget", () => {
  // Each move's [ply, soft limit, hard limit], the move before having taken the time in `spent`.
  const games = [
    {
      limits: limits(2000, 1000, 10_000),
      share: 1,
      maxMoves: 100,
      spent: [100, 250, 400, 300, 0],
      moves: [
        [0, 50, 200],
        [2, 113.79310344827586, 350],
        [4, 113.39285714285714, 350],
        [6, 110.18518518518519, 350],
        [8, 108.65384615384616, 350],
        [10, 113, 350],
      ],
    },
    {
      limits: limits(2000, 1000, 10_000),
      share: 0.1,
      maxMoves: 100,
      spent: [10, 25, 40],
      moves: [
        [1, 5, 20],
        [3, 11.379310344827587, 35],
        [5, 11.339285714285715, 35],
        [7, 11.018518518518519, 35],
      ],
    },
    {
      limits: limits(2000, 300),
      share: 1,
      maxMoves: 100,
      spent: [100, 80, 80],
      moves: [
        [0, 50, 200],
        [2, 13.125, 78.75],
        [4, 13.125, 78.75],
        [6, 13.125, 78.75],
      ],
    },
    {
      limits: limits(2000, 1000, 10_000),
      share: 1,
      maxMoves: 100,
      spent: [100, 500, 500, 500],
      moves: [
        [80, 50, 200],
        [82, 350, 350],
        [84, 350, 350],
        [86, 350, 350],
        [88, 350, 350],
      ],
    },
    {
      limits: limits(2000, 1000, 3000),
      share: 1,
      maxMoves: 20,
      spent: [150, 400, 400, 400, 400, 400],
      moves: [
        [0, 50, 200],
        [2, 100, 350],
        [4, 87.5, 350],
        [6, 71.42857142857143, 350],
        [8, 50, 300],
        [10, 20, 120],
        [12, 0, 0],
      ],
    },
  ];

  it('allots each move what it did, to a budget run down', () => {
    for (const { limits, share, maxMoves, spent, moves } of games) {
      const clock = new GameTimeManager(limits, LOA, share, maxMoves);
      for (const [i, [ply, softMs, hardMs]] of moves.entries()) {
        const stops = clock.allot(ply!, 1000);
        assert.deepEqual(
          stops,
          { from: 1000, softMs, hardMs, soft: 1000 + softMs!, hard: 1000 + hardMs! },
          `ply ${ply}`,
        );
        if (i < spent.length) clock.spent(spent[i]!);
      }
    }
  });

  const LIMITS = loa.timeLimits;

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
    const clock = new GameTimeManager(limits, LOA, share, maxMoves);
    const arena: number[] = [];
    for (let ply = firstPly; ply < maxMoves; ply += 2) {
      const { softMs, hardMs } = clock.allot(ply, 0);
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
    const arena = simulate(limits(2000, 300), (_, hard) => hard + OVERRUN);
    for (const ms of arena.slice(1)) assert.ok(ms <= 300 / 2, `${ms} ms`);
  });
});
