/**
 * Ratings for two-player games: the maximum-likelihood Bradley-Terry fit (Elo scale) of all the
 * games played, with 95% intervals from the Fisher information. Draws count as half a win each.
 */
import { type Interval, Z95 } from './elo.js';

export interface PairResult {
  readonly a: number;
  readonly b: number;
  /** a's score in this game: 1, ½ or 0. */
  readonly score: number;
}

const ELO_PER_NATURAL = 400 / Math.LN10;

/**
 * Elo ratings of `players` players, centred on 0. A virtual draw between every two players who met
 * keeps the ratings finite when one of them won every game.
 */
export function bradleyTerry(players: number, games: readonly PairResult[]): Interval[] {
  const n = players;
  const played = Array.from({ length: n }, () => new Float64Array(n));
  const won = Array.from({ length: n }, () => new Float64Array(n));
  for (const { a, b, score } of games) {
    played[a]![b]! += 1;
    played[b]![a]! += 1;
    won[a]![b]! += score;
    won[b]![a]! += 1 - score;
  }
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      if (i !== j && played[i]![j]! > 0) {
        played[i]![j]! += 1;
        won[i]![j]! += 0.5;
      }
    }
  }
  const wins = won.map((row) => row.reduce((x, y) => x + y, 0));

  // Hunter's minorisation-maximisation: each step raises the likelihood; it converges to the MLE.
  let gamma = new Float64Array(n).fill(1);
  for (let iteration = 0; iteration < 10_000; iteration++) {
    const next = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      let denominator = 0;
      for (let j = 0; j < n; j++) if (played[i]![j]! > 0) denominator += played[i]![j]! / (gamma[i]! + gamma[j]!);
      next[i] = denominator > 0 ? wins[i]! / denominator : 1;
    }
    const mean = next.reduce((s, g) => s + Math.log(g), 0) / n;
    for (let i = 0; i < n; i++) next[i] = Math.exp(Math.log(next[i]!) - mean);
    const change = next.reduce((m, g, i) => Math.max(m, Math.abs(Math.log(g / gamma[i]!))), 0);
    gamma = next;
    if (change < 1e-10) break;
  }
  const r = Array.from(gamma, Math.log);

  // Fisher information: a weighted Laplacian, singular along the common shift; its pseudo-inverse
  // is inv(I + J/n) − J/n, the covariance of ratings centred on 0.
  const info = Array.from({ length: n }, () => new Float64Array(n));
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      if (i === j || played[i]![j]! === 0) continue;
      const p = 1 / (1 + Math.exp(r[j]! - r[i]!));
      const w = played[i]![j]! * p * (1 - p);
      info[i]![j]! -= w;
      info[i]![i]! += w;
    }
  }
  for (const row of info) for (let j = 0; j < n; j++) row[j]! += 1 / n;
  const covariance = invert(info);
  return r.map((ri, i) => {
    const variance = Math.max(0, (covariance ? covariance[i]![i]! : Infinity) - 1 / n);
    const half = Z95 * Math.sqrt(variance) * ELO_PER_NATURAL;
    const value = ri * ELO_PER_NATURAL;
    return { value, low: value - half, high: value + half };
  });
}

/** Gauss-Jordan inversion with partial pivoting; null when singular (players who never met). */
function invert(matrix: readonly Float64Array[]): Float64Array[] | null {
  const n = matrix.length;
  const a = matrix.map((row) => Float64Array.from(row));
  const inv = Array.from({ length: n }, (_, i) => {
    const row = new Float64Array(n);
    row[i] = 1;
    return row;
  });
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[pivot]![c]!)) pivot = r;
    if (Math.abs(a[pivot]![c]!) < 1e-12) return null;
    [a[c], a[pivot]] = [a[pivot]!, a[c]!];
    [inv[c], inv[pivot]] = [inv[pivot]!, inv[c]!];
    const p = a[c]![c]!;
    for (let k = 0; k < n; k++) {
      a[c]![k]! /= p;
      inv[c]![k]! /= p;
    }
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = a[r]![c]!;
      if (f === 0) continue;
      for (let k = 0; k < n; k++) {
        a[r]![k]! -= f * a[c]![k]!;
        inv[r]![k]! -= f * inv[c]![k]!;
      }
    }
  }
  return inv;
}
