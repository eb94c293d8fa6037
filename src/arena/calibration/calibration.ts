/**
 * How much a turn's measured time exceeds the bot's own work, on this machine, with a given number
 * of games busy at once: the arena's overhead and the machine's jitter, which every bot is charged
 * too. The bots compute (busy-bot.ts) for a given share of a turn limit, as bots near their limit
 * do, so that the arena competes for the cores as it does in a real run.
 */
import { availableParallelism, loadavg } from 'node:os';
import type { GameDefinition } from '../../core/game.js';
import { millis } from '../../core/units.js';
import { ProcessSeat } from '../seats/process-seat.js';
import { summarizeTimes, type TimeSummary } from '../time-summary.js';
import { busyBotCommand } from './busy-bot.js';

/** A Node program that writes back each line it reads, at once. */
export const ECHO = `require('readline').createInterface({ input: process.stdin }).on('line', (l) => process.stdout.write(l + '\\n'))`;
/** The echo bot as a command line for `sh -c`. */
export const echoCommand = (): string => `'${process.execPath}' -e "${ECHO}"`;

export interface CalibrationOptions {
  /** Games busy at once: one bot of each thinks at any time. */
  readonly concurrency: number;
  /** Turns measured, over all games. */
  readonly turns: number;
  /** The turn limit the bots play against. */
  readonly turnMs: number;
  /** The share of the limit each bot spends computing, from 0 to 1. */
  readonly share: number;
  /** Threads each bot keeps busy while it computes (a multi-threaded engine counts as several). */
  readonly threads: number;
}

/** The summary (median, p99, max) is of the overhead: the measured time less the bot's own work. */
export interface Calibration extends TimeSummary, CalibrationOptions {
  /** Turns that ran out of time: the bot's work and the overhead together passed the limit. */
  readonly overLimit: number;
  /** The bots' CPU time per turn, where it is measured. */
  readonly cpu?: TimeSummary;
  readonly cores: number;
  /** The machine's load average over the last minute, at the end. */
  readonly load: number;
  /** One line per problem: more busy threads than cores, or a game whose limit the overhead puts at risk. */
  readonly warnings: readonly string[];
}

export async function calibrate(options: CalibrationOptions, games: readonly GameDefinition[]): Promise<Calibration> {
  const work = options.turnMs * options.share;
  const overheads: number[] = [];
  const cpu: number[] = [];
  let overLimit = 0;
  const perGame = Math.ceil(options.turns / options.concurrency);
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      const bot = new ProcessSeat(busyBotCommand(options.threads));
      try {
        await bot.turn(['0'], millis(10_000)); // start-up is not overhead
        for (let t = 0; t < perGame; t++) {
          // A generous limit: the point is to measure how late answers come, not to stop the bot.
          const r = await bot.turn([`${work}`], millis(10 * options.turnMs + 1000));
          if (r.kind !== 'line') throw new Error(`the busy bot failed: ${JSON.stringify(r)}`);
          overheads.push(r.elapsed - work);
          if (r.cpu !== undefined) cpu.push(r.cpu);
          if (r.elapsed > options.turnMs) overLimit++;
        }
      } finally {
        await bot.close();
      }
    }),
  );
  const summary = summarizeTimes(overheads);
  const cores = availableParallelism();
  const warnings: string[] = [];
  const busy = options.concurrency * options.threads;
  if (busy > cores) {
    warnings.push(
      `${busy} threads compute at once on ${cores} cores: bots wait for a core and their clocks run meanwhile`,
    );
  }
  const percent = `${Math.round(options.share * 100)}%`;
  for (const game of games) {
    const slack = game.timeLimits.turn * (1 - options.share);
    const late = overheads.filter((o) => o > slack).length;
    if (late > 0) {
      warnings.push(
        `${game.id}: a bot using ${percent} of its ${game.timeLimits.turn} ms turn would have run out of time in ${late} of ${overheads.length} turns: ` +
          'lower --concurrency, or bots need a larger safety margin',
      );
    }
  }
  return {
    ...options,
    ...summary,
    overLimit,
    ...(cpu.length > 0 && { cpu: summarizeTimes(cpu) }),
    cores,
    load: Math.round(loadavg()[0]! * 100) / 100,
    warnings,
  };
}
