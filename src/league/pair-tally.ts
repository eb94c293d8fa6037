/**
 * One pair of bots: wins, draws and losses, pentanomial counts of game pairs, the Elo difference with
 * its interval, the likelihood of superiority, and the SPRT, from their stored games.
 */
import {
  eloInterval,
  type Interval,
  likelihoodOfSuperiority,
  PENTANOMIAL_VALUES,
  roundInterval,
  scoreMoments,
  TRINOMIAL_VALUES,
} from './stats/elo.js';
import { type SprtSettings, type SprtState, sprt } from './stats/sprt.js';
import type { StoredGame } from './store.js';

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
      elo: roundInterval(this.elo()),
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
