/**
 * Tournament standings from stored games: ratings with intervals, points or mean places, and a
 * cross table. Two seats: Bradley-Terry; more seats: OpenSkill (Plackett-Luce).
 */
import { rating as newRating, type Rating, rate } from 'openskill';
import { bradleyTerry } from '../stats/bradley-terry.js';
import { type Interval, roundInterval, Z95 } from '../stats/elo.js';
import type { StoredGame } from '../store/records.js';
import { scoreOf } from './pair-tally.js';

export interface Standing {
  /** As given on the command line; `name` as reports show it. */
  readonly bot: string;
  readonly rating: Interval;
  readonly games: number;
  /** Two seats: points (1 a win, ½ a draw). More seats: the mean place (1 the best). */
  readonly points: number;
  readonly name: string;
}

/** Who did how against whom, the bots in the order the run lists them (reports may show them in another). */
export interface CrossTable {
  readonly bots: readonly string[];
  /** cells[i][j]: i against j, `wins-draws-losses` (more seats: ahead-tied-behind); null on the diagonal or when they never met. */
  readonly cells: readonly (readonly (string | null)[])[];
  readonly names: readonly string[];
}

/** The run's bots as given, and their names in reports. */
export interface RunBots {
  readonly bots: readonly string[];
  readonly names: readonly string[];
}

/** Two-seat tournaments: Bradley-Terry ratings, points and a cross table of results. */
export function twoSeatStandings(
  { bots, names }: RunBots,
  games: readonly StoredGame[],
): { standings: Standing[]; crossTable: CrossTable } {
  const ratings = bradleyTerry(
    bots.length,
    games.map((g) => ({ a: g.seats[0]!, b: g.seats[1]!, score: scoreOf(g, 0) })),
  );
  const wdl = bots.map(() => bots.map(() => [0, 0, 0]));
  const points = bots.map(() => 0);
  const played = bots.map(() => 0);
  for (const g of games) {
    g.seats.forEach((bot, seat) => {
      const score = scoreOf(g, seat);
      const opponent = g.seats[1 - seat]!;
      points[bot]! += score;
      played[bot]!++;
      wdl[bot]![opponent]![score === 1 ? 0 : score === 0.5 ? 1 : 2]!++;
    });
  }
  const standings = bots.map((bot, i) => ({
    bot,
    rating: roundInterval(ratings[i]!),
    games: played[i]!,
    points: points[i]!,
    name: names[i]!,
  }));
  return ranked({ bots, names }, standings, wdl);
}

/** Tournaments of more seats: OpenSkill (Plackett-Luce) ratings, mean places and a cross table of who finished ahead. */
export function multiSeatStandings(
  { bots, names }: RunBots,
  games: readonly StoredGame[],
): { standings: Standing[]; crossTable: CrossTable } {
  let ratings: Rating[] = bots.map(() => newRating());
  const places = bots.map(() => 0);
  const played = bots.map(() => 0);
  const order = bots.map(() => bots.map(() => [0, 0, 0]));
  for (const g of games) {
    const ranks = g.result.players.map((p) => p.rank);
    const rated = rate(
      g.seats.map((b) => [ratings[b]!]),
      { rank: ranks },
    );
    ratings = [...ratings];
    g.seats.forEach((b, seat) => {
      ratings[b] = rated[seat]![0]!;
      places[b]! += ranks[seat]!;
      played[b]!++;
      g.seats.forEach((other, otherSeat) => {
        if (other === b) return;
        const d = ranks[seat]! - ranks[otherSeat]!;
        order[b]![other]![d < 0 ? 0 : d === 0 ? 1 : 2]!++;
      });
    });
  }
  const standings = bots.map((bot, i) => {
    const { mu, sigma } = ratings[i]!;
    return {
      bot,
      rating: roundInterval({ value: mu, low: mu - Z95 * sigma, high: mu + Z95 * sigma }),
      games: played[i]!,
      points: played[i]! === 0 ? 0 : Math.round((places[i]! / played[i]!) * 100) / 100,
      name: names[i]!,
    };
  });
  return ranked({ bots, names }, standings, order);
}

/** The standings best first, and the cross table of `counts`, by bot index as the run lists them. */
function ranked(
  { bots, names }: RunBots,
  standings: readonly Standing[],
  counts: number[][][],
): { standings: Standing[]; crossTable: CrossTable } {
  return {
    standings: [...standings].sort((x, y) => y.rating.value - x.rating.value),
    crossTable: {
      bots,
      cells: counts.map((row, i) => row.map((c, j) => (i === j || c.every((x) => x === 0) ? null : c.join('-')))),
      names,
    },
  };
}
