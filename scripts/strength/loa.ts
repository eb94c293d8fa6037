/**
 * The Lines of Action gauntlet (`npm run strength -- loa`): `builtin:strong` against the judge's random
 * player, the greedy player, the previous strong bot (`builtin:planner`) and itself at a tenth of its
 * time, each at the statement's limits (2000 ms for a first move, 1000 ms after, 10 s in all per
 * player), then the same engine limited by depth instead of time, whose games do not depend on the
 * machine's load. The protocol cannot start a game from another position, so the bots play the
 * first 4 moves at random themselves (`opening=4`, see src/games/loa/bots/opening.ts): both games of
 * a pair open alike. After the table, the mean length of each pairing's games, in moves (both sides),
 * and the bot's score from each seat.
 */

import type { TimeLimits } from '../../src/core/time-control.js';
import { millis } from '../../src/core/units.js';
import type { RunConfig } from '../../src/runs/run-config.js';
import { Store } from '../../src/runs/store/store.js';
import { gauntletOptions, type Pairing, playGauntlet } from './gauntlet.js';

const OPENING = 'opening=4';
const strong = (limit?: string) => `builtin:strong(${limit === undefined ? '' : `${limit},`}${OPENING})`;
const opponent = (name: string) => `builtin:${name}(${OPENING})`;
/** Limits that a depth-limited search never reaches: its games depend on the depth alone. */
const UNTIMED: TimeLimits = { firstTurn: millis(60_000), turn: millis(60_000) };

export const pairings: readonly Pairing[] = [
  { name: 'random, 10 s', bot: strong(), opponent: opponent('random'), games: 100 },
  { name: 'greedy, 10 s', bot: strong(), opponent: opponent('greedy'), games: 200 },
  { name: 'planner (the previous strong), 10 s', bot: strong(), opponent: opponent('planner'), games: 200 },
  { name: 'strong, 1 s (a tenth of its time)', bot: strong(), opponent: strong('time=0.1'), games: 200 },
  { name: 'greedy, depth 5', bot: strong('depth=5'), opponent: opponent('greedy'), games: 200, timeLimits: UNTIMED },
  { name: 'planner, depth 5', bot: strong('depth=5'), opponent: opponent('planner'), games: 200, timeLimits: UNTIMED },
  {
    name: 'strong, depth 5 against 3',
    bot: strong('depth=5'),
    opponent: strong('depth=3'),
    games: 200,
    timeLimits: UNTIMED,
  },
];

export async function main(args: readonly string[]): Promise<void> {
  const options = gauntletOptions(args);
  await playGauntlet('loa', pairings, options);
  // The gauntlet's table has neither game lengths nor seats: read them from its stored games.
  const store = new Store(options.db);
  try {
    const runs = store.runs().filter((r) => (r.config as RunConfig).seed === options.seed);
    for (const pairing of pairings.filter((r) => options.only === undefined || r.name.includes(options.only))) {
      const run = runs.find(
        (r) => JSON.stringify((r.config as RunConfig).bots) === JSON.stringify([pairing.bot, pairing.opponent]),
      );
      const games = run ? store.games(run.id) : [];
      if (games.length === 0) continue;
      const mean = games.reduce((sum, g) => sum + g.result.turns, 0) / games.length;
      // The bot's score from each seat (black moves first), which the pairs' table folds together.
      const seats = [0, 1].map((seat) => {
        const scores = games.flatMap((g) =>
          g.result.players.filter((p) => p.bot === pairing.bot && p.seat === seat).map((p) => p.score),
        );
        const percent = (100 * scores.reduce((a, b) => a + b, 0)) / Math.max(1, scores.length);
        return `${percent.toFixed(1)}% of ${scores.length} as ${seat === 0 ? 'black' : 'white'}`;
      });
      console.log(`${pairing.name}: ${games.length} games of ${mean.toFixed(1)} moves on average; ${seats.join(', ')}`);
    }
  } finally {
    store.close();
  }
}
