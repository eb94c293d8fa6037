/**
 * A move of either morris game packed in an integer, so that move lists are typed arrays:
 * `from | to << 5 | take1 << 10 | take2 << 15`, each a point or `NONE` (no origin for a stone put
 * from the stock, no take). Only Mills takes two stones, with a move that closes two new mills.
 */
export type PackedMove = number;

/** No point: `1 << NONE` lies outside every 24-bit mask, so it can be cleared blindly. */
export const NONE = 31;
export const NO_MOVE: PackedMove = -1;

export const packMove = (from: number, to: number, take1: number = NONE, take2: number = NONE): PackedMove =>
  from | (to << 5) | (take1 << 10) | (take2 << 15);
export const moveFrom = (m: PackedMove): number => m & 31;
export const moveTo = (m: PackedMove): number => (m >>> 5) & 31;
export const moveTake1 = (m: PackedMove): number => (m >>> 10) & 31;
export const moveTake2 = (m: PackedMove): number => (m >>> 15) & 31;
/** Whether the move takes at least one stone. */
export const isCapture = (m: PackedMove): boolean => ((m >>> 10) & 31) !== NONE;
