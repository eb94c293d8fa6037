/** The command line that plays a recorded game again: the same game, bots, seed, limits and options. */
import { splitBotName } from '../arena/bot-spec.js';
import type { ReplayHead } from '../arena/replay.js';
import type { GameDefinition } from '../core/game.js';

const SAFE_WORD = /^[A-Za-z0-9_@%+=:,./-]+$/;
export const shellWord = (word: string): string => (SAFE_WORD.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`);

/** `tabula play <game> <bots...> --seed S`, with the limits that differ from the game's (all when the game is unknown). */
export function playCommandLine(head: ReplayHead, game: GameDefinition | undefined): string {
  const words = ['tabula', 'play', head.game, ...head.players.map((p) => p.bot), '--seed', `${head.seed}`];
  const limits = head.timeLimits;
  if (limits.firstTurnMs !== game?.timeLimits.firstTurn) words.push('--first-turn-ms', `${limits.firstTurnMs}`);
  if (limits.turnMs !== game?.timeLimits.turn) words.push('--turn-ms', `${limits.turnMs}`);
  if (limits.gameMs !== game?.timeLimits.game && limits.gameMs !== undefined)
    words.push('--game-ms', `${limits.gameMs}`);
  for (const [name, value] of Object.entries(head.options ?? {})) words.push('--option', `${name}=${value}`);
  if (head.opening && 'randomPlies' in head.opening) words.push('--random-plies', `${head.opening.randomPlies}`);
  if (head.opening && 'position' in head.opening) words.push('--opening', head.opening.position);
  return words.map(shellWord).join(' ');
}

/**
 * A contest game's line, for one who runs the seats `own` says (their bots) besides the built-in
 * ones (the bosses): the whole line where they can run every seat, else none (''), and the page
 * says why: another author's bot is code they do not have.
 */
export function contestPlayCommandLine(
  head: ReplayHead,
  game: GameDefinition | undefined,
  own: (seat: number) => boolean,
): string {
  const runnable = head.players.every((p) => own(p.seat) || splitBotName(p.bot).spec.startsWith('builtin:'));
  return runnable ? playCommandLine(head, game) : '';
}
