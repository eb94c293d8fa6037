/** Mills: the CodinGame community game (DIRECTION/RADIUS board, PUT/MOVE protocol). See README.md and rules.md. */
import { type GameDefinition, perftFromStart } from '../../core/game.js';
import { millis } from '../../core/units.js';
import { greedy } from './bots/greedy.js';
import { random } from './bots/random.js';
import { strong } from './bots/strong.js';
import { clicks } from './clicks.js';
import { protocol } from './protocol.js';
import { formatMove, type MillsMove, type MillsState, perft, rules, seating } from './rules.js';
import { board } from './view.js';

export const game: GameDefinition<MillsState, MillsMove> = {
  id: 'mills',
  ...seating,
  timeLimits: { firstTurn: millis(1000), turn: millis(50) },
  rules,
  openings: {},
  protocol,
  bots: { random, greedy, strong },
  // The built-in bots meant as bosses, by league (`tabula judge --league`); the highest is the default.
  bosses: { wood: 'random', bronze: 'greedy', gold: 'strong' },
  // Mills has no position notation: its move counts start from the start.
  perft: perftFromStart('mills', rules, perft, formatMove),
  view: { board, clicks },
};
