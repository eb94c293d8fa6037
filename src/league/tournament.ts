/** A tournament: round-robin and gauntlet on a fixed schedule, or Swiss rounds paired on the standing. */
import { checkSeats, type GameDefinition, SetupError } from '../core/game.js';
import { playPlanned } from './parallel-games.js';
import type { RunPlan } from './run.js';
import type { TournamentConfig, TournamentFormat } from './run-config.js';
import { tableSchedule } from './schedule.js';
import type { RunRecord, Store } from './store.js';
import { swissRound, swissStanding } from './swiss.js';

/** Seats at each table unless the user says: all the bots, at most what the game allows. */
export const defaultPlayers = (game: GameDefinition, bots: number): number => Math.min(bots, game.seats.max);

/** Rounds unless the user says: one, or for Swiss enough to single out a winner (log2 of the bots). */
export const defaultRounds = (format: TournamentFormat, bots: number): number =>
  format === 'swiss' ? Math.ceil(Math.log2(bots)) : 1;

/** Refuses a tournament that cannot be played: too few bots, tables the game is not played at. */
export function checkTournament(game: GameDefinition, bots: number, players: number, format: TournamentFormat): void {
  if (bots < 2) throw new SetupError('a tournament needs at least two bots');
  checkSeats(game, players);
  if (players > bots) throw new SetupError(`tables of ${players} need at least ${players} bots`);
  if (format === 'swiss' && players !== 2) throw new SetupError('a Swiss tournament is played at tables of two');
}

export function tournamentPlan(config: TournamentConfig, run: RunRecord, store: Store): RunPlan {
  const bots = config.bots.length;
  const record = (g: { round: number }): string => `round ${g.round + 1}/${config.rounds}`;
  if (config.format !== 'swiss') {
    const table = tableSchedule(config.format, bots, config.players, config.rounds, run.seed);
    return { total: table.length, play: (settings) => playPlanned(settings, table), record };
  }
  return {
    total: config.rounds * 2 * Math.floor(bots / 2),
    play: async (settings) => {
      // Each Swiss round is paired on the results of the rounds before it, so rounds run one by one.
      for (let round = 0; round < config.rounds; round++) {
        const standing = swissStanding(bots, store.games(run.id), round);
        await playPlanned(settings, swissRound(round, bots, standing, run.seed));
      }
    },
    record,
  };
}
