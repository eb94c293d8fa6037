/**
 * `tabula calibrate`: how much of a turn's measured time is the arena's own, on this machine at this
 * concurrency. A trivial echo bot answers at once, so whatever time is measured is overhead and
 * jitter (pipes, scheduling, the event loop), which every bot would be charged too.
 */
import { ProcessBot } from './process-bot.js';
import { loadGames } from '../games/registry.js';
import { summarizeTimes } from './time-summary.js';
import { millis } from '../core/units.js';

/** A Node program that writes back each line it reads, at once. */
export const ECHO = `require('readline').createInterface({ input: process.stdin }).on('line', (l) => process.stdout.write(l + '\\n'))`;
/** The share of a turn limit that overhead may take before bots near the limit are at risk. */
const P99_SHARE = 0.1;
const MAX_SHARE = 0.5;

export async function calibrateCommand(options: { concurrency: number; turns: number; json?: boolean }): Promise<void> {
  const command = `'${process.execPath}' -e "${ECHO}"`;
  const times: number[] = [];
  const perBot = Math.ceil(options.turns / options.concurrency);
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      const bot = new ProcessBot(command);
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
  for (const game of await loadGames()) {
    const limit = game.timeLimits.turn;
    if (summary.p99Ms > limit * P99_SHARE || summary.maxMs > limit * MAX_SHARE) {
      warnings.push(
        `${game.id}: at concurrency ${options.concurrency} the arena alone takes up to ${summary.maxMs} ms (p99 ${summary.p99Ms} ms) of a ${limit} ms turn: ` +
          'lower --concurrency or raise --turn-ms, or bots near the limit will time out',
      );
    }
  }
  if (options.json) {
    process.stdout.write(JSON.stringify({ concurrency: options.concurrency, ...summary, warnings }) + '\n');
    return;
  }
  process.stdout.write(
    `concurrency ${options.concurrency}, ${summary.turns} turns of a trivial echo bot: ` +
      `median ${summary.medianMs} ms, p99 ${summary.p99Ms} ms, max ${summary.maxMs} ms of arena overhead per turn\n`,
  );
  for (const w of warnings) process.stdout.write(`warning: ${w}\n`);
  if (warnings.length === 0) process.stdout.write('no game limit is at risk at this concurrency\n');
}
