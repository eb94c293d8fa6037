import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { playGame } from '../../../src/arena/game-loop.js';
import { LineQueue } from '../../../src/arena/line-streams.js';
import { MAX_MOVES } from '../../../src/boards/morris-engine/position.js';
import { checkSettings, SetupError } from '../../../src/core/game.js';
import { millis, seat } from '../../../src/core/units.js';
import { type Chooser, playMills } from '../../../src/games/mills/bots/play.js';
import { game } from '../../../src/games/mills/index.js';
import { protocol } from '../../../src/games/mills/protocol.js';
import { type MillsState, millKey, rules } from '../../../src/games/mills/rules.js';
import { playLines, position } from './helpers.js';

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

describe('mills: the greedy and strong bots', () => {
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

describe('mills: the bots read the protocol into the engine position', () => {
  it('remember every mill closed before, across turns, though the input shows only the board', async () => {
    // BLACK's 1, 3, 5 fill 0 0-1 0-2 0 (line 4); BLACK then steps 5 out and WHITE moves.
    let state = position({ black: ['0 0', '1 0', '2 0', '5 2'], white: ['0 2', '4 1', '6 1', '7 2'], ply: 100 });
    const seen: { mills: number[]; at: number }[] = [];
    const moves = new Int32Array(MAX_MOVES);
    const chooser: Chooser = (p) => {
      seen.push({ mills: p.mills(), at: p.ply });
      p.generate(moves, 0);
      return moves[0]!;
    };
    const input = new LineQueue();
    const done = playMills({ readLine: () => input.read(), writeLine: () => {}, log: () => {} }, chooser);
    const send = (s: MillsState) => {
      for (const line of protocol.turnInput(s, rules.toMove(s), false)) input.push(line);
    };
    send(state);
    state = playLines(state, 'MOVE 5 3 0', 'MOVE 8 6 2');
    send(state);
    input.end();
    await done;
    assert.deepEqual(seen, [
      { mills: [millKey(4, 0b10101)], at: 100 },
      { mills: [millKey(4, 0b10101)], at: 102 },
    ]);
  });
});
