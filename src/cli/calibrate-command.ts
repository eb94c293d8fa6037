/** `tabula calibrate`: the arena's own overhead and jitter per turn on this machine, and the limits it puts at risk. */
import { type CalibrationOptions, calibrate } from '../arena/calibration/calibration.js';
import { loadGames } from '../games/registry.js';
import { plural } from './plural.js';

export async function calibrateCommand(options: CalibrationOptions & { json?: boolean }): Promise<void> {
  const { json, ...settings } = options;
  const c = await calibrate(settings, await loadGames());
  if (json) {
    process.stdout.write(`${JSON.stringify(c)}\n`);
    return;
  }
  const threads = c.threads === 1 ? '' : `, ${c.threads} threads each`;
  const cpu = c.cpu ? `; CPU per turn: median ${c.cpu.medianMs} ms, max ${c.cpu.maxMs} ms` : '';
  process.stdout.write(
    `concurrency ${c.concurrency}, ${plural(c.turns, 'turn')} of bots computing ${Math.round(c.share * 100)}% of a ${c.turnMs} ms turn${threads}: ` +
      `median ${c.medianMs} ms, p99 ${c.p99Ms} ms, max ${c.maxMs} ms of overhead and jitter per turn; ` +
      `${plural(c.overLimit, 'turn')} over the limit${cpu}; load average ${c.load} on ${c.cores} cores\n`,
  );
  for (const w of c.warnings) process.stdout.write(`warning: ${w}\n`);
  if (c.warnings.length === 0) process.stdout.write('no game limit is at risk at this concurrency\n');
}
