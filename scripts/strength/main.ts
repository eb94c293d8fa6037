/**
 * `npm run strength -- <game> [--db FILE] [--concurrency K] [--pairing TEXT] [--games N] [--seed S]`:
 * plays the game's gauntlet (scripts/strength/<game>.ts) and prints its table.
 */
import { readdirSync } from 'node:fs';

const here = new URL('.', import.meta.url);
const gauntlets = readdirSync(here)
  .filter((f) => f.endsWith('.js') && !['main.js', 'gauntlet.js'].includes(f))
  .map((f) => f.slice(0, -'.js'.length));
const [gameId, ...args] = process.argv.slice(2);
if (gameId === undefined || !gauntlets.includes(gameId)) {
  console.error(
    `usage: npm run strength -- <game> [options]; games with a gauntlet: ${gauntlets.join(', ') || 'none yet'}`,
  );
  process.exit(2);
}
const gauntlet = (await import(new URL(`${gameId}.js`, here).href)) as { main(args: readonly string[]): Promise<void> };
await gauntlet.main(args);
