/** A small seeded generator (SplitMix32), so that a seed replays a game exactly. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A uniform 32-bit unsigned integer. */
  nextU32(): number {
    this.state = (this.state + 0x9e3779b9) >>> 0;
    let z = this.state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  }

  /** A uniform integer in [0, n), without modulo bias. */
  below(n: number): number {
    if (!(n >= 1 && n <= 0x1_0000_0000)) throw new RangeError(`Rng.below(${n})`);
    const limit = 0x1_0000_0000 - (0x1_0000_0000 % n);
    let x: number;
    do x = this.nextU32();
    while (x >= limit);
    return x % n;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('Rng.pick of an empty list');
    return items[this.below(items.length)]!;
  }
}

/** A seed for one part of a game (a seat's bot, say) derived from the game's seed. */
export function deriveSeed(seed: number, part: number): number {
  return new Rng((seed ^ Math.imul(part + 1, 0x27d4eb2d)) >>> 0).nextU32();
}

/** A fresh seed when the user gave none; it is printed and stored, so the game can be replayed. */
export function randomSeed(): number {
  return Math.floor(Math.random() * 0x1_0000_0000);
}
