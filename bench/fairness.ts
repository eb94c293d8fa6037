/**
 * Is the clock fair on a busy machine? Bots that compute for 80% of a 50 ms limit play in pairs,
 * as in games, as many games at once as there are cores, for FAIRNESS_TURNS turns in all (10,000
 * by default: minutes, so the case runs only when named: `npm run bench -- fairness`). Reported:
 * the timeouts (the goal is none), the wall and CPU time distributions, and how busy the machine was
 * (its load average, the CPU that went to other work than this benchmark, and the time the host of a
 * virtual machine took its CPUs away: steal, which no weight inside the machine can prevent).
 */
import { availableParallelism, loadavg } from 'node:os';
import { busyBotCommand } from '../src/arena/calibration/busy-bot.js';
import { ProcessSeat } from '../src/arena/seats/process-seat.js';
import { summarizeTimes, type TimeSummary } from '../src/arena/time-summary.js';
import { machineCpu as machineCpuSinceBoot } from '../src/core/proc.js';
import { millis } from '../src/core/units.js';
import type { Case } from './case.js';

const LIMIT = 50;
const WORK = 0.8 * LIMIT;
const cores = availableParallelism();
const gamesAtOnce = cores === 1 ? 'one game at a time' : `${cores} games at once`;

/** The machine's CPU time, busy and in all, in ms; this case runs on Linux only. */
function machineCpu(): { busy: number; total: number; steal: number } {
  const cpu = machineCpuSinceBoot();
  if (!cpu) throw new Error("the fairness case reads the machine's CPU time from /proc: Linux only");
  return cpu;
}

let lastRun: string[] = [];

async function fairness(turns: number): Promise<number> {
  const wall: number[] = [];
  const cpu: number[] = [];
  const timeouts: string[] = [];
  const loadBefore = loadavg()[0]!;
  const machineBefore = machineCpu();
  const selfBefore = process.cpuUsage();
  const perGame = Math.ceil(turns / cores);
  await Promise.all(
    Array.from({ length: cores }, async () => {
      const start = () => new ProcessSeat(busyBotCommand());
      const pair = [start(), start()];
      try {
        for (const bot of pair) await bot.turn(['0'], millis(10_000)); // start-up apart
        for (let t = 0; t < perGame; t++) {
          const seat = t % 2;
          const stealBefore = machineCpu().steal;
          const r = await pair[seat]!.turn([`${WORK}`], millis(LIMIT));
          if ('cpu' in r && r.cpu !== undefined) cpu.push(r.cpu);
          if (r.kind === 'line') wall.push(r.elapsed);
          else {
            // Steal: time the machine's host gave the machine's CPUs to others, on any CPU, during the turn.
            const steal = machineCpu().steal - stealBefore;
            timeouts.push(
              r.kind === 'timeout'
                ? `${r.elapsed.toFixed(1)} ms (CPU ${r.cpu?.toFixed(1)} ms, steal ${Math.round(steal)} ms)`
                : r.kind,
            );
            await pair[seat]!.close();
            pair[seat] = start();
            await pair[seat]!.turn(['0'], millis(10_000));
          }
        }
      } finally {
        await Promise.all(pair.map((b) => b.close()));
      }
    }),
  );
  const self = process.cpuUsage(selfBefore);
  const machine = machineCpu();
  const steal = machine.steal - machineBefore.steal;
  const busy = machine.busy - machineBefore.busy - steal;
  const bots = cpu.reduce((a, b) => a + b, 0);
  const arena = (self.user + self.system) / 1000;
  const summary = (name: string, s: TimeSummary) =>
    `${name}: median ${s.medianMs} ms, p99 ${s.p99Ms} ms, max ${s.maxMs} ms`;
  lastRun = [
    `${turns} turns, ${gamesAtOnce}, bots computing ${WORK} ms of a ${LIMIT} ms limit: ${timeouts.length} timeouts${timeouts.length ? ` (${timeouts.slice(0, 5).join(', ')})` : ''}`,
    summary('wall time per answered turn', summarizeTimes(wall)),
    summary('CPU time per turn', summarizeTimes(cpu)),
    `load average ${loadBefore.toFixed(2)} before, ${loadavg()[0]!.toFixed(2)} after, on ${cores} cores; ` +
      `the machine's CPU was ${Math.round((100 * busy) / (machine.total - machineBefore.total))}% busy: ` +
      `bots ${Math.round(bots)} ms, the arena ${Math.round(arena)} ms, other work ${Math.round(busy - bots - arena)} ms; ` +
      `the host took ${Math.round(steal)} ms from its CPUs (steal)`,
  ];
  return turns;
}

export const cases: Case[] = [
  {
    name: `fairness: bots at 80% of a ${LIMIT} ms limit, ${gamesAtOnce}`,
    unit: 'turns',
    long: true,
    run: () => fairness(Number(process.env.FAIRNESS_TURNS ?? 10_000)),
    details: () => lastRun,
  },
];
