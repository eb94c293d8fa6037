/** Mills: the CodinGame community game (DIRECTION/RADIUS board, PUT/MOVE protocol). See README.md. */
import { SetupError, type GameDefinition } from '../../core/game.js';
import { millis } from '../../core/units.js';
import { random } from './bots/random.js';
import { protocol } from './protocol.js';
import { formatMove, perft, rules, type MillsMove, type MillsState } from './rules.js';

/** Mills has no position notation: its move counts start from the start. */
function start(position: string | undefined): MillsState {
  if (position !== undefined) throw new SetupError('mills counts moves from the start position only');
  return rules.initial({ players: 2, seed: 0, options: {} });
}

export const game: GameDefinition<MillsState, MillsMove> = {
  id: 'mills',
  title: 'Mills',
  seats: { min: 2, max: 2 },
  timeLimits: { firstTurn: millis(1000), turn: millis(50) },
  rules,
  protocol,
  bots: { random },
  perft: {
    count: (depth, position) => perft(start(position), depth),
    divide: (depth, position) => {
      const root = start(position);
      return rules.legalMoves(root).map((m) => ({ move: formatMove(m), count: perft(rules.play(root, m), depth - 1) }));
    },
  },
};
