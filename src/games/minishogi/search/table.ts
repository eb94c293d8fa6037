/**
 * The transposition table: what the search learnt of each position it met (the best move, the
 * score with its bound, the depth searched, the static evaluation), in two-entry buckets indexed
 * by the low half of the Zobrist key and checked with the high half. Typed arrays, allocated once.
 */
import type { Move } from '../moves.js';

/** The score is at most, at least, or exactly the value stored. */
export const UPPER = 1;
export const LOWER = 2;
export const EXACT = 3;

export class TranspositionTable {
  private readonly keys: Int32Array;
  private readonly moves: Int16Array;
  private readonly scores: Int16Array;
  private readonly evals: Int16Array;
  private readonly depths: Int8Array;
  /** The bound in the low 2 bits, the search's generation above. */
  private readonly flags: Uint8Array;
  private readonly mask: number;
  private generation = 0;

  /** 2^`bits` entries (12 bytes each). */
  constructor(bits: number) {
    const size = 1 << bits;
    this.keys = new Int32Array(size);
    this.moves = new Int16Array(size);
    this.scores = new Int16Array(size);
    this.evals = new Int16Array(size);
    this.depths = new Int8Array(size);
    this.flags = new Uint8Array(size);
    this.mask = (size - 1) & ~1;
  }

  /** Marks entries from now on as this search's: older ones are replaced first. */
  newSearch(): void {
    this.generation = (this.generation + 1) & 63;
  }

  clear(): void {
    this.flags.fill(0);
  }

  /** The entry of the position with this key, or -1. */
  probe(lo: number, hi: number): number {
    const i = lo & this.mask;
    if (this.keys[i] === hi && this.flags[i] !== 0) return i;
    if (this.keys[i + 1] === hi && this.flags[i + 1] !== 0) return i + 1;
    return -1;
  }

  move(entry: number): Move {
    return this.moves[entry]! as Move;
  }

  score(entry: number): number {
    return this.scores[entry]!;
  }

  eval(entry: number): number {
    return this.evals[entry]!;
  }

  depth(entry: number): number {
    return this.depths[entry]!;
  }

  bound(entry: number): number {
    return this.flags[entry]! & 3;
  }

  /**
   * Stores a result: over the same position's entry, else over the bucket's entry of an older
   * search or, among two of this search, the shallower one. A stored move survives a store without one.
   */
  store(lo: number, hi: number, move: number, score: number, staticEval: number, depth: number, bound: number): void {
    const base = lo & this.mask;
    let i = base;
    if (this.keys[base] !== hi || this.flags[base] === 0) {
      if (this.keys[base + 1] === hi && this.flags[base + 1] !== 0) i = base + 1;
      else if (this.worth(base + 1) < this.worth(base)) i = base + 1;
    }
    if (move !== 0 || this.keys[i] !== hi) this.moves[i] = move;
    this.keys[i] = hi;
    this.scores[i] = score;
    this.evals[i] = staticEval;
    this.depths[i] = depth;
    this.flags[i] = bound | (this.generation << 2);
  }

  /** How much an entry is worth keeping: its depth, less for each search since it was stored. */
  private worth(i: number): number {
    if (this.flags[i] === 0) return -1000;
    const age = (this.generation - (this.flags[i]! >> 2)) & 63;
    return this.depths[i]! - 8 * age;
  }
}
