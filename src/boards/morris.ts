/**
 * The board of the morris games, as geometry only: 24 points on three concentric squares, the 16
 * lines of three (the mills), and which points are adjacent. Mills and Nine Men's Morris both play on
 * it; their rules and protocols live in their own folders.
 *
 * One geometry, two namings of its points:
 * - Mills: a DIRECTION 0..7, clockwise from the top left (0 TL, 1 T, 2 TR, 3 R, 4 BR, 5 B, 6 BL,
 *   7 L; odd directions are the middles of the edges), and a RADIUS 0..2 (0 the innermost square);
 * - Nine Men's Morris: a field `A1`..`G7` on a 7×7 grid, columns A..G left to right, rows 1..7
 *   bottom to top, so that A1 is the outer bottom-left corner and D2 the middle of the middle
 *   square's bottom edge.
 *
 * ```
 * A7 ------------ D7 ------------ G7        0 2 ------------- 1 2 ------------- 2 2
 *  |               |               |         |                 |                 |
 *  |   B6 ------- D6 ------- F6    |         |    0 1 ------- 1 1 ------- 2 1    |
 *  |    |          |          |    |         |     |           |           |     |
 *  |    |    C5 - D5 - E5     |    |         |     |    0 0 - 1 0 - 2 0    |     |
 *  |    |    |         |      |    |         |     |     |           |     |     |
 * A4 - B4 - C4        E4 - F4 - G4          7 2 - 7 1 - 7 0         3 0 - 3 1 - 3 2
 *  |    |    |         |      |    |         |     |     |           |     |     |
 *  |    |    C3 - D3 - E3     |    |         |     |    6 0 - 5 0 - 4 0    |     |
 *  |    |          |          |    |         |     |           |           |     |
 *  |   B2 ------- D2 ------- F2    |         |    6 1 ------- 5 1 ------- 4 1    |
 *  |               |               |         |                 |                 |
 * A1 ------------ D1 ------------ G1        6 2 ------------- 5 2 ------------- 4 2
 * ```
 */

declare const pointBrand: unique symbol;
/**
 * A point index 0..23, `direction * RADII + radius`: ascending points run direction first, then
 * radius (the order in which Mills lists slots). Bit `p` of a 32-bit mask stands for point `p`.
 */
export type Point = number & { readonly [pointBrand]: true };

export const DIRECTIONS = 8;
export const RADII = 3;
export const POINT_COUNT = DIRECTIONS * RADII;

/** Every point, ascending. */
export const POINTS: readonly Point[] = Array.from({ length: POINT_COUNT }, (_, i) => i as Point);

// The Mills naming.

/** The point at `direction` 0..7 and `radius` 0..2 (unchecked). */
export const pointAt = (direction: number, radius: number): Point => (direction * RADII + radius) as Point;
export const directionOf = (p: Point): number => Math.floor(p / RADII);
export const radiusOf = (p: Point): number => p % RADII;

// The Nine Men's Morris naming.

/** The step from the centre towards each direction, as [column, row] with rows counted upwards. */
const DIRECTION_VECTORS = [
  [-1, 1],
  [0, 1],
  [1, 1],
  [1, 0],
  [1, -1],
  [0, -1],
  [-1, -1],
  [-1, 0],
] as const;
/** The column 0..6 (A..G) of a point on the 7×7 grid, left to right. */
export const columnOf = (p: Point): number => 3 + DIRECTION_VECTORS[directionOf(p)]![0] * (radiusOf(p) + 1);
/** The row 0..6 (1..7) of a point on the 7×7 grid, bottom to top. */
export const rowOf = (p: Point): number => 3 + DIRECTION_VECTORS[directionOf(p)]![1] * (radiusOf(p) + 1);

const FIELD_NAMES: readonly string[] = POINTS.map((p) => `${'ABCDEFG'[columnOf(p)]}${rowOf(p) + 1}`);
const POINT_BY_FIELD: ReadonlyMap<string, Point> = new Map(POINTS.map((p) => [FIELD_NAMES[p]!, p]));

/** The field name of a point: `A1`..`G7`. */
export const fieldName = (p: Point): string => FIELD_NAMES[p]!;
/** The point a field name stands for; undefined for anything but the 24 names (case-sensitive). */
export const pointOfField = (name: string): Point | undefined => POINT_BY_FIELD.get(name);

// Lines and adjacency.

export type Line = readonly [Point, Point, Point];

/**
 * The 16 lines of three, each point to point in a row: the 4 radial lines through the middles of
 * the edges (D5-D6-D7, E4-F4-G4, D3-D2-D1, C4-B4-A4), then the 12 edges of the squares, corner to
 * corner (the left edges 6-7-0 wrap around direction 0). Keep the order: Mills serves the removal
 * requests of a move that closes two lines in it.
 */
export const LINES: readonly Line[] = [
  ...[1, 3, 5, 7].map((d): Line => [pointAt(d, 0), pointAt(d, 1), pointAt(d, 2)]),
  ...[0, 2, 4, 6].flatMap((d) =>
    [0, 1, 2].map((r): Line => [pointAt(d, r), pointAt(d + 1, r), pointAt((d + 2) % DIRECTIONS, r)]),
  ),
];

/** The indices in `LINES` of the two lines through each point, ascending. */
export const LINES_THROUGH: readonly (readonly number[])[] = POINTS.map((p) =>
  LINES.flatMap((line, i) => (line.includes(p) ? [i] : [])),
);

/** Each line as a mask of its three points. */
export const LINE_MASKS: Int32Array = Int32Array.from(LINES, (line) => line.reduce((mask, p) => mask | (1 << p), 0));

/** Whether p and q follow each other on a line: the board's segments are exactly the lines' steps. */
const joined = (p: Point, q: Point): boolean =>
  LINES.some(([a, b, c]) => (p === b && (q === a || q === c)) || (q === b && (p === a || p === c)));

/** The neighbours of each point, ascending. */
export const NEIGHBOURS: readonly (readonly Point[])[] = POINTS.map((p) => POINTS.filter((q) => joined(p, q)));

/** Bit `q` of `NEIGHBOUR_MASKS[p]` is set when points p and q are adjacent. */
export const NEIGHBOUR_MASKS: Int32Array = Int32Array.from(NEIGHBOURS, (ns) =>
  ns.reduce((mask, q) => mask | (1 << q), 0),
);

export const isAdjacent = (p: Point, q: Point): boolean => ((NEIGHBOUR_MASKS[p]! >>> q) & 1) === 1;
