/** The tests both Mills and Nine Men's Morris run on their greedy and strong bots (one engine, two rules). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { playGame } from '../../src/arena/game-loop.js';
import { checkSettings, type GameDefinition, SetupError } from '../../src/core/game.js';
import { millis, seat } from '../../src/core/units.js';

// Limits no loaded machine can break: the games, not the clock, are under test (the bots search to a depth).
const timeLimits = { firstTurn: millis(60_000), turn: millis(60_000) };

/** Plays `games` games, seats alternating, and returns the first bot's points (a draw is half a point). */
async function match(
  game: GameDefinition<unknown>,
  first: string,
  second: string,
  games: number,
  seed: number,
): Promise<number> {
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

/** `ownParams`: the strong bot's parameters beyond the engine's (Nine Men's Morris: its opening book). */
export function describeGreedyAndStrong(game: GameDefinition<unknown>, ownParams: readonly string[] = []): void {
  describe(`${game.id}: the greedy and strong bots`, () => {
    it('write only legal lines, over seeded games between every pair of bots', async () => {
      await match(game, 'builtin:greedy', 'builtin:random', 20, 100);
      await match(game, 'builtin:strong(depth=2,time=0)', 'builtin:greedy', 8, 200);
      await match(game, 'builtin:strong(depth=1,time=0,tables=off)', 'builtin:strong(depth=2,time=0)', 2, 300);
    });

    it('strong wins every game of a short match against random, in both seats', async () => {
      assert.equal(await match(game, 'builtin:strong(depth=4,time=0)', 'builtin:random', 4, 400), 4);
    });

    it('strong declares its depth, time share, nodes and tables, and refuses bad values', () => {
      const params = game.bots.strong!.params!;
      assert.deepEqual(
        params.map((p) => p.name),
        ['depth', 'time', 'nodes', 'tables', ...ownParams],
      );
      checkSettings('builtin:strong', 'parameter', params, { depth: '6', time: '0.5', nodes: '30000', tables: 'off' });
      for (const bad of [{ depth: '0' }, { depth: 'x' }, { time: '2' }, { nodes: '-1' }, { tables: 'maybe' }])
        assert.throws(() => checkSettings('builtin:strong', 'parameter', params, bad), SetupError);
    });
  });
}
