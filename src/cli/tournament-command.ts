/** `tabula tournament <game> <bot>...`: round-robin, gauntlet or Swiss, with ratings and a cross table. */
import { parseBotSpec } from '../arena/bot-spec.js';
import { SetupError, type GameDefinition } from '../core/game.js';
import { playPlanned } from '../league/parallel-games.js';
import { findGame } from '../games/registry.js';
import type { TournamentConfig } from '../league/run-config.js';
import { pairKey, swissRound, tableSchedule, type TournamentFormat } from '../league/schedule.js';
import type { StoredGame } from '../league/store.js';
import { timeLimitsOf, type RunOptions } from './run-options.js';
import { storedRun } from '../league/run.js';

export interface TournamentOptions extends RunOptions {
  format: TournamentFormat;
  rounds?: number;
  players?: number;
}

export async function tournamentCommand(gameId: string, bots: string[], options: TournamentOptions): Promise<void> {
  const game = await findGame(gameId);
  const players = options.players ?? Math.min(bots.length, game.seats.max);
  checkTable(game, bots, players, options.format);
  for (const bot of bots) parseBotSpec(game, bot);
  const rounds = options.rounds ?? (options.format === 'swiss' ? Math.ceil(Math.log2(bots.length)) : 1);
  const config: TournamentConfig = {
    kind: 'tournament',
    game: game.id,
    bots,
    format: options.format,
    players,
    rounds,
    timeLimits: timeLimitsOf(game, options),
    gameOptions: options.option,
    ...(options.seed !== undefined && { seed: options.seed }),
  };
  await storedRun(game, config, options, (run, store) => {
    const table = options.format === 'swiss' ? null : tableSchedule(options.format, bots.length, players, rounds, run.seed);
    return {
      total: table ? table.length : rounds * 2 * Math.floor(bots.length / 2),
      play: async (settings) => {
        if (table) return playPlanned(settings, table);
        // Each Swiss round is paired on the results of the rounds before it, so rounds run one by one.
        for (let round = 0; round < rounds; round++) {
          await playPlanned(settings, swissRound(round, bots.length, ...swissStanding(bots.length, store.games(run.id), round), run.seed));
        }
      },
      record: (g) => `round ${g.round + 1}/${rounds}`,
    };
  });
}

function checkTable(game: GameDefinition, bots: readonly string[], players: number, format: TournamentFormat): void {
  if (bots.length < 2) throw new SetupError('a tournament needs at least two bots');
  if (players < game.seats.min || players > game.seats.max) {
    throw new SetupError(`${game.id} is played by ${game.seats.min} to ${game.seats.max} players, not ${players}`);
  }
  if (players > bots.length) throw new SetupError(`tables of ${players} need at least ${players} bots`);
  if (format === 'swiss' && players !== 2) throw new SetupError('a Swiss tournament is played at tables of two');
}

/** Points, pairs that met and byes after the rounds before `round`. */
function swissStanding(bots: number, games: readonly StoredGame[], round: number): [number[], Set<string>, Set<number>] {
  const points = Array.from({ length: bots }, () => 0);
  const met = new Set<string>();
  const byes = new Set<number>();
  for (let r = 0; r < round; r++) {
    const inRound = games.filter((g) => g.round === r);
    const seated = new Set(inRound.flatMap((g) => g.seats));
    for (let b = 0; b < bots; b++) {
      if (seated.has(b)) continue;
      byes.add(b);
      points[b]! += 1; // a bye scores as a drawn pair of games: neither a gift nor a penalty
    }
    for (const g of inRound) {
      const [a, b] = g.seats as [number, number];
      met.add(pairKey(a, b));
      if (g.result.winner === null) {
        points[a]! += 0.5;
        points[b]! += 0.5;
      } else points[g.seats[g.result.winner]!]! += 1;
    }
  }
  return [points, met, byes];
}
