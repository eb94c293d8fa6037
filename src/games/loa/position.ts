/**
 * A Lines of Action position that moves are made on and taken back in place: the engine under the
 * rules (which copy it, to keep states immutable), perft and the strong bot's search (which do not,
 * and allocate nothing per move).
 *
 * Besides the board it keeps, updated with each move, what move generation and the search read most:
 * the number of pieces on every line, each colour's pieces as a bit set, and the sums of their
 * rows, columns and squared coordinates (their centre of mass and dispersion, in constant time).
 */
import {
  BETWEEN_HI,
  BETWEEN_LO,
  bitHi,
  bitLo,
  grow,
  LINE_COUNT,
  LINE_OF,
  lowestSquare,
  MAX_DISTANCE,
  NEIGHBOURS_HI,
  NEIGHBOURS_LO,
  RAY,
  SQUARE_COUNT,
  SQUARES,
  type Square,
  squareAt,
} from './board.js';

/** Black (seat 0) moves first; white is seat 1. */
export const BLACK = 0;
export const WHITE = 1;
export type Colour = typeof BLACK | typeof WHITE;
export const COLOUR_NAMES = ['BLACK', 'WHITE'] as const;
export const other = (c: Colour): Colour => (1 - c) as Colour;

/** What a square holds: `EMPTY`, or the colour of its piece plus one. */
export const EMPTY = 0;

declare const moveBrand: unique symbol;
/** A move as `from | to << 6`: small, comparable, and storable in typed arrays. */
export type Move = number & { readonly [moveBrand]: true };
export const moveOf = (from: Square, to: Square): Move => (from | (to << 6)) as Move;
export const fromOf = (m: Move): Square => (m & 63) as Square;
export const toOf = (m: Move): Square => (m >> 6) as Square;

/** Each colour has 12 pieces at the start, and never more. */
export const MAX_PIECES = 12;
/** The most moves a position can have: 12 pieces with 8 directions each. */
export const MAX_MOVES = MAX_PIECES * 8;

export class Position {
  /** What each square holds: `EMPTY`, or the colour of its piece plus one. */
  readonly squares = new Int8Array(SQUARE_COUNT);
  /** Pieces of both colours on each line (`LINE_OF`). */
  readonly lineCounts = new Int8Array(LINE_COUNT);
  /** Each colour's pieces as bit sets (see board.ts), low and high halves. */
  readonly lo = new Int32Array(2);
  readonly hi = new Int32Array(2);
  /** Each colour's number of pieces, and sums of rows, columns and row² + column² (both 0..7). */
  readonly counts = new Int32Array(2);
  readonly rowSums = new Int32Array(2);
  readonly columnSums = new Int32Array(2);
  readonly squareSums = new Int32Array(2);
  /** The colour to move. */
  toMove: Colour = BLACK;
  /** Scratch space for `isConnected`. */
  private readonly grown = new Int32Array(2);

  /** The statement's start: black on rows 1 and 8, white on columns 1 and 8, black to move. */
  static start(): Position {
    const p = new Position();
    for (let i = 2; i <= 7; i++) {
      p.put(squareAt(1, i), BLACK);
      p.put(squareAt(8, i), BLACK);
      p.put(squareAt(i, 1), WHITE);
      p.put(squareAt(i, 8), WHITE);
    }
    return p;
  }

  clone(): Position {
    const p = new Position();
    p.squares.set(this.squares);
    p.lineCounts.set(this.lineCounts);
    p.lo.set(this.lo);
    p.hi.set(this.hi);
    p.counts.set(this.counts);
    p.rowSums.set(this.rowSums);
    p.columnSums.set(this.columnSums);
    p.squareSums.set(this.squareSums);
    p.toMove = this.toMove;
    return p;
  }

  /** Puts a piece of `c` on an empty square (setting up a position). */
  put(sq: Square, c: Colour): void {
    if (this.squares[sq] !== EMPTY) throw new Error(`square ${sq} is not empty`);
    if (this.counts[c] === MAX_PIECES) throw new Error(`${COLOUR_NAMES[c]} already has ${MAX_PIECES} pieces`);
    this.add(sq, c);
  }

  private add(sq: number, c: Colour): void {
    this.squares[sq] = c + 1;
    const lines = sq * 4;
    this.lineCounts[LINE_OF[lines]!]!++;
    this.lineCounts[LINE_OF[lines + 1]!]!++;
    this.lineCounts[LINE_OF[lines + 2]!]!++;
    this.lineCounts[LINE_OF[lines + 3]!]!++;
    this.lo[c]! |= bitLo(sq);
    this.hi[c]! |= bitHi(sq);
    this.counts[c]!++;
    this.rowSums[c]! += sq >> 3;
    this.columnSums[c]! += sq & 7;
    this.squareSums[c]! += SQUARED_NORM[sq]!;
  }

