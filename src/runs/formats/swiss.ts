/**
 * Swiss tournaments of two seats: each round pairs bots of equal points who have not met, on the
 * standing after the rounds before it, so a round is planned once the one before it is stored.
 */
import { SetupError } from '../../core/game.js';
import { deriveSeed } from '../../core/rng.js';
import type { TournamentConfig } from '../run-config.js';
import type { StoredGame } from '../store/records.js';
import type { PlannedGame, RunFormat } from './format.js';
import { checkTables, describeTournament, roundOf, tableSize, tournamentConfig } from './tables.js';

export const swiss: RunFormat<TournamentConfig> = {
  name: 'swiss',
  check: (game, request) => {
    checkTables(game, request);
    if (tableSize(game, request) !== 2) throw new SetupError('a Swiss tournament is played at tables of two');
  },
  // Enough rounds, unless asked, to single out a winner: log2 of the bots.
  configure: (game, request, openings) =>
    tournamentConfig(game, request, openings, 'swiss', (bots) => Math.ceil(Math.log2(bots))),
  describe: describeTournament,
  schedule: (config, seed, stored) => {
    const bots = config.bots.length;
    const games = [...stored];
    const done = new Set(stored.map((g) => g.index));
    let round = 0;
    let planned: PlannedGame[] = [];
    let waiting: PlannedGame[] = [];
    const record = roundOf(config);
    return {
      total: config.rounds * 2 * Math.floor(bots / 2),
      next: () => {
        for (;;) {
          const next = waiting.shift();
          if (next) return next;
          // Each round is paired on the results of the rounds before it: it waits for them all.
          if (planned.some((g) => !done.has(g.index))) return 'wait';
          if (round === config.rounds) return null;
          planned = swissRound(round, bots, swissStanding(bots, games, round), seed);
          waiting = planned.filter((g) => !done.has(g.index));
          round++;
        }
      },
      record: (g) => {
        games.push(g);
        done.add(g.index);
        return record(g);
      },
      decided: () => false,
    };
  },
};

/** Where the bots stand before a round: points, the pairs that met (`pairKey`), the bots that had a bye. */
export interface SwissStanding {
  readonly points: readonly number[];
  readonly met: ReadonlySet<string>;
  readonly byes: ReadonlySet<number>;
}

/**
 * One Swiss round for two-seat games: bots sorted by points so far are paired from the top, each
 * with the nearest one it has not met yet where possible; with an odd count the lowest-placed bot
 * without a bye sits out. Each pairing plays both seat orders on one seed.
 */
export function swissRound(round: number, bots: number, standing: SwissStanding, seed: number): PlannedGame[] {
  const { points, met, byes } = standing;
  const order = Array.from({ length: bots }, (_, i) => i).sort((a, b) => points[b]! - points[a]! || a - b);
  if (order.length % 2 === 1) {
    const bye = [...order].reverse().find((b) => !byes.has(b)) ?? order.at(-1)!;
    order.splice(order.indexOf(bye), 1);
  }
  const pairs: [number, number][] = [];
  while (order.length > 0) {
    const a = order.shift()!;
    const k = order.findIndex((b) => !met.has(pairKey(a, b)));
    const [b] = order.splice(Math.max(k, 0), 1);
    pairs.push([a, b!]);
  }
  const gamesPerRound = 2 * Math.floor(bots / 2);
  return pairs.flatMap(([a, b], p) => {
    const deal = round * bots + p;
    const pairSeed = deriveSeed(seed, deal);
    const index = round * gamesPerRound + 2 * p;
    return [
      { index, round, seats: [a, b], seed: pairSeed, deal },
      { index: index + 1, round, seats: [b, a], seed: pairSeed, deal },
    ];
  });
}

export const pairKey = (a: number, b: number): string => (a < b ? `${a}-${b}` : `${b}-${a}`);

/** The standing after the rounds before `round`, from the run's stored games. */
export function swissStanding(bots: number, games: readonly StoredGame[], round: number): SwissStanding {
  const points = Array.from({ length: bots }, () => 0);
  const met = new Set<string>();
  const byes = new Set<number>();
  for (let r = 0; r < round; r++) {
    const inRound = games.filter((g) => g.round === r);
    const seated = new Set(inRound.flatMap((g) => g.seats));
    for (let b = 0; b < bots; b++) {
      if (seated.has(b)) continue;
      byes.add(b);
      points[b]! += 1; // a bye scores as a drawn pair of games: neither a gift nor a penalty
    }
    for (const g of inRound) {
      const [a, b] = g.seats as [number, number];
      met.add(pairKey(a, b));
      if (g.result.winner === null) {
        points[a]! += 0.5;
        points[b]! += 0.5;
      } else points[g.seats[g.result.winner]!]! += 1;
    }
  }
  return { points, met, byes };
}
