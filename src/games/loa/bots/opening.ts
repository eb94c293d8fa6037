/**
 * Random openings for paired games. The streaming protocol always starts from the statement's
 * position, so a referee cannot hand two bots a varied start. Instead each bot may play the game's
 * first `opening` moves (both sides counted) itself, at random: the move at ply k is drawn from a
 * generator seeded by `opening-seed` and k alone, so two bots given the same values play the same
 * moves whichever seat they hold, and the two games of a pair (seats swapped) start from the same
 * position. With the default `opening=0` a bot plays as itself from the first move.
 */
import type { Setting } from '../../../core/game.js';
import { Rng, deriveSeed } from '../../../core/rng.js';
import type { Chooser } from '../input.js';
import { MAX_MOVES, type Move } from '../position.js';
import { numberParam, numberSetting } from './params.js';

const OPENING = numberSetting(
  'opening',
  'plays the first N moves of the game, both sides counted, at random from opening-seed: two bots given the same values start alike (paired games)',
  0,
  0,
  40,
  true,
);
const OPENING_SEED = numberSetting('opening-seed', 'the seed of the random opening moves', 0, 0, 0xffff_ffff, true);
export const OPENING_PARAMS: readonly Setting[] = [OPENING, OPENING_SEED];

/** `choose`, after the opening moves that `params` ask for. */
export function withOpening(params: Readonly<Record<string, string>>, choose: Chooser): Chooser {
  const plies = numberParam(params, OPENING);
  const seed = numberParam(params, OPENING_SEED);
  const moves = new Int32Array(MAX_MOVES);
  return (p, ply) => (ply < plies ? (moves[new Rng(deriveSeed(seed, ply)).below(p.generate(moves))]! as Move) : choose(p, ply));
}
