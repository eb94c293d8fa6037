import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Endgames } from '../../../src/boards/morris-engine/endgames.js';
import { strongSettings, Thinker } from '../../../src/boards/morris-engine/players.js';
import { type BoardPosition, MAX_MOVES } from '../../../src/boards/morris-engine/position.js';
import { millis } from '../../../src/core/units.js';
import { MILLS_WEIGHTS } from '../../../src/games/mills/bots/strong.js';
import { MillsPosition } from '../../../src/games/mills/position.js';
import { MORRIS_WEIGHTS } from '../../../src/games/morris/bots/strong.js';
import { MorrisPosition } from '../../../src/games/morris/position.js';
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

describe('the strong bots’ thinker on the clock', () => {
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
      const thinker = new Thinker(setup, strongSettings({}), weights, new Endgames());
      const p = start();
      for (let turn = 0; turn < 6; turn++) {
        const before = snapshot(p);
        const { move } = thinker.think(p, performance.now());
        assert.deepEqual(snapshot(p), before, `turn ${turn}`);
        const legal = new Int32Array(MAX_MOVES);
        assert.ok(legal.subarray(0, p.generate(legal, 0)).includes(move), `turn ${turn}: ${move} is not legal`);
        p.make(move);
      }
    });
});
