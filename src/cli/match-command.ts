/** `tabula match <game> <botA> <botB>`: paired games with seats swapped, until N games or an SPRT verdict. */
import { parseBotSpec } from '../arena/bot-spec.js';
import { SetupError } from '../core/game.js';
import { playPlanned } from '../league/parallel-games.js';
import { findGame } from '../games/registry.js';
import { PairTally } from '../league/report.js';
import type { MatchConfig } from '../league/run-config.js';
import { matchSchedule } from '../league/schedule.js';
import type { SprtSettings } from '../league/stats/sprt.js';
import { timeLimitsOf, type RunOptions } from './run-options.js';
import { storedRun } from '../league/run.js';

export interface MatchOptions extends RunOptions {
  games: number;
  sprt?: SprtSettings;
}

export async function matchCommand(gameId: string, botA: string, botB: string, options: MatchOptions): Promise<void> {
  const game = await findGame(gameId);
  if (game.seats.min > 2 || game.seats.max < 2) throw new SetupError(`${game.id} is not played by two bots: use tabula tournament`);
  for (const bot of [botA, botB]) parseBotSpec(game, bot);
  const config: MatchConfig = {
    kind: 'match',
    game: game.id,
    bots: [botA, botB],
    timeLimits: timeLimitsOf(game, options),
    gameOptions: options.option,
    games: options.games,
    ...(options.seed !== undefined && { seed: options.seed }),
    ...(options.sprt && { sprt: options.sprt }),
  };
  await storedRun(game, config, options, (run, _store, stored) => {
    const tally = new PairTally(0, 1);
    for (const g of stored) tally.add(g);
    return {
      total: options.games,
      play: (settings) => playPlanned(settings, matchSchedule(options.games, run.seed)),
      record: (g) => {
        tally.add(g);
        return `W ${tally.wins} D ${tally.draws} L ${tally.losses}`;
      },
      shouldStop: () => options.sprt !== undefined && tally.sprt(options.sprt).verdict !== null,
    };
  });
}
