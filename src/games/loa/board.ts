/**
 * The Lines of Action board as geometry only: 64 squares, the 8 directions, the 46 lines a piece
 * can move along, and precomputed tables for move generation and connectivity. Nothing here knows
 * about pieces or turns (position.ts) or the game (rules.ts).
 *
 * The statement numbers rows 1..8 from the top and columns 1..8 from the left. A square is the index
 * `(row - 1) * 8 + (column - 1)`, so ascending squares run row by row, as the statement reads.
 */

declare const squareBrand: unique symbol;
/** A square index 0..63: `(row - 1) * 8 + (column - 1)`. */
export type Square = number & { readonly [squareBrand]: true };

export const SIZE = 8;
export const SQUARE_COUNT = SIZE * SIZE;

/** The square at `row` and `column`, both 1..8 (unchecked). */
export const squareAt = (row: number, column: number): Square => ((row - 1) * SIZE + (column - 1)) as Square;
export const rowOf = (sq: Square): number => (sq >> 3) + 1;
export const columnOf = (sq: Square): number => (sq & 7) + 1;
/** `r c`, as the protocol writes a square. */
export const squareText = (sq: Square): string => `${rowOf(sq)} ${columnOf(sq)}`;

/** Every square, ascending. */
export const SQUARES: readonly Square[] = Array.from({ length: SQUARE_COUNT }, (_, i) => i as Square);

/**
 * The 8 directions as (row step, column step), clockwise from north (row - 1). Opposite directions
 * are 4 apart, so `d & 3` names the line a direction moves along (see `LINE_KINDS`).
 */
export const DIRECTIONS: readonly (readonly [number, number])[] = [
  [-1, 0],
  [-1, 1],
  [0, 1],
  [1, 1],
  [1, 0],
  [1, -1],
  [0, -1],
  [-1, -1],
];
export const DIRECTION_NAMES = [
  'north',
  'northeast',
  'east',
  'southeast',
  'south',
  'southwest',
  'west',
  'northwest',
] as const;

/** The four kinds of line, indexed by `direction & 3`. */
export const LINE_KINDS = ['column', 'diagonal', 'row', 'diagonal'] as const;

/**
 * A line's id: `kind * 16 + index`, where kind is `direction & 3` (0 column, 1 rising diagonal
 * with constant row + column, 2 row, 3 falling diagonal with constant row - column) and the index
 * tells the lines of a kind apart (0..7 or 0..14).
 */
export const LINE_COUNT = 64;

/** `LINE_OF[sq * 4 + kind]`: the id of the line of that kind through `sq`. */
export const LINE_OF: Int8Array = (() => {
  const table = new Int8Array(SQUARE_COUNT * 4);
  for (const sq of SQUARES) {
    const r = sq >> 3;
    const c = sq & 7;
    table[sq * 4 + 0] = 0 * 16 + c;
    table[sq * 4 + 1] = 1 * 16 + r + c;
    table[sq * 4 + 2] = 2 * 16 + r;
    table[sq * 4 + 3] = 3 * 16 + r - c + 7;
  }
  return table;
})();

/** The longest move: across the whole board, when all 8 squares of a line are occupied. */
export const MAX_DISTANCE = SIZE;

/** `RAY[(sq * 8 + direction) * 9 + distance]`: the square that far away, or -1 off the board. */
export const RAY: Int8Array = (() => {
  const table = new Int8Array(SQUARE_COUNT * 8 * (MAX_DISTANCE + 1)).fill(-1);
  for (const sq of SQUARES) {
    for (const [d, [dr, dc]] of DIRECTIONS.entries()) {
      for (let k = 0; k <= MAX_DISTANCE; k++) {
        const r = (sq >> 3) + k * dr;
        const c = (sq & 7) + k * dc;
        if (r >= 0 && r < SIZE && c >= 0 && c < SIZE) table[(sq * 8 + d) * (MAX_DISTANCE + 1) + k] = r * SIZE + c;
      }
    }
  }
  return table;
})();

/**
 * Sets of squares as two 32-bit halves: bit `sq` of `lo` for squares 0..31 (rows 1..4), bit
 * `sq - 32` of `hi` for 32..63 (rows 5..8). JavaScript has no fast 64-bit integers.
 */
export const bitLo = (sq: number): number => (sq < 32 ? 1 << sq : 0);
export const bitHi = (sq: number): number => (sq < 32 ? 0 : 1 << (sq - 32));

/**
 * `BETWEEN_LO/HI[from * 64 + to]`: the squares strictly between two squares on one line (empty
 * for squares on no common line, or adjacent ones).
 */
export const [BETWEEN_LO, BETWEEN_HI] = ((): [Int32Array, Int32Array] => {
  const lo = new Int32Array(SQUARE_COUNT * SQUARE_COUNT);
  const hi = new Int32Array(SQUARE_COUNT * SQUARE_COUNT);
  for (const from of SQUARES) {
    for (let d = 0; d < 8; d++) {
      let between = [0, 0];
      for (let k = 1; k <= MAX_DISTANCE; k++) {
        const to = RAY[(from * 8 + d) * (MAX_DISTANCE + 1) + k]!;
        if (to < 0) break;
        lo[from * SQUARE_COUNT + to] = between[0]!;
        hi[from * SQUARE_COUNT + to] = between[1]!;
        between = [between[0]! | bitLo(to), between[1]! | bitHi(to)];
      }
    }
  }
  return [lo, hi];
})();

/** Squares not in column 1, and not in column 8: masks that stop a sideways shift wrapping rows. */
const NOT_COLUMN_1 = 0xfefefefe | 0;
const NOT_COLUMN_8 = 0x7f7f7f7f;

/**
 * The set `lo`/`hi` grown by one step in all 8 directions (itself included), into `out[0]`,
 * `out[1]`: the heart of the 8-connectivity flood fill.
 */
export function grow(lo: number, hi: number, out: Int32Array): void {
  const l = lo | ((lo << 1) & NOT_COLUMN_1) | ((lo >>> 1) & NOT_COLUMN_8);
  const h = hi | ((hi << 1) & NOT_COLUMN_1) | ((hi >>> 1) & NOT_COLUMN_8);
  out[0] = l | (l << 8) | (l >>> 8) | (h << 24);
  out[1] = h | (h << 8) | (h >>> 8) | (l >>> 24);
}

/** `NEIGHBOURS_LO/HI[sq]`: the up to 8 squares touching `sq`. */
export const [NEIGHBOURS_LO, NEIGHBOURS_HI] = ((): [Int32Array, Int32Array] => {
  const lo = new Int32Array(SQUARE_COUNT);
  const hi = new Int32Array(SQUARE_COUNT);
  const grown = new Int32Array(2);
  for (const sq of SQUARES) {
    grow(bitLo(sq), bitHi(sq), grown);
    lo[sq] = grown[0]! & ~bitLo(sq);
    hi[sq] = grown[1]! & ~bitHi(sq);
  }
  return [lo, hi];
})();

/** The lowest square in a non-empty half (`base` 0 for lo, 32 for hi). */
export const lowestSquare = (bits: number, base: number): Square => (base + 31 - Math.clz32(bits & -bits)) as Square;
