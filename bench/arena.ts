/**
 * The arena itself: games through the protocol, games as processes, and the cost of a turn and of a
 * bot's start, with its sandbox and without (`npm run bench -- sandbox`), in wall time and, under
 * the rows, in the arena's own CPU time.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { WarmPool } from '../src/arena/builtin/warm-pool.js';
import { ECHO, echoCommand } from '../src/arena/calibration/calibration.js';
import { playGame } from '../src/arena/game-loop.js';
import { DEFAULT_LIMITS } from '../src/arena/sandbox/limits.js';
import { ProcessSeat } from '../src/arena/seats/process-seat.js';
import { quantile } from '../src/arena/time-summary.js';
import { millis } from '../src/core/units.js';
import { game as mills } from '../src/games/mills/index.js';
import type { Case, Measured } from './case.js';

const ROUND_TRIPS = 2000;
/**
 * The turn's cases and their round trips fall in two modes from run to run: the two processes on
 * one core, or each on its own, where every wake-up may bring a virtual CPU out of idle (30 µs more
 * than the round trip, on this project's machine when it is quiet). The best of many runs is nearer
 * the cost of the path itself; one core (`taskset -c 0 npm run bench -- "arena turn"`) gives it.
 */
const TURN_REPEATS = 9;

/**
 * The arena's own CPU time (less at the mercy of a busy machine than wall time), the least of a
 * case's runs: per turn in µs (in its sandbox, without, and a raw round trip's), per bot started
 * and ended in ms (in its sandbox and without).
 */
type CpuKey = 'turn in its sandbox' | 'turn without' | 'raw round trip' | 'bot in its sandbox' | 'bot without';
const leastCpu = new Map<CpuKey, number>();
const least = (key: CpuKey, value: number): void =>
  void leastCpu.set(key, Math.min(leastCpu.get(key) ?? Infinity, value));
const cpuMicros = (since: NodeJS.CpuUsage): number => {
  const used = process.cpuUsage(since);
  return used.user + used.system;
};
/** NaN for a case filtered out of the run. */
const cpuOf = (key: CpuKey): number => leastCpu.get(key) ?? NaN;

/** Games of the throughput cases: two cores' worth at a time, as `tabula match --concurrency 2` plays. */
const GAMES = { concurrency: 2, random: 40, strong: 6 } as const;
/** A strong bot held to a depth, not a share of its turn: its games then cost CPU, not the clock's time. */
const STRONG = 'builtin:strong(depth=3,time=0)';

/**
 * Seeded games of `bot` against itself, `concurrency` at a time: each bot in a process of its own
 * for the game (`fresh`), in a warm process that plays game after game, or in the arena's own
 * process with no pipes (`bare`: the cost of the rules and the protocol's text alone).
 */
async function games(bot: string, count: number, how: 'fresh' | 'warm' | 'bare'): Promise<number> {
  const warm = how === 'warm' ? new WarmPool() : undefined;
  const connect = how === 'bare' ? {} : { builtinsAsProcesses: true, ...(warm && { warm }) };
  let next = 0;
  const slot = async () => {
    for (let seed = next++; seed < count; seed = next++) await playGame(mills, [bot, bot], { seed, connect });
  };
  try {
    await Promise.all(Array.from({ length: GAMES.concurrency }, slot));
  } finally {
    await warm?.close();
  }
  return count;
}

/** The throughput cases of a bot: fresh and warm processes, each against the same games played bare. */
const throughput = (what: string, bot: string, count: number): Case[] =>
  (['fresh', 'warm'] as const).map((how) => ({
    name: `mills games of ${what} bots, ${how} processes, ${GAMES.concurrency} at a time`,
    unit: 'games',
    run: () => games(bot, count, how),
    reference: { name: 'the same games in one process, no pipes', run: () => games(bot, count, 'bare') },
  }));

/**
 * Median wall time of a turn through the arena, echo bot answering at once, in its sandbox (limits,
 * CPU time read once a turn, limits checked at each answer) or without; as turns per second.
 */
async function arenaTurns(sandboxed: boolean): Promise<Measured> {
  const bot = new ProcessSeat(echoCommand(), sandboxed ? {} : { limits: null });
  const times: number[] = [];
  try {
    await bot.turn(['warm-up'], millis(5000));
    const cpu = process.cpuUsage();
    for (let i = 0; i < ROUND_TRIPS; i++) {
      const start = performance.now();
      await bot.turn([`ping ${i}`], millis(1000));
      times.push(performance.now() - start);
    }
    least(sandboxed ? 'turn in its sandbox' : 'turn without', cpuMicros(cpu) / ROUND_TRIPS);
  } finally {
    await bot.close();
  }
  return perSecond(times);
}

/** Median raw round trip of a line through the pipes of a child Node process, with nothing of the arena. */
async function rawRoundTrips(): Promise<Measured> {
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
  const cpu = process.cpuUsage();
  for (let i = 0; i < ROUND_TRIPS; i++) {
    const start = performance.now();
    await roundTrip(`ping ${i}`);
    times.push(performance.now() - start);
  }
  least('raw round trip', cpuMicros(cpu) / ROUND_TRIPS);
  child.kill();
  return perSecond(times);
}

/** The rate of the median of `times` (ms). */
const perSecond = (times: number[]): Measured => ({
  perSecond:
    1000 /
    quantile(
      times.sort((a, b) => a - b),
      0.5,
    ),
});

