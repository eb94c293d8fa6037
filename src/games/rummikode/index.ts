/** RummiKode: the CodinGame card game for two to four bots (stacks of runs and colour groups). Rules: rules.md. */
import type { GameDefinition } from '../../core/game.js';
import { millis } from '../../core/units.js';
import { greedy } from './bots/greedy.js';
import { random } from './bots/random.js';
import { strong } from './bots/strong.js';
import { clicks } from './clicks.js';
import type { RummiMove } from './moves.js';
import { protocol } from './protocol.js';
import { type RummiState, rules, seating } from './rules.js';
import { board } from './view.js';

export const game: GameDefinition<RummiState, RummiMove> = {
  id: 'rummikode',
  ...seating,
  timeLimits: { firstTurn: millis(1000), turn: millis(100) },
  rules,
  openings: {},
  protocol,
  bots: { random, greedy, strong },
  // The built-in bots meant as bosses, by league (`tabula judge --league`); the highest is the default.
  bosses: { wood: 'random', bronze: 'greedy', gold: 'strong' },
  view: { board, clicks },
};
