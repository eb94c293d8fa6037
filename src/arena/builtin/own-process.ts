/**
 * A built-in bot as a program of its own, on stdin/stdout: what `tabula bot` runs, and what the
 * arena starts (main.ts) when built-in bots play as processes.
 */
import { fileURLToPath } from 'node:url';
import type { BotSetup, GameDefinition } from '../../core/game.js';
import { stdioLineIO } from '../process/line-streams.js';
import { shellQuote } from '../process/shell-command.js';

export async function playOnStdio(game: GameDefinition, name: string, setup: BotSetup): Promise<void> {
  await game.bots[name]!.create({ ...setup, ownProcess: true })(stdioLineIO());
  // The bot has seen the end of the game by itself: exit, whether or not the input was closed.
  process.stdin.destroy();
}

/**
 * What main.ts reads from its one argument, as JSON: one game's setup, or none for a
 * warm process, which is given its games on its launch channel (warm-launch.ts).
 */
export interface BuiltinBotLaunch {
  readonly game: string;
  readonly name: string;
  readonly setup?: BotSetup;
}

const main = fileURLToPath(new URL('./main.js', import.meta.url));

/**
 * One helper thread for V8's compilers and garbage collector instead of Node's four: a bot's
 * helpers took cores from the bots of other games on their clocks.
 */
const NODE_FLAGS = ['--v8-pool-size=1'];

/**
 * The command line that runs built-in bot `name` of `game` as a process: for one game with `setup`,
 * or without it, warm, for the games its launch channel gives it.
 */
export function builtinBotCommand(game: string, name: string, setup?: BotSetup): string {
  const launch: BuiltinBotLaunch = { game, name, ...(setup && { setup }) };
  return [process.execPath, ...NODE_FLAGS, main, JSON.stringify(launch)].map(shellQuote).join(' ');
}
