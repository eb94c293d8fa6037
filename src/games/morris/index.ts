/** Nine Men's Morris: the CodinGame community game (fields A1..G7, PLACE/MOVE commands). See README.md. */
import { SetupError, type GameDefinition } from '../../core/game.js';
import { millis } from '../../core/units.js';
import { random } from './bots/random.js';
import { perft } from './moves.js';
import { protocol } from './protocol.js';
import { formatMove, rules, sidesOf, type MorrisMove, type MorrisState } from './rules.js';

/** There is no position notation: move counts start from the start. */
function start(position: string | undefined): MorrisState {
  if (position !== undefined) throw new SetupError('morris counts moves from the start position only');
  return rules.initial({ players: 2, seed: 0, options: {} });
}

export const game: GameDefinition<MorrisState, MorrisMove> = {
  id: 'morris',
  title: "Nine Men's Morris",
  seats: { min: 2, max: 2 },
  timeLimits: { firstTurn: millis(1000), turn: millis(50) },
  rules,
  protocol,
  bots: { random },
  perft: {
    count: (depth, position) => perft(sidesOf(start(position)), depth),
    divide: (depth, position) => {
      const root = start(position);
      return rules.legalMoves(root).map((m) => ({ move: formatMove(m), count: perft(sidesOf(rules.play(root, m)), depth - 1) }));
    },
  },
};
