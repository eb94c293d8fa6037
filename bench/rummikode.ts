/** RummiKode: move generation and the rules' speed, and whole games through the protocol. */
import { playGame } from '../src/arena/game-loop.js';
import { Rng } from '../src/core/rng.js';
import { game } from '../src/games/rummikode/index.js';
import type { Case } from './case.js';

const { rules } = game;

/** Whole games of uniformly random legal commands, 2 to 4 players: move generation and play. */
function playouts(): number {
  const rng = new Rng(2);
  let commands = 0;
  for (let g = 0; g < 60; g++) {
    let state = rules.initial({ players: 2 + (g % 3), seed: g, options: {} });
    while (!rules.outcome(state)) {
      state = rules.play(state, rng.pick(rules.legalMoves(state)));
      commands++;
    }
  }
  return commands;
}

/** Games between the built-in random bots, through the protocol text, as `tabula play` runs them. */
async function games(): Promise<number> {
  let turns = 0;
  for (let seed = 0; seed < 3; seed++) {
    const bots = Array<string>(2 + seed).fill('builtin:random');
    turns += (await playGame(game, bots, { seed })).result.turns;
  }
  return turns;
}

export const cases: Case[] = [
  { name: 'rummikode random playouts, rules only', unit: 'commands', run: playouts },
  { name: 'rummikode games, built-in bots through the protocol', unit: 'turns', run: games },
];
