/**
 * The strong bot: the morris engine's search (src/boards/morris-engine/) on Nine Men's Morris's
 * rules, with weights for this game: a mill taken again each time it closes makes an open mill
 * worth much, the game is drawn at the turn limit, and a side shut in loses, so that mobility
 * weighs from the placing phase on (tuned by self-play: src/boards/morris-engine/README.md, "The evaluation").
 */

import { OpeningBook } from '../../../boards/morris-engine/book.js';
import type { Weights } from '../../../boards/morris-engine/evaluation.js';
import {
  type Engine,
  engineFor,
  Player,
  STRONG_PARAMS,
  strongSettings,
} from '../../../boards/morris-engine/players.js';
import { ALL_LINES } from '../../../boards/morris-engine/position.js';
import { EngineReuse } from '../../../core/engine-reuse.js';
import type { BuiltinBot, Setting } from '../../../core/game.js';
import { failed, ok } from '../../../core/result.js';
import { MorrisPosition } from '../position.js';
import { BOOK_DATA } from './book-data.js';
import { playMorris } from './play.js';

export const MORRIS_WEIGHTS: Weights = {
  stone: 100,
  open: 8,
  mill: 15,
  openMill: 25,
  threat: 30,
  tempo: 90,
  double: 30,
  blocked: -15,
  mobility: 15,
  flying: 0,
  placingBlocked: -30,
  placingMobility: 26,
  liberty: 0,
  cramped: -250,
  runningMill: 50,
  walled: 0,
};

/** The opening book (book-data.ts, made by scripts/tuning/morris-book.ts), read at its first use. */
let book: OpeningBook | null = null;
const openingBook = (): OpeningBook => {
  book ??= new OpeningBook(BOOK_DATA);
  return book;
};

/** Off by default: the book was not shown to pay (README.md, "The opening book"). */
const BOOK_PARAM: Setting = {
  name: 'book',
  description: 'the opening book of the first four moves: on to play its moves, off to search those positions too',
  default: 'off',
  check: (v) => (v === 'on' || v === 'off' ? ok(v) : failed('expected on or off')),
};

/** This process's engine, kept from game to game (core/engine-reuse.ts). */
const reuse = new EngineReuse<Engine>();
/** The table the engine solve from the first turn on: the flying endgame of 3 against 3 with every line live. */
const PRELOAD = [[ALL_LINES, ALL_LINES]] as const;

export const strong: BuiltinBot = {
  description: "searches with iterative deepening alpha-beta and a transposition table, on Nine Men's Morris's rules",
  params: [...STRONG_PARAMS, BOOK_PARAM],
  create: (setup) => {
    const settings = strongSettings(setup.params);
    const booked = (setup.params.book ?? BOOK_PARAM.default) === 'on' ? openingBook() : null;
    return (io) =>
      reuse.play(engineFor(settings, MORRIS_WEIGHTS, PRELOAD), (engine) => {
        const player = new Player(setup, settings, engine, booked);
        player.ready(MorrisPosition.of([0, 0], [0, 0], 0));
        return playMorris(io, (p, startedAt) => player.think(p, startedAt).move);
      });
  },
};
