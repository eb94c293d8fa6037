/**
 * Before a run begins, each of its bots is started once and sent what its first turn in a first
 * game would be: it must answer, or at least still be running when the first-turn limit is up. A
 * bot that exits first (a command that does not exist, a script that fails at once) stops the run
 * before any game, rather than losing every game of it.
 */
import { connectBot } from '../arena/bot-spec.js';
import { BotStartError } from '../core/connection.js';
import { millis } from '../core/units.js';
import type { RunPlan } from './run-plan.js';

/** Throws `BotStartError` for the first bot of the run that could not be started (all are tried at once). */
export async function checkBotsStart({ game, config, bots }: RunPlan, hidden: readonly string[]): Promise<void> {
  const seats = config.kind === 'match' ? 2 : config.players;
  const seed = config.seed ?? 0;
  const initial = game.rules.initial({ seats, seed, options: config.gameOptions });
  const first = game.rules.toMove(initial);
  const input = game.protocol.turnInput(initial, first, true);
  const setup = { seed, gameOptions: config.gameOptions, timeLimits: config.timeLimits };
  const unique = bots.filter((bot, i) => bots.findIndex((b) => b.argument === bot.argument) === i);
  const tried = await Promise.allSettled(
    unique.map(async (bot) => {
      // As the run's games start it: as a process, in the run's sandbox.
      const connection = connectBot(game, bot, {
        setup,
        options: { builtinsAsProcesses: true, hidden, ...(config.limits && { limits: config.limits }) },
        margin: millis(0),
        seat: first,
      });
      try {
        const answer = await connection.turn(input, config.timeLimits.firstTurn);
        if (answer.kind === 'crash') throw new BotStartError(bot.argument, answer.detail);
      } finally {
        await connection.close();
      }
    }),
  );
  for (const t of tried) if (t.status === 'rejected') throw t.reason;
}
