/**
 * The arena itself: games through the protocol, games as processes, and the cost of a turn and of a
 * bot's start, with its sandbox and without (`npm run bench -- sandbox`), in wall time and, under
 * the rows, in the arena's own CPU time.
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { ECHO, echoCommand } from '../src/arena/calibration.js';
import { playGame } from '../src/arena/game-loop.js';
import { ProcessBot } from '../src/arena/process-bot.js';
import { DEFAULT_LIMITS } from '../src/arena/sandbox/limits.js';
import { quantile } from '../src/arena/time-summary.js';
import { millis } from '../src/core/units.js';
import { game as mills } from '../src/games/mills/index.js';
import type { Case } from './case.js';

const ROUND_TRIPS = 2000;

/**
 * The arena's own CPU time (less at the mercy of a busy machine than wall time), the least of the
 * runs of a case: per turn, in µs, and per bot started and ended, in ms; with its sandbox and without.
 */
const arenaCpu = { turn: new Map<boolean, number>(), bot: new Map<boolean, number>() };
const least = (map: Map<boolean, number>, sandboxed: boolean, value: number): void =>
  void map.set(sandboxed, Math.min(map.get(sandboxed) ?? Infinity, value));
const cpuMicros = (since: NodeJS.CpuUsage): number => {
  const used = process.cpuUsage(since);
  return used.user + used.system;
};
const arenaCpuLine = (what: string, map: Map<boolean, number>, unit: (x: number) => string): string =>
  `the arena's own CPU ${what}: ${unit(map.get(true) ?? NaN)} in its sandbox, ${unit(map.get(false) ?? NaN)} without`;

/** Games of built-in random bots, each bot its own process, `concurrency` games at once. */
async function processGames(concurrency: number, games: number): Promise<number> {
  let next = 0;
  const worker = async () => {
    for (let seed = next++; seed < games; seed = next++) {
      await playGame(mills, ['builtin:random', 'builtin:random'], { seed, connect: { builtinsAsProcesses: true } });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return games;
}

/**
 * Median wall time of a turn through the arena, echo bot answering at once, in its sandbox (limits,
 * CPU time read at both ends of the turn, limits checked after) or without; as turns per second.
 */
async function arenaTurns(sandboxed: boolean): Promise<number> {
  const bot = new ProcessBot(echoCommand(), sandboxed ? {} : { limits: null });
  const times: number[] = [];
  try {
    await bot.turn(['warm-up'], millis(5000));
    const cpu = process.cpuUsage();
    for (let i = 0; i < ROUND_TRIPS; i++) {
      const start = performance.now();
      await bot.turn([`ping ${i}`], millis(1000));
      times.push(performance.now() - start);
    }
    least(arenaCpu.turn, sandboxed, cpuMicros(cpu) / ROUND_TRIPS);
  } finally {
    await bot.close();
  }
  return (
    1000 /
    quantile(
      times.sort((a, b) => a - b),
      0.5,
    )
  );
}

/** Median raw round trip of a line through the pipes of a child Node process, with nothing of the arena. */
async function rawRoundTrips(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ECHO], { stdio: ['pipe', 'pipe', 'inherit'] });
  const times: number[] = [];
  let waiting: (() => void) | null = null;
  child.stdout.on('data', () => waiting?.());
  const roundTrip = (line: string) =>
    new Promise<void>((resolve) => {
      waiting = resolve;
      child.stdin.write(`${line}\n`);
    });
  await roundTrip('warm-up');
  for (let i = 0; i < ROUND_TRIPS; i++) {
    const start = performance.now();
    await roundTrip(`ping ${i}`);
    times.push(performance.now() - start);
  }
  child.kill();
  return (
    1000 /
    quantile(
      times.sort((a, b) => a - b),
      0.5,
    )
  );
}

/** Bots started, asked one turn and ended, one after the other: a shell bot, in its sandbox or without. */
async function botLives(sandboxed: boolean): Promise<number> {
  const bots = 20;
  const cpu = process.cpuUsage();
  for (let i = 0; i < bots; i++) {
    const bot = new ProcessBot('read -r a; echo ok; read -r a', sandboxed ? {} : { limits: null });
    await bot.turn(['go'], millis(5000));
    await bot.close();
  }
  least(arenaCpu.bot, sandboxed, cpuMicros(cpu) / bots / 1000);
  return bots;
}

/** The same, in its sandbox with a view of its own files (`--bot-files own`) or without one. */
async function viewLives(view: boolean): Promise<number> {
  const bots = 20;
  const limits = { ...DEFAULT_LIMITS, ...(view && { files: 'own' as const }) };
  for (let i = 0; i < bots; i++) {
    const bot = new ProcessBot('read -r a; echo ok; read -r a', { limits });
    await bot.turn(['go'], millis(5000));
    await bot.close();
  }
  return bots;
}

const cores = availableParallelism();

export const cases: Case[] = [
  {
    name: 'mills games, built-in bots in process',
    unit: 'turns',
    run: async () => {
      let turns = 0;
      for (let seed = 0; seed < 5; seed++)
        turns += (await playGame(mills, ['builtin:random', 'builtin:random'], { seed })).result.turns;
      return turns;
    },
  },
  { name: 'mills games, built-in bots as processes, 1 at a time', unit: 'games', run: () => processGames(1, 6) },
  {
    name: `mills games, built-in bots as processes, ${cores} at a time`,
    unit: 'games',
    run: () => processGames(cores, 6 * cores),
  },
  {
    name: 'arena turn, echo bot in its sandbox (median)',
    unit: 'turns',
    run: () => arenaTurns(true),
    reference: { name: 'raw pipe round trip to a Node process (median)', run: rawRoundTrips },
  },
  {
    name: 'bot started, asked once and ended, in its sandbox',
    unit: 'bots',
    run: () => botLives(true),
    reference: { name: 'the same without a sandbox', run: () => botLives(false) },
    details: () => [arenaCpuLine('per bot', arenaCpu.bot, (ms) => `${ms.toFixed(2)} ms`)],
  },
  {
    name: 'bot started, asked once and ended, in its sandbox with a view of its own files',
    unit: 'bots',
    run: () => viewLives(true),
    reference: { name: 'the same in its sandbox without one', run: () => viewLives(false) },
  },
  {
    name: 'arena turn, echo bot without a sandbox (median)',
    unit: 'turns',
    run: () => arenaTurns(false),
    reference: { name: 'raw pipe round trip to a Node process (median)', run: rawRoundTrips },
    // Both turn cases have run by now (unless filtered out: then NaN for the one that did not).
    details: () => [arenaCpuLine('per turn', arenaCpu.turn, (us) => `${us.toFixed(1)} µs`)],
  },
];
