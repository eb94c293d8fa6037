/**
 * Standings and statistics of a run, computed from its stored games: the same numbers whether the
 * run is going on, was stopped, or finished long ago.
 */
import { rate, rating as newRating, type Rating } from 'openskill';
import { bradleyTerry } from './stats/bradley-terry.js';
import {
  PENTANOMIAL_VALUES,
  TRINOMIAL_VALUES,
  Z95,
  eloInterval,
  likelihoodOfSuperiority,
  scoreMoments,
  type Interval,
} from './stats/elo.js';
import { summarizeTimes, type TimeSummary } from '../arena/time-summary.js';
import { sprt, type SprtSettings, type SprtState } from './stats/sprt.js';
import type { PlayerStatus } from '../arena/replay.js';
import type { StoredGame } from './store.js';

/** The score of the seat's player in a two-seat game: 1, ½ or 0. */
function scoreOf(game: StoredGame, seat: number): number {
  const winner = game.result.winner;
  return winner === null ? 0.5 : winner === seat ? 1 : 0;
}

/** Wins, draws and losses of bot `a` against bot `b`, with pentanomial counts over complete game pairs. */
export class PairTally {
  wins = 0;
  draws = 0;
  losses = 0;
  /** Game pairs (same round, seats swapped) by a's total: 0, ½, 1, 1½, 2. */
  readonly pentanomial = [0, 0, 0, 0, 0];
  private readonly openPairs = new Map<number, number>();

  constructor(readonly a: number, readonly b: number) {}

  add(game: StoredGame): void {
    const seat = game.seats.indexOf(this.a);
    const score = scoreOf(game, seat);
    if (score === 1) this.wins++;
    else if (score === 0) this.losses++;
    else this.draws++;
    const first = this.openPairs.get(game.round);
    if (first === undefined) this.openPairs.set(game.round, score);
    else {
      this.openPairs.delete(game.round);
      this.pentanomial[Math.round((first + score) * 2)]!++;
    }
  }

  get games(): number {
    return this.wins + this.draws + this.losses;
  }

  get pairs(): number {
    return this.pentanomial.reduce((x, y) => x + y, 0);
  }

  /** The Elo interval, from pairs when there are any (they cancel the luck of the seed), else from games. */
  elo(): Interval {
    return eloInterval(this.pairs > 0 ? scoreMoments(PENTANOMIAL_VALUES, this.pentanomial) : this.trinomialMoments());
  }

  sprt(settings: SprtSettings): SprtState {
    return this.pairs > 0
      ? sprt(settings, PENTANOMIAL_VALUES, this.pentanomial)
      : sprt(settings, TRINOMIAL_VALUES, [this.losses, this.draws, this.wins]);
  }

  private trinomialMoments() {
    return scoreMoments(TRINOMIAL_VALUES, [this.losses, this.draws, this.wins]);
  }

  report(bots: readonly string[], settings?: SprtSettings): PairReport {
    const n = this.games;
    return {
      bots: [bots[this.a]!, bots[this.b]!],
      games: n,
      wins: this.wins,
      draws: this.draws,
      losses: this.losses,
      score: n === 0 ? 0.5 : (this.wins + this.draws / 2) / n,
      elo: round(this.elo()),
      los: Math.round(likelihoodOfSuperiority(this.wins, this.losses) * 10000) / 10000,
      pentanomial: [...this.pentanomial],
      ...(settings && { sprt: this.sprt(settings) }),
    };
  }
}

export interface PairReport {
  readonly bots: readonly [string, string];
  readonly games: number;
  /** From the first bot's side. */
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  readonly score: number;
  readonly elo: Interval;
  /** Likelihood that the first bot is the stronger. */
  readonly los: number;
  readonly pentanomial: readonly number[];
  readonly sprt?: SprtState;
}

export interface BotReport {
  readonly bot: string;
  readonly games: number;
  /** How its games ended for it: `normal` or its failure. */
  readonly endings: Readonly<Record<'normal' | Exclude<PlayerStatus, 'ok'>, number>>;
  readonly failures: readonly { readonly gameId: number; readonly status: string; readonly message: string }[];
  readonly firstTurn: TimeSummary & { readonly limitMs: number };
  readonly turns: TimeSummary & { readonly limitMs: number };
}

