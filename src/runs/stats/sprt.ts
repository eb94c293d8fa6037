/**
 * The sequential probability ratio test as fishtest runs it: the generalised SPRT (Van den Bergh)
 * with the logistic Elo model, on game scores (trinomial) or on game-pair scores (pentanomial).
 */
import { scoreMoments, scoreOfElo } from './elo.js';

export interface SprtSettings {
  readonly elo0: number;
  readonly elo1: number;
  readonly alpha: number;
  readonly beta: number;
}

export interface SprtState extends SprtSettings {
  readonly llr: number;
  readonly lower: number;
  readonly upper: number;
  /** `H1` when the first bot is shown at least elo1 stronger, `H0` when not even elo0; null while undecided. */
  readonly verdict: 'H0' | 'H1' | null;
}

/** ln(β/(1−α)) and ln((1−β)/α): LLR below the first accepts H0, above the second accepts H1. */
export function sprtBounds({ alpha, beta }: Pick<SprtSettings, 'alpha' | 'beta'>): { lower: number; upper: number } {
  return { lower: Math.log(beta / (1 - alpha)), upper: Math.log((1 - beta) / alpha) };
}

/**
 * The log-likelihood ratio of H1 against H0, given per-sample score values and their counts: each
 * hypothesis is the most likely distribution of the samples whose expected score is the one its Elo
 * predicts (the generalised SPRT, as fishtest computes it).
 */
export function sprtLlr(values: readonly number[], counts: readonly number[], elo0: number, elo1: number): number {
  const { n } = scoreMoments(values, counts);
  if (n === 0) return 0;
  // A tiny prior count in every bin keeps the fit defined when some outcome never happened.
  const prior = counts.map((c) => c + 1e-3);
  const total = prior.reduce((a, b) => a + b, 0);
  const p = prior.map((c) => c / total);
  const q0 = constrainedFit(values, p, scoreOfElo(elo0));
  const q1 = constrainedFit(values, p, scoreOfElo(elo1));
  return n * p.reduce((sum, pi, i) => sum + pi * Math.log(q1[i]! / q0[i]!), 0);
}

/**
 * The distribution q closest to `p` (maximising Σ p·ln q) whose mean is `mean`: q_i = p_i / (1 + λ(v_i − mean)),
 * with λ found by bisection (the constraint is monotone in λ).
 */
function constrainedFit(values: readonly number[], p: readonly number[], mean: number): number[] {
  const spread = values.map((v) => v - mean);
  let lo = -1 / Math.max(...spread) + 1e-12;
  let hi = -1 / Math.min(...spread) - 1e-12;
  for (let k = 0; k < 200; k++) {
    const lambda = (lo + hi) / 2;
    const slope = p.reduce((sum, pi, i) => sum + (pi * spread[i]!) / (1 + lambda * spread[i]!), 0);
    if (slope > 0) lo = lambda;
    else hi = lambda;
  }
  const lambda = (lo + hi) / 2;
  return p.map((pi, i) => pi / (1 + lambda * spread[i]!));
}

export function sprt(settings: SprtSettings, values: readonly number[], counts: readonly number[]): SprtState {
  const llr = sprtLlr(values, counts, settings.elo0, settings.elo1);
  const { lower, upper } = sprtBounds(settings);
  return { ...settings, llr, lower, upper, verdict: llr >= upper ? 'H1' : llr <= lower ? 'H0' : null };
}

/** Reads `elo0=0,elo1=10,alpha=0.05,beta=0.05` (any subset; the rest take these defaults). */
export function parseSprt(text: string): SprtSettings {
  const settings: Record<string, number> = { elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05 };
  for (const part of text.split(',')) {
    const match = /^(elo0|elo1|alpha|beta)=(-?\d+(?:\.\d+)?)$/.exec(part.trim());
    if (!match) throw new Error(`"${part}" is not one of elo0=, elo1=, alpha=, beta= with a number`);
    settings[match[1]!] = Number(match[2]);
  }
  const { elo0, elo1, alpha, beta } = settings as unknown as SprtSettings;
  if (!(elo1 > elo0)) throw new Error(`elo1 (${elo1}) must be greater than elo0 (${elo0})`);
  for (const [name, p] of [
    ['alpha', alpha],
    ['beta', beta],
  ] as const) {
    if (!(p > 0 && p < 0.5)) throw new Error(`${name} must be between 0 and 0.5, not ${p}`);
  }
  return { elo0, elo1, alpha, beta };
}
