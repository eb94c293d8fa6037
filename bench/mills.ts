/** Mills: move generation and the rules' speed. */
import { Rng } from '../src/core/rng.js';
import { game as mills } from '../src/games/mills/index.js';
import { perft } from '../src/games/mills/rules.js';
import type { Case } from './case.js';

function playouts(): number {
  const rng = new Rng(2);
  let plies = 0;
  for (let g = 0; g < 20; g++) {
    let state = mills.rules.initial({ seats: 2, seed: g, options: {} });
    while (!mills.rules.outcome(state)) {
      state = mills.rules.play(state, rng.pick(mills.rules.legalMoves(state)));
      plies++;
    }
  }
  return plies;
}

export const cases: Case[] = [
  {
    name: 'mills perft 4 (placement)',
    unit: 'nodes',
    run: () => perft(mills.rules.initial({ seats: 2, seed: 0, options: {} }), 4),
  },
  { name: 'mills random playouts, rules only', unit: 'plies', run: playouts },
];
