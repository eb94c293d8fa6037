/**
 * Nine Men's Morris's view of the shared morris board (src/boards/morris.ts): points named as
 * fields A1..G7, in the two orders the published referee uses.
 */
import { columnOf, fieldName, NEIGHBOURS, POINTS, type Point, rowOf } from '../../boards/morris.js';

/**
 * The published referee's field order, in which the board line and every list of commands run:
 * row by row from 1 to 7, each left to right (A1 D1 G1 B2 D2 F2 C3 ... A7 D7 G7).
 */
export const FIELD_ORDER: readonly Point[] = [...POINTS].sort(
  (p, q) => rowOf(p) - rowOf(q) || columnOf(p) - columnOf(q),
);

/** Each point's place in `FIELD_ORDER`. */
const RANK: Int8Array = (() => {
  const rank = new Int8Array(POINTS.length);
  FIELD_ORDER.forEach((p, i) => {
    rank[p] = i;
  });
  return rank;
})();

/** The neighbours of each point in `FIELD_ORDER`: the order in which a stone's steps are listed. */
export const STEP_ORDER: readonly (readonly Point[])[] = POINTS.map((p) =>
  [...NEIGHBOURS[p]!].sort((a, b) => RANK[a]! - RANK[b]!),
);

const byName = (p: Point, q: Point): number => (fieldName(p) < fieldName(q) ? -1 : 1);

/**
 * The initialisation's adjacency lines, `FIELD:N1;N2...`, fields and neighbours sorted by name as
 * the published referee sends them (`A1:A4;D1`, `A4:A1;A7;B4`, ...).
 */
export const NEIGHBOUR_LINES: readonly string[] = [...POINTS]
  .sort(byName)
  .map((p) => `${fieldName(p)}:${[...NEIGHBOURS[p]!].sort(byName).map(fieldName).join(';')}`);
