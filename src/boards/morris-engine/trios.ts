/**
 * Sets of three points (the stones of a flying side) numbered 0..2023 in colex order, so that
 * tables can be indexed by them: point sets i < j < k get C(i,1) + C(j,2) + C(k,3).
 */
import { POINT_COUNT } from '../morris.js';
import { lowestPoint } from './bitboard.js';

export const TRIO_COUNT = 2024;

/** C(j, 2) and C(k, 3) for each point number. */
const PAIRS = Int32Array.from({ length: POINT_COUNT }, (_, j) => (j * (j - 1)) / 2);
const TRIPLES = Int32Array.from({ length: POINT_COUNT }, (_, k) => (k * (k - 1) * (k - 2)) / 6);

/** The number of a mask of exactly three points. */
export function trioRank(mask: number): number {
  const i = lowestPoint(mask);
  mask &= mask - 1;
  return i + PAIRS[lowestPoint(mask)]! + TRIPLES[31 - Math.clz32(mask & (mask - 1))]!;
}

/** The mask of each trio by number. */
export const TRIOS: Int32Array = (() => {
  const trios = new Int32Array(TRIO_COUNT);
  for (let k = 2; k < POINT_COUNT; k++)
    for (let j = 1; j < k; j++)
      for (let i = 0; i < j; i++) {
        const mask = (1 << i) | (1 << j) | (1 << k);
        trios[trioRank(mask)] = mask;
      }
  return trios;
})();

/**
 * The trio a stone's flight makes: `FLIGHTS[(r * 3 + n) * 24 + x]` is the number of trio r with its
 * n-th stone (lowest first) moved to point x, for x outside the trio; -1 otherwise.
 */
export const FLIGHTS: Int16Array = (() => {
  const flights = new Int16Array(TRIO_COUNT * 3 * POINT_COUNT).fill(-1);
  for (let r = 0; r < TRIO_COUNT; r++) {
    const trio = TRIOS[r]!;
    let n = 0;
    for (let rest = trio; rest !== 0; rest &= rest - 1, n++) {
      const pair = trio & ~(rest & -rest);
      for (let x = 0; x < POINT_COUNT; x++)
        if (((trio >>> x) & 1) === 0) flights[(r * 3 + n) * POINT_COUNT + x] = trioRank(pair | (1 << x));
    }
  }
  return flights;
})();
