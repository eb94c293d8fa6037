/** Nine Men's Morris: move counting, the rules' speed, and whole games through the protocol. */
import { playGame } from '../src/arena/game-loop.js';
import { Rng } from '../src/core/rng.js';
import { game } from '../src/games/morris/index.js';
import type { Case } from './case.js';

function playouts(): number {
  const rng = new Rng(2);
  let plies = 0;
  for (let g = 0; g < 1000; g++) {
    let state = game.rules.initial({ seats: 2, seed: g, options: {} });
    while (!game.rules.outcome(state)) {
      state = game.rules.play(state, rng.pick(game.rules.legalMoves(state)));
      plies++;
    }
  }
  return plies;
}

async function games(): Promise<number> {
  let turns = 0;
  for (let seed = 0; seed < 30; seed++)
    turns += (await playGame(game, ['builtin:random', 'builtin:random'], { seed })).result.turns;
  return turns;
}

export const cases: Case[] = [
  // Depth 6 is all placement: 99,274,176 leaves, counted in bulk at the last ply.
  { name: 'morris perft 6 (placement)', unit: 'nodes', run: () => game.perft!.count(6) },
  { name: 'morris random playouts, rules only', unit: 'plies', run: playouts },
  { name: 'morris games, built-in bots through the protocol', unit: 'turns', run: games },
];
