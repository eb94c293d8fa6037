/** The options every run command shares: where results go, how many games at once, time limits, game options. */

import { availableParallelism } from 'node:os';
import { type Command, Option } from 'commander';
import type { GameDefinition } from '../core/game.js';
import { millis, type TimeLimits } from '../core/units.js';
import { collectGameOption, parseCount, parseMillis, parseSeed } from './arguments.js';

/** Where results go unless --db says otherwise. */
export const DEFAULT_DB = 'tabula.db';

export interface RunOptions extends TimeOverrides {
  db: string;
  concurrency: number;
  json?: boolean;
  seed?: number;
  option: Record<string, string>;
}

export function addRunOptions(command: Command): Command {
  return addTimeOptions(command)
    .addOption(
      new Option('--concurrency <k>', 'games played at once')
        .argParser(parseCount)
        .default(availableParallelism(), 'the number of cores'),
    )
    .option('--db <file>', 'the results database (SQLite)', DEFAULT_DB)
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

/** The game's time limits, with those the user overrode. */
export function timeLimitsOf(game: GameDefinition, options: TimeOverrides): TimeLimits {
  const total = options.gameMs ?? game.timeLimits.game;
  return {
    firstTurn: options.firstTurnMs !== undefined ? millis(options.firstTurnMs) : game.timeLimits.firstTurn,
    turn: options.turnMs !== undefined ? millis(options.turnMs) : game.timeLimits.turn,
    ...(total !== undefined && { game: millis(total) }),
  };
}
