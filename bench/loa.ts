/**
 * Lines of Action hot paths, for `npm run bench`: move generation (perft 5 from the start, the
 * issue's figure), random playouts through the rules, the strong bot's search in nodes per second,
 * the previous strong bot's planner, and whole games through the protocol.
 */
import { playGame } from '../src/arena/game-loop.js';
import { Rng } from '../src/core/rng.js';
import { Planner } from '../src/games/loa/bots/planner.js';
import { DEFAULT_WEIGHTS } from '../src/games/loa/engine/evaluation.js';
import { Search } from '../src/games/loa/engine/search.js';
import { game } from '../src/games/loa/index.js';
import { MAX_MOVES, type Move, Position } from '../src/games/loa/position.js';
import { rules, stateAt } from '../src/games/loa/rules.js';

function randomPlayouts(): number {
  const rng = new Rng(2);
  let plies = 0;
  for (let g = 0; g < 500; g++) {
    let state = rules.initial({ seats: 2, seed: g, options: {} });
    while (!state.outcome) {
      state = rules.play(state, rng.pick(rules.legalMoves(state)));
      plies++;
    }
  }
  return plies;
}

/** Positions 8 to 36 moves into random games, the same ones every run. */
const middleGames: readonly Position[] = (() => {
  const rng = new Rng(5);
  const moves = new Int32Array(MAX_MOVES);
  return Array.from({ length: 8 }, (_, g) => {
    const p = Position.start();
    for (let i = 0; i < 8 + g * 4; i++) p.make(moves[rng.below(p.generate(moves))]! as Move);
    return p;
  });
})();

/** The strong bot's search, 5 moves deep from each of `middleGames`: its nodes. */
function searchNodes(): number {
  const search = new Search(DEFAULT_WEIGHTS);
  const limits = {
    depth: 5,
    nodes: Number.POSITIVE_INFINITY,
    softMs: Number.POSITIVE_INFINITY,
    hardMs: Number.POSITIVE_INFINITY,
  };
  return middleGames.reduce((nodes, p, g) => nodes + search.search(p.clone(), 8 + g * 4, 100, limits).nodes, 0);
}

/** Games of the previous strong bot's planner against random moves, on the rules directly: the planner's moves. */
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
    // A shallow search: the case measures the protocol, not the bot's clock.
    const strong = 'builtin:strong(depth=2)';
    const bots = seed % 2 === 0 ? [strong, 'builtin:random'] : ['builtin:random', strong];
    turns += (await playGame(game, bots, { seed })).result.turns;
  }
  return turns;
}

export const cases: { name: string; unit: string; run: () => number | Promise<number> }[] = [
  { name: 'loa perft 5 (start)', unit: 'nodes', run: () => game.perft!.count(5) },
  { name: 'loa random playouts, rules only', unit: 'plies', run: randomPlayouts },
  { name: 'loa strong bot search (depth 5, 8 positions)', unit: 'nodes', run: searchNodes },
  { name: 'loa planner, the previous strong bot (2 own moves deep)', unit: 'moves', run: plannerMoves },
  { name: 'loa games, strong (depth 2) vs random through the protocol', unit: 'turns', run: strongGames },
];
