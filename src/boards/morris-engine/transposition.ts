/**
 * The transposition table: what the search learnt about a position (its best move, a bound on its
 * score, how deep), kept across iterations and turns. One typed array of four integers an entry
 * (the high half of the hash, the move, the score with its depth and bound packed in one, a spare
 * that keeps an entry 16 bytes), so that an entry is read and written within one cache line;
 * indexed by the low half of the hash.
 */
import { NO_MOVE, type PackedMove } from './moves.js';

export const EXACT = 1;
/** The score is at least the stored one (the search failed high). */
export const LOWER = 2;
/** The score is at most the stored one (the search failed low). */
export const UPPER = 3;

const KEY = 0;
const MOVE = 1;
/** `score << 8 | depth << 2 | bound`; 0 for an empty slot (no stored entry has a depth of 0 and no bound). */
const DATA = 2;
const STRIDE = 4;

export class TranspositionTable {
  private readonly mask: number;
  private readonly entries: Int32Array;

  /** Where `probe` found the position (the index of its first integer), or -1. */
  found = -1;

  constructor(bits: number) {
    this.mask = (1 << bits) - 1;
    this.entries = new Int32Array(STRIDE << bits);
  }

  /** Empties every slot: the same as a new table. */
  clear(): void {
    this.entries.fill(0);
    this.found = -1;
  }

  /** Looks the position up; on a hit, `found` is its slot for `move`, `score`, `depth`, `bound`. */
  probe(lo: number, hi: number): boolean {
    const i = (lo & this.mask) * STRIDE;
    const e = this.entries;
    this.found = e[i + DATA] !== 0 && e[i + KEY] === hi ? i : -1;
    return this.found >= 0;
  }

  move(): PackedMove {
    return this.found >= 0 ? this.entries[this.found + MOVE]! : NO_MOVE;
  }
  score(): number {
    return this.entries[this.found + DATA]! >> 8;
  }
  depth(): number {
    return (this.entries[this.found + DATA]! >>> 2) & 63;
  }
  bound(): number {
    return this.entries[this.found + DATA]! & 3;
  }

  /** Keeps what a search of `depth` found, unless the slot holds a deeper result for the same position. */
  store(lo: number, hi: number, move: PackedMove, score: number, depth: number, bound: number): void {
    const i = (lo & this.mask) * STRIDE;
    const e = this.entries;
    if (e[i + KEY] === hi && ((e[i + DATA]! >>> 2) & 63) > depth && bound !== EXACT) return;
    e[i + KEY] = hi;
    e[i + MOVE] = move;
    e[i + DATA] = (score << 8) | (Math.min(depth, 63) << 2) | bound;
  }
}
