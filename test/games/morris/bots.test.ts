import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { playGame } from '../../../src/arena/game-loop.js';
import { LineQueue } from '../../../src/arena/line-streams.js';
import { greedyMove } from '../../../src/boards/morris-engine/players.js';
import { checkSettings, SetupError } from '../../../src/core/game.js';
import { Rng } from '../../../src/core/rng.js';
import { millis, seat } from '../../../src/core/units.js';
import { type Chooser, playMorris } from '../../../src/games/morris/bots/play.js';
import { game } from '../../../src/games/morris/index.js';
import { protocol } from '../../../src/games/morris/protocol.js';
import { rules } from '../../../src/games/morris/rules.js';
import { playLines } from './helpers.js';

// Limits no loaded machine can break: the games, not the clock, are under test (the bots search to a depth).
const timeLimits = { firstTurn: millis(60_000), turn: millis(60_000) };

/** Plays `games` games, seats alternating, and returns the first bot's points (a draw is half a point). */
async function match(first: string, second: string, games: number, seed: number): Promise<number> {
  let points = 0;
  for (let g = 0; g < games; g++) {
    const specs = g % 2 === 0 ? [first, second] : [second, first];
    const { result } = await playGame(game, specs, { seed: seed + g, timeLimits });
    assert.deepEqual(
      result.players.map((p) => p.status),
      ['ok', 'ok'],
      `game ${g}: ${result.reason}`,
    );
    points += result.winner === null ? 0.5 : result.winner === seat(g % 2) ? 1 : 0;
  }
  return points;
}

describe('morris: the greedy and strong bots', () => {
  it('write only legal lines, over seeded games between every pair of bots', async () => {
    await match('builtin:greedy', 'builtin:random', 20, 100);
    await match('builtin:strong(depth=2,time=0)', 'builtin:greedy', 8, 200);
    await match('builtin:strong(depth=1,time=0,tables=off)', 'builtin:strong(depth=2,time=0)', 2, 300);
  });

  it('strong wins every game of a short match against random, in both seats', async () => {
    assert.equal(await match('builtin:strong(depth=4,time=0)', 'builtin:random', 4, 400), 4);
  });

  it('strong declares its depth, time share and tables, and refuses bad values', () => {
    const params = game.bots.strong!.params!;
    assert.deepEqual(
      params.map((p) => p.name),
      ['depth', 'time', 'tables'],
    );
    checkSettings('builtin:strong', 'parameter', params, { depth: '6', time: '0.5', tables: 'off' });
    for (const bad of [{ depth: '0' }, { depth: 'x' }, { time: '2' }, { tables: 'maybe' }])
      assert.throws(() => checkSettings('builtin:strong', 'parameter', params, bad), SetupError);
  });
});

describe('morris: the bots read the protocol into the engine position', () => {
  it('count the moves played and the stones placed, from the start or from an opening the referee played', async () => {
    for (const opening of [0, 1, 5]) {
      let state = rules.initial({ players: 2, seed: 0, options: {} });
      const rng = new Rng(opening);
      // Openings take no stone: from one that did, the bot would not know whose stones were taken.
      for (let i = 0; i < opening; i++)
        state = rules.play(state, rng.pick(rules.legalMoves(state).filter((m) => m.take === null)));
      const me = rules.toMove(state);
      const seen: string[] = [];
      const chooser: Chooser = (p) => {
        seen.push(`${p.ply} ${9 - p.stock[0]!} ${9 - p.stock[1]!}`);
        return greedyMove(p, rng);
      };
      const input = new LineQueue();
      const written: string[] = [];
      const done = playMorris(
        { readLine: () => input.read(), writeLine: (l) => written.push(l), log: () => {} },
        chooser,
      );
      const expected: string[] = [];
      for (let turn = 0; turn < 14 && rules.outcome(state) === null; turn++) {
        expected.push(`${state.ply} ${state.placed[0]} ${state.placed[1]}`);
        for (const line of protocol.turnInput(state, me, turn === 0)) input.push(line);
        await new Promise((resolve) => setImmediate(resolve));
        state = playLines(state, written[turn]!);
        if (rules.outcome(state) === null) state = rules.play(state, rng.pick(rules.legalMoves(state)));
      }
      input.end();
      await done;
      assert.deepEqual(seen, expected, `opening of ${opening}`);
      assert.ok(seen.length > 9, 'into the moving phase');
    }
  });
});
