/**
 * Is an author's new version better than the one it replaced? Each game the new version plays as a
 * twin (the seed, the seats and the opponents of a game its predecessor played, the new version in
 * the predecessor's seat) makes a pair with that game. A pair scores ½ + (its standing − the
 * predecessor's) / 2: 1 where the new version won a game its predecessor lost, ½ where both did
 * alike; a standing is a seat's place from 1 (first alone) to 0 (last alone), tied seats sharing the
 * mean of their places, so that at two seats it is the game's score (1, ½, 0) and at larger tables
 * it follows the mean place. Two sequential tests (the generalised SPRT of runs/stats/sprt.ts, on
 * the pairs' scores) run side by side: "better" (H0: Elo 0, H1: +VERDICT_ELO) and "worse" (H0: Elo
 * 0, H1: −VERDICT_ELO); each stops at the first pair its log-likelihood ratio leaves its bounds. The
 * same code submitted again is judged better at most α of the time, worse at most β; a version
 * VERDICT_ELO better is judged better 1 − β of the time. Everything here is pure: the contest
 * stores each test's decision as it comes (store/twins.ts).
 */
import { eloInterval, MIN_PAIRS, roundInterval, scoreMoments } from '../runs/stats/elo.js';
import { sprtBounds, sprtLlr } from '../runs/stats/sprt.js';

/** The Elo difference of the twin pairs' score each test's H1 takes: +40 better, −40 worse. */
export const VERDICT_ELO = 40;
/** Each test's error rates: α (H1 taken when H0 holds) and β (H0 taken when H1 holds). */
export const VERDICT_ERRORS = { alpha: 0.05, beta: 0.05 } as const;
/** Twin games a version plays, first of its games, until its verdict is known (the organiser may set another cap). */
export const VERDICT_GAMES = 400;

export type VerdictTest = 'better' | 'worse';
export const VERDICT_TESTS: readonly VerdictTest[] = ['better', 'worse'];
/** Each test's Elo under H0 and H1. */
const HYPOTHESES: Readonly<Record<VerdictTest, readonly [number, number]>> = {
  better: [0, VERDICT_ELO],
  worse: [0, -VERDICT_ELO],
};

/** What a test decided, and after how many pairs: H1 the version is better (worse), H0 it is not. */
export interface TestDecision {
  readonly hypothesis: 'H0' | 'H1';
  readonly at: number;
}
export type Decisions = Readonly<Record<VerdictTest, TestDecision | null>>;

export type VerdictResult = 'better' | 'worse' | 'neither' | 'not yet known';

/** One twin pair: each version's standing (1 first alone … 0 last alone) and place at its table. */
export interface TwinPair {
  readonly version: { readonly standing: number; readonly place: number };
  readonly predecessor: { readonly standing: number; readonly place: number };
}

/** The verdict as the submission's author reads it (`GET {api}/submissions/<id>`). */
export interface Verdict {
  /** The predecessor's name: `alice.v2`. */
  readonly against: string;
  /** The twin pairs counted: up to the last test's decision once both decided, else all. */
  readonly games: number;
  /** The pairs' mean score: ½ alike, above it better. */
  readonly score: number;
  /** The Elo difference of that score, with its 95% interval (an end ±Infinity, null in JSON, where unbounded). */
  readonly elo: number;
  readonly interval: readonly [number, number];
  /** Each test's log-likelihood ratio, frozen at its decision: above `bounds.upper` it took H1, below `bounds.lower` H0. */
  readonly llr: Readonly<Record<VerdictTest, number>>;
  readonly bounds: { readonly lower: number; readonly upper: number; readonly elo: number };
  readonly result: VerdictResult;
  /** Each version's mean place over the pairs (1 the best). */
  readonly meanPlace: { readonly version: number; readonly predecessor: number };
  /** Why no more twin games are played, while the result is not known yet; null while they are. */
  readonly stopped: string | null;
}

/** A seat's standing at a table ranked so (`ranks[i]`, 1 the best, tied places equal): 1 first alone … 0 last alone. */
export function standing(ranks: readonly number[], seat: number): number {
  const mine = ranks[seat]!;
  let ahead = 0;
  let tied = 0;
  for (const r of ranks) {
    if (r < mine) ahead++;
    else if (r === mine) tied++;
  }
  const place = ahead + (tied + 1) / 2;
  return (ranks.length - place) / (ranks.length - 1);
}

