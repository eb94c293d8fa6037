/**
 * `tabula judge <game> <command>`: judges a submission the way an online judge would, against the
 * game's reference opponent, from both seats in turn; stops at the first failing game.
 */
import { parseBotSpec } from '../arena/bot-spec.js';
import { playGame } from '../arena/game-loop.js';
import { findGame } from '../games/registry.js';
import { writeReplay } from '../arena/replay.js';
import { randomSeed } from '../core/rng.js';
import { checkSeats } from '../core/game.js';
import { seat } from '../core/units.js';
import { UsageError } from './errors.js';
import { connectOptionsOf, timeLimitsOf, type LimitOptions, type TimeOverrides } from './run-options.js';

export interface JudgeOptions extends TimeOverrides, LimitOptions {
  games: number;
  seed?: number;
  option: Record<string, string>;
  /** Where the failing game's replay goes; `judge-<game>-<seed>.json` when absent. */
  replay?: string;
}

/** Returns the exit code: 0 when accepted, 1 when not. */
export async function judgeCommand(gameId: string, submission: string, options: JudgeOptions): Promise<number> {
  const game = await findGame(gameId);
  const judge = game.judge;
  if (!judge) throw new UsageError(`${game.id} has no judge`);
  checkSeats(game, 2);
  parseBotSpec(game, submission);
  const opponent = `builtin:${judge.opponent}`;
  const base = options.seed ?? randomSeed();
  let wins = 0;
  for (let i = 0; i < options.games; i++) {
    const at = seat(i % 2);
    const seed = (base + i) >>> 0;
    const bots = at === 0 ? [submission, opponent] : [opponent, submission];
    const { result, replay } = await playGame(game, bots, {
      seed,
      timeLimits: timeLimitsOf(game, options),
      gameOptions: options.option,
      connect: connectOptionsOf(options),
    });
    const verdict = judge.verdict(result, at);
    const outcome = result.winner === null ? 'draw' : result.winner === at ? 'won' : 'lost';
    process.stdout.write(
      `game ${i + 1}: seat ${at}, seed ${seed}: ${outcome} in ${result.turns} move${result.turns === 1 ? '' : 's'} (${result.reason})\n`,
    );
    if (verdict !== null) {
      const file = options.replay ?? `judge-${game.id}-${seed}.json`;
      await writeReplay(file, replay);
      process.stdout.write(`Rejected: game ${i + 1} (seat ${at}, seed ${seed}): ${verdict}\nreplay: ${file}\n`);
      return 1;
    }
    wins++;
  }
  process.stdout.write(`Accepted: ${wins} of ${options.games} games passed\n`);
  return 0;
}
