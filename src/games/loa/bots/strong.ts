/**
 * A bot that beats the judge's random player: it plans the quickest way to connect its own pieces
 * (planner.ts). It follows the statement as a contestant must, stopping by itself at a win, a block
 * or the move limit (the statement's 100 unless `--option max-moves=N`), so `tabula bot loa strong`
 * could be submitted as it is.
 */
import type { BuiltinBot } from '../../../core/game.js';
import { Rng } from '../../../core/rng.js';
import { playStream } from '../input.js';
import { maxMovesOption } from '../rules.js';
import { Planner } from './planner.js';

export const strong: BuiltinBot = {
  description: 'plans two of its own moves ahead to connect its pieces, avoiding moves that let a random reply win',
  create: ({ seed, gameOptions }) => {
    const rng = new Rng(seed);
    const planner = new Planner();
    const maxMoves = maxMovesOption(gameOptions);
    return (io) => playStream(io, (p) => planner.choose(p, (k) => rng.below(k)), maxMoves);
  },
};