  private remove(sq: number, c: Colour): void {
    this.squares[sq] = EMPTY;
    const lines = sq * 4;
    this.lineCounts[LINE_OF[lines]!]!--;
    this.lineCounts[LINE_OF[lines + 1]!]!--;
    this.lineCounts[LINE_OF[lines + 2]!]!--;
    this.lineCounts[LINE_OF[lines + 3]!]!--;
    this.lo[c]! &= ~bitLo(sq);
    this.hi[c]! &= ~bitHi(sq);
    this.counts[c]!--;
    this.rowSums[c]! -= sq >> 3;
    this.columnSums[c]! -= sq & 7;
    this.squareSums[c]! -= SQUARED_NORM[sq]!;
  }

  /** Plays a legal move for the side to move; returns what it captured (`EMPTY` or a piece) for `unmake`. */
  make(m: Move): number {
    const from = m & 63;
    const to = m >> 6;
    const c = this.toMove;
    const captured = this.squares[to]!;
    if (captured !== EMPTY) this.remove(to, other(c));
    this.remove(from, c);
    this.add(to, c);
    this.toMove = other(c);
    return captured;
  }

  /** Takes back `m`, the last move made, which captured `captured`. */
  unmake(m: Move, captured: number): void {
    const from = m & 63;
    const to = m >> 6;
    const c = other(this.toMove);
    this.remove(to, c);
    this.add(from, c);
    if (captured !== EMPTY) this.add(to, other(c));
    this.toMove = c;
  }

  /**
   * Writes the legal moves of the side to move into `out` from `offset`, by ascending origin, then
   * direction clockwise from north; returns how many. Allocates nothing.
   */
  generate(out: Int32Array, offset = 0): number {
    const c = this.toMove;
    const own = c + 1;
    const squares = this.squares;
    const lineCounts = this.lineCounts;
    const enemyLo = this.lo[1 - c]!;
    const enemyHi = this.hi[1 - c]!;
    let n = offset;
    for (let half = 0; half < 2; half++) {
      let bits = half === 0 ? this.lo[c]! : this.hi[c]!;
      while (bits !== 0) {
        const from = lowestSquare(bits, half * 32);
        bits &= bits - 1;
        const lines = from * 4;
        const rays = from * 8 * (MAX_DISTANCE + 1);
        const pairs = from * SQUARE_COUNT;
        for (let d = 0; d < 8; d++) {
          const to = RAY[rays + d * (MAX_DISTANCE + 1) + lineCounts[LINE_OF[lines + (d & 3)]!]!]!;
          if (to < 0 || squares[to] === own) continue;
          if ((BETWEEN_LO[pairs + to]! & enemyLo) !== 0 || (BETWEEN_HI[pairs + to]! & enemyHi) !== 0) continue;
          out[n++] = from | (to << 6);
        }
      }
    }
    return n - offset;
  }

  /** Whether the side to move has a legal move, without listing them. */
  hasMove(): boolean {
    return this.generate(scratchMoves) > 0;
  }

  /**
   * The sum of squared distances from `c`'s pieces to their centre of mass: how spread out they
   * are. It is n times the variance, Σ(r² + c²) - ((Σr)² + (Σc)²) / n.
   */
  dispersion(c: Colour): number {
    const n = this.counts[c]!;
    const rows = this.rowSums[c]!;
    const columns = this.columnSums[c]!;
    return n === 0 ? 0 : this.squareSums[c]! - (rows * rows + columns * columns) / n;
  }

  /**
   * Whether the side that just played `m` (made on this position) now has all its pieces in one
   * group. Only its moved piece changed place, so unless it is alone it must touch one of its own:
   * a test that spares most flood fills in a search.
   */
  moverConnected(m: Move): boolean {
    const c = other(this.toMove);
    const to = m >> 6;
    if (this.counts[c]! > 1 && (NEIGHBOURS_LO[to]! & this.lo[c]!) === 0 && (NEIGHBOURS_HI[to]! & this.hi[c]!) === 0)
      return false;
    return this.isConnected(c);
  }

  /** Whether all of `c`'s pieces form one 8-connected group (one piece does; none does not). */
  isConnected(c: Colour): boolean {
    const lo = this.lo[c]!;
    const hi = this.hi[c]!;
    if (lo === 0 && hi === 0) return false;
    // Flood from the lowest piece, one step in every direction at a time, within c's pieces.
    let reachedLo = lo !== 0 ? lo & -lo : 0;
    let reachedHi = lo !== 0 ? 0 : hi & -hi;
    for (;;) {
      grow(reachedLo, reachedHi, this.grown);
      const nextLo = this.grown[0]! & lo;
      const nextHi = this.grown[1]! & hi;
      if (nextLo === reachedLo && nextHi === reachedHi) return nextLo === lo && nextHi === hi;
      reachedLo = nextLo;
      reachedHi = nextHi;
    }
  }
}

/** `row² + column²` of each square, rows and columns 0..7. */
const SQUARED_NORM = Int32Array.from(SQUARES, (sq) => (sq >> 3) ** 2 + (sq & 7) ** 2);

/** Room for `hasMove`'s moves: positions are used by one caller at a time. */
const scratchMoves = new Int32Array(MAX_MOVES);

/** The squares of `c`'s pieces, ascending. */
export function piecesOf(p: Position, c: Colour): Square[] {
  return SQUARES.filter((sq) => p.squares[sq] === c + 1);
}
