/** `tabula match <game> <botA> <botB>`: paired games with seats swapped, until N games or an SPRT verdict. */
import { parseBotSpec } from '../arena/bot-spec.js';
import { findGame } from '../games/registry.js';
import { checkMatch } from '../league/match.js';
import type { MatchConfig } from '../league/run-config.js';
import type { SprtSettings } from '../league/stats/sprt.js';
import { runCommand } from './run-command.js';
import { limitsOf, type RunOptions, runOpeningsOf, timeLimitsOf } from './run-options.js';

export interface MatchOptions extends RunOptions {
  games: number;
  sprt?: SprtSettings;
}

export async function matchCommand(gameId: string, botA: string, botB: string, options: MatchOptions): Promise<void> {
  const game = await findGame(gameId);
  checkMatch(game);
  for (const bot of [botA, botB]) parseBotSpec(game, bot);
  const openings = runOpeningsOf(game, options);
  const config: MatchConfig = {
    kind: 'match',
    game: game.id,
    bots: [botA, botB],
    timeLimits: timeLimitsOf(game, options),
    gameOptions: options.option,
    ...limitsOf(options),
    ...(openings && { openings }),
    games: options.games,
    ...(options.seed !== undefined && { seed: options.seed }),
    ...(options.sprt && { sprt: options.sprt }),
  };
  await runCommand(game, config, options);
}
