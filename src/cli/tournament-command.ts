/** `tabula tournament <game> <bot>...`: round-robin, gauntlet or Swiss, with ratings and a cross table. */
import { parseBotSpec } from '../arena/bot-spec.js';
import { findGame } from '../games/registry.js';
import type { TournamentConfig, TournamentFormat } from '../league/run-config.js';
import { checkTournament, defaultPlayers, defaultRounds } from '../league/tournament.js';
import { runCommand } from './run-command.js';
import { limitsOf, type RunOptions, runOpeningsOf, timeLimitsOf } from './run-options.js';

export interface TournamentOptions extends RunOptions {
  format: TournamentFormat;
  rounds?: number;
  players?: number;
}

export async function tournamentCommand(gameId: string, bots: string[], options: TournamentOptions): Promise<void> {
  const game = await findGame(gameId);
  const players = options.players ?? defaultPlayers(game, bots.length);
  checkTournament(game, bots.length, players, options.format);
  for (const bot of bots) parseBotSpec(game, bot);
  const openings = runOpeningsOf(game, options);
  const config: TournamentConfig = {
    kind: 'tournament',
    game: game.id,
    bots,
    format: options.format,
    players,
    rounds: options.rounds ?? defaultRounds(options.format, bots.length),
    timeLimits: timeLimitsOf(game, options),
    gameOptions: options.option,
    ...limitsOf(options),
    ...(openings && { openings }),
    ...(options.seed !== undefined && { seed: options.seed }),
  };
  await runCommand(game, config, options);
}
