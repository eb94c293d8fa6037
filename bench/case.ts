/** A benchmark case: `npm run bench` finds every `cases` export in bench/ and runs them. */
export interface Case {
  readonly name: string;
  readonly unit: string;
  /** Runs once (aim for 0.2 to 2 s). */
  readonly run: () => Measured | Promise<Measured>;
  /**
   * What the rate is compared with, measured in the same run: by default a fixed CPU workload; a
   * case may name its own (a raw pipe round trip for the arena's overhead, another engine's perft).
   */
  readonly reference?: { readonly name: string; readonly run: () => Measured | Promise<Measured> };
  /**
   * A case of minutes: it runs only when the filter names it (`npm run bench -- fairness`), once,
   * without a warm-up, between one run of its reference before and one after.
   */
  readonly long?: boolean;
  /** How many runs the best is taken of (3 unless given): more where runs fall in modes apart. */
  readonly repeats?: number;
  /**
   * Lines printed under the case's row after it ran: what a rate alone does not say. `reference` is
   * the reference's rate in this run and `rate` the case's, for figures of its own to be given too.
   */
  readonly details?: (reference: { readonly name: string; readonly rate: number }, rate: number) => readonly string[];
}

/**
 * What one run measured: how many units it did (its rate is that over the run's time), or a rate it
 * measured itself, from timings of its own (a median of round trips, which the run's mean would blur
 * with its slowest ones).
 */
export type Measured = number | { readonly perSecond: number };