export interface Standing {
  readonly bot: string;
  readonly rating: Interval;
  readonly games: number;
  /** Two seats: points (1 a win, ½ a draw). More seats: the mean place (1 the best). */
  readonly points: number;
}

export interface CrossTable {
  readonly bots: readonly string[];
  /** cells[i][j]: i against j, `wins-draws-losses` (more seats: ahead-tied-behind); null on the diagonal or when they never met. */
  readonly cells: readonly (readonly (string | null)[])[];
}

export function botReports(bots: readonly string[], games: readonly StoredGame[]): BotReport[] {
  return bots.map((bot, b) => {
    const endings = { normal: 0, timeout: 0, crash: 0, invalid: 0 };
    const failures: { gameId: number; status: string; message: string }[] = [];
    const first: number[] = [];
    const later: number[] = [];
    let played = 0;
    let limits = { first: 0, turn: 0 };
    for (const game of games) {
      game.seats.forEach((player, seat) => {
        if (player !== b) return;
        played++;
        const p = game.result.players[seat]!;
        if (p.status === 'ok') endings.normal++;
        else {
          endings[p.status]++;
          failures.push({ gameId: game.id, status: p.status, message: p.message });
        }
        const t = game.times[seat]!;
        if (t.firstTurnMs !== null) first.push(t.firstTurnMs);
        later.push(...t.turnMs);
        limits = { first: t.firstTurnLimitMs, turn: t.turnLimitMs };
      });
    }
    return {
      bot,
      games: played,
      endings,
      failures,
      firstTurn: { ...summarizeTimes(first), limitMs: limits.first },
      turns: { ...summarizeTimes(later), limitMs: limits.turn },
    };
  });
}

/** Two-seat tournaments: Bradley-Terry ratings, points and a cross table of results. */
export function twoSeatStandings(bots: readonly string[], games: readonly StoredGame[]): { standings: Standing[]; crossTable: CrossTable } {
  const ratings = bradleyTerry(
    bots.length,
    games.map((g) => ({ a: g.seats[0]!, b: g.seats[1]!, score: scoreOf(g, 0) })),
  );
  const wdl = bots.map(() => bots.map(() => [0, 0, 0]));
  const points = bots.map(() => 0);
  const played = bots.map(() => 0);
  for (const g of games) {
    g.seats.forEach((player, seat) => {
      const score = scoreOf(g, seat);
      const opponent = g.seats[1 - seat]!;
      points[player]! += score;
      played[player]!++;
      wdl[player]![opponent]![score === 1 ? 0 : score === 0.5 ? 1 : 2]!++;
    });
  }
  const standings = bots.map((bot, i) => ({ bot, rating: round(ratings[i]!), games: played[i]!, points: points[i]! }));
  return { standings: sortByRating(standings), crossTable: crossTable(bots, wdl) };
}

/** Tournaments of more seats: OpenSkill (Plackett-Luce) ratings, mean places and a cross table of who finished ahead. */
export function multiSeatStandings(bots: readonly string[], games: readonly StoredGame[]): { standings: Standing[]; crossTable: CrossTable } {
  let ratings: Rating[] = bots.map(() => newRating());
  const places = bots.map(() => 0);
  const played = bots.map(() => 0);
  const order = bots.map(() => bots.map(() => [0, 0, 0]));
  for (const g of games) {
    const ranks = g.result.players.map((p) => p.rank);
    const rated = rate(g.seats.map((b) => [ratings[b]!]), { rank: ranks });
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
      rating: round({ value: mu, low: mu - Z95 * sigma, high: mu + Z95 * sigma }),
      games: played[i]!,
      points: played[i]! === 0 ? 0 : Math.round((places[i]! / played[i]!) * 100) / 100,
    };
  });
  return { standings: sortByRating(standings), crossTable: crossTable(bots, order) };
}

function crossTable(bots: readonly string[], counts: number[][][]): CrossTable {
  return {
    bots,
    cells: counts.map((row, i) => row.map((c, j) => (i === j || c.every((x) => x === 0) ? null : c.join('-')))),
  };
}

const sortByRating = (s: Standing[]): Standing[] => s.sort((x, y) => y.rating.value - x.rating.value);

const round = (i: Interval): Interval => ({ value: r1(i.value), low: r1(i.low), high: r1(i.high) });
const r1 = (x: number): number => (Number.isFinite(x) ? Math.round(x * 10) / 10 : x);
