/** `tabula new <game> [--lang L] [DIR]`: writes a starter bot for a game, ready to build, play and judge. */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { type GameDefinition, leaguesOf } from '../core/game.js';
import { findGame } from '../games/registry.js';
import { opponentOf } from '../runs/judge.js';
import { findLanguage, starterKit, writeKit } from '../starters/kit.js';
import { UsageError } from './errors.js';

export async function newCommand(gameId: string, dir: string | undefined, options: { lang: string }): Promise<void> {
  const game = await findGame(gameId);
  const language = findLanguage(options.lang);
  const folder = dir ?? `${game.id}-bot`;
  if (existsSync(folder) && (!statSync(folder).isDirectory() || readdirSync(folder).length > 0))
    throw new UsageError(`${folder} already exists and is not an empty folder: name another one`);
  const command = JSON.stringify(language.run);
  const files = starterKit({
    gameId: game.id,
    title: game.title,
    language,
    play: `tabula play ${game.id} ${command} builtin:random --replay game.json`,
    judge: `tabula judge ${game.id} ${command}`,
    judging: judging(game),
  });
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

/** The kit README's paragraph on `tabula judge` for this game: who the bot plays by default, and the other bosses. */
function judging(game: GameDefinition): string {
  const opponent = opponentOf(game, {});
  const verdict = 'and says `Accepted` (exit code 0) or not (exit code 1)';
  const how =
    opponent.kind === 'statement'
      ? `\`tabula judge\` judges your bot by the statement's rule: it passes when it ${opponent.judge.rule} ` +
        `(\`${opponent.bot.argument}\`), seats alternating; it stops at the first game not passed, ${verdict}, ` +
        'writing the replay of that game.'
      : `\`tabula judge\` plays your bot against the game's boss, \`${opponent.bot.argument}\`, in pairs of games ` +
        'with the seats swapped, until a test shows it at least as strong as the boss or clearly weaker, ' +
        `${verdict} with the score; it writes the replay of the game that decided.`;
  const leagues = leaguesOf(game.bosses).map(({ league, boss }) => `\`--league ${league}\` (\`builtin:${boss}\`)`);
  const others = `${leagues.length > 0 ? `${leagues.join(', ')} or ` : ''}\`--boss builtin:<name>\` (any built-in bot)`;
  return `${how} ${opponent.kind === 'statement' ? 'To play a boss instead' : 'Another boss'}: ${others}; \`tabula games\` lists them.`;
}
