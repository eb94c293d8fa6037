/**
 * Mills' view of the shared morris board (src/boards/morris.ts): a point is a slot, named by a
 * DIRECTION 0..7 (clockwise from the top left: 0 TL, 1 T, 2 TR, 3 R, 4 BR, 5 B, 6 BL, 7 L) and a
 * RADIUS 0..2 (0 the innermost square). Ascending slots run direction first, then radius, which is
 * the order in which the protocol lists slots. The rules (pieces, phases, mills) live in rules.ts.
 */
export {
  DIRECTIONS,
  directionOf,
  isAdjacent,
  LINES,
  LINES_THROUGH,
  type Line,
  NEIGHBOURS,
  POINT_COUNT as SLOT_COUNT,
  POINTS as SLOTS,
  type Point as Slot,
  pointAt as slotOf,
  RADII,
  radiusOf,
} from '../../boards/morris.js';
