/**
 * Judging a submission as an online judge does, seats alternating, in one of two ways:
 * - the statement's judge, where the game has one (a Kattis problem): games against its reference
 *   opponent, stopped at the first game that fails the game's verdict;
 * - a boss, as CodinGame promotes a bot out of a league: game pairs against a built-in bot (seats
 *   swapped on one seed), stopped by an SPRT that tells "at least as strong as the boss" from
 *   "clearly weaker", or at a cap on games; a failure of the submission ends it at once.
 */
import { type ConnectOptions, parseBotSpec } from '../arena/bot-spec.js';
import { type PlayedGame, playGame } from '../arena/game-loop.js';
import { BotStartError } from '../core/connection.js';
import { checkSeats, type GameDefinition, type Judge, type League, leaguesOf, SetupError } from '../core/game.js';
import type { GameResult } from '../core/game-result.js';
import { type Seat, seat, type TimeLimits } from '../core/units.js';
import { PairTally } from './pair-tally.js';
import { type Interval, roundInterval, scoreOfElo } from './stats/elo.js';
import type { SprtSettings, SprtState } from './stats/sprt.js';

/**
 * The boss test: H1, the submission is at least as strong as the boss (Elo 0), against H0, it is
 * clearly weaker (Elo -100: a score of 36%, a game in three won). Either error is at most 5%: a
 * submission as strong as the boss is accepted 95 times in 100, one 100 Elo weaker refused as often;
 * in between the verdict may go either way. A wider gap would refuse only hopeless bots; a narrower
 * one would need many more games (the games needed grow as the inverse square of the gap), and
 * bosses that think for their whole turn make each game slow.
 */
export const BOSS_SPRT: SprtSettings = { elo0: -100, elo1: 0, alpha: 0.05, beta: 0.05 };

/** The most games a boss test plays when not told: enough for the SPRT to decide about a submission as strong as the boss, nearly always. */
export const BOSS_GAMES = 400;
/** The games a statement's judge plays when not told. */
export const STATEMENT_GAMES = 100;

/** Who a submission plays: the statement's judge, or a boss (a built-in bot, `builtin:<name>`). */
export type Opponent =
  | { readonly kind: 'statement'; readonly judge: Judge }
  | { readonly kind: 'boss'; readonly boss: string; readonly league?: League };

/**
 * The opponent asked for: `boss` (a built-in bot, `builtin:<name>`), or `league`'s boss, or by
 * default the statement's judge where the game has one, else the boss of its highest league.
 */
export function opponentOf(game: GameDefinition, choice: { boss?: string; league?: string }): Opponent {
  if (choice.boss !== undefined) {
    const spec = (() => {
      try {
        return parseBotSpec(game, choice.boss);
      } catch (err) {
        if (err instanceof BotStartError) throw new SetupError(`--boss: ${err.message}`);
        throw err;
      }
    })();
    if (spec.kind !== 'builtin')
      throw new SetupError(`a boss is a built-in bot, builtin:<name>, not ${JSON.stringify(choice.boss)}`);
    return { kind: 'boss', boss: choice.boss };
  }
  const leagues = leaguesOf(game.bosses);
  if (choice.league !== undefined) {
    const found = leagues.find((l) => l.league === choice.league);
    if (!found) {
      const known = leagues.map((l) => l.league).join(', ') || 'none';
      throw new SetupError(`${game.id} has no ${choice.league} league yet (its leagues: ${known})`);
    }
    return { kind: 'boss', boss: `builtin:${found.boss}`, league: found.league };
  }
  if (game.judge) return { kind: 'statement', judge: game.judge };
  const top = leagues.at(-1);
  if (!top) throw new SetupError(`${game.title} has neither a judge nor a boss`);
  return { kind: 'boss', boss: `builtin:${top.boss}`, league: top.league };
}

/** The name of an opponent's bot, as it plays. */
export const opponentBot = (opponent: Opponent): string =>
  opponent.kind === 'boss' ? opponent.boss : `builtin:${opponent.judge.opponent}`;

export interface JudgeRequest {
  readonly game: GameDefinition;
  readonly submission: string;
  readonly opponent: Opponent;
  /** The games to play: all of them for a statement's judge, at most this many against a boss. */
  readonly games: number;
  /** The seed of the first game: a statement's judge plays game k (from 0) on `seed + k`, a boss pair j on `seed + j`. */
  readonly seed: number;
  readonly timeLimits: TimeLimits;
  readonly gameOptions: Readonly<Record<string, string>>;
  /** The submission's limits and time margin. */
  readonly connect?: ConnectOptions;
}

export interface JudgedGame {
  /** From 0. */
  readonly index: number;
  readonly seat: Seat;
  readonly result: GameResult;
  /** Null when this game does not fail the submission; else why it does. */
  readonly verdict: string | null;
}

/** Against a boss: the pair's figures from the submission's side. */
export interface BossReport {
  readonly boss: string;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  /** The mean score per game, with its 95% interval (from game pairs once there are some). */
  readonly score: Interval;
  readonly elo: Interval;
  readonly pairs: number;
  readonly sprt: SprtState;
}

