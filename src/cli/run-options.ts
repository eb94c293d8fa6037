/** The options of the commands that play games: time limits, the bots' limits, and a run's settings. */
import { availableParallelism } from 'node:os';
import { type Command, Option } from 'commander';
import type { BotFiles } from '../arena/sandbox/file-view.js';
import { type BotLimits, DEFAULT_LIMITS } from '../arena/sandbox/limits.js';
import type { GameDefinition } from '../core/game.js';
import { MACHINE_TRIES, type TimeLimits, type TimeOverrides, withOverrides } from '../core/time-control.js';
import type { Millis } from '../core/units.js';
import type { OpeningsRequest, RunRequest } from '../runs/formats/format.js';
import { collectGameOption, parseCount, parseMillis, parseRedisUrl, parseSeed } from './arguments.js';

/** Where results go unless --db says otherwise. */
export const DEFAULT_DB = 'tabula.db';

export interface RunOptions extends TimeOverrides, LimitOptions {
  randomPlies?: number;
  openings?: string;
  redis?: string;
  db: string;
  concurrency: number;
  freshBots?: boolean;
  replayMachineTimeouts?: boolean;
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
    .addOption(freshBotsOption())
    .option(
      '--replay-machine-timeouts',
      `play a game again, from its seed with the same seats, where the machine caused a timeout (${MACHINE_TRIES} plays at most, the last counted)`,
    )
    .option('--db <file>', 'the results database (SQLite)', DEFAULT_DB)
    .option('--redis <url>', 'play the games on workers (tabula worker) through the queue in this Redis', parseRedisUrl)
    .option('--seed <n>', 'seed of the run (chosen and stored when absent)', parseSeed)
    .option('--json', 'NDJSON on stdout: one event per finished game, then the summary; no progress bar')
    .addOption(
      new Option('--option <name=value>', 'set a game option (repeatable)')
        .argParser(collectGameOption)
        .default({}, 'none'),
    );
}

/** --fresh-bots, for the commands that play many games: runs, and workers. */
export const freshBotsOption = (): Option =>
  new Option(
    '--fresh-bots',
    'start built-in bots afresh for every game (by default a warm process plays game after game)',
  );

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

/** What a run command asks, common to every format, from its options. */
export function runRequestOf(game: GameDefinition, options: RunOptions): Omit<RunRequest, 'format' | 'bots'> {
  const openings: OpeningsRequest | undefined =
    options.randomPlies !== undefined
      ? { randomPlies: options.randomPlies }
      : options.openings !== undefined
        ? { file: options.openings }
        : undefined;
  const { limits, timeMarginMs } = limitsOf(options);
  return {
    timeLimits: timeLimitsOf(game, options),
    gameOptions: options.option,
    ...(limits && { limits }),
    ...(timeMarginMs !== undefined && { timeMarginMs }),
    ...(openings && { openings }),
    ...(options.seed !== undefined && { seed: options.seed }),
    ...(options.replayMachineTimeouts && { replayMachineTimeouts: true }),
  };
}

/** The game's time limits, with those the user overrode. */
export const timeLimitsOf = (game: GameDefinition, options: TimeOverrides): TimeLimits =>
  withOverrides(game.timeLimits, options);

export interface LimitOptions {
  memoryMb: number;
  maxProcesses: number;
  allowNetwork?: boolean;
  timeMargin?: Millis;
  botFiles: BotFiles;
}

/** --memory-mb, --max-processes, --allow-network, --bot-files and --time-margin, for every command that plays games. */
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
        '--bot-files <view>',
        "what bots see of the files: all their user may read, or their own directory, the system's programs and a private /tmp (for strangers' bots)",
      )
        .choices(['all', 'own'])
        .default('all'),
    )
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
    // Recorded only when not the default, so that a run's identity is what it was before there was a choice.
    ...(options.botFiles === 'own' && { files: 'own' as const }),
  };
  const changed = (Object.keys(limits) as (keyof BotLimits)[]).some((k) => limits[k] !== DEFAULT_LIMITS[k]);
  return { ...(changed && { limits }), ...(options.timeMargin !== undefined && { timeMarginMs: options.timeMargin }) };
}

/** The sandbox a single game's bots are started in, where it differs from the default. */
export function sandboxOf(options: LimitOptions): { limits?: BotLimits } {
  const { limits } = limitsOf(options);
  return limits ? { limits } : {};
}
