/** A match: two bots, game pairs with the seats swapped on one seed, until N games or an SPRT verdict. */
import { type GameDefinition, SetupError } from '../core/game.js';
import { PairTally } from './pair-tally.js';
import { playPlanned } from './parallel-games.js';
import type { RunPlan } from './run.js';
import type { MatchConfig } from './run-config.js';
import { matchSchedule } from './schedule.js';
import type { StoredGame } from './store.js';

/** Refuses a game that two bots cannot play alone. */
export function checkMatch(game: GameDefinition): void {
  if (game.seats.min > 2 || game.seats.max < 2)
    throw new SetupError(`${game.title} is not played by two players: use tabula tournament`);
}

/** The match's plan: its schedule, the pair's tally over the games stored so far, and the SPRT's stop. */
export function matchPlan(config: MatchConfig, seed: number, stored: readonly StoredGame[]): RunPlan {
  const tally = new PairTally(0, 1);
  for (const g of stored) tally.add(g);
  return {
    total: config.games,
    play: (settings) => playPlanned(settings, matchSchedule(config.games, seed)),
    record: (g) => {
      tally.add(g);
      return `W ${tally.wins} D ${tally.draws} L ${tally.losses}`;
    },
    shouldStop: () => config.sprt !== undefined && tally.sprt(config.sprt).verdict !== null,
  };
}
