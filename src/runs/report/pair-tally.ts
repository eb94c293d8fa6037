/**
 * One pair of bots: wins, draws and losses, pentanomial counts of game pairs, the Elo difference with
 * its interval, the likelihood of superiority, and the SPRT, from their stored games.
 */
import {
  type EloBasis,
  type Interval,
  likelihoodOfSuperiority,
  PENTANOMIAL_VALUES,
  pairEloInterval,
  roundInterval,
  TRINOMIAL_VALUES,
} from '../stats/elo.js';
import { type SprtSettings, type SprtState, sprt } from '../stats/sprt.js';
import type { StoredGame } from '../store/records.js';

/** The score of the seat's player in a two-seat game: 1, ½ or 0. */
export function scoreOf(game: StoredGame, seat: number): number {
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

  constructor(
    readonly a: number,
    readonly b: number,
  ) {}

  add(game: StoredGame): void {
    this.addScore(game.round, scoreOf(game, game.seats.indexOf(this.a)));
  }

  /** A game of the pair's round `round` (the game pairs' key), scoring `score` for bot `a`: 1, ½ or 0. */
  addScore(round: number, score: number): void {
    if (score === 1) this.wins++;
    else if (score === 0) this.losses++;
    else this.draws++;
    const first = this.openPairs.get(round);
    if (first === undefined) this.openPairs.set(round, score);
    else {
      this.openPairs.delete(round);
      this.pentanomial[Math.round((first + score) * 2)]!++;
    }
  }

  get games(): number {
    return this.wins + this.draws + this.losses;
  }

  get pairs(): number {
    return this.pentanomial.reduce((x, y) => x + y, 0);
  }

  /** The Elo interval, from pairs when they can be trusted (they cancel the luck of the seed), else from games. */
  elo(): { readonly interval: Interval; readonly basis: EloBasis } {
    return pairEloInterval(this.pentanomial, [this.losses, this.draws, this.wins]);
  }

  sprt(settings: SprtSettings): SprtState {
    return this.pairs > 0
      ? sprt(settings, PENTANOMIAL_VALUES, this.pentanomial)
      : sprt(settings, TRINOMIAL_VALUES, [this.losses, this.draws, this.wins]);
  }

  /** `bots`: the run's bots as given; `names`: their names in reports. */
  report(bots: readonly string[], names: readonly string[], settings?: SprtSettings): PairReport {
    const n = this.games;
    const { interval, basis } = this.elo();
    return {
      bots: [bots[this.a]!, bots[this.b]!],
      games: n,
      wins: this.wins,
      draws: this.draws,
      losses: this.losses,
      score: n === 0 ? 0.5 : (this.wins + this.draws / 2) / n,
      elo: roundInterval(interval),
      los: Math.round(likelihoodOfSuperiority(this.wins, this.losses) * 10000) / 10000,
      pentanomial: [...this.pentanomial],
      ...(settings && { sprt: this.sprt(settings) }),
      names: [names[this.a]!, names[this.b]!],
      eloBasis: basis,
    };
  }
}

export interface PairReport {
  /** As given on the command line; `names` as reports show them. */
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
  readonly names: readonly [string, string];
  /** What `elo` was computed from: the game pairs, or the games when the pairs could not be trusted. */
  readonly eloBasis: EloBasis;
}
