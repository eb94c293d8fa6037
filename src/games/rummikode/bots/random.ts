/**
 * Plays a random legal command: first a kind of command at random among those it may play, then a
 * command of that kind, so that WAIT, PUSH and ADD are not drowned by the many TAKE and MOVE choices.
 */
import type { BuiltinBot } from '../../../core/game.js';
import { Rng } from '../../../core/rng.js';
import { readTurn } from '../input.js';
import { formatMove, hasMove, KINDS, movesOf } from '../moves.js';

export const random: BuiltinBot = {
  description: 'a random legal command: a kind of command at random, then one of that kind',
  create:
    ({ seed }) =>
    async (io) => {
      const rng = new Rng(seed);
      // The input does not say whether a player has pushed its first stack: the bot remembers.
      let opened = false;
      for (let turn = await readTurn(io); turn !== null; turn = await readTurn(io)) {
        const me = turn.players[turn.me]!;
        const table = { stacks: turn.stacks, hand: me.hand, actionsLeft: me.actionsLeft, opened };
        const kind = rng.pick(KINDS.filter((k) => hasMove(table, k)));
        const move = rng.pick(movesOf(table, kind));
        if (move.kind === 'PUSH') opened = true;
        io.writeLine(formatMove(move));
      }
    },
};
