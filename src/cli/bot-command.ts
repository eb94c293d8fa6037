/** `tabula bot <game> <name>`: a built-in bot as a stand-alone program on stdin/stdout. */
import { parseBotSpec } from '../core/bot-spec.js';
import { stdioLineIO } from '../core/line-io.js';
import { findGame } from '../core/registry.js';
import { randomSeed } from '../core/rng.js';

export async function botCommand(gameId: string, name: string, options: { seed?: number }): Promise<void> {
  const game = await findGame(gameId);
  parseBotSpec(game, `builtin:${name}`);
  await game.bots[name]!.create(options.seed ?? randomSeed())(stdioLineIO());
}
