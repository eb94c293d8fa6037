/** The arena itself: games through the protocol, games as processes, and the cost of a turn. */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { ECHO, echoCommand } from '../src/arena/calibration.js';
import { playGame } from '../src/arena/game-loop.js';
import { ProcessBot } from '../src/arena/process-bot.js';
import { quantile } from '../src/arena/time-summary.js';
import { millis } from '../src/core/units.js';
import { game as mills } from '../src/games/mills/index.js';
import type { Case } from './case.js';

const ROUND_TRIPS = 2000;

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
    for (let i = 0; i < ROUND_TRIPS; i++) {
      const start = performance.now();
      await bot.turn([`ping ${i}`], millis(1000));
      times.push(performance.now() - start);
    }
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
  for (let i = 0; i < bots; i++) {
    const bot = new ProcessBot('read -r a; echo ok; read -r a', sandboxed ? {} : { limits: null });
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
  },
  {
    name: 'arena turn, echo bot without a sandbox (median)',
    unit: 'turns',
    run: () => arenaTurns(false),
    reference: { name: 'raw pipe round trip to a Node process (median)', run: rawRoundTrips },
  },
];
