/** Nine Men's Morris: the CodinGame community game (fields A1..G7, PLACE/MOVE commands). See README.md, rules.md. */
import { type GameDefinition, perftFromStart } from '../../core/game.js';
import { millis } from '../../core/units.js';
import { greedy } from './bots/greedy.js';
import { random } from './bots/random.js';
import { strong } from './bots/strong.js';
import { clicks } from './clicks.js';
import { perft } from './position.js';
import { protocol } from './protocol.js';
import { formatMove, type MorrisMove, type MorrisState, rules, seating, sidesOf } from './rules.js';
import { board } from './view.js';

export const game: GameDefinition<MorrisState, MorrisMove> = {
  id: 'morris',
  ...seating,
  timeLimits: { firstTurn: millis(1000), turn: millis(50) },
  rules,
  openings: {},
  protocol,
  bots: { random, greedy, strong },
  // The built-in bots meant as bosses, by league (`tabula judge --league`); the highest is the default.
  bosses: { wood: 'random', bronze: 'greedy', gold: 'strong' },
  // There is no position notation: move counts start from the start, on the fast bitmask path.
  perft: perftFromStart('morris', rules, (state, depth) => perft(sidesOf(state), depth), formatMove),
  view: { board, clicks },
};
