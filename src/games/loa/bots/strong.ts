/**
 * `builtin:strong`: the search engine (search.ts) with its evaluation (evaluation.ts), its time
 * spread over the game by core/turn-budget.ts with the constants below. It follows the statement as
 * a contestant must, stopping by itself at a win, a block or the move limit (the statement's 100
 * unless `--option max-moves=N`), so `tabula bot loa strong` could be submitted as it is.
 */
import { performance } from 'node:perf_hooks';
import { EngineReuse } from '../../../core/engine-reuse.js';
import type { BuiltinBot } from '../../../core/game.js';
import { type GamePolicy, GameTimeManager } from '../../../core/turn-budget.js';
import { DEFAULT_WEIGHTS } from '../engine/evaluation.js';
import { Search } from '../engine/search.js';
import { playStream } from '../input.js';
import { maxMovesOption } from '../rules.js';
import { OPENING_PARAMS, withOpening } from './opening.js';
import { numberParam, numberSetting } from './params.js';

const DEPTH = numberSetting('depth', 'the deepest iteration of the search, in moves', 64, 1, 64, true);
const NODES = numberSetting(
  'nodes',
  'stops a search after about this many nodes (0: no limit), for games that do not depend on the clock',
  0,
  0,
  1e9,
  true,
);
const TIME = numberSetting(
  'time',
  "the share of the clock's time it thinks: 0.1 thinks a tenth as long",
  1,
  0.001,
  1,
  false,
);

/**
 * How the bot spreads the game's time (by default 10 s, 2000 ms at most for the first move and
 * 1000 ms for each later one) over its moves, with a margin for what it cannot see.
 */
export const TIME_POLICY: GamePolicy = {
  reserve: 0.15,
  startUpMs: 500,
  moveOverheadMs: 10,
  moveFloorMs: 5,
  turnShare: 0.35,
  unbudgetedShare: 0.25,
  firstMoveMs: 100,
  // Games between good players last about this many own moves.
  expectedOwnMoves: 30,
  leastMovesAhead: 15,
  tailMoveMs: 40,
  hardOverPlanned: 3,
};

/** This process's search (its 6 MB table), kept from game to game (core/engine-reuse.ts). */
const reuse = new EngineReuse<Search>();
const NEW_SEARCH = { make: () => new Search(DEFAULT_WEIGHTS) };

export const strong: BuiltinBot = {
  description:
    'iterative deepening alpha-beta with a transposition table and an evaluation of connection, spreading the game time over its moves',
  params: [DEPTH, NODES, TIME, ...OPENING_PARAMS],
  create: ({ seed, gameOptions, timeLimits, params }) => {
    const maxMoves = maxMovesOption(gameOptions);
    const nodes = numberParam(params, NODES);
    const depth = numberParam(params, DEPTH);
    const clock = new GameTimeManager(timeLimits, TIME_POLICY, numberParam(params, TIME), maxMoves);
    return (io) =>
      reuse.play(NEW_SEARCH, (search) => {
        const choose = withOpening(params, seed, (p, ply) => {
          const { from, softMs, hardMs } = clock.allot(ply, performance.now());
          const { move } = search.search(p, ply, maxMoves, {
            depth,
            nodes: nodes === 0 ? Infinity : nodes,
            softMs,
            hardMs,
          });
          clock.spent(performance.now() - from);
          return move;
        });
        return playStream(io, choose, maxMoves);
      });
  },
};
