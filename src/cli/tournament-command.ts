/** `tabula tournament <game> <bot>...`: round-robin, gauntlet or Swiss, with ratings and a cross table. */
import { parseBotSpec } from '../core/bot-spec.js';
import { SetupError, type GameDefinition } from '../core/game.js';
import { playPlanned, type RunSettings } from '../core/parallel-games.js';
import { findGame } from '../core/registry.js';
import { randomSeed } from '../core/rng.js';
import { runIdentity, type TournamentConfig } from '../core/run-config.js';
import { runReport } from '../core/run-report.js';
import { pairKey, swissRound, tableSchedule, type TournamentFormat } from '../core/schedule.js';
import { Store, type StoredGame } from '../core/store.js';
import { runProgress } from './progress.js';
import { printReport } from './report-format.js';
import { timeLimitsOf, type RunOptions } from './run-options.js';

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
  const store = new Store(options.db);
  try {
    const run = store.openRun('tournament', runIdentity(config), config, options.seed ?? randomSeed());
    store.updateConfig(run.id, config);
    const stored = store.games(run.id);
    const total = options.format === 'swiss' ? rounds * 2 * Math.floor(bots.length / 2) : tableSchedule(options.format, bots.length, players, rounds, run.seed).length;
    let failures = stored.reduce((n, g) => n + g.result.players.filter((p) => p.status !== 'ok').length, 0);
    const progress = runProgress(options.json === true, total, stored.length, run.id);
    const settings: RunSettings = {
      game,
      bots,
      runId: run.id,
      store,
      concurrency: options.concurrency,
      timeLimits: config.timeLimits,
      gameOptions: config.gameOptions,
      onGame: (g) => {
        failures += g.result.players.filter((p) => p.status !== 'ok').length;
        progress.game(g, { score: `round ${g.round + 1}/${rounds}`, failures });
      },
    };
    if (options.format === 'swiss') {
      // Each Swiss round is paired on the results of the rounds before it, so rounds run one by one.
      for (let round = 0; round < rounds; round++) {
        await playPlanned(settings, swissRound(round, bots.length, ...swissStanding(bots.length, store.games(run.id), round), run.seed));
      }
    } else await playPlanned(settings, tableSchedule(options.format, bots.length, players, rounds, run.seed));
    progress.stop();
    printReport(runReport({ ...run, config }, store.games(run.id)), options.json === true);
  } finally {
    store.close();
  }
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
