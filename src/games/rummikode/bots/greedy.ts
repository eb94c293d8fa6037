/**
 * The baseline opponent: it pushes the biggest stack its hand makes (the first one totalling 25 or
 * more), again while it can, then adds to the table whatever fits, then waits. It never rearranges.
 */
import type { BuiltinBot } from '../../../core/game.js';
import { readTurn } from '../input.js';
import { formatMove, movesOf, type RummiMove, type Table } from '../moves.js';

/** The greedy command at `table`: the biggest PUSH, else the first ADD, else WAIT. */
export function greedyMove(table: Table): RummiMove {
  let best: RummiMove | null = null;
  for (const push of movesOf(table, 'PUSH'))
    if (push.kind === 'PUSH' && (best?.kind !== 'PUSH' || push.cards.length > best.cards.length)) best = push;
  return best ?? movesOf(table, 'ADD')[0] ?? { kind: 'WAIT' };
}

export const greedy: BuiltinBot = {
  description: 'pushes the biggest stacks its hand makes, adds what fits, then waits; never rearranges',
  create: () => async (io) => {
    // The input does not say whether a player has pushed its first stack: the bot remembers.
    let opened = false;
    for (let turn = await readTurn(io); turn !== null; turn = await readTurn(io)) {
      const me = turn.players[turn.me]!;
      const move = greedyMove({ stacks: turn.stacks, hand: me.hand, actionsLeft: me.actionsLeft, opened });
      if (move.kind === 'PUSH') opened = true;
      io.writeLine(formatMove(move));
    }
  },
};
