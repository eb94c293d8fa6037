/**
 * How much of a turn's measured time is the arena's own, on this machine at a given concurrency. A
 * trivial echo bot answers at once, so whatever time is measured is overhead and jitter (pipes,
 * scheduling, the event loop), which every bot would be charged too.
 */
import type { GameDefinition } from '../core/game.js';
import { millis } from '../core/units.js';
import { ProcessBot } from './process-bot.js';
import { summarizeTimes, type TimeSummary } from './time-summary.js';

/** A Node program that writes back each line it reads, at once. */
export const ECHO = `require('readline').createInterface({ input: process.stdin }).on('line', (l) => process.stdout.write(l + '\\n'))`;
/** The echo bot as a command line for `sh -c`. */
export const echoCommand = (): string => `'${process.execPath}' -e "${ECHO}"`;

/** The share of a turn limit that overhead may take before bots near the limit are at risk. */
const P99_SHARE = 0.1;
const MAX_SHARE = 0.5;

export interface Calibration extends TimeSummary {
  readonly concurrency: number;
  /** One line per game whose turn limit the overhead puts at risk. */
  readonly warnings: readonly string[];
}

/** Times `turns` turns of `concurrency` echo bots answering at once, and says which games' limits are at risk. */
export async function calibrate(
  concurrency: number,
  turns: number,
  games: readonly GameDefinition[],
): Promise<Calibration> {
  const times: number[] = [];
  const perBot = Math.ceil(turns / concurrency);
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      const bot = new ProcessBot(echoCommand());
      try {
        await bot.turn(['warm-up'], millis(5000)); // start-up is not overhead
        for (let t = 0; t < perBot; t++) {
          const r = await bot.turn([`ping ${t}`], millis(1000));
          if (r.kind !== 'line') throw new Error(`the echo bot failed: ${JSON.stringify(r)}`);
          times.push(r.elapsed);
        }
      } finally {
        await bot.close();
      }
    }),
  );
  const summary = summarizeTimes(times);
  const warnings: string[] = [];
  for (const game of games) {
    const limit = game.timeLimits.turn;
    if (summary.p99Ms > limit * P99_SHARE || summary.maxMs > limit * MAX_SHARE) {
      warnings.push(
        `${game.id}: at concurrency ${concurrency} the arena alone takes up to ${summary.maxMs} ms (p99 ${summary.p99Ms} ms) of a ${limit} ms turn: ` +
          'lower --concurrency or raise --turn-ms, or bots near the limit will time out',
      );
    }
  }
  return { concurrency, ...summary, warnings };
}
