/** `tabula calibrate`: the arena's own overhead and jitter per turn on this machine, and the limits it puts at risk. */
import { calibrate } from '../arena/calibration.js';
import { loadGames } from '../games/registry.js';

export async function calibrateCommand(options: { concurrency: number; turns: number; json?: boolean }): Promise<void> {
  const c = await calibrate(options.concurrency, options.turns, await loadGames());
  if (options.json) {
    process.stdout.write(`${JSON.stringify(c)}\n`);
    return;
  }
  process.stdout.write(
    `concurrency ${c.concurrency}, ${c.turns} turns of a trivial echo bot: ` +
      `median ${c.medianMs} ms, p99 ${c.p99Ms} ms, max ${c.maxMs} ms of arena overhead per turn\n`,
  );
  for (const w of c.warnings) process.stdout.write(`warning: ${w}\n`);
  if (c.warnings.length === 0) process.stdout.write('no game limit is at risk at this concurrency\n');
}
