/**
 * A contest's ratings: OpenSkill (Plackett-Luce, the `openskill` package's defaults), one rating per
 * entrant, each a team of one at a table of two or more, rated from the table's whole ranking; shown
 * as μ − 3σ, as Halite's leaderboard does: a new version starts at 0 and climbs as its games make its
 * rating certain. A game in which a bot failed is that bot's loss alone: nobody gains from it. A
 * timeout the machine caused (core/time-control.ts, `machineCaused`: its wait for a CPU covers how
 * late it answered) rates nobody at the table.
 */
import { rate, rating } from 'openskill';
import type { GameResult } from '../core/game-result.js';
import { type TimedOutTurn, timeoutRuling } from '../core/time-control.js';
import type { EntrantRecord, GameOutcome, RatingUpdate } from './store/records.js';

/** An OpenSkill rating: its mean skill μ and its uncertainty σ. */
export type Rating = { readonly mu: number; readonly sigma: number };

/** Where every entrant starts: μ 25, σ 25/3. */
export const FIRST_RATING: Rating = (({ mu, sigma }) => ({ mu, sigma }))(rating());

/**
 * A rating this certain is settled: a new version plays first until its σ falls below it (50 to 60
 * games of its own among 20 settled authors in `npm run bench -- contest`).
 */
export const SETTLED_SIGMA = 3;

/**
 * The dynamics factor: how much σ grows again at each game, for a skill that drifts. A submitted
 * version never changes, so almost none: Halite's τ (0.008), where OpenSkill's default (25/300)
 * kept σ near 3.5 for ever in games between far unequal bots (a boss that only meets weaker ones),
 * and promotion past such a boss, which waits for its σ to settle, never came.
 */
const TAU = 0.008;

/**
 * The ratings after a table: `ranks[i]` the place of the i-th rating (1 the best, tied places equal),
 * each entrant a team of one, as OpenSkill rates a ranking of any number of teams.
 */
export function rateTable(ratings: readonly Rating[], ranks: readonly number[]): Rating[] {
  return rate(
    ratings.map((r) => [{ ...r }]),
    { rank: [...ranks], tau: TAU },
  ).map(([r]) => r!);
}

/** A seat's tally at a table ranked so: 1 first alone (a win), 0.5 first with others (a draw), 0 else. */
export function scoreAt(ranks: readonly number[], seat: number): 0 | 0.5 | 1 {
  const mine = ranks[seat]!;
  if (ranks.some((r) => r < mine)) return 0;
  return ranks.some((r, other) => other !== seat && r === mine) ? 0.5 : 1;
}

/** The rating a leaderboard shows: μ − 3σ. */
export const shownRating = (r: Rating): number => r.mu - 3 * r.sigma;

/** Why a game rates nobody, or null when it rates: a timeout the machine caused (`failing`: its turn). */
export function voidReason(result: GameResult, failing: TimedOutTurn | null): string | null {
  const timedOut = result.players.find((p) => p.status === 'timeout');
  if (!timedOut || !failing) return null;
  const ruling = timeoutRuling(timedOut.seat, failing);
  return ruling.machine ? `${ruling.why}: the machine's fault, not the bot's` : null;
}

/**
 * The ratings a game makes: `seats` are its entrants in seat order, ranked as the referee ranked the
 * table, its tie-breaks included. A failure is its bot's loss alone: a failing bot is rated from the
 * whole ranking (it finished behind those that did not fail); the others from their ranking among
 * themselves, so that beating a bot that crashed gains nobody anything, and one left alone at the
 * table keeps its rating. Each update carries the entrant's place and tally.
 */
export function ratingsAfter(seats: readonly EntrantRecord[], result: GameResult): RatingUpdate[] {
  const player = (s: number) => result.players.find((p) => p.seat === s)!;
  const ranks = seats.map((_, s) => player(s).rank);
  const failed = seats.map((_, s) => player(s).status !== 'ok');
  const whole = rateTable(seats, ranks);
  const clean = seats.flatMap((_, s) => (failed[s] ? [] : [s]));
  const among =
    failed.some(Boolean) && clean.length > 1
      ? rateTable(
          clean.map((s) => seats[s]!),
          clean.map((s) => ranks[s]!),
        )
      : [];
  return seats.map((entrant, s) => {
    const after = !failed.some(Boolean) || failed[s] ? whole[s]! : (among[clean.indexOf(s)] ?? entrant);
    const score = scoreAt(ranks, s);
    return { entrant: entrant.id, mu: after.mu, sigma: after.sigma, score, place: ranks[s]!, tableSize: seats.length };
  });
}

/**
 * What a game meant to be rated, between active entrants (`seats`, in seat order), does: nothing
 * when the machine caused its timeout; else its ratings, and the promotions they bring: a version
 * that sat at a table with its league's boss (`bossOf`: null for the top league), finished no lower
 * than the boss, and whose μ − 3σ, after the game, passes the boss's μ moves up a league, for good.
 * Only a table with the boss: a boss that has met only weaker bots has a μ below its strength, which
 * a version could pass unseen, into a league where it only loses. Only a table not finished behind
 * it: a boss yet to play has μ 25, and a sure version that lost to it still passed that μ (a test's
 * Morris bot went past the strong boss so). The boss's μ, the best estimate of its strength: its σ,
 * large at first and slow to fall while it meets only weaker bots, does not make passing it easier.
 */
export function ratedOutcome(
  seats: readonly EntrantRecord[],
  result: GameResult,
  failing: TimedOutTurn | null,
  bossOf: (league: number) => EntrantRecord | null,
): GameOutcome {
  const voided = voidReason(result, failing);
  if (voided) return { rated: false, note: voided, machine: true };
  const updates = ratingsAfter(seats, result);
  const after = new Map(updates.map((u) => [u.entrant, u]));
  const ratingOf = (e: EntrantRecord) => after.get(e.id) ?? e;
  const leagues = new Map<number, number>();
  for (const [seat, entrant] of seats.entries()) {
    const boss = bossOf(entrant.league);
    const bossSeat = boss === null ? -1 : seats.findIndex((e) => e.id === boss.id);
    if (entrant.authorId === null || bossSeat < 0) continue;
    const behind = updates[seat]!.place > updates[bossSeat]!.place;
    if (!behind && shownRating(ratingOf(entrant)) > ratingOf(boss!).mu) leagues.set(entrant.id, entrant.league + 1);
  }
  return { rated: true, updates, leagues };
}
