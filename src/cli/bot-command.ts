/** `tabula bot <game> <name>`: a built-in bot as a stand-alone program on stdin/stdout. */
import { parseBotSpec } from '../arena/bot-spec.js';
import { playOnStdio } from '../arena/builtin/own-process.js';
import { checkGameOptions } from '../core/game.js';
import { randomSeed } from '../core/rng.js';
import type { TimeOverrides } from '../core/time-control.js';
import { findGame } from '../games/registry.js';
import { timeLimitsOf } from './run-options.js';

export interface BotOptions extends TimeOverrides {
  seed?: number;
  option: Record<string, string>;
}

export async function botCommand(gameId: string, name: string, options: BotOptions): Promise<void> {
  const game = await findGame(gameId);
  const spec = parseBotSpec(game, `builtin:${name}`);
  if (spec.kind !== 'builtin') throw new Error('a builtin: spec is always a built-in bot');
  checkGameOptions(game, options.option);
  const setup = {
    seed: options.seed ?? randomSeed(),
    gameOptions: options.option,
    timeLimits: timeLimitsOf(game, options),
    params: spec.params,
  };
  await playOnStdio(game, spec.name, setup);
}
