/**
 * Zobrist keys: random 64-bit numbers, each kept as two 32-bit halves, whose XOR over the board's
 * pieces, the pieces in hand and the side to move names a position (`Position.keyLo`/`keyHi`).
 * The search indexes its table with the low half and checks the high half; repetition compares both.
 */
import { Rng } from '../../core/rng.js';
import { SQUARES } from './board.js';
import { HAND_KINDS } from './pieces.js';

/** The most pieces of one kind a hand can hold: a game has two of each. */
const HAND_MAX = 2;
/** Piece codes (pieces.ts) are below this. */
const CODES = 32;

const rng = new Rng(0x5eed_5106);
const table = (n: number): Int32Array => Int32Array.from({ length: n }, () => rng.nextU32() | 0);

/** A piece code on a square, indexed `code * 25 + square`. */
export const PIECE_LO = table(CODES * SQUARES);
export const PIECE_HI = table(CODES * SQUARES);
/** The `n`-th piece (from 0) of a kind in a player's hand, indexed `(colour * 5 + kind) * 2 + n`. */
export const HAND_LO = table(2 * HAND_KINDS * HAND_MAX);
export const HAND_HI = table(2 * HAND_KINDS * HAND_MAX);
/** Toggled by every move: player 1 to move. */
export const SIDE_LO = rng.nextU32() | 0;
export const SIDE_HI = rng.nextU32() | 0;
