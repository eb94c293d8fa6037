/**
 * `npm run strength -- <game> [--db FILE] [--concurrency K] [--pairing TEXT] [--games N] [--seed S]`:
 * plays the game's gauntlet (scripts/strength/<game>.ts) and prints its table.
 */
import { existsSync } from 'node:fs';
import { loadGames } from '../../src/games/registry.js';
import { OptionError } from './gauntlet.js';

const here = new URL('.', import.meta.url);
// A game has a gauntlet where this folder has a file of its name; the folder's other files serve them.
const gauntlets = (await loadGames()).map((g) => g.id).filter((id) => existsSync(new URL(`${id}.js`, here)));
const [gameId, ...args] = process.argv.slice(2);
if (gameId === undefined || !gauntlets.includes(gameId)) {
  console.error(`usage: npm run strength -- <game> [options]; games with a gauntlet: ${gauntlets.join(', ')}`);
  process.exit(2);
}
const gauntlet = (await import(new URL(`${gameId}.js`, here).href)) as { main(args: readonly string[]): Promise<void> };
try {
  await gauntlet.main(args);
} catch (e) {
  // A bad option gets its message; anything else is a fault to see whole.
  const parsing = String((e as { code?: unknown }).code ?? '').startsWith('ERR_PARSE_ARGS');
  if (!(e instanceof OptionError) && !parsing) throw e;
  console.error(`${(e as Error).message}\nusage: npm run strength -- ${gameId} [options]`);
  process.exit(2);
}
