/** Plays one of the suggested options, uniformly at random: the simplest opponent, and a protocol check. */
import type { BuiltinBot } from '../../../core/game.js';
import { Rng } from '../../../core/rng.js';
import { readTurn } from '../input.js';

export const random: BuiltinBot = {
  description: 'plays one of the listed options, uniformly at random',
  create:
    ({ seed }) =>
    async (io) => {
      const rng = new Rng(seed);
      for (let turn = await readTurn(io); turn !== null; turn = await readTurn(io))
        io.writeLine(rng.pick(turn.options));
    },
};
