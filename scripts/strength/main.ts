/**
 * `npm run strength -- <game> [--db FILE] [--concurrency K] [--rung TEXT] [--games N] [--seed S]`:
 * plays the game's strength ladder (scripts/strength/<game>.ts) and prints its table.
 */
import { readdirSync } from 'node:fs';

const here = new URL('.', import.meta.url);
const ladders = readdirSync(here)
  .filter((f) => f.endsWith('.js') && !['main.js', 'ladder.js'].includes(f))
  .map((f) => f.slice(0, -'.js'.length));
const [gameId, ...args] = process.argv.slice(2);
if (gameId === undefined || !ladders.includes(gameId)) {
  console.error(
    `usage: npm run strength -- <game> [options]; games with a ladder: ${ladders.join(', ') || 'none yet'}`,
  );
  process.exit(2);
}
const ladder = (await import(new URL(`${gameId}.js`, here).href)) as { main(args: readonly string[]): Promise<void> };
await ladder.main(args);
