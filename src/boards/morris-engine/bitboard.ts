/**
 * Bit tricks on the morris board: a set of points is a 24-bit mask, bit p for point p (see
 * ../morris.ts). Everything here is allocation-free, for the hot paths of both games.
 */
import { LINE_MASKS, LINES_THROUGH, NEIGHBOUR_MASKS, POINT_COUNT } from '../morris.js';

/** Every point. */
export const ALL_POINTS = (1 << POINT_COUNT) - 1;

export function popcount(mask: number): number {
  mask -= (mask >>> 1) & 0x55555555;
  mask = (mask & 0x33333333) + ((mask >>> 2) & 0x33333333);
  return (((mask + (mask >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** The index of the lowest set bit of a non-zero mask. */
export const lowestPoint = (mask: number): number => 31 - Math.clz32(mask & -mask);

/**
 * The points where one more stone of `own` would fill a line (close a mill): the third point of
 * each line holding two of `own`. Some may be taken by the opponent; callers keep the free ones.
 */
export function millTargets(own: number): number {
  let targets = 0;
  for (let i = 0; i < LINE_MASKS.length; i++) {
    const rest = LINE_MASKS[i]! & ~own;
    if (rest !== 0 && (rest & (rest - 1)) === 0) targets |= rest;
  }
  return targets;
}

/**
 * The stones that matter most to take from `opp` facing `own`: those of its lines with two of its
 * stones and the third point free (a mill to come), and those that block a line of two of `own`'s.
 */
export function keyStones(own: number, opp: number): number {
  let key = 0;
  for (let i = 0; i < LINE_MASKS.length; i++) {
    const line = LINE_MASKS[i]!;
    const theirs = opp & line;
    const ours = own & line;
    if (ours === 0 && theirs !== 0 && popcount(theirs) === 2) key |= theirs;
    else if (popcount(ours) === 2 && theirs !== 0) key |= theirs;
  }
  return key;
}

/** The stones of `side` that stand in a line filled with its stones. */
function inMills(side: number): number {
  let mask = 0;
  for (let i = 0; i < LINE_MASKS.length; i++) {
    const line = LINE_MASKS[i]!;
    if ((side & line) === line) mask |= line;
  }
  return mask;
}

/** The stones of `side` a mill may take: those outside every mill, or any when all are in mills. */
export function takable(side: number): number {
  return side & ~inMills(side) || side;
}

/** The points next to any point of `mask`. */
export function neighboursOf(mask: number): number {
  let around = 0;
  for (let m = mask; m !== 0; m &= m - 1) around |= NEIGHBOUR_MASKS[lowestPoint(m)]!;
  return around;
}

/** Whether some stone of `own` has a free neighbour (can step). */
export function canStep(own: number, free: number): boolean {
  for (let m = own; m !== 0; m &= m - 1) if ((NEIGHBOUR_MASKS[lowestPoint(m)]! & free) !== 0) return true;
  return false;
}

/** For each point, the indices in LINE_MASKS of its two lines, as `first | second << 8`. */
export const LINE_PAIR: Int32Array = Int32Array.from(LINES_THROUGH, (lines) => lines[0]! | (lines[1]! << 8));
