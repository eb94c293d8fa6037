/**
 * Which games a run plays, in a fixed order, so that a resumed run finds each game at the same
 * index with the same seats and seed. Games that differ only in seat order share a seed, so that
 * luck (a deal, an opening) is the same for every side.
 */
import { deriveSeed } from '../core/rng.js';

export interface PlannedGame {
  /** The game's place in the run; stored with its result. */
  readonly index: number;
  readonly round: number;
  /** The players in seat order, as indices into the run's list of bots. */
  readonly seats: readonly number[];
  readonly seed: number;
  /** The games of one deal share its seed and its opening: a match's pair, a tournament table's round. */
  readonly deal: number;
}

/** A match: game pairs on one seed, the second with the seats swapped. */
export function matchSchedule(games: number, seed: number): PlannedGame[] {
  return Array.from({ length: games }, (_, index) => {
    const pair = Math.floor(index / 2);
    return { index, round: pair, seats: index % 2 === 0 ? [0, 1] : [1, 0], seed: deriveSeed(seed, pair), deal: pair };
  });
}

/**
 * Round-robin and gauntlet: in every round each table (every set of `tableSize` bots; with a
 * gauntlet, only those with bot 0) plays one game in every seat order, all on one seed.
 */
export function tableSchedule(
  format: 'round-robin' | 'gauntlet',
  bots: number,
  tableSize: number,
  rounds: number,
  seed: number,
): PlannedGame[] {
  const tables = combinations(bots, tableSize).filter((t) => format === 'round-robin' || t.includes(0));
  const planned: PlannedGame[] = [];
  let deal = 0;
  for (let round = 0; round < rounds; round++) {
    for (const table of tables) {
      const tableSeed = deriveSeed(seed, deal);
      for (const seats of permutations(table))
        planned.push({ index: planned.length, round, seats, seed: tableSeed, deal });
      deal++;
    }
  }
  return planned;
}

/** All k-element subsets of 0..n-1, in lexicographic order. */
export function combinations(n: number, k: number): number[][] {
  const out: number[][] = [];
  const pick = (start: number, chosen: number[]) => {
    if (chosen.length === k) return void out.push([...chosen]);
    for (let i = start; i < n; i++) pick(i + 1, [...chosen, i]);
  };
  pick(0, []);
  return out;
}

/** All orderings of `items`, the given order first. */
export function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((first, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [first, ...rest]),
  );
}
