/** The judges' player of the statement: one of its legal moves, each with the same probability. */
import type { BuiltinBot } from '../../../core/game.js';
import { Rng } from '../../../core/rng.js';
import { playStream } from '../input.js';
import { MAX_MOVES, type Move } from '../position.js';
import { OPENING_PARAMS, withOpening } from './opening.js';

export const random: BuiltinBot = {
  description: "the statement's judge player: a legal move, uniformly at random",
  params: OPENING_PARAMS,
  create: ({ seed, params }) => {
    const rng = new Rng(seed);
    const moves = new Int32Array(MAX_MOVES);
    // The referee, not the judge's player, ends the game at the move limit (whatever `max-moves`
    // says): this bot plays on until its input ends, stopping by itself only at a win or a block.
    return (io) =>
      playStream(
        io,
        withOpening(params, seed, (p) => moves[rng.below(p.generate(moves))]! as Move),
        Infinity,
      );
  },
};
