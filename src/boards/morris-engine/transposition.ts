/**
 * The transposition table: what the search learnt about a position (its best move, a bound on its
 * score, how deep), kept across iterations and turns. Fixed typed arrays, indexed by the low half
 * of the hash and checked against the high half.
 */
import { NO_MOVE, type PackedMove } from './moves.js';

export const EXACT = 1;
/** The score is at least the stored one (the search failed high). */
export const LOWER = 2;
/** The score is at most the stored one (the search failed low). */
export const UPPER = 3;

export class TranspositionTable {
  private readonly mask: number;
  private readonly keys: Int32Array;
  private readonly moves: Int32Array;
  private readonly scores: Int16Array;
  /** `depth << 2 | bound`; 0 for an empty slot. */
  private readonly info: Uint8Array;

  /** Where `probe` found the position, or -1. */
  found = -1;

  constructor(bits: number) {
    const size = 1 << bits;
    this.mask = size - 1;
    this.keys = new Int32Array(size);
    this.moves = new Int32Array(size);
    this.scores = new Int16Array(size);
    this.info = new Uint8Array(size);
  }

  /** Looks the position up; on a hit, `found` is its slot for `move`, `score`, `depth`, `bound`. */
  probe(lo: number, hi: number): boolean {
    const i = lo & this.mask;
    this.found = this.info[i] !== 0 && this.keys[i] === hi ? i : -1;
    return this.found >= 0;
  }

  move(): PackedMove {
    return this.found >= 0 ? this.moves[this.found]! : NO_MOVE;
  }
  score(): number {
    return this.scores[this.found]!;
  }
  depth(): number {
    return this.info[this.found]! >>> 2;
  }
  bound(): number {
    return this.info[this.found]! & 3;
  }

  /** Keeps what a search of `depth` found, unless the slot holds a deeper result for the same position. */
  store(lo: number, hi: number, move: PackedMove, score: number, depth: number, bound: number): void {
    const i = lo & this.mask;
    if (this.keys[i] === hi && this.info[i]! >>> 2 > depth && bound !== EXACT) return;
    this.keys[i] = hi;
    this.moves[i] = move;
    this.scores[i] = score;
    this.info[i] = (Math.min(depth, 63) << 2) | bound;
  }
}
