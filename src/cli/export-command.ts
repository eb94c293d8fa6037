/** `tabula export <game> <bot> [-o FILE]`: a built-in bot as one JavaScript file that plain node runs. */

import { parseBotSpec } from '../arena/bot-spec.js';
import { exportBuiltinBot } from '../arena/builtin/export.js';
import { findGame } from '../games/registry.js';

export async function exportCommand(gameId: string, name: string, options: { output?: string }): Promise<void> {
  const game = await findGame(gameId);
  const spec = parseBotSpec(game, `builtin:${name}`);
  if (spec.kind !== 'builtin') throw new Error('a builtin: spec is always a built-in bot');
  const file = options.output ?? `${game.id}-${spec.name}.js`;
  const bytes = await exportBuiltinBot(game, spec.name, spec.params, file);
  process.stdout.write(`${file}: ${bytes} bytes; run it with: node ${file}\n`);
}
