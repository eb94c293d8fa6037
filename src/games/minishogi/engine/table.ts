/**
 * The transposition table: what the search learnt of each position it met (the best move, the
 * score with its bound, the depth searched, the static evaluation), in two-entry buckets indexed
 * by the low half of the Zobrist key and checked with the high half. One typed array, allocated
 * once: an entry is three 32-bit words (the key's high half; the move, depth, bound and
 * generation; the score and the evaluation). A 24-byte bucket lies in one 64-byte cache line but
 * for one in four, which spans two (buckets padded to 32 bytes ran no faster: commit 116e22c).
 */
import type { Move } from '../moves.js';

/** The score is at most, at least, or exactly the value stored. */
export const UPPER = 1;
export const LOWER = 2;
export const EXACT = 3;

const WORDS = 3;
/** The second word: the move in bits 0-10, the depth in 11-18, the bound in 19-20, the generation above. */
const DEPTH_SHIFT = 11;
const BOUND_SHIFT = 19;
const GENERATION_SHIFT = 21;
const GENERATIONS = 64;

export class TranspositionTable {
  private readonly words: Int32Array;
  private readonly mask: number;
  private generation = 0;

  /** 2^`bits` entries (12 bytes each). */
  constructor(bits: number) {
    this.words = new Int32Array(WORDS << bits);
    this.mask = (1 << bits) - 2;
  }

  /** Marks entries from now on as this search's: older ones are replaced first. */
  newSearch(): void {
    this.generation = (this.generation + 1) % GENERATIONS;
  }

  /** Empties it: the same as a new table. */
  clear(): void {
    this.words.fill(0);
    this.generation = 0;
  }

  /** The entry of the position with this key, or -1. */
  probe(lo: number, hi: number): number {
    const i = (lo & this.mask) * WORDS;
    const w = this.words;
    if (w[i] === hi && w[i + 1] !== 0) return i;
    if (w[i + WORDS] === hi && w[i + WORDS + 1] !== 0) return i + WORDS;
    return -1;
  }

  move(entry: number): Move {
    return (this.words[entry + 1]! & 0x7ff) as Move;
  }

  depth(entry: number): number {
    return (this.words[entry + 1]! >> DEPTH_SHIFT) & 0xff;
  }

  bound(entry: number): number {
    return (this.words[entry + 1]! >> BOUND_SHIFT) & 3;
  }

  score(entry: number): number {
    return (this.words[entry + 2]! << 16) >> 16;
  }

  eval(entry: number): number {
    return this.words[entry + 2]! >> 16;
  }

  /**
   * Stores a result: over the same position's entry, else over the bucket's entry of an older
   * search or, among two of this search, the shallower one. A stored move survives a store without one.
   */
  store(lo: number, hi: number, move: number, score: number, staticEval: number, depth: number, bound: number): void {
    const w = this.words;
    const base = (lo & this.mask) * WORDS;
    let i = base;
    if (w[base] !== hi || w[base + 1] === 0) {
      if (w[base + WORDS] === hi && w[base + WORDS + 1] !== 0) i = base + WORDS;
      else if (this.worth(base + WORDS) < this.worth(base)) i = base + WORDS;
    }
    const kept = w[i] === hi && w[i + 1] !== 0 ? w[i + 1]! & 0x7ff : 0;
    w[i] = hi;
    w[i + 1] =
      (move || kept) |
      (Math.max(0, depth) << DEPTH_SHIFT) |
      (bound << BOUND_SHIFT) |
      (this.generation << GENERATION_SHIFT);
    w[i + 2] = (score & 0xffff) | (staticEval << 16);
  }

  /** How much an entry is worth keeping: its depth, less for each search since it was stored; nothing when empty. */
  private worth(i: number): number {
    const info = this.words[i + 1]!;
    if (info === 0) return -1000;
    const age = (this.generation - (info >>> GENERATION_SHIFT) + GENERATIONS) % GENERATIONS;
    return ((info >> DEPTH_SHIFT) & 0xff) - 8 * age;
  }
}
