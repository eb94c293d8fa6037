/**
 * Mills' view of the shared morris board (src/boards/morris.ts): a point is a slot, named by a
 * DIRECTION 0..7 (clockwise from the top left: 0 TL, 1 T, 2 TR, 3 R, 4 BR, 5 B, 6 BL, 7 L) and a
 * RADIUS 0..2 (0 the innermost square). Ascending slots run direction first, then radius, which is
 * the order in which the protocol lists slots. The rules (pieces, phases, mills) live in rules.ts.
 */
export {
  DIRECTIONS,
  LINES,
  LINES_THROUGH,
  NEIGHBOURS,
  RADII,
  directionOf,
  isAdjacent,
  radiusOf,
  type Line,
  POINTS as SLOTS,
  POINT_COUNT as SLOT_COUNT,
  pointAt as slotOf,
  type Point as Slot,
} from '../../boards/morris.js';
