/**
 * The 16 symmetries of the morris board: the 8 of the square (rotations by a quarter turn, and
 * mirrors) times swapping the inner and the outer square. Each maps points to points, lines to
 * lines and neighbours to neighbours, so a position and its images have the same value.
 */
import { DIRECTIONS, directionOf, LINE_MASKS, POINTS, pointAt, RADII, radiusOf } from '../morris.js';

export const SYMMETRY_COUNT = 16;

/** Symmetry `s` maps point p to `IMAGE[s * 24 + p]`; symmetry 0 is the identity. */
const IMAGE: Int8Array = (() => {
  const image = new Int8Array(SYMMETRY_COUNT * POINTS.length);
  for (let s = 0; s < SYMMETRY_COUNT; s++) {
    const turns = s & 3;
    const mirror = (s >> 2) & 1;
    const swap = (s >> 3) & 1;
    for (const p of POINTS) {
      // A quarter turn clockwise adds 2 to the direction; the mirror left-right maps d to 2 - d.
      let d = directionOf(p);
      if (mirror) d = (2 - d + DIRECTIONS) % DIRECTIONS;
      d = (d + 2 * turns) % DIRECTIONS;
      const r = swap ? RADII - 1 - radiusOf(p) : radiusOf(p);
      image[s * POINTS.length + p] = pointAt(d, r);
    }
  }
  return image;
})();

/** The image of point p under symmetry s. */
const mapPoint = (s: number, p: number): number => IMAGE[s * POINTS.length + p]!;

/** Per symmetry and byte of a mask, the image of that byte's points: a mask maps with three lookups. */
const BYTE_IMAGE: Int32Array = (() => {
  const table = new Int32Array(SYMMETRY_COUNT * 3 * 256);
  for (let s = 0; s < SYMMETRY_COUNT; s++)
    for (let k = 0; k < 3; k++)
      for (let b = 0; b < 256; b++) {
        let image = 0;
        for (let i = 0; i < 8; i++) if ((b >>> i) & 1) image |= 1 << mapPoint(s, 8 * k + i);
        table[(s * 3 + k) * 256 + b] = image;
      }
  return table;
})();

/** The image of a mask of points under symmetry s. */
export function mapMask(s: number, mask: number): number {
  const base = s * 768;
  return (
    BYTE_IMAGE[base + (mask & 255)]! |
    BYTE_IMAGE[base + 256 + ((mask >>> 8) & 255)]! |
    BYTE_IMAGE[base + 512 + (mask >>> 16)]!
  );
}

/** The symmetries that map the set of lines `lines` (a mask over LINE_MASKS' indices) onto itself. */
export function symmetriesKeeping(...lineSets: number[]): number[] {
  const lineOf = new Map(Array.from(LINE_MASKS, (mask, i) => [mask, i]));
  const keeps = (s: number, lines: number): boolean => {
    let image = 0;
    for (let i = 0; i < LINE_MASKS.length; i++)
      if ((lines >>> i) & 1) image |= 1 << lineOf.get(mapMask(s, LINE_MASKS[i]!))!;
    return image === lines;
  };
  return Array.from({ length: SYMMETRY_COUNT }, (_, s) => s).filter((s) => lineSets.every((lines) => keeps(s, lines)));
}
