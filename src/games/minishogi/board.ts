/**
 * The 5x5 board: squares, 25-bit bitboards in 32-bit integers, and the attack tables every other
 * module reads. Square `row * 5 + col`: row 0 is player 0's back row (the bottom of the protocol's
 * board), col 0 the left column. In the statement's notation that square is file `5 - col`, rank
 * `5 - row`, so rank 1 is the top row and file 5 the left column.
 */

import { Rng } from '../../core/rng.js';

declare const squareBrand: unique symbol;
/** A square index, 0..24. */
export type Square = number & { readonly [squareBrand]: true };
export const square = (n: number): Square => n as Square;

/** Player 0 (black, sente, moves first, starts at the bottom) or player 1 (white, gote). */
export type Colour = 0 | 1;

export const SIZE = 5;
export const SQUARES = SIZE * SIZE;
/** Every square of the board. */
export const FULL = (1 << SQUARES) - 1;

export const bit = (sq: number): number => 1 << sq;
/** The lowest square of a non-empty bitboard. */
export const lsb = (bb: number): Square => (31 - Math.clz32(bb & -bb)) as Square;
/** The highest square of a non-empty bitboard. */
const msb = (bb: number): Square => (31 - Math.clz32(bb)) as Square;
/** The number of squares of a bitboard (bits of a 32-bit integer), without a loop. */
export function popcount(bb: number): number {
  let x = bb - ((bb >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

export const rowOf = (sq: number): number => (sq / SIZE) | 0;
export const colOf = (sq: number): number => sq % SIZE;
/** The statement's file, 5 (left) to 1 (right). */
export const fileOf = (sq: number): number => SIZE - colOf(sq);
/** The statement's rank, 1 (top) to 5 (bottom). */
export const rankOf = (sq: number): number => SIZE - rowOf(sq);
export const squareAt = (file: number, rank: number): Square => square((SIZE - rank) * SIZE + (SIZE - file));

/** The row where `colour`'s pieces promote (its last row): the whole promotion zone on this board. */
export const LAST_ROW: readonly [number, number] = [((1 << SIZE) - 1) << (SIZE * (SIZE - 1)), (1 << SIZE) - 1];
/** The squares of each column. */
export const COLUMN: readonly number[] = Array.from({ length: SIZE }, (_, col) => {
  let bb = 0;
  for (let row = 0; row < SIZE; row++) bb |= bit(row * SIZE + col);
  return bb;
});

type Vector = readonly [row: number, col: number];

function target(sq: number, [dr, dc]: Vector): number | null {
  const row = rowOf(sq) + dr;
  const col = colOf(sq) + dc;
  return row >= 0 && row < SIZE && col >= 0 && col < SIZE ? row * SIZE + col : null;
}

/** One-step attacks for each colour, indexed `colour * 25 + square`; vectors are player 0's (forward = +row). */
function stepTable(vectors: readonly Vector[]): Int32Array {
  const table = new Int32Array(2 * SQUARES);
  for (let sq = 0; sq < SQUARES; sq++) {
    for (const [dr, dc] of vectors) {
      const to0 = target(sq, [dr, dc]);
      const to1 = target(sq, [-dr, dc]);
      if (to0 !== null) table[sq]! |= bit(to0);
      if (to1 !== null) table[SQUARES + sq]! |= bit(to1);
    }
  }
  return table;
}

const ORTHOGONAL: readonly Vector[] = [
  [1, 0],
  [0, 1],
  [-1, 0],
  [0, -1],
];
const DIAGONAL: readonly Vector[] = [
  [1, 1],
  [1, -1],
  [-1, -1],
  [-1, 1],
];

export const PAWN_ATTACKS = stepTable([[1, 0]]);
export const SILVER_ATTACKS = stepTable([
  [1, -1],
  [1, 0],
  [1, 1],
  [-1, -1],
  [-1, 1],
]);
/** Gold, and the promoted pawn and silver, which move like it. */
export const GOLD_ATTACKS = stepTable([
  [1, -1],
  [1, 0],
  [1, 1],
  [0, -1],
  [0, 1],
  [-1, 0],
]);
/** The same for both colours: read it at `square` only. */
export const KING_ATTACKS = stepTable([...ORTHOGONAL, ...DIAGONAL]);

/**
 * Rays from each square to the edge, indexed `direction * 25 + square`. Directions 0..3 raise the
 * square index (the nearest blocker is the lowest bit), 4..7 lower it (the highest bit).
 */
const DIRECTIONS: readonly Vector[] = [
  [1, 0],
  [0, 1],
  [1, 1],
  [1, -1],
  [-1, 0],
  [0, -1],
  [-1, -1],
  [-1, 1],
];
const RAYS = new Int32Array(DIRECTIONS.length * SQUARES);
DIRECTIONS.forEach((v, d) => {
  for (let sq = 0; sq < SQUARES; sq++) {
    for (let to = target(sq, v); to !== null; to = target(to, v)) RAYS[d * SQUARES + sq]! |= bit(to);
  }
});

/** Up: north, east, north-east, north-west; down: south, west, south-west, south-east. */
const N = 0,
  E = 1,
  NE = 2,
  NW = 3,
  S = 4,
  W = 5,
  SW = 6,
  SE = 7;

function rayUp(d: number, sq: number, occupied: number): number {
  const ray = RAYS[d * SQUARES + sq]!;
  const blockers = ray & occupied;
  return blockers === 0 ? ray : ray ^ RAYS[d * SQUARES + lsb(blockers)]!;
}

function rayDown(d: number, sq: number, occupied: number): number {
  const ray = RAYS[d * SQUARES + sq]!;
  const blockers = ray & occupied;
  return blockers === 0 ? ray : ray ^ RAYS[d * SQUARES + msb(blockers)]!;
}

/** Ray by ray: what the tables below are filled from. */
const rookRays = (sq: number, occupied: number): number =>
  rayUp(N, sq, occupied) | rayUp(E, sq, occupied) | rayDown(S, sq, occupied) | rayDown(W, sq, occupied);
const bishopRays = (sq: number, occupied: number): number =>
  rayUp(NE, sq, occupied) | rayUp(NW, sq, occupied) | rayDown(SW, sq, occupied) | rayDown(SE, sq, occupied);

/**
 * Slider attacks by multiplication ("magic" bitboards): the squares that can block a slider on
 * `sq` (its rays without their last square) hold at most 6 bits, which a product with a number
 * found for that square gathers into the top 6 bits of 32, a distinct index for each set of
 * blockers that attacks differently. A table then answers with 2 loads and a multiply, where
 * following the 4 rays takes 4 loads, 4 branches and 4 bit scans.
 */
const INDEX_BITS = 6;
interface Magics {
  readonly mask: Int32Array;
  readonly magic: Int32Array;
  readonly attacks: Int32Array;
}

function findMagics(slow: (sq: number, occupied: number) => number, seed: number): Magics {
  const rng = new Rng(seed);
  const mask = new Int32Array(SQUARES);
  const magic = new Int32Array(SQUARES);
  const attacks = new Int32Array(SQUARES << INDEX_BITS);
  const used = new Int32Array(1 << INDEX_BITS);
  const subsets = new Int32Array(1 << INDEX_BITS);
  const targets = new Int32Array(1 << INDEX_BITS);
  for (let sq = 0; sq < SQUARES; sq++) {
    // A ray's last square blocks nothing beyond it: only the squares before the edge matter.
    let m = 0;
    for (let d = 0; d < DIRECTIONS.length; d++) {
      const ray = RAYS[d * SQUARES + sq]!;
      if (ray !== 0 && (slow(sq, 0) & ray) !== 0) m |= ray & ~bit(d < 4 ? msb(ray) : lsb(ray));
    }
    mask[sq] = m;
    // Every subset of the mask (the carry-rippler) and its attacks.
    let count = 0;
    let subset = 0;
    do {
      subsets[count] = subset;
      targets[count++] = slow(sq, subset);
      subset = (subset - m) & m;
    } while (subset !== 0);
    for (;;) {
      const candidate = rng.nextU32() & rng.nextU32() & rng.nextU32();
      used.fill(0);
      let i = 0;
      for (; i < count; i++) {
        const index = Math.imul(subsets[i]!, candidate) >>> (32 - INDEX_BITS);
        // Attacks are never empty here, so 0 marks a free slot.
        if (used[index] === 0) used[index] = targets[i]!;
        else if (used[index] !== targets[i]) break;
      }
      if (i < count) continue;
      magic[sq] = candidate;
      attacks.set(used, sq << INDEX_BITS);
      break;
    }
  }
  return { mask, magic, attacks };
}

const ROOK_MAGICS = findMagics(rookRays, 0x700c);
const BISHOP_MAGICS = findMagics(bishopRays, 0xb15);

/** The squares a rook on `sq` attacks, the first blocker in each direction included. */
export function rookAttacks(sq: number, occupied: number): number {
  const m = ROOK_MAGICS;
  return m.attacks[(sq << INDEX_BITS) | (Math.imul(occupied & m.mask[sq]!, m.magic[sq]!) >>> (32 - INDEX_BITS))]!;
}

export function bishopAttacks(sq: number, occupied: number): number {
  const m = BISHOP_MAGICS;
  return m.attacks[(sq << INDEX_BITS) | (Math.imul(occupied & m.mask[sq]!, m.magic[sq]!) >>> (32 - INDEX_BITS))]!;
}

/** Rook and bishop attacks on an empty board. */
export const ROOK_RAYS = Int32Array.from({ length: SQUARES }, (_, sq) => rookAttacks(sq, 0));
export const BISHOP_RAYS = Int32Array.from({ length: SQUARES }, (_, sq) => bishopAttacks(sq, 0));

/** Squares strictly between two squares on a common line, indexed `a * 25 + b`; 0 when not aligned. */
export const BETWEEN = new Int32Array(SQUARES * SQUARES);
/** The whole line through two aligned squares (both included), indexed `a * 25 + b`; 0 when not aligned. */
export const LINE = new Int32Array(SQUARES * SQUARES);
for (let a = 0; a < SQUARES; a++) {
  DIRECTIONS.forEach((v, d) => {
    const opposite = (d + 4) % DIRECTIONS.length;
    let between = 0;
    for (let b = target(a, v); b !== null; b = target(b, v)) {
      BETWEEN[a * SQUARES + b] = between;
      LINE[a * SQUARES + b] = RAYS[d * SQUARES + a]! | RAYS[opposite * SQUARES + a]! | bit(a);
      between |= bit(b);
    }
  });
}
