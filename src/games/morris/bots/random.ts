/** Plays one of the listed commands, uniformly at random: the simplest opponent, and a protocol check. */
import type { BuiltinBot } from '../../../core/game.js';
import { Rng } from '../../../core/rng.js';
import { readInitialisation, readTurn } from '../input.js';

export const random: BuiltinBot = {
  description: 'plays one of the listed commands, uniformly at random',
  create:
    ({ seed }) =>
    async (io) => {
      const rng = new Rng(seed);
      if ((await readInitialisation(io)) === null) return;
      for (let turn = await readTurn(io); turn !== null; turn = await readTurn(io))
        io.writeLine(rng.pick(turn.commands));
    },
};
