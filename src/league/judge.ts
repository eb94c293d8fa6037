/**
 * Judging a submission as an online judge does: games against the game's reference opponent, seats
 * alternating, stopped at the first game that fails the game's verdict.
 */
import type { ConnectOptions } from '../arena/bot-spec.js';
import { type PlayedGame, playGame } from '../arena/game-loop.js';
import { checkSeats, type GameDefinition, SetupError } from '../core/game.js';
import type { GameResult } from '../core/game-result.js';
import { type Seat, seat, type TimeLimits } from '../core/units.js';

export interface JudgeRequest {
  readonly game: GameDefinition;
  readonly submission: string;
  readonly games: number;
  /** Game k (from 0) is played on seed `seed + k`. */
  readonly seed: number;
  readonly timeLimits: TimeLimits;
  readonly gameOptions: Readonly<Record<string, string>>;
  /** The submission's limits and time margin (the opponent is a built-in bot, in process). */
  readonly connect?: ConnectOptions;
}

export interface JudgedGame {
  /** From 0. */
  readonly index: number;
  readonly seat: Seat;
  readonly result: GameResult;
  /** Null when the submission passed this game; else why not. */
  readonly verdict: string | null;
}

/** The judged games, the failing one last; the submission is accepted when none failed. */
export async function judgeSubmission(
  request: JudgeRequest,
  onGame: (judged: JudgedGame, played: PlayedGame) => void | Promise<void>,
): Promise<{ readonly accepted: boolean; readonly passed: number }> {
  const { game, submission } = request;
  const judge = game.judge;
  if (!judge) throw new SetupError(`${game.title} has no judge`);
  checkSeats(game, 2);
  const opponent = `builtin:${judge.opponent}`;
  for (let index = 0; index < request.games; index++) {
    const at = seat(index % 2);
    const bots = at === 0 ? [submission, opponent] : [opponent, submission];
    const seed = (request.seed + index) >>> 0;
    const played = await playGame(game, bots, {
      seed,
      timeLimits: request.timeLimits,
      gameOptions: request.gameOptions,
      ...(request.connect && { connect: request.connect }),
    });
    const verdict = judge.verdict(played.result, at);
    await onGame({ index, seat: at, result: played.result, verdict }, played);
    if (verdict !== null) return { accepted: false, passed: index };
  }
  return { accepted: true, passed: request.games };
}
