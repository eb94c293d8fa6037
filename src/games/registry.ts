/**
 * The games Tabula knows: every folder under src/games/ whose index exports `game`. Adding a game
 * is adding its folder; nothing here names one.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { GameDefinition } from '../core/game.js';

const gamesDir = new URL('./', import.meta.url);
/** The source tree's src/games/, where the documents are: this module runs from dist/src/games/. */
const sourceGamesDir = new URL('../../../src/games/', import.meta.url);

let loaded: Promise<GameDefinition[]> | null = null;

export function loadGames(): Promise<GameDefinition[]> {
  if (!loaded) loaded = importGames();
  return loaded;
}

async function importGames(): Promise<GameDefinition[]> {
  const games: GameDefinition[] = [];
  for (const entry of readdirSync(gamesDir, { withFileTypes: true })) {
    const index = new URL(`${entry.name}/index.js`, gamesDir);
    if (!entry.isDirectory() || !existsSync(index)) continue;
    const module = (await import(index.href)) as { game?: GameDefinition };
    if (module.game) games.push(module.game);
  }
  return games.sort((a, b) => a.id.localeCompare(b.id));
}

export class UnknownGameError extends Error {
  override readonly name = 'UnknownGameError';
  constructor(id: string, known: readonly string[]) {
    super(`unknown game "${id}" (known games: ${known.join(', ')})`);
  }
}

export async function findGame(id: string): Promise<GameDefinition> {
  // The game's own folder first: starting a bot process should not load every other game.
  const index = new URL(`${id}/index.js`, gamesDir);
  if (/^[a-z0-9-]+$/.test(id) && existsSync(index)) {
    const module = (await import(index.href)) as { game?: GameDefinition };
    if (module.game?.id === id) return module.game;
  }
  const games = await loadGames();
  const game = games.find((g) => g.id === id);
  if (!game)
    throw new UnknownGameError(
      id,
      games.map((g) => g.id),
    );
  return game;
}

/**
 * A game's rules in Tabula's words: its folder's `rules.md` (docs/architecture.md, "Code layout"),
 * read from the source tree, which the build does not copy.
 */
export function rulesOf(game: GameDefinition): string {
  return readFileSync(new URL(`${game.id}/rules.md`, sourceGamesDir), 'utf8');
}
