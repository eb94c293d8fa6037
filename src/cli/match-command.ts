/** `tabula match <game> <botA> <botB>`: paired games with seats swapped, until N games or an SPRT verdict. */
import { parseBotSpec } from '../core/bot-spec.js';
import { SetupError } from '../core/game.js';
import { playPlanned } from '../core/parallel-games.js';
import { findGame } from '../core/registry.js';
import { PairTally } from '../core/report.js';
import { randomSeed } from '../core/rng.js';
import { runIdentity, type MatchConfig } from '../core/run-config.js';
import { runReport } from '../core/run-report.js';
import { matchSchedule } from '../core/schedule.js';
import type { SprtSettings } from '../core/stats/sprt.js';
import { Store } from '../core/store.js';
import { runProgress } from './progress.js';
import { printReport } from './report-format.js';
import { timeLimitsOf, type RunOptions } from './run-options.js';

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
  const store = new Store(options.db);
  try {
    const run = store.openRun('match', runIdentity(config), config, options.seed ?? randomSeed());
    store.updateConfig(run.id, config);
    const tally = new PairTally(0, 1);
    const failures = { count: 0 };
    const stored = store.games(run.id);
    for (const g of stored) tally.add(g);
    const decided = () => options.sprt !== undefined && tally.sprt(options.sprt).verdict !== null;
    const progress = runProgress(options.json === true, options.games, stored.length, run.id);
    await playPlanned(
      {
        game,
        bots: config.bots,
        runId: run.id,
        store,
        concurrency: options.concurrency,
        timeLimits: config.timeLimits,
        gameOptions: config.gameOptions,
        shouldStop: decided,
        onGame: (g) => {
          tally.add(g);
          failures.count += g.result.players.filter((p) => p.status !== 'ok').length;
          progress.game(g, { score: `W ${tally.wins} D ${tally.draws} L ${tally.losses}`, failures: failures.count });
        },
      },
      matchSchedule(options.games, run.seed),
    );
    progress.stop();
    printReport(runReport({ ...run, config }, store.games(run.id)), options.json === true);
  } finally {
    store.close();
  }
}
