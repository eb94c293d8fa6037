/** How a user names a bot on the command line: `builtin:<name>`, or any command line. */
import { BotStartError, type BotConnection } from './connection.js';
import type { GameDefinition } from './game.js';
import { InProcessBot } from './in-process-bot.js';
import { ProcessBot, type ProcessBotOptions } from './process-bot.js';

const BUILTIN = 'builtin:';

/** Checks a bot spec before any game starts, so a typo fails fast with the list of choices. */
export function checkBotSpec(game: GameDefinition, spec: string): void {
  if (spec.trim() === '') throw new BotStartError(spec, 'the command is empty');
  if (!spec.startsWith(BUILTIN)) return;
  const name = spec.slice(BUILTIN.length);
  if (!Object.hasOwn(game.bots, name)) {
    const known = Object.keys(game.bots).join(', ');
    throw new BotStartError(spec, `${game.id} has no built-in bot "${name}" (it has: ${known})`);
  }
}

/** Starts the bot named by `spec` for one game; `seed` fixes a built-in bot's random choices. */
export function connectBot(game: GameDefinition, spec: string, seed: number, options: ProcessBotOptions = {}): BotConnection {
  checkBotSpec(game, spec);
  if (spec.startsWith(BUILTIN)) return new InProcessBot(spec, game.bots[spec.slice(BUILTIN.length)]!.create(seed));
  return new ProcessBot(spec, options);
}
