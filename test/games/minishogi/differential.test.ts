/**
 * Differential test against an independent engine: ffish, Fairy-Stockfish's rules compiled to wasm
 * (GPL, a development dependency). Its minishogi allows pawn-drop mate (it scores such a drop as a
 * loss instead of refusing it) and knows nothing of the referee's repetition rule; so our moves
 * with pawn-drop mate allowed must equal its moves exactly, and our real moves must be those minus
 * the pawn drops that it finds mate.
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { before, it } from 'node:test';
import { Rng } from '../../../src/core/rng.js';
import { colOf, rowOf, type Square } from '../../../src/games/minishogi/board.js';
import { dropKind, isDrop, isPromotion, type Move, moveFrom, moveTo } from '../../../src/games/minishogi/moves.js';
import { letterOf, PAWN } from '../../../src/games/minishogi/pieces.js';
import type { Position } from '../../../src/games/minishogi/position.js';
import { formatSfen, parseSfen, START_SFEN } from '../../../src/games/minishogi/sfen.js';
import { PERFT_ALLOWED } from './helpers.js';

interface FfishBoard {
  legalMoves(): string;
  push(move: string): boolean;
  pop(): void;
  fen(): string;
  delete(): void;
}
interface Ffish {
  Board: new (variant: string, fen?: string) => FfishBoard;
  onRuntimeInitialized?: () => void;
  calledRun?: boolean;
}

let ffish: Ffish;

before(async () => {
  // Under Node 20 the Emscripten loader tries fetch() on the wasm file's path; without it, it reads the file.
  const fetch = globalThis.fetch;
  Reflect.deleteProperty(globalThis, 'fetch');
  try {
    const module = createRequire(import.meta.url)('ffish') as Ffish;
    await new Promise<void>((resolve) => {
      if (module.calledRun) resolve();
      else module.onRuntimeInitialized = resolve;
    });
    ffish = module;
  } finally {
    globalThis.fetch = fetch;
  }
});

/** Fairy-Stockfish's square names: files a..e from the left, ranks 1..5 from the bottom. */
const ffishSquare = (sq: Square): string => `${'abcde'[colOf(sq)]}${rowOf(sq) + 1}`;

function ffishMove(m: Move): string {
  if (isDrop(m)) return `${letterOf(0, dropKind(m))}@${ffishSquare(moveTo(m))}`;
  return `${ffishSquare(moveFrom(m))}${ffishSquare(moveTo(m))}${isPromotion(m) ? '+' : ''}`;
}

/** Its FEN: the SFEN board, the hands in brackets, and the side to move as chess colours (sente is white). */
function ffishFen(position: Position): string {
  const [board, side, hands] = formatSfen(position).split(' ') as [string, string, string];
  const letters =
    hands === '-' ? '' : hands.replace(/([0-9]+)([A-Za-z])/g, (_, n: string, c: string) => c.repeat(Number(n)));
  return `${board}[${letters}] ${side === 'b' ? 'w' : 'b'} - - 0 1`;
}

/** A FEN's board, hands (in some order) and side to move. */
function samePosition(fen: string): string {
  const [placement = '', side] = fen.split(' ');
  const [, board, hands = ''] = /^(.*)\[(.*)\]$/.exec(placement) ?? [];
  return `${board} ${[...hands].sort().join('')} ${side}`;
}

const sorted = (moves: readonly string[]): string[] => [...moves].sort();

/**
 * Compares the legal moves of `position` with ffish's `board`, which must hold the same position;
 * returns the number of pawn-drop mates.
 */
function compare(position: Position, board: FfishBoard): number {
  const context = formatSfen(position);
  assert.equal(samePosition(board.fen()), samePosition(ffishFen(position)), context);
  const theirs = board.legalMoves();
  position.allowPawnDropMate = true;
  const allowed = position.legalMoves();
  position.allowPawnDropMate = false;
  const real = position.legalMoves();
  assert.deepEqual(sorted(allowed.map(ffishMove)), sorted(theirs === '' ? [] : theirs.split(' ')), context);

  const refused = allowed.filter((m) => !real.includes(m));
  assert.equal(real.length + refused.length, allowed.length, context);
  for (const m of refused) {
    assert.ok(isDrop(m) && dropKind(m) === PAWN, `${context}: ${ffishMove(m)} refused`);
    board.push(ffishMove(m));
    assert.equal(board.legalMoves(), '', `${context}: ${ffishMove(m)} is not mate for ffish`);
    board.pop();
  }
  return refused.length;
}

/** Random games to compare along: two thousand in the suite (about 25 s here); more with the variable set. */
const GAMES = Number(process.env.MINISHOGI_DIFFERENTIAL_GAMES ?? 2000);

it(`the same legal moves as Fairy-Stockfish along ${GAMES} random games`, (t) => {
  const rng = new Rng(2024);
  let positions = 0;
  let pawnDropMates = 0;
  for (let game = 0; game < GAMES; game++) {
    const position = parseSfen(START_SFEN);
    const board = new ffish.Board('minishogi', ffishFen(position));
    for (let ply = 0; ply < 300; ply++) {
      pawnDropMates += compare(position, board);
      positions++;
      const moves = position.legalMoves();
      if (moves.length === 0) break;
      const move = rng.pick(moves);
      assert.ok(board.push(ffishMove(move)), `ffish refuses ${ffishMove(move)} in ${formatSfen(position)}`);
      position.make(move);
    }
    board.delete();
  }
  assert.ok(positions > GAMES * 50, `${positions} positions`);
  assert.ok(pawnDropMates > 0, 'the games met a pawn-drop mate');
  t.diagnostic(`${GAMES} games, ${positions} positions, ${pawnDropMates} pawn-drop mates refused`);
});

it('the same legal moves as Fairy-Stockfish in the published positions and their children', () => {
  for (const [sfen] of PERFT_ALLOWED) {
    const position = parseSfen(sfen);
    const root = new ffish.Board('minishogi', ffishFen(position));
    compare(position, root);
    for (const move of position.legalMoves()) {
      position.make(move);
      root.push(ffishMove(move));
      compare(position, root);
      root.pop();
      position.unmake();
    }
    root.delete();
  }
});