export interface JudgeVerdict {
  readonly accepted: boolean;
  /** The games played. */
  readonly games: number;
  /** Why the submission was not accepted; null when it was. */
  readonly reason: string | null;
  /** The game that decided: the failing one, or the last one played (the SPRT's verdict, or the cap). */
  readonly decisive: { readonly judged: JudgedGame; readonly played: PlayedGame } | null;
  /** Present when the submission played a boss. */
  readonly boss?: BossReport;
}

/** Judges a submission; `onGame` sees each game as it ends. */
export async function judgeSubmission(
  request: JudgeRequest,
  onGame: (judged: JudgedGame, played: PlayedGame) => void | Promise<void>,
): Promise<JudgeVerdict> {
  checkSeats(request.game, 2);
  return request.opponent.kind === 'statement'
    ? judgeByStatement(request, request.opponent.judge, onGame)
    : judgeByBoss(request, request.opponent.boss, onGame);
}

type Decisive = NonNullable<JudgeVerdict['decisive']>;

async function playJudged(request: JudgeRequest, opponent: string, index: number, at: Seat, seed: number) {
  const bots = at === 0 ? [request.submission, opponent] : [opponent, request.submission];
  return playGame(request.game, bots, {
    seed: seed >>> 0,
    timeLimits: request.timeLimits,
    gameOptions: request.gameOptions,
    ...(request.connect && { connect: request.connect }),
  }).then((played) => ({ index, at, played }));
}

async function judgeByStatement(
  request: JudgeRequest,
  judge: Judge,
  onGame: (judged: JudgedGame, played: PlayedGame) => void | Promise<void>,
): Promise<JudgeVerdict> {
  for (let index = 0; index < request.games; index++) {
    const { at, played } = await playJudged(
      request,
      `builtin:${judge.opponent}`,
      index,
      seat(index % 2),
      request.seed + index,
    );
    const judged: JudgedGame = { index, seat: at, result: played.result, verdict: judge.verdict(played.result, at) };
    await onGame(judged, played);
    if (judged.verdict !== null)
      return { accepted: false, games: index + 1, reason: judged.verdict, decisive: { judged, played } };
  }
  return { accepted: true, games: request.games, reason: null, decisive: null };
}

/** Why a game against a boss fails the submission: its own failure, or the boss's (a win over a failing boss proves nothing). */
function bossGameVerdict(result: GameResult, at: Seat): string | null {
  const mine = result.players[at]!;
  if (mine.status !== 'ok') return `${mine.status}: ${mine.message}`;
  const boss = result.players[1 - at]!;
  if (boss.status !== 'ok')
    return `the boss failed (${boss.status}: ${boss.message}): a win over a failing boss proves nothing; judge again on a quieter machine or with more time (--turn-ms)`;
  return null;
}

async function judgeByBoss(
  request: JudgeRequest,
  boss: string,
  onGame: (judged: JudgedGame, played: PlayedGame) => void | Promise<void>,
): Promise<JudgeVerdict> {
  const tally = new PairTally(0, 1);
  let decisive: Decisive | null = null;
  const report = (): BossReport => {
    const elo = tally.elo().interval;
    const n = tally.games;
    const mean = n === 0 ? 0.5 : (tally.wins + tally.draws / 2) / n;
    const score = { value: mean, low: scoreOfElo(elo.low), high: scoreOfElo(elo.high) };
    const round3 = (x: number) => Math.round(x * 1000) / 1000;
    return {
      boss,
      wins: tally.wins,
      draws: tally.draws,
      losses: tally.losses,
      score: { value: round3(score.value), low: round3(score.low), high: round3(score.high) },
      elo: roundInterval(elo),
      pairs: tally.pairs,
      sprt: tally.sprt(BOSS_SPRT),
    };
  };
  for (let index = 0; index < request.games; index++) {
    // Pair j: game 2j with the submission in seat 0, game 2j + 1 in seat 1, both on seed + j.
    const pair = Math.floor(index / 2);
    const { at, played } = await playJudged(request, boss, index, seat(index % 2), request.seed + pair);
    const { result } = played;
    const judged: JudgedGame = { index, seat: at, result, verdict: bossGameVerdict(result, at) };
    await onGame(judged, played);
    decisive = { judged, played };
    if (judged.verdict !== null)
      return { accepted: false, games: index + 1, reason: judged.verdict, decisive, boss: report() };
    tally.addScore(pair, result.winner === null ? 0.5 : result.winner === at ? 1 : 0);
    // The SPRT is read after whole pairs only: a pair's two games share their seed's luck.
    if (index % 2 === 1 && tally.sprt(BOSS_SPRT).verdict !== null) break;
  }
  const figures = report();
  const verdict = figures.sprt.verdict;
  const reason =
    verdict === 'H1'
      ? null
      : verdict === 'H0'
        ? `weaker than ${boss}`
        : `not shown at least as strong as ${boss} within ${tally.games} games`;
  return { accepted: verdict === 'H1', games: tally.games, reason, decisive, boss: figures };
}
