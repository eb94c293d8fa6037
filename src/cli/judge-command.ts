/**
 * `tabula judge <game> <command>`: judges a submission the way an online judge would, against the
 * game's reference opponent, from both seats in turn; stops at the first failing game.
 */
import { parseBotSpec } from '../arena/bot-spec.js';
import { writeReplay } from '../arena/replay.js';
import { randomSeed } from '../core/rng.js';
import { findGame } from '../games/registry.js';
import { judgeSubmission } from '../league/judge.js';
import { connectOptionsOf, type LimitOptions, type TimeOverrides, timeLimitsOf } from './run-options.js';

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
  parseBotSpec(game, submission);
  const request = {
    game,
    submission,
    games: options.games,
    seed: options.seed ?? randomSeed(),
    timeLimits: timeLimitsOf(game, options),
    gameOptions: options.option,
    connect: connectOptionsOf(options),
  };
  const verdict = await judgeSubmission(request, async (judged, played) => {
    const { result } = judged;
    const outcome = result.winner === null ? 'draw' : result.winner === judged.seat ? 'won' : 'lost';
    const moves = `${result.turns} move${result.turns === 1 ? '' : 's'}`;
    const which = `game ${judged.index + 1}: seat ${judged.seat}, seed ${result.seed}`;
    process.stdout.write(`${which}: ${outcome} in ${moves} (${result.reason})\n`);
    if (judged.verdict === null) return;
    const file = options.replay ?? `judge-${game.id}-${result.seed}.json`;
    await writeReplay(file, played.replay);
    process.stdout.write(
      `Rejected: game ${judged.index + 1} (seat ${judged.seat}, seed ${result.seed}): ${judged.verdict}\nreplay: ${file}\n`,
    );
  });
  if (!verdict.accepted) return 1;
  process.stdout.write(`Accepted: ${verdict.passed} of ${options.games} games passed\n`);
  return 0;
}
