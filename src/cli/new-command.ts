/** `tabula new <game> [--lang L] [DIR]`: writes a starter bot for a game, ready to build, play and judge. */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { findGame } from '../games/registry.js';
import { gameKit } from '../starters/game-kit.js';
import { findLanguage, writeKit } from '../starters/kit.js';
import { UsageError } from './errors.js';

export async function newCommand(gameId: string, dir: string | undefined, options: { lang: string }): Promise<void> {
  const game = await findGame(gameId);
  const language = findLanguage(options.lang);
  const folder = dir ?? `${game.id}-bot`;
  if (existsSync(folder) && (!statSync(folder).isDirectory() || readdirSync(folder).length > 0))
    throw new UsageError(`${folder} already exists and is not an empty folder: name another one`);
  const command = JSON.stringify(language.run);
  const files = gameKit(game, language);
  writeKit(folder, files);
  const steps = [
    ...(language.build === null ? [] : [language.build]),
    `tabula play ${game.id} ${command} builtin:random`,
  ];
  process.stdout.write(
    [
      `${folder}: a ${language.name} starter bot for ${game.title} (${files.map((f) => f.path).join(', ')})`,
      `  cd ${/^[\w./-]+$/.test(folder) ? folder : JSON.stringify(folder)} && ${steps.join(' && ')}`,
      `build: ${language.build ?? '-'}`,
      `run: ${language.run}`,
      '',
    ].join('\n'),
  );
}
