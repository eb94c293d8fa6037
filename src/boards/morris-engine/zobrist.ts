/** Zobrist keys: fixed pseudo-random 64-bit values, held as two 32-bit halves, for position hashes. */

/** `count` keys from a fixed seed: key i is `[2 * i]` (low half) and `[2 * i + 1]` (high half). */
export function zobristKeys(count: number, seed: number): Int32Array {
  const keys = new Int32Array(2 * count);
  let state = seed >>> 0;
  for (let i = 0; i < keys.length; i++) {
    // SplitMix32: well mixed, and the same keys in every process.
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    keys[i] = z ^ (z >>> 16);
  }
  return keys;
}

/** A 32-bit mix of an integer: hashes values too many to hold keys for (Mills' mill history). */
export function mix32(x: number, salt: number): number {
  let z = Math.imul(x ^ salt, 0x9e3779b1);
  z = Math.imul(z ^ (z >>> 15), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return z ^ (z >>> 16);
}
