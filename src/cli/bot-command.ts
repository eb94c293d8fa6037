/** `tabula bot <game> <name>`: a built-in bot as a stand-alone program on stdin/stdout. */
import { parseBotSpec } from '../arena/bot-spec.js';
import { stdioLineIO } from '../core/line-io.js';
import { checkGameOptions } from '../core/game.js';
import { findGame } from '../games/registry.js';
import { randomSeed } from '../core/rng.js';

export async function botCommand(gameId: string, name: string, options: { seed?: number; option: Record<string, string> }): Promise<void> {
  const game = await findGame(gameId);
  parseBotSpec(game, `builtin:${name}`);
  checkGameOptions(game, options.option);
  await game.bots[name]!.create(options.seed ?? randomSeed(), options.option)(stdioLineIO());
  // The bot has seen the end of the game by itself: exit, whether or not the input was closed.
  process.stdin.destroy();
}
