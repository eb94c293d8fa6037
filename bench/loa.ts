/**
 * Lines of Action hot paths, for `npm run bench`: move generation (perft 5 from the start, the
 * issue's figure), random playouts through the rules, the strong bot's search, and whole games
 * through the protocol.
 */
import { playGame } from '../src/arena/game-loop.js';
import { Rng } from '../src/core/rng.js';
import { Planner } from '../src/games/loa/bots/planner.js';
import { game } from '../src/games/loa/index.js';
import { MAX_MOVES, type Move, Position } from '../src/games/loa/position.js';
import { rules, stateAt } from '../src/games/loa/rules.js';

function randomPlayouts(): number {
  const rng = new Rng(2);
  let plies = 0;
  for (let g = 0; g < 500; g++) {
    let state = rules.initial({ players: 2, seed: g, options: {} });
    while (!state.outcome) {
      state = rules.play(state, rng.pick(rules.legalMoves(state)));
      plies++;
    }
  }
  return plies;
}

/** Games of the strong bot's planner against random moves, on the rules directly: the planner's moves. */
function plannerMoves(): number {
  const rng = new Rng(3);
  const planner = new Planner();
  const replies = new Int32Array(MAX_MOVES);
  let planned = 0;
  for (let g = 0; g < 50; g++) {
    let state = stateAt(Position.start());
    while (!state.outcome) {
      const p = state.position;
      let move: Move;
      if (p.toMove === g % 2) {
        move = planner.choose(p.clone(), (k) => rng.below(k));
        planned++;
      } else move = replies[rng.below(p.generate(replies))]! as Move;
      state = rules.play(state, move);
    }
  }
  return planned;
}

async function strongGames(): Promise<number> {
  let turns = 0;
  for (let seed = 0; seed < 25; seed++) {
    const bots = seed % 2 === 0 ? ['builtin:strong', 'builtin:random'] : ['builtin:random', 'builtin:strong'];
    turns += (await playGame(game, bots, { seed })).result.turns;
  }
  return turns;
}

export const cases: { name: string; unit: string; run: () => number | Promise<number> }[] = [
  { name: 'loa perft 5 (start)', unit: 'nodes', run: () => game.perft!.count(5) },
  { name: 'loa random playouts, rules only', unit: 'plies', run: randomPlayouts },
  { name: 'loa strong bot search (2 own moves deep)', unit: 'moves', run: plannerMoves },
  { name: 'loa games, strong vs random through the protocol', unit: 'turns', run: strongGames },
];
