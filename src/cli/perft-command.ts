/** `tabula perft <game> --depth N`: counts the legal-move tree, to check a rules engine against published tables. */
import { findGame } from '../games/registry.js';
import { UsageError } from './errors.js';

export async function perftCommand(
  gameId: string,
  options: { depth: number; position?: string; divide?: boolean },
): Promise<void> {
  const game = await findGame(gameId);
  if (!game.perft) throw new UsageError(`${game.id} has no move counter (perft)`);
  if (options.divide) {
    let total = 0;
    for (const { move, count } of game.perft.divide(options.depth, options.position)) {
      process.stdout.write(`${move} ${count}\n`);
      total += count;
    }
    process.stdout.write(`${total}\n`);
  } else process.stdout.write(`${game.perft.count(options.depth, options.position)}\n`);
}
