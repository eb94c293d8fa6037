/**
 * A game's starter kit in a language, as `tabula new` writes it and a contest server offers it for
 * download: the one place that says which commands its README gives and how `tabula judge` judges it.
 */
import { type GameDefinition, leaguesOf } from '../core/game.js';
import { opponentOf } from '../runs/judge.js';
import { type KitFile, type Language, starterKit } from './kit.js';

/** The kit's files; a `SetupError` where the game has no starter in the language. */
export function gameKit(game: GameDefinition, language: Language): KitFile[] {
  const command = JSON.stringify(language.run);
  return starterKit({
    gameId: game.id,
    title: game.title,
    language,
    play: `tabula play ${game.id} ${command} builtin:random --replay game.json`,
    judge: `tabula judge ${game.id} ${command}`,
    judging: judging(game),
  });
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
