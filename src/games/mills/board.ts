/**
 * The Mills board as geometry only: 24 slots on three concentric squares, which slots are adjacent,
 * and the 16 lines of three. The rules (pieces, phases, mills) live in rules.ts, so that this can be
 * shared with other games on the same board.
 *
 * A slot is named by a DIRECTION 0..7 (clockwise from the top left: 0 TL, 1 T, 2 TR, 3 R, 4 BR, 5 B,
 * 6 BL, 7 L) and a RADIUS 0..2 (0 the innermost square). Odd directions are the middles of the edges.
 */

declare const slotBrand: unique symbol;
/**
 * A slot index 0..23, `direction * RADII + radius`: ascending slots run direction first, then radius,
 * which is the order in which the protocol lists slots.
 */
export type Slot = number & { readonly [slotBrand]: true };

export const DIRECTIONS = 8;
export const RADII = 3;
export const SLOT_COUNT = DIRECTIONS * RADII;

/** The slot at `direction` 0..7 and `radius` 0..2 (unchecked). */
export const slotOf = (direction: number, radius: number): Slot => (direction * RADII + radius) as Slot;
export const directionOf = (slot: Slot): number => Math.floor(slot / RADII);
export const radiusOf = (slot: Slot): number => slot % RADII;

/** Every slot, ascending. */
export const SLOTS: readonly Slot[] = Array.from({ length: SLOT_COUNT }, (_, i) => i as Slot);

/** Along a square between neighbouring directions, or across squares in the middle of an edge. */
function adjacent(a: Slot, b: Slot): boolean {
  const [da, ra, db, rb] = [directionOf(a), radiusOf(a), directionOf(b), radiusOf(b)];
  if (ra === rb) return (da - db + DIRECTIONS) % DIRECTIONS === 1 || (db - da + DIRECTIONS) % DIRECTIONS === 1;
  return da === db && da % 2 === 1 && Math.abs(ra - rb) === 1;
}

/** The neighbours of each slot, ascending. */
export const NEIGHBOURS: readonly (readonly Slot[])[] = SLOTS.map((a) => SLOTS.filter((b) => adjacent(a, b)));

/** Bit `b` of `NEIGHBOUR_MASKS[a]` is set when slots a and b are adjacent. */
const NEIGHBOUR_MASKS = Int32Array.from(NEIGHBOURS, (ns) => ns.reduce((mask, b) => mask | (1 << b), 0));

export const isAdjacent = (a: Slot, b: Slot): boolean => ((NEIGHBOUR_MASKS[a]! >>> b) & 1) === 1;

export type Line = readonly [Slot, Slot, Slot];

/**
 * The 16 lines of three: the 4 radial lines through the middles of the edges, then the 12 edges of the
 * squares, corner to corner (the left edges 6-7-0 wrap around direction 0).
 */
export const LINES: readonly Line[] = [
  ...[1, 3, 5, 7].map((d): Line => [slotOf(d, 0), slotOf(d, 1), slotOf(d, 2)]),
  ...[0, 2, 4, 6].flatMap((d) =>
    [0, 1, 2].map((r): Line => [slotOf(d, r), slotOf(d + 1, r), slotOf((d + 2) % DIRECTIONS, r)]),
  ),
];

/** The indices in `LINES` of the two lines through each slot. */
export const LINES_THROUGH: readonly (readonly number[])[] = SLOTS.map((s) =>
  LINES.flatMap((line, i) => (line.includes(s) ? [i] : [])),
);
