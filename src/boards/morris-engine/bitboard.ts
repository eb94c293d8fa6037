/**
 * Bit tricks on the morris board: a set of points is a 24-bit mask, bit p for point p (see
 * ../morris.ts). Everything here is allocation-free, for the hot paths of both games.
 */
import { directionOf, LINES, LINES_THROUGH, POINT_COUNT, POINTS, RADII, radiusOf } from '../morris.js';

/** Every point. */
export const ALL_POINTS = (1 << POINT_COUNT) - 1;

export function popcount(mask: number): number {
  mask -= (mask >>> 1) & 0x55555555;
  mask = (mask & 0x33333333) + ((mask >>> 2) & 0x33333333);
  return (((mask + (mask >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** The index of the lowest set bit of a non-zero mask. */
export const lowestPoint = (mask: number): number => 31 - Math.clz32(mask & -mask);

/*
 * Adjacency without a loop over points, from the numbering `direction * RADII + radius`: along a
 * square, the next direction at the same radius is RADII bits up (the last wraps to the first), and
 * along a spoke (the middles of the edges, the odd directions) the next radius is one bit up.
 */
const spokes = (radii: readonly number[]): number =>
  POINTS.reduce((m, p) => (directionOf(p) % 2 === 1 && radii.includes(radiusOf(p)) ? m | (1 << p) : m), 0);
/** The points a spoke steps out from (a radius up), and in from (a radius down). */
const SPOKE_OUT = spokes([0, 1]);
const SPOKE_IN = spokes([1, 2]);
const WRAP = POINT_COUNT - RADII;
const clockwise = (mask: number): number => ((mask << RADII) & ALL_POINTS) | (mask >>> WRAP);
const anticlockwise = (mask: number): number => (mask >>> RADII) | ((mask << WRAP) & ALL_POINTS);

/** The points next to any point of `mask`. */
export function neighboursOf(mask: number): number {
  return clockwise(mask) | anticlockwise(mask) | ((mask & SPOKE_OUT) << 1) | ((mask & SPOKE_IN) >>> 1);
}

/** The steps from the points of `from` to the points of `to`: pairs of adjacent points, one in each. */
export function stepCount(from: number, to: number): number {
  return (
    popcount(clockwise(from) & to) +
    popcount(anticlockwise(from) & to) +
    popcount(((from & SPOKE_OUT) << 1) & to) +
    popcount(((from & SPOKE_IN) >>> 1) & to)
  );
}

/*
 * Every line at once: a line is known by its first point, its anchor (a corner for a square's edge,
 * which runs clockwise from it; the inner point for a spoke). `second` and `third` bring each line's
 * second and third points onto its anchor; `toSecond` and `toThird` take anchors back.
 */
const anchorOf = (line: number): number => 1 << LINES[line]![0];
const EDGE_ANCHORS = LINES.reduce((m, line, i) => (directionOf(line[0]) % 2 === 0 ? m | anchorOf(i) : m), 0);
const SPOKE_ANCHORS = LINES.reduce((m, line, i) => (directionOf(line[0]) % 2 === 1 ? m | anchorOf(i) : m), 0);
const ANCHORS = EDGE_ANCHORS | SPOKE_ANCHORS;
const second = (mask: number): number => (anticlockwise(mask) & EDGE_ANCHORS) | ((mask >>> 1) & SPOKE_ANCHORS);
const third = (mask: number): number =>
  (anticlockwise(anticlockwise(mask)) & EDGE_ANCHORS) | ((mask >>> 2) & SPOKE_ANCHORS);
const toSecond = (anchors: number): number => clockwise(anchors & EDGE_ANCHORS) | ((anchors & SPOKE_ANCHORS) << 1);
const toThird = (anchors: number): number =>
  clockwise(clockwise(anchors & EDGE_ANCHORS)) | ((anchors & SPOKE_ANCHORS) << 2);
/** Every point of the lines anchored at `anchors`. */
const spread = (anchors: number): number => anchors | toSecond(anchors) | toThird(anchors);

/** The index in LINE_MASKS of the line anchored at each point (-1 for a point that anchors none). */
export const LINE_AT_ANCHOR: Int8Array = Int8Array.from({ length: POINT_COUNT }, (_, p) =>
  LINES.findIndex((line) => line[0] === p),
);

/** The anchors of the lines that `mask` fills. */
export function filledLines(mask: number): number {
  return mask & second(mask) & third(mask);
}

/** The anchors of the lines holding two of `own` and a point of `free`: mills to come. */
export function openLines(own: number, free: number): number {
  const o2 = second(own);
  const o3 = third(own);
  return ((free & o2 & o3) | (own & second(free) & o3) | (own & o2 & third(free))) & ANCHORS;
}

/**
 * The points where one more stone of `own` would fill a line (close a mill): the third point of
 * each line holding two of `own`. Some may be taken by the opponent; callers keep the free ones.
 */
export function millTargets(own: number): number {
  const o1 = own & ANCHORS;
  const o2 = second(own);
  const o3 = third(own);
  return (~o1 & o2 & o3 & ANCHORS) | toSecond(o1 & ~o2 & o3) | toThird(o1 & o2 & ~o3);
}

/**
 * The stones that matter most to take from `opp` facing `own`: those of its lines with two of its
 * stones and the third point free (a mill to come), and those that block a line of two of `own`'s.
 */
export function keyStones(own: number, opp: number): number {
  const o1 = own & ANCHORS;
  const o2 = second(own);
  const o3 = third(own);
  const t1 = opp & ANCHORS;
  const t2 = second(opp);
  const t3 = third(opp);
  const theirTwo = ((t1 & t2 & ~t3) | (t1 & ~t2 & t3) | (~t1 & t2 & t3)) & ~(o1 | o2 | o3);
  const ourTwoAndTheirs = (o1 & o2 & t3) | (o1 & t2 & o3) | (t1 & o2 & o3);
  return spread(theirTwo | ourTwoAndTheirs) & opp;
}

/** The stones of `side` that stand in a line filled with its stones. */
function inMills(side: number): number {
  return spread(filledLines(side));
}

/** The stones of `side` a mill may take: those outside every mill, or any when all are in mills. */
export function takable(side: number): number {
  return side & ~inMills(side) || side;
}

/** Whether some stone of `own` has a free neighbour (can step). */
export function canStep(own: number, free: number): boolean {
  return (neighboursOf(own) & free) !== 0;
}

/** For each point, the indices in LINE_MASKS of its two lines, as `first | second << 8`. */
export const LINE_PAIR: Int32Array = Int32Array.from(LINES_THROUGH, (lines) => lines[0]! | (lines[1]! << 8));
