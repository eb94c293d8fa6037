/** The options every run command shares: where results go, how many games at once, time limits, game options. */

import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { type Command, Option } from 'commander';
import type { ConnectOptions } from '../arena/bot-spec.js';
import { checkOpening } from '../arena/opening.js';
import { type BotLimits, DEFAULT_LIMITS } from '../arena/sandbox/limits.js';
import { type GameDefinition, SetupError } from '../core/game.js';
import { type Millis, millis, type TimeLimits } from '../core/units.js';
import type { RunOpenings } from '../league/run-config.js';
import { collectGameOption, parseCount, parseMillis, parseSeed } from './arguments.js';
import { UsageError } from './errors.js';

/** Where results go unless --db says otherwise. */
export const DEFAULT_DB = 'tabula.db';

export interface RunOptions extends TimeOverrides, LimitOptions {
  randomPlies?: number;
  openings?: string;
  redis?: string;
  db: string;
  concurrency: number;
  json?: boolean;
  seed?: number;
  option: Record<string, string>;
}

export function addRunOptions(command: Command): Command {
  return addLimitOptions(addTimeOptions(command))
    .addOption(
      new Option('--random-plies <n>', "start each pair's games after n random plies, chosen by the pair's seed")
        .argParser(parseCount)
        .conflicts('openings'),
    )
    .option(
      '--openings <file>',
      "start the pairs from the positions of this file in turn, one per line, in the game's notation",
    )
    .addOption(
      new Option('--concurrency <k>', 'games played at once')
        .argParser(parseCount)
        .default(availableParallelism(), 'the number of cores'),
    )
    .option('--db <file>', 'the results database (SQLite)', DEFAULT_DB)
    .option('--redis <url>', 'play the games on workers (tabula worker) through the queue in this Redis')
    .option('--seed <n>', 'seed of the run (chosen and stored when absent)', parseSeed)
    .option('--json', 'NDJSON on stdout: one event per finished game, then the summary; no progress bar')
    .addOption(
      new Option('--option <name=value>', 'set a game option (repeatable)')
        .argParser(collectGameOption)
        .default({}, 'none'),
    );
}

export interface TimeOverrides {
  turnMs?: number;
  firstTurnMs?: number;
  gameMs?: number;
}

/** --turn-ms, --first-turn-ms and --game-ms, for every command that plays games. */
export function addTimeOptions(command: Command): Command {
  return command
    .addOption(
      new Option('--turn-ms <ms>', "limit for each turn after a player's first (default: the game's)").argParser(
        parseMillis,
      ),
    )
    .addOption(
      new Option('--first-turn-ms <ms>', "limit for each player's first turn (default: the game's)").argParser(
        parseMillis,
      ),
    )
    .addOption(
      new Option(
        '--game-ms <ms>',
        "each player's thinking time for a whole game (default: the game's, if it has one)",
      ).argParser(parseMillis),
    );
}

/** Where a run's games start: `--random-plies` or `--openings`, each position checked against the game. */
export function runOpeningsOf(game: GameDefinition, options: RunOptions): RunOpenings | undefined {
  const setup = { players: game.seats.min, seed: 0, options: {} };
  if (options.randomPlies !== undefined) {
    const openings = { randomPlies: options.randomPlies };
    checkOpening(game, openings, setup);
    return openings;
  }
  if (options.openings === undefined) return undefined;
  let text: string;
  try {
    text = readFileSync(options.openings, 'utf8');
  } catch (err) {
    throw new UsageError(`cannot read the openings file ${options.openings}: ${(err as Error).message}`);
  }
  const positions: string[] = [];
  for (const [i, raw] of text.split('\n').entries()) {
    const position = raw.trim();
    if (position === '' || position.startsWith('#')) continue;
    try {
      checkOpening(game, { position }, setup);
    } catch (err) {
      if (err instanceof SetupError) throw new UsageError(`${options.openings}:${i + 1}: ${err.message}`);
      throw err;
    }
    positions.push(position);
  }
  if (positions.length === 0) throw new UsageError(`the openings file ${options.openings} holds no position`);
  return { positions };
}

/** The game's time limits, with those the user overrode. */
export function timeLimitsOf(game: GameDefinition, options: TimeOverrides): TimeLimits {
  const total = options.gameMs ?? game.timeLimits.game;
  return {
    firstTurn: options.firstTurnMs !== undefined ? millis(options.firstTurnMs) : game.timeLimits.firstTurn,
    turn: options.turnMs !== undefined ? millis(options.turnMs) : game.timeLimits.turn,
    ...(total !== undefined && { game: millis(total) }),
  };
}

export interface LimitOptions {
  memoryMb: number;
  maxProcesses: number;
  allowNetwork?: boolean;
  timeMargin?: Millis;
}

/** --memory-mb, --max-processes, --allow-network and --time-margin, for every command that plays games. */
export function addLimitOptions(command: Command): Command {
  return command
    .addOption(
      new Option('--memory-mb <mb>', 'memory of each bot, with all it starts')
        .argParser(parseCount)
        .default(DEFAULT_LIMITS.memoryMb),
    )
    .addOption(
      new Option('--max-processes <n>', 'processes and threads each bot may have at once')
        .argParser(parseCount)
        .default(DEFAULT_LIMITS.maxProcesses),
    )
    .option('--allow-network', 'let bots open network connections')
    .addOption(
      new Option(
        '--time-margin <ms>',
        'an answer this much past its limit is taken, and recorded, not punished (default 0)',
      ).argParser(parseMillis),
    );
}

/** The bots' limits and time margin where they differ from the defaults: what a run records of them. */
export function limitsOf(options: LimitOptions): { limits?: BotLimits; timeMarginMs?: number } {
  const limits: BotLimits = {
    memoryMb: options.memoryMb,
    maxProcesses: options.maxProcesses,
    allowNetwork: options.allowNetwork === true,
  };
  const changed = (Object.keys(limits) as (keyof BotLimits)[]).some((k) => limits[k] !== DEFAULT_LIMITS[k]);
  return { ...(changed && { limits }), ...(options.timeMargin !== undefined && { timeMarginMs: options.timeMargin }) };
}

/** The limits and margin a single game's bots are started with. */
export function connectOptionsOf(options: LimitOptions): ConnectOptions {
  const { limits, timeMarginMs } = limitsOf(options);
  return { ...(limits && { limits }), ...(timeMarginMs !== undefined && { timeMargin: millis(timeMarginMs) }) };
}
