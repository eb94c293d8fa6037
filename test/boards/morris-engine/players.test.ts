import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { builtinBotCommand } from '../../../src/arena/builtin/own-process.js';
import { Engine, engineFor, Player, strongSettings } from '../../../src/boards/morris-engine/players.js';
import { ALL_LINES, type BoardPosition, MAX_MOVES } from '../../../src/boards/morris-engine/position.js';
import { EngineReuse } from '../../../src/core/engine-reuse.js';
import { procStat, threadsOf } from '../../../src/core/proc.js';
import { raisingProblem, START_UP_NICE } from '../../../src/core/start-up-priority.js';
import { millis, seat } from '../../../src/core/units.js';
import { MILLS_WEIGHTS } from '../../../src/games/mills/bots/strong.js';
import { MillsPosition } from '../../../src/games/mills/position.js';
import { MORRIS_WEIGHTS } from '../../../src/games/morris/bots/strong.js';
import { MorrisPosition } from '../../../src/games/morris/position.js';
import { findGame } from '../../../src/games/registry.js';
import { botSetup } from '../../support/games.js';

/** What a position's search and tables see of it. */
const snapshot = (p: BoardPosition) => ({
  stones: [...p.stones],
  stock: [...p.stock],
  side: p.side,
  ply: p.ply,
  status: p.status,
  hash: [p.hashLo, p.hashHi],
});

describe('the strong bots’ player on the clock', () => {
  // A first turn with the clock on warms up until half its limit from the process's start: games
  // against itself played and taken back on the position it was given. Nothing here depends on
  // the time the turns take.
  const setup = botSetup(5, {}, { firstTurn: millis(1500), turn: millis(20) });
  const cases = [
    { name: 'Mills', weights: MILLS_WEIGHTS, start: () => MillsPosition.of([], [9, 9], 0) },
    { name: 'Nine Men’s Morris', weights: MORRIS_WEIGHTS, start: () => MorrisPosition.of([0, 0], [0, 0], 0) },
  ];
  for (const { name, weights, start } of cases)
    it(`leaves the ${name} position as it was given and answers a legal move, first turn and later`, () => {
      const player = new Player(setup, strongSettings({}), new Engine(weights, true));
      const p = start();
      for (let turn = 0; turn < 6; turn++) {
        const before = snapshot(p);
        const { move } = player.think(p, performance.now());
        assert.deepEqual(snapshot(p), before, `turn ${turn}`);
        const legal = new Int32Array(MAX_MOVES);
        assert.ok(legal.subarray(0, p.generate(legal, 0)).includes(move), `turn ${turn}: ${move} is not legal`);
        p.make(move);
      }
    });
});

describe('a strong bot’s engine, from game to game', () => {
  const preload: [number, number][] = [[ALL_LINES, ALL_LINES]];
  const depth6 = { depth: 6, softDeadline: Infinity, hardDeadline: Infinity };
  /** The placing positions of a game of moves searched to depth 4. */
  const positions = (): BoardPosition[] => {
    const search = new Engine(MORRIS_WEIGHTS, false).search;
    const p = MorrisPosition.of([0, 0], [0, 0], 0);
    const seen: BoardPosition[] = [];
    for (let ply = 0; ply < 16; ply++) {
      seen.push(MorrisPosition.of([p.stones[0]!, p.stones[1]!], [9 - p.stock[0]!, 9 - p.stock[1]!], p.ply));
      p.make(search.run(p, { ...depth6, depth: 4 }).move);
    }
    return seen;
  };

  it('are kept for the next game of a bot on the clock, whose search then searches as a new one', async () => {
    const reuse = new EngineReuse<Engine>();
    const timed = engineFor(strongSettings({}), MORRIS_WEIGHTS, preload);
    const [first, ...others] = positions();
    let kept: Engine | null = null;
    await reuse.play(timed, async (engine) => {
      kept = engine;
      for (const p of others) engine.search.run(p, depth6);
    });
    let again: unknown = null;
    await reuse.play(timed, async (engine) => {
      assert.equal(engine, kept, 'the same engine');
      again = engine.search.run(first!, depth6);
    });
    assert.deepEqual(again, new Engine(MORRIS_WEIGHTS, true, preload).search.run(first!, depth6));
  });

  it('are new for each game of an untimed bot, and for a bot that holds no tables where they held some', async () => {
    const reuse = new EngineReuse<Engine>();
    const seen: Engine[] = [];
    const play = (params: Record<string, string>) =>
      reuse.play(engineFor(strongSettings(params), MORRIS_WEIGHTS, preload), async (engine) => {
        seen.push(engine);
      });
    await play({ time: '0' });
    await play({ time: '0' });
    await play({});
    await play({ tables: 'off' });
    await play({ tables: 'off' });
    assert.equal(new Set(seen).size, 4, 'untimed twice, then timed with tables, then kept without');
    assert.equal(seen[3], seen[4]);
    assert.equal(seen[3]!.endgames, null);
  });
});

describe('a strong bot process', () => {
  // The arena starts both bots with the game; the one that moves second reads its first input only
  // when the first has moved. It is warm by then all the same: it warms up from its start.
  it('warms up before its first input comes, yielding the CPU, then answers it', { timeout: 30_000 }, async () => {
    const game = await findGame('mills');
    const setup = botSetup(3, {}, { firstTurn: millis(5000), turn: millis(50) });
    const bot = spawn(`exec ${builtinBotCommand('mills', 'strong', setup)}`, {
      shell: true,
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const nice = () => threadsOf(bot.pid!).map((tid) => procStat(tid)?.nice);
    // Where it may raise its priority back (as root), it warms up at the lowest priority: seen at it
    // before its input, it is warming up then. Elsewhere it warms up at its own, and its CPU time shows
    // it (at nice 19 that time depends on what else runs: other test files may).
    const yields = raisingProblem() === null;
    const own = getPriority();
    try {
      await sleep(1500);
      if (yields) assert.deepEqual(new Set(nice()), new Set([START_UP_NICE]), 'warming up');
      await sleep(1300); // past half the first turn from its start, where its warm-up ends
      assert.deepEqual(new Set(nice()), new Set([own]), 'warm, at its own priority again');
      // The first field of /proc/<pid>/schedstat: the main thread's time on a CPU, in nanoseconds.
      const cpuMs = Number(readFileSync(`/proc/${bot.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
      if (!yields) assert.ok(cpuMs >= 1000, `${cpuMs.toFixed(0)} ms of CPU before its first input: it waited idle`);
      const first = game.rules.initial({ seats: 2, seed: 3, options: {} });
      const state = game.rules.play(first, game.rules.legalMoves(first)[0]!);
      bot.stdin.write(`${game.protocol.turnInput(state, seat(1), true).join('\n')}\n`);
      const [answer] = (await once(bot.stdout, 'data')) as [Buffer];
      const line = answer.toString().trimEnd();
      assert.ok(game.protocol.parseOutput(state, seat(1), line).ok, `${line} is not a legal answer`);
    } finally {
      bot.kill();
    }
  });
});
