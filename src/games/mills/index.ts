/** Mills: the CodinGame community game (DIRECTION/RADIUS board, PUT/MOVE protocol). See README.md. */
import type { GameDefinition } from '../../core/game.js';
import { millis } from '../../core/units.js';
import { random } from './bots/random.js';
import { protocol } from './protocol.js';
import { rules, type MillsMove, type MillsState } from './rules.js';

export const game: GameDefinition<MillsState, MillsMove> = {
  id: 'mills',
  title: 'Mills',
  seats: { min: 2, max: 2 },
  timeLimits: { firstTurn: millis(1000), turn: millis(50) },
  rules,
  protocol,
  bots: { random },
};
