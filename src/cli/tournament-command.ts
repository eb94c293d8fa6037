/** `tabula tournament <game> <bot>...`: round-robin, gauntlet or Swiss, with ratings and a cross table. */
import { findGame } from '../games/registry.js';
import type { TournamentFormat } from '../runs/run-config.js';
import { planRun } from '../runs/run-plan.js';
import { runCommand } from './run-command.js';
import { type RunOptions, runRequestOf } from './run-options.js';

export interface TournamentOptions extends RunOptions {
  format: TournamentFormat;
  rounds?: number;
  players?: number;
}

export async function tournamentCommand(gameId: string, bots: string[], options: TournamentOptions): Promise<void> {
  const game = await findGame(gameId);
  const plan = planRun(game, {
    format: options.format,
    bots,
    ...(options.rounds !== undefined && { rounds: options.rounds }),
    ...(options.players !== undefined && { players: options.players }),
    ...runRequestOf(game, options),
  });
  await runCommand(plan, options);
}
