/**
 * Match statistics on the logistic Elo scale, as the chess engine testers compute them
 * (cutechess-cli, fastchess, fishtest): a score is turned into an Elo difference, with a normal
 * approximation of its uncertainty from the observed results.
 */

/** z of the two-sided 95% interval. */
export const Z95 = 1.959963984540054;

/** The expected score of a player rated `elo` above its opponent. */
export function scoreOfElo(elo: number): number {
  return 1 / (1 + 10 ** (-elo / 400));
}

/** The Elo difference that expects `score` (0..1); ±Infinity at the ends. */
export function eloOfScore(score: number): number {
  if (score <= 0) return -Infinity;
  if (score >= 1) return Infinity;
  return -400 * Math.log10(1 / score - 1);
}

export interface Interval {
  readonly value: number;
  readonly low: number;
  readonly high: number;
}

/** An interval to one decimal, for reports (infinite ends stay infinite). */
export const roundInterval = (i: Interval): Interval => ({
  value: round1(i.value),
  low: round1(i.low),
  high: round1(i.high),
});
const round1 = (x: number): number => (Number.isFinite(x) ? Math.round(x * 10) / 10 : x);

/**
 * Mean and variance of per-sample scores, each sample `k` worth `values[k]` observed `counts[k]`
 * times: games (0, ½, 1) or game pairs (0, ¼, ½, ¾, 1).
 */
export function scoreMoments(
  values: readonly number[],
  counts: readonly number[],
): { n: number; mean: number; variance: number } {
  const n = counts.reduce((a, b) => a + b, 0);
  if (n === 0) return { n, mean: 0.5, variance: 0 };
  const mean = values.reduce((sum, v, k) => sum + v * counts[k]!, 0) / n;
  const variance = values.reduce((sum, v, k) => sum + counts[k]! * (v - mean) ** 2, 0) / n;
  return { n, mean, variance };
}

/** The Elo difference and its 95% interval from per-sample score moments. */
export function eloInterval({ n, mean, variance }: { n: number; mean: number; variance: number }): Interval {
  const half = n > 0 ? Z95 * Math.sqrt(variance / n) : Infinity;
  return { value: eloOfScore(mean), low: eloOfScore(mean - half), high: eloOfScore(mean + half) };
}

export const TRINOMIAL_VALUES = [0, 0.5, 1] as const;
export const PENTANOMIAL_VALUES = [0, 0.25, 0.5, 0.75, 1] as const;

/** What an Elo interval was computed from, and why when not from the game pairs. */
export interface EloBasis {
  /** `pairs`: the pentanomial; `games`: the trinomial; `prior`: the trinomial with one win and one loss added. */
  readonly from: 'pairs' | 'games' | 'prior';
  /** Why the pairs were not used; absent when they were. */
  readonly because?: string;
}

/**
 * Fewer complete pairs than this and their variance is not trusted: a variance estimated from so few
 * samples is often far too small (with one pair, or pairs that all scored the same, it is zero).
 */
export const MIN_PAIRS = 5;

/**
 * The Elo difference of a pair of bots with a 95% interval that claims no certainty the games do not
 * give. From the game pairs when there are enough of them and their scores vary (pairing cancels the
 * luck of the seed); else from the games, whose variance ignores the pairing and so errs on the wide
 * side; and when every game ended the same way (all draws, or one bot won them all), whose variance
 * is zero too, from the games with one virtual win and one virtual loss added for the interval.
 */
export function pairEloInterval(
  pentanomial: readonly number[],
  trinomial: readonly number[],
): { readonly interval: Interval; readonly basis: EloBasis } {
  const pairs = scoreMoments(PENTANOMIAL_VALUES, pentanomial);
  if (pairs.n >= MIN_PAIRS && pairs.variance > 0) return { interval: eloInterval(pairs), basis: { from: 'pairs' } };
  const because =
    pairs.n === 0
      ? 'no complete game pair'
      : pairs.n < MIN_PAIRS
        ? `only ${pairs.n} game pair${pairs.n === 1 ? '' : 's'}`
        : 'every game pair scored the same';
  const games = scoreMoments(TRINOMIAL_VALUES, trinomial);
  if (games.variance > 0) return { interval: eloInterval(games), basis: { from: 'games', because } };
  const [losses = 0, draws = 0, wins = 0] = trinomial;
  const widened = eloInterval(scoreMoments(TRINOMIAL_VALUES, [losses + 1, draws, wins + 1]));
  const same = games.n === 0 ? 'no game' : 'every game ended the same way';
  return {
    interval: { value: eloOfScore(games.mean), low: widened.low, high: widened.high },
    basis: { from: 'prior', because: same },
  };
}

/** Likelihood of superiority: the probability that the first player is the stronger, from wins and losses. */
export function likelihoodOfSuperiority(wins: number, losses: number): number {
  if (wins + losses === 0) return 0.5;
  return 0.5 * (1 + erf((wins - losses) / Math.sqrt(2 * (wins + losses))));
}

/** The error function, which Math lacks: a series near 0, a continued fraction in the tails. */
export function erf(x: number): number {
  const sign = Math.sign(x);
  const a = Math.abs(x);
  if (a < 2.5) {
    // Maclaurin series: converges fast here.
    let term = a;
    let sum = a;
    for (let k = 1; k < 60; k++) {
      term *= (-a * a) / k;
      sum += term / (2 * k + 1);
    }
    return (sign * 2 * sum) / Math.sqrt(Math.PI);
  }
  // Continued fraction for erfc, accurate for large arguments.
  let f = 0;
  for (let k = 60; k >= 1; k--) f = k / 2 / (a + f);
  const erfc = Math.exp(-a * a) / Math.sqrt(Math.PI) / (a + f);
  return sign * (1 - erfc);
}
