/** Plays one of the listed actions, uniformly at random: the simplest opponent, and a protocol check. */
import type { BuiltinBot } from '../../../core/game.js';
import { Rng } from '../../../core/rng.js';
import { readTurn } from '../input.js';

export const random: BuiltinBot = {
  description: 'plays one of the listed actions, uniformly at random',
  create:
    ({ seed }) =>
    async (io) => {
      const rng = new Rng(seed);
      for (let turn = await readTurn(io, true); turn !== null; turn = await readTurn(io, false))
        io.writeLine(rng.pick(turn.actions));
    },
};
