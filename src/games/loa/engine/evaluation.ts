/**
 * The strong bot's static evaluation: how close each side is to connecting its pieces, in the terms
 * of the strongest programs (Winands' MIA): concentration (the pieces' distance to their centre of
 * mass beyond the least possible), centralisation, the Euler number from the quads (groups minus
 * holes), links between touching pieces, the position of the centre of mass, and material. Each
 * side gets a score; the value is the side to move's score minus the other's, plus a bonus for
 * having the move. It reads the position's bit sets and incremental sums and allocates nothing.
 * (Mobility, which MIA also weighs, is left out: it gained nothing at equal time, commit 5d04507.)
 */
import { lowestSquare, NEIGHBOURS_HI, NEIGHBOURS_LO, SQUARES } from '../board.js';
import type { Colour, Position } from '../position.js';

/** The weights of the terms, in evaluation units; a win is far above any evaluation (see search.ts). */
export interface Weights {
  /** Per square of distance to the centre of mass beyond the least possible for that many pieces. */
  readonly concentration: number;
  /** Times the mean of `CENTRE` over the pieces (0 on the edge, 3 in the four middle squares). */
  readonly centre: number;
  /** Per group beyond the first, by the Euler number. */
  readonly groups: number;
  /** Times the mean number of own pieces touching a piece. */
  readonly links: number;
  /** Per square between the centre of mass and the middle of the board (Chebyshev). */
  readonly massOffCentre: number;
  /** The side to move's bonus: it is a move ahead. */
  readonly tempo: number;
  /** Per piece the side has. */
  readonly pieces: number;
}

export const DEFAULT_WEIGHTS: Weights = {
  concentration: 40,
  centre: 30,
  groups: 30,
  links: 40,
  massOffCentre: 10,
  tempo: 20,
  pieces: 50,
};

/** Each square's ring: 0 on the edge up to 3 in the four middle squares. */
const CENTRE = Int8Array.from(SQUARES, (sq) => Math.min(sq >> 3, 7 - (sq >> 3), sq & 7, 7 - (sq & 7)));

/**
 * The least sum of Chebyshev distances from n pieces to one square: one on it, 8 at distance 1,
 * 16 at distance 2.
 */
const LEAST_SPREAD = Int32Array.from({ length: 13 }, (_, n) => (n <= 9 ? Math.max(0, n - 1) : 8 + (n - 9) * 2));

const popcount = (x: number): number => {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) as number;
};

/** `c`'s score at `p` under `w`: higher is closer to connecting. */
export function sideScore(p: Position, c: Colour, w: Weights): number {
  const n = p.counts[c]!;
  if (n <= 1) return 0;
  const massRow = Math.round(p.rowSums[c]! / n);
  const massColumn = Math.round(p.columnSums[c]! / n);
  const lo = p.lo[c]!;
  const hi = p.hi[c]!;
  let spread = 0;
  let centre = 0;
  let links = 0;
  for (let half = 0; half < 2; half++) {
    let bits = half === 0 ? lo : hi;
    while (bits !== 0) {
      const sq = lowestSquare(bits, half * 32);
      bits &= bits - 1;
      const dr = Math.abs((sq >> 3) - massRow);
      const dc = Math.abs((sq & 7) - massColumn);
      spread += Math.max(dr, dc);
      centre += CENTRE[sq]!;
      links += popcount(NEIGHBOURS_LO[sq]! & lo) + popcount(NEIGHBOURS_HI[sq]! & hi);
    }
  }
  const euler = p.eulerSums[c]! >> 2;
  const massOff = Math.max(Math.abs(2 * massRow - 7), Math.abs(2 * massColumn - 7)) >> 1;
  return (
    -w.concentration * (spread - LEAST_SPREAD[n]!) +
    (w.centre * centre) / n -
    w.groups * (euler > 1 ? euler - 1 : 0) +
    (w.links * links) / n -
    w.massOffCentre * massOff
  );
}

/** The value of `p` for the side to move. */
export function evaluate(p: Position, w: Weights): number {
  const c = p.toMove;
  const material = w.pieces * (p.counts[c]! - p.counts[1 - c]!);
  return Math.round(sideScore(p, c, w) - sideScore(p, (1 - c) as Colour, w) + material) + w.tempo;
}
