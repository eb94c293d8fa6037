/**
 * Random openings for paired games. The statement's protocol streams moves from its own start, so
 * the arena cannot start a game elsewhere (Lines of Action refuses `--random-plies`). Instead a bot
 * given `opening=N` plays its moves among the game's first N (both sides counted) at random: the
 * move at ply k is drawn from a generator seeded by the bot's seed and k alone. The arena derives a
 * bot's seed from the game's seed and its seat, and the two games of a pair share a seed with the
 * seats swapped, so when both bots take the same `opening=N` both games of the pair start with the
 * same N moves, and every pair with others.
 */
import type { Setting } from '../../../core/game.js';
import { deriveSeed, Rng } from '../../../core/rng.js';
import type { Chooser } from '../input.js';
import { MAX_MOVES, type Move } from '../position.js';
import { numberParam, numberSetting } from './params.js';

const OPENING = numberSetting(
  'opening',
  "plays its moves among the game's first N (both sides counted) at random, from its seed: two bots given the same N start the two games of a pair alike",
  0,
  0,
  40,
  true,
);
export const OPENING_PARAMS: readonly Setting[] = [OPENING];

/** `choose`, after the random opening moves that `params` ask for, drawn from `seed`. */
export function withOpening(params: Readonly<Record<string, string>>, seed: number, choose: Chooser): Chooser {
  const plies = numberParam(params, OPENING);
  const moves = new Int32Array(MAX_MOVES);
  return (p, ply) =>
    ply < plies ? (moves[new Rng(deriveSeed(seed, ply)).below(p.generate(moves))]! as Move) : choose(p, ply);
}