/** The arena's own CPU per turn, in its sandbox and without, against a raw round trip's. */
function turnCpuLine(): string {
  const raw = cpuOf('raw round trip');
  const ratio = (key: CpuKey) => `${cpuOf(key).toFixed(1)} µs (${(cpuOf(key) / raw).toFixed(2)} times)`;
  return `the arena's own CPU per turn: ${ratio('turn in its sandbox')} in its sandbox, ${ratio('turn without')} without; a raw round trip's ${raw.toFixed(1)} µs`;
}

/** Bots started, asked one turn and ended, one after the other: a shell bot, in its sandbox or without. */
async function botLives(sandboxed: boolean): Promise<number> {
  const bots = 20;
  const cpu = process.cpuUsage();
  for (let i = 0; i < bots; i++) {
    const bot = new ProcessSeat('read -r a; echo ok; read -r a', sandboxed ? {} : { limits: null });
    await bot.turn(['go'], millis(5000));
    await bot.close();
  }
  least(sandboxed ? 'bot in its sandbox' : 'bot without', cpuMicros(cpu) / bots / 1000);
  return bots;
}

/** The same, in its sandbox with a view of its own files (`--bot-files own`) or without one. */
async function viewLives(view: boolean): Promise<number> {
  const bots = 20;
  const limits = { ...DEFAULT_LIMITS, ...(view && { files: 'own' as const }) };
  for (let i = 0; i < bots; i++) {
    const bot = new ProcessSeat('read -r a; echo ok; read -r a', { limits });
    await bot.turn(['go'], millis(5000));
    await bot.close();
  }
  return bots;
}

/** A user's bot that answers one line and exits at the end of its input: Python, and C++ where g++ is. */
const PYTHON_BOT = `python3 -c 'import sys; sys.stdin.readline(); print("ok", flush=True); sys.stdin.read()'`;
const CPP_BOT = `#include <iostream>
#include <string>
int main() { std::string line; std::getline(std::cin, line); std::cout << "ok" << std::endl; while (std::getline(std::cin, line)) {} }
`;

/** The C++ bot, compiled once into a temporary folder; null without g++. */
const cppBot = (() => {
  let built: string | null | undefined;
  return (): string | null => {
    if (built !== undefined) return built;
    const dir = mkdtempSync(join(tmpdir(), 'tabula-bench-'));
    writeFileSync(join(dir, 'bot.cpp'), CPP_BOT);
    const compiled = spawnSync('g++', ['-O2', '-o', join(dir, 'bot'), join(dir, 'bot.cpp')], { stdio: 'ignore' });
    built = compiled.status === 0 ? join(dir, 'bot') : null;
    return built;
  };
})();

const STARTS = 20;

/** A user's bot started, asked one turn and ended by the end of its input, `STARTS` times: through the arena, in its sandbox. */
async function sandboxedStarts(command: string): Promise<number> {
  for (let i = 0; i < STARTS; i++) {
    const bot = new ProcessSeat(command);
    await bot.turn(['go'], millis(5000));
    await bot.close(millis(5000));
  }
  return STARTS;
}

/** The same program spawned bare, with nothing of the arena: start, one line each way, end of input, exit. */
async function bareStarts(command: string): Promise<number> {
  for (let i = 0; i < STARTS; i++) {
    const child = spawn('sh', ['-c', `exec ${command}`], { stdio: ['pipe', 'pipe', 'inherit'] });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    await new Promise<void>((resolve) => {
      child.stdout.once('data', () => resolve());
      child.stdout.once('end', () => resolve());
      child.stdin.write('go\n');
    });
    child.stdin.end();
    await exited;
  }
  return STARTS;
}

/** A start case: the bot in its sandbox against a bare spawn, and what the sandbox adds to a start. */
const startCase = (what: string, command: () => string | null): Case => ({
  name: `${what} bot started, asked once and ended, in its sandbox`,
  unit: 'bots',
  run: () => sandboxedStarts(command() ?? 'true'),
  reference: { name: 'the same program spawned bare', run: () => bareStarts(command() ?? 'true') },
  details: (reference, rate) => [
    command() === null
      ? 'no g++ here: measured nothing'
      : `the sandbox adds ${(1000 / rate - 1000 / reference.rate).toFixed(1)} ms to a start (${(1000 / reference.rate).toFixed(1)} ms bare)`,
  ],
});

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
  ...throughput('random', 'builtin:random', GAMES.random),
  ...throughput('strong', STRONG, GAMES.strong),
  {
    name: 'arena turn, echo bot in its sandbox (median)',
    unit: 'turns',
    run: () => arenaTurns(true),
    reference: { name: 'raw pipe round trip to a Node process (median)', run: rawRoundTrips },
    repeats: TURN_REPEATS,
  },
  {
    name: 'bot started, asked once and ended, in its sandbox',
    unit: 'bots',
    run: () => botLives(true),
    reference: { name: 'the same without a sandbox', run: () => botLives(false) },
    details: () => [
      `the arena's own CPU per bot: ${cpuOf('bot in its sandbox').toFixed(2)} ms in its sandbox, ${cpuOf('bot without').toFixed(2)} ms without`,
    ],
  },
  startCase('a Python', () => PYTHON_BOT),
  startCase('a C++', cppBot),
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
    repeats: TURN_REPEATS,
    // Both turn cases have run by now (unless filtered out: then NaN for the one that did not).
    details: () => [turnCpuLine()],
  },
];
