/** RummiKode: the CodinGame card game for two to four bots (stacks of runs and colour groups). See README.md. */
import type { GameDefinition } from '../../core/game.js';
import { millis } from '../../core/units.js';
import { greedy } from './bots/greedy.js';
import { random } from './bots/random.js';
import { strong } from './bots/strong.js';
import type { RummiMove } from './moves.js';
import { protocol } from './protocol.js';
import { MAX_PLAYERS, MIN_PLAYERS, rules, type RummiState } from './rules.js';

export const game: GameDefinition<RummiState, RummiMove> = {
  id: 'rummikode',
  title: 'RummiKode',
  seats: { min: MIN_PLAYERS, max: MAX_PLAYERS },
  timeLimits: { firstTurn: millis(1000), turn: millis(100) },
  rules,
  protocol,
  bots: { random, greedy, strong },
};
