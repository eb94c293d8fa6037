/** `tabula match <game> <botA> <botB>`: paired games with seats swapped, until N games or an SPRT verdict. */
import { findGame } from '../games/registry.js';
import { planRun } from '../runs/run-plan.js';
import type { SprtSettings } from '../runs/stats/sprt.js';
import { runCommand } from './run-command.js';
import { type RunOptions, runRequestOf } from './run-options.js';

export interface MatchOptions extends RunOptions {
  games: number;
  sprt?: SprtSettings;
}

export async function matchCommand(gameId: string, botA: string, botB: string, options: MatchOptions): Promise<void> {
  const game = await findGame(gameId);
  const plan = planRun(game, {
    format: 'match',
    bots: [botA, botB],
    games: options.games,
    ...(options.sprt && { sprt: options.sprt }),
    ...runRequestOf(game, options),
  });
  await runCommand(plan, options);
}
