/** A match: two bots, game pairs with the seats swapped on one seed, until N games or an SPRT verdict. */

import { SetupError } from '../../core/game.js';
import { deriveSeed } from '../../core/rng.js';
import { PairTally } from '../report/pair-tally.js';
import type { MatchConfig } from '../run-config.js';
import type { PlannedGame, RunFormat } from './format.js';
import { fixedSchedule } from './tables.js';

/** Games a match plays at most unless told. */
export const DEFAULT_GAMES = 100;

/** A match's games: pairs on one seed, the second with the seats swapped. */
export function matchGames(games: number, seed: number): PlannedGame[] {
  return Array.from({ length: games }, (_, index) => {
    const pair = Math.floor(index / 2);
    return { index, round: pair, seats: index % 2 === 0 ? [0, 1] : [1, 0], seed: deriveSeed(seed, pair), deal: pair };
  });
}

export const match: RunFormat<MatchConfig> = {
  name: 'match',
  check: (game) => {
    if (game.seats.min > 2 || game.seats.max < 2)
      throw new SetupError(`${game.title} is not played by two players: use tabula tournament`);
  },
  configure: (game, request, openings) => ({
    kind: 'match',
    game: game.id,
    bots: request.bots,
    timeLimits: request.timeLimits,
    gameOptions: request.gameOptions,
    ...(request.limits && { limits: request.limits }),
    ...(request.timeMarginMs !== undefined && { timeMarginMs: request.timeMarginMs }),
    ...(request.replayMachineTimeouts && { replayMachineTimeouts: true }),
    ...(openings && { openings }),
    games: request.games ?? DEFAULT_GAMES,
    ...(request.seed !== undefined && { seed: request.seed }),
    ...(request.sprt && { sprt: request.sprt }),
  }),
  describe: (config) => `match, ${config.games} game${config.games === 1 ? '' : 's'}`,
  schedule: (config, seed, stored) => {
    const tally = new PairTally(0, 1);
    for (const g of stored) tally.add(g);
    return fixedSchedule(
      matchGames(config.games, seed),
      stored,
      (g) => {
        tally.add(g);
        return `W ${tally.wins} D ${tally.draws} L ${tally.losses}`;
      },
      () => config.sprt !== undefined && tally.sprt(config.sprt).verdict !== null,
    );
  },
};
