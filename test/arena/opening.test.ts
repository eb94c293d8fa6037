import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { playGame } from '../../src/arena/game-loop.js';
import { startOf } from '../../src/arena/opening.js';
import { millis } from '../../src/core/units.js';
import { game as loa } from '../../src/games/loa/index.js';
import { game as minishogi } from '../../src/games/minishogi/index.js';
import { game as morris } from '../../src/games/morris/index.js';

const setup = (seed: number) => ({ seats: 2, seed, options: {} });

describe('openings', () => {
  it('plays the same random plies for the same seed, and others for another', () => {
    const a = morris.rules.snapshot(startOf(morris, setup(5), { randomPlies: 6 })) as { ply: number };
    assert.equal(a.ply, 6);
    assert.deepEqual(morris.rules.snapshot(startOf(morris, setup(5), { randomPlies: 6 })), a);
    const others = [6, 7, 8].map((seed) =>
      JSON.stringify(morris.rules.snapshot(startOf(morris, setup(seed), { randomPlies: 6 }))),
    );
    assert.ok(
      others.some((o) => o !== JSON.stringify(a)),
      'another seed, another opening',
    );
  });

  it('starts from a position in the game notation, and says what is wrong with a bad one', () => {
    const sfen = 'rbsgk/4p/5/P4/KGSBR w - 7';
    const state = startOf(minishogi, setup(1), { position: sfen });
    assert.deepEqual(minishogi.rules.snapshot(state), {
      sfen,
      ply: 6,
      toMove: 1,
      hands: ['-', '-'],
      lastAction: null,
      check: false,
      outcome: null,
    });
    assert.throws(() => startOf(minishogi, setup(1), { position: 'rbsgk/4p/5/P4/KGSBR x - 1' }), {
      name: 'SetupError',
      message: /not an SFEN: the side to move is "b" or "w"/,
    });
    assert.throws(
      () => startOf(minishogi, setup(1), { position: 'k4/5/5/5/R3K b - 1' }),
      /player 1's king is in check with player 0 to move/,
    );
    assert.throws(() => startOf(morris, setup(1), { position: 'A1' }), /no notation for positions/);
  });

  it('refuses a game whose protocol cannot tell a bot where it starts', () => {
    assert.throws(() => startOf(loa, setup(1), { randomPlies: 2 }), /Lines of Action always starts from its own start/);
  });

  it('starts the bots where the opening left the game, and keeps the opening in the replay', async () => {
    const { replay } = await playGame(minishogi, ['builtin:random', 'builtin:random'], {
      seed: 11,
      opening: { randomPlies: 3 },
      timeLimits: { firstTurn: millis(5000), turn: millis(5000) },
    });
    assert.deepEqual(replay.opening, { randomPlies: 3 });
    const start = replay.initialState as { ply: number; toMove: number; lastAction: string };
    assert.equal(start.ply, 3);
    assert.equal(replay.turns[0]!.seat, start.toMove, 'the player to move after the opening plays first');
    assert.ok(replay.turns[0]!.input.includes(start.lastAction), 'the bot is shown the opening last move');
  });
});
