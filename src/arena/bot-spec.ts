/**
 * How a user names a bot on the command line: `builtin:<name>`, `<bridge>:<command>` for a bridge
 * the game offers (such as `usi:`), or any other command line.
 */
import { fileURLToPath } from 'node:url';
import { BotStartError, type BotConnection } from '../core/connection.js';
import type { GameDefinition } from '../core/game.js';
import { InProcessBot } from './in-process-bot.js';
import { ProcessBot, type ProcessBotOptions } from './process-bot.js';

export type BotSpec =
  | { readonly kind: 'builtin'; readonly name: string }
  | { readonly kind: 'bridge'; readonly bridge: string; readonly command: string }
  | { readonly kind: 'command'; readonly command: string };

/** Reads a bot spec for `game`, so that a typo fails fast with the list of choices. */
export function parseBotSpec(game: GameDefinition, spec: string): BotSpec {
  if (spec.trim() === '') throw new BotStartError(spec, 'the command is empty');
  const scheme = /^([a-z][a-z0-9-]*):/.exec(spec)?.[1];
  const rest = spec.slice((scheme?.length ?? 0) + 1);
  if (scheme === 'builtin') {
    if (!Object.hasOwn(game.bots, rest)) {
      const known = Object.keys(game.bots).join(', ');
      throw new BotStartError(spec, `${game.id} has no built-in bot "${rest}" (it has: ${known})`);
    }
    return { kind: 'builtin', name: rest };
  }
  if (scheme !== undefined && game.bridges && Object.hasOwn(game.bridges, scheme)) {
    if (rest.trim() === '') throw new BotStartError(spec, `the ${scheme} command is empty`);
    return { kind: 'bridge', bridge: scheme, command: rest };
  }
  return { kind: 'command', command: spec };
}

export interface ConnectOptions extends ProcessBotOptions {
  /** The game's options, which built-in bots are told. */
  readonly gameOptions?: Readonly<Record<string, string>>;
  /**
   * Runs built-in bots as processes of their own (`tabula bot`), as in matches: a built-in bot that
   * thinks hard then cannot slow the arena, and so the other games, down.
   */
  readonly builtinsAsProcesses?: boolean;
}

/** The `tabula` executable of this build, for running built-in bots as processes. */
const tabulaScript = fileURLToPath(new URL('../cli/tabula.js', import.meta.url));
const shellQuote = (word: string): string => `'${word.replaceAll("'", "'\\''")}'`;

/** Starts the bot named by `spec` for one game; `seed` fixes a built-in bot's random choices. */
export function connectBot(game: GameDefinition, spec: string, seed: number, options: ConnectOptions = {}): BotConnection {
  const parsed = parseBotSpec(game, spec);
  switch (parsed.kind) {
    case 'builtin':
      if (options.builtinsAsProcesses) {
        const optionArgs = Object.entries(options.gameOptions ?? {}).flatMap(([k, v]) => ['--option', `${k}=${v}`]);
        const command = [process.execPath, tabulaScript, 'bot', game.id, parsed.name, '--seed', String(seed), ...optionArgs];
        return new ProcessBot(command.map(shellQuote).join(' '), options);
      }
      return new InProcessBot(spec, game.bots[parsed.name]!.create(seed, options.gameOptions ?? {}));
    case 'bridge':
      return game.bridges![parsed.bridge]!.connect(parsed.command, options);
    case 'command':
      return new ProcessBot(spec, options);
  }
}