/** A pair's score: ½ + (the version's standing − its predecessor's) / 2 (to 1e-9: equal scores count as one value). */
export const pairScore = (pair: TwinPair): number =>
  Math.round((0.5 + (pair.version.standing - pair.predecessor.standing) / 2) * 1e9) / 1e9;

/** The pairs' scores as the SPRT takes them: the values seen (0, ½ and 1 always), and their counts. */
function tally(pairs: readonly TwinPair[]): { values: number[]; counts: number[] } {
  const counts = new Map<number, number>([
    [0, 0],
    [0.5, 0],
    [1, 0],
  ]);
  for (const pair of pairs) {
    const score = pairScore(pair);
    counts.set(score, (counts.get(score) ?? 0) + 1);
  }
  const values = [...counts.keys()].sort((a, b) => a - b);
  return { values, counts: values.map((v) => counts.get(v)!) };
}

/** A test's log-likelihood ratio on the pairs: positive for its H1 (better, or worse). */
function llrOf(test: VerdictTest, pairs: readonly TwinPair[]): number {
  const { values, counts } = tally(pairs);
  const [elo0, elo1] = HYPOTHESES[test];
  return sprtLlr(values, counts, elo0, elo1);
}

const BOUNDS = sprtBounds(VERDICT_ERRORS);

/**
 * The decisions after the latest pair: each test not decided yet decides where its ratio, on every
 * pair so far, has left its bounds. Called after each pair, it stops each test at its first crossing.
 */
export function decide(pairs: readonly TwinPair[], decided: Decisions): Decisions {
  const next = { ...decided };
  for (const test of VERDICT_TESTS) {
    if (decided[test] || pairs.length === 0) continue;
    const llr = llrOf(test, pairs);
    if (llr >= BOUNDS.upper) next[test] = { hypothesis: 'H1', at: pairs.length };
    else if (llr <= BOUNDS.lower) next[test] = { hypothesis: 'H0', at: pairs.length };
  }
  return next;
}

/** What the decisions say: better or worse where that test took H1 (the first to), neither where both took H0. */
export function resultOf(decided: Decisions): VerdictResult {
  const taken = VERDICT_TESTS.flatMap((test) => {
    const d = decided[test];
    return d?.hypothesis === 'H1' ? [{ test, at: d.at }] : [];
  }).sort((a, b) => a.at - b.at);
  if (taken.length > 0) return taken[0]!.test;
  return decided.better && decided.worse ? 'neither' : 'not yet known';
}

/** The verdict of `pairs` (in the order they were completed) under the stored decisions. */
export function verdictOf(
  against: string,
  pairs: readonly TwinPair[],
  decided: Decisions,
  stopped: string | null,
): Verdict {
  const result = resultOf(decided);
  const counted =
    result === 'not yet known' ? pairs : pairs.slice(0, Math.max(...VERDICT_TESTS.map((t) => decided[t]?.at ?? 0)));
  const { values, counts } = tally(counted);
  const moments = scoreMoments(values, counts);
  // Too few pairs, or pairs that all scored the same, and their variance claims a certainty they do
  // not give (and every pair won is an infinite Elo): the Elo then counts one pair lost and one won besides.
  const widen = moments.n < MIN_PAIRS || moments.variance === 0;
  const spread = widen
    ? scoreMoments(
        values,
        counts.map((c, k) => c + (values[k] === 0 || values[k] === 1 ? 1 : 0)),
      )
    : moments;
  const interval = roundInterval(eloInterval(spread));
  const mean = (side: 'version' | 'predecessor') =>
    counted.length === 0 ? 0 : round2(counted.reduce((sum, p) => sum + p[side].place, 0) / counted.length);
  return {
    against,
    games: counted.length,
    score: round3(moments.mean),
    elo: interval.value,
    interval: [interval.low, interval.high],
    llr: {
      better: round3(llrOf('better', pairs.slice(0, decided.better?.at ?? pairs.length))),
      worse: round3(llrOf('worse', pairs.slice(0, decided.worse?.at ?? pairs.length))),
    },
    bounds: { lower: round3(BOUNDS.lower), upper: round3(BOUNDS.upper), elo: VERDICT_ELO },
    result,
    meanPlace: { version: mean('version'), predecessor: mean('predecessor') },
    stopped: result === 'not yet known' ? stopped : null,
  };
}

const round2 = (x: number): number => Math.round(x * 100) / 100;
const round3 = (x: number): number => Math.round(x * 1000) / 1000;
