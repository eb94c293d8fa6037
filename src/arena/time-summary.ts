/** Order statistics of response times. */

/** The q-quantile (0..1) of `sorted` (ascending), by linear interpolation; NaN when empty. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo);
}

export interface TimeSummary {
  readonly turns: number;
  readonly medianMs: number;
  readonly p99Ms: number;
  readonly maxMs: number;
}

export function summarizeTimes(times: readonly number[]): TimeSummary {
  const sorted = [...times].sort((a, b) => a - b);
  const round = (x: number) => (Number.isNaN(x) ? 0 : Math.round(x * 1000) / 1000);
  return {
    turns: sorted.length,
    medianMs: round(quantile(sorted, 0.5)),
    p99Ms: round(quantile(sorted, 0.99)),
    maxMs: round(sorted.at(-1) ?? NaN),
  };
}
