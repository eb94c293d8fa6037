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
