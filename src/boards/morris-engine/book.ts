/**
 * An opening book for the placing phase: for positions of the game's first moves, the move a deep
 * search chose there (made by scripts/tuning/morris-book.ts). A position and its images under the board's
 * 16 symmetries (symmetry.ts) are one entry, stored in the form whose key is least (`canonical`),
 * so the book stays small; a move found there is mapped back onto the position as it stands.
 *
 * Only positions where no stone has been taken: the stones on the board then say how many each
 * side still has to place, and which side moves.
 */
import { popcount } from './bitboard.js';
import { moveTake1, moveTo, NO_MOVE, NONE, type PackedMove, packMove } from './moves.js';
import { type BoardPosition, STONES } from './position.js';
import { mapMask, SYMMETRY_COUNT } from './symmetry.js';

/** Two 24-bit masks in one key: the side to move's stones, then the other side's. */
const SIDE = 2 ** 24;

/** The least key of a position (own, opp) over the symmetries, and a symmetry that gives it. */
export function canonical(own: number, opp: number): { key: number; symmetry: number } {
  let key = Infinity;
  let symmetry = 0;
  for (let s = 0; s < SYMMETRY_COUNT; s++) {
    const k = mapMask(s, own) * SIDE + mapMask(s, opp);
    if (k < key) {
      key = k;
      symmetry = s;
    }
  }
  return { key, symmetry };
}

/** Whether the book can hold `p`: the side to move places, and no stone has been taken. */
export function bookable(p: BoardPosition): boolean {
  const s = p.side;
  return (
    p.stock[s]! > 0 &&
    popcount(p.stones[0]!) + p.stock[0]! === STONES &&
    popcount(p.stones[1]!) + p.stock[1]! === STONES
  );
}

/** A point's image under symmetry `s`. */
const image = (s: number, point: number): number => 31 - Math.clz32(mapMask(s, 1 << point));

/** The image of a put (and its take) under symmetry `s`. */
export function mapMove(s: number, m: PackedMove): PackedMove {
  const take = moveTake1(m);
  return packMove(NONE, image(s, moveTo(m)), take === NONE ? NONE : image(s, take));
}

/*
 * The encoding: an entry is 10 characters of the base-64 alphabet below, each 6 bits, the least
 * significant first: the key (48 bits), then the put's point and its take (NONE for none), 5 bits
 * each, in the canonical form.
 */
const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const KEY_DIGITS = 8;
const ENTRY = KEY_DIGITS + 2;

export function encodeEntry(key: number, m: PackedMove): string {
  let text = '';
  for (let i = 0, k = key; i < KEY_DIGITS; i++, k = Math.floor(k / 64)) text += DIGITS[k % 64];
  const move = moveTo(m) | (moveTake1(m) << 5);
  return text + DIGITS[move & 63]! + DIGITS[move >>> 6]!;
}

export class OpeningBook {
  private readonly moves = new Map<number, PackedMove>();

  /** The book from its encoded entries (see `encodeEntry`). */
  constructor(data: string) {
    for (let i = 0; i + ENTRY <= data.length; i += ENTRY) {
      let key = 0;
      for (let j = KEY_DIGITS - 1; j >= 0; j--) key = key * 64 + DIGITS.indexOf(data[i + j]!);
      const move = DIGITS.indexOf(data[i + KEY_DIGITS]!) | (DIGITS.indexOf(data[i + KEY_DIGITS + 1]!) << 6);
      this.moves.set(key, packMove(NONE, move & 31, move >>> 5));
    }
  }

  get size(): number {
    return this.moves.size;
  }

  /** The book's move at `p`, mapped onto `p`; NO_MOVE when the book does not hold it. */
  lookup(p: BoardPosition): PackedMove {
    if (!bookable(p)) return NO_MOVE;
    const { key, symmetry } = canonical(p.stones[p.side]!, p.stones[1 - p.side]!);
    const m = this.moves.get(key);
    if (m === undefined) return NO_MOVE;
    // The symmetry maps the position onto its canonical form; its inverse maps the move back.
    for (let s = 0; s < SYMMETRY_COUNT; s++) {
      const back = mapMove(s, m);
      if (mapMove(symmetry, back) === m) return back;
    }
    return NO_MOVE;
  }
}
