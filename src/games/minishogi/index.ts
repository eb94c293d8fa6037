/** Minishogi: the CodinGame community game (5x5 shogi with drops). See README.md. */
import { type GameDefinition, SetupError } from '../../core/game.js';
import { millis } from '../../core/units.js';
import { random } from './bots/random.js';
import { strong } from './bots/strong.js';
import { clicks } from './clicks.js';
import { formatAction, type Move } from './moves.js';
import type { Position } from './position.js';
import { protocol } from './protocol.js';
import { type MinishogiState, rules, seating, stateAtSfen } from './rules.js';
import { parseSfen, SfenError, START_SFEN } from './sfen.js';
import { usi } from './usi.js';
import { serveUsi } from './usi-engine.js';
import { board } from './view.js';

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
  ...seating,
  timeLimits: { firstTurn: millis(1000), turn: millis(100) },
  rules,
  openings: { parse: stateAtSfen },
  protocol,
  bots: { random, strong },
  // The built-in bots meant as bosses, by league (`tabula judge --league`); the highest is the default.
  bosses: { wood: 'random', gold: 'strong' },
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
  engineProtocols: {
    usi: {
      description: "the strong bot's search as a USI engine",
      bots: ['strong'],
      serve: (_bot, params, io) => serveUsi(io, params),
    },
  },
  view: { board, clicks },
};
