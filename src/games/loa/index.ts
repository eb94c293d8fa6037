/** Lines of Action: NCPC 2019 warm-up problem H, an interactive Kattis problem. Rules: rules.md; bots: README.md. */
import type { GameDefinition } from '../../core/game.js';
import { millis } from '../../core/units.js';
import { greedy } from './bots/greedy.js';
import { planner } from './bots/planner.js';
import { random } from './bots/random.js';
import { strong } from './bots/strong.js';
import { clicks } from './clicks.js';
import { type Move, Position } from './position.js';
import { protocol } from './protocol.js';
import {
  DEFAULT_MAX_MOVES,
  divide,
  formatMove,
  type LoaState,
  MAX_MOVES_OPTION,
  parsePosition,
  perft,
  rules,
  seating,
} from './rules.js';
import { board } from './view.js';

const start = (position: string | undefined): Position =>
  position === undefined ? Position.start() : parsePosition(position);

export const game: GameDefinition<LoaState, Move> = {
  id: 'loa',
  ...seating,
  timeLimits: { firstTurn: millis(2000), turn: millis(1000), game: millis(10_000) },
  rules,
  protocol,
  bots: { random, greedy, planner, strong },
  // Bosses for `tabula judge --league/--boss`; without them, the statement's judge below decides.
  bosses: { wood: 'random', bronze: 'greedy', gold: 'strong' },
  options: [
    {
      name: MAX_MOVES_OPTION,
      description: 'moves in all, both sides counted, after which a game without a winner is a draw',
      default: String(DEFAULT_MAX_MOVES),
    },
  ],
  judge: {
    opponent: 'random',
    rule: "wins every game against the judges' random player, within the move limit",
    verdict: (result, s) => {
      const judge = result.players[1 - s]!;
      // A win over a judge's player that failed proves nothing (it would be a bug of Tabula's).
      if (judge.status !== 'ok') return `the judge's player failed (${judge.status}: ${judge.message})`;
      if (result.winner === s) return null;
      return `${result.winner === null ? 'a draw' : 'a loss'}: ${result.reason}`;
    },
  },
  perft: {
    count: (depth, position) => perft(start(position), depth),
    divide: (depth, position) =>
      divide(start(position), depth).map(({ move, count }) => ({ move: formatMove(move), count })),
  },
  view: { board, clicks },
};
