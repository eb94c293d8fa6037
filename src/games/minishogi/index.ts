/** Minishogi: the CodinGame community game (5x5 shogi with drops). See README.md. */
import { SetupError, type GameDefinition } from '../../core/game.js';
import { millis } from '../../core/units.js';
import { random } from './bots/random.js';
import { strong } from './bots/strong.js';
import { formatAction, type Move } from './moves.js';
import type { Position } from './position.js';
import { protocol } from './protocol.js';
import { rules, type MinishogiState } from './rules.js';
import { START_SFEN, SfenError, parseSfen } from './sfen.js';
import { usi } from './usi.js';
import { serveUsi } from './usi-engine.js';

/** The position perft starts from: the SFEN given, or the start. */
function root(sfen: string | undefined): Position {
  try {
    return parseSfen(sfen ?? START_SFEN);
  } catch (err) {
    if (err instanceof SfenError) throw new SetupError(`bad SFEN ${JSON.stringify(sfen)}: ${err.message}`);
    throw err;
  }
}

export const game: GameDefinition<MinishogiState, Move> = {
  id: 'minishogi',
  title: 'Minishogi',
  seats: { min: 2, max: 2 },
  timeLimits: { firstTurn: millis(1000), turn: millis(100) },
  rules,
  protocol,
  bots: { random, strong },
  perft: {
    count: (depth, sfen) => root(sfen).perft(depth),
    divide: (depth, sfen) => {
      const position = root(sfen);
      return position.legalMoves().map((move) => {
        const name = formatAction(move, position.side);
        position.make(move);
        const count = position.perft(depth - 1);
        position.unmake();
        return { move: name, count };
      });
    },
  },
  bridges: { usi },
  servers: {
    usi: { description: "the strong bot's search as a USI engine", bots: ['strong'], serve: (_bot, params, io) => serveUsi(io, params) },
  },
};
