/**
 * A game's starter kit in a language as one download: what a contest server offers beside its
 * submit page, the same files `tabula new` writes, in a gzipped tar under one folder.
 */
import { gzipSync } from 'node:zlib';
import { pack } from 'tar-stream';
import { type GameDefinition, SetupError } from '../core/game.js';
import { gameKit } from './game-kit.js';
import { startersOf } from './kit.js';

/**
 * Fixed, so that the same kit gives the same bytes (a download can be cached and compared); a
 * date rather than 1970, which file managers show as broken.
 */
const MTIME = new Date('2025-01-01T00:00:00Z');

/** `<game>-<lang>-bot.tar.gz`, its files under `<game>-<lang>-bot/`; a `SetupError` naming the game's languages. */
export async function starterArchive(
  game: GameDefinition,
  languageId: string,
): Promise<{ filename: string; body: Buffer }> {
  const languages = startersOf(game.id);
  const language = languages.find((l) => l.id === languageId);
  if (!language) {
    const has = languages.length === 0 ? 'it has none' : `languages: ${languages.map((l) => l.id).join(', ')}`;
    throw new SetupError(`${game.title} has no starter in "${languageId}" (${has})`);
  }
  const folder = `${game.id}-${language.id}-bot`;
  const tar = pack();
  const chunks: Buffer[] = [];
  const packed = new Promise<Buffer>((resolve, reject) => {
    tar.on('data', (chunk: Buffer) => chunks.push(chunk));
    tar.on('end', () => resolve(Buffer.concat(chunks)));
    tar.on('error', reject);
  });
  // Owner and group 0 with no names: nothing of the machine that made it (tar-stream's defaults).
  tar.entry({ name: `${folder}/`, type: 'directory', mode: 0o755, mtime: MTIME });
  // Plain text, none of it run as a program (a build makes the executables), so no file needs 0755.
  for (const file of gameKit(game, language))
    tar.entry({ name: `${folder}/${file.path}`, mode: 0o644, mtime: MTIME }, Buffer.from(file.text, 'utf8'));
  tar.finalize();
  return { filename: `${folder}.tar.gz`, body: gzipSync(await packed) };
}
