/** The bot between random and strong: takes when it can, else blocks a threat, else moves at random. */
import { greedyMove } from '../../../boards/morris-engine/players.js';
import type { BuiltinBot } from '../../../core/game.js';
import { Rng } from '../../../core/rng.js';
import { playMills } from './play.js';

export const greedy: BuiltinBot = {
  description: 'closes a mill when it can (taking at random), else blocks an opponent mill, else moves at random',
  create: ({ seed }) => {
    const rng = new Rng(seed);
    return (io) => playMills(io, (p) => greedyMove(p, rng));
  },
};
