/**
 * Judging a submission as an online judge does, seats alternating, in one of two ways:
 * - the statement's judge, where the game has one (a Kattis problem): games against its reference
 *   opponent, stopped at the first game that fails the game's verdict;
 * - a boss, as CodinGame promotes a bot out of a league: game pairs against a built-in bot (seats
 *   swapped on one seed), stopped by an SPRT that tells "at least as strong as the boss" from
 *   "clearly weaker", or at a cap on games; a failure of the submission ends it at once.
 */
import { type Bot, type BotSpec, type ConnectOptions, namedBots, parseBotSpec } from '../arena/bot-spec.js';
import { type PlayedGame, playPlan } from '../arena/game-loop.js';
import { BotStartError } from '../core/connection.js';
import {
  checkGameOptions,
  checkSeats,
  type GameDefinition,
  type Judge,
  type League,
  leaguesOf,
  SetupError,
} from '../core/game.js';
import type { GameResult } from '../core/game-result.js';
import type { TimeLimits } from '../core/time-control.js';
import { type Millis, millis, type Seat, seat } from '../core/units.js';
import { PairTally } from './report/pair-tally.js';
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

/** A bot of a judging, as it plays: its argument, parsed. */
export interface JudgedBot {
  readonly argument: string;
  readonly spec: BotSpec;
}

/** Who a submission plays: the statement's judge, or a boss (a built-in bot, `builtin:<name>`). */
export type Opponent = (
  | { readonly kind: 'statement'; readonly judge: Judge }
  | { readonly kind: 'boss'; readonly boss: string; readonly league?: League }
) & { readonly bot: JudgedBot };

/** A built-in bot of the game's own (a boss, a judge's player), parsed. */
const builtin = (game: GameDefinition, name: string): JudgedBot => {
  const argument = `builtin:${name}`;
  return { argument, spec: parseBotSpec(game, argument) };
};

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
    return { kind: 'boss', boss: choice.boss, bot: { argument: choice.boss, spec } };
  }
  const leagues = leaguesOf(game.bosses);
  if (choice.league !== undefined) {
    const found = leagues.find((l) => l.league === choice.league);
    if (!found) {
      const known = leagues.map((l) => l.league).join(', ') || 'none';
      throw new SetupError(`${game.id} has no ${choice.league} league yet (its leagues: ${known})`);
    }
    return { kind: 'boss', boss: `builtin:${found.boss}`, league: found.league, bot: builtin(game, found.boss) };
  }
  if (game.judge) return { kind: 'statement', judge: game.judge, bot: builtin(game, game.judge.opponent) };
  const top = leagues.at(-1);
  if (!top) throw new SetupError(`${game.title} has neither a judge nor a boss`);
  return { kind: 'boss', boss: `builtin:${top.boss}`, league: top.league, bot: builtin(game, top.boss) };
}

/** What a judging is asked to be, as a user gives it: `planJudging` checks it. */
export interface JudgeRequest {
  /** The submission, a bot argument (a command line). */
  readonly submission: string;
  /** A built-in bot to play as the boss (`--boss`), or a league whose boss to play (`--league`). */
  readonly boss?: string;
  readonly league?: string;
  /** The games to play: all of them for a statement's judge, at most this many against a boss (defaults below). */
  readonly games?: number;
  /** The seed of the first game: a statement's judge plays game k (from 0) on `seed + k`, a boss pair j on `seed + j`. */
  readonly seed: number;
  readonly timeLimits: TimeLimits;
  readonly margin?: Millis;
  readonly gameOptions: Readonly<Record<string, string>>;
  /** The submission's sandbox. */
  readonly connect?: ConnectOptions;
}

/** A judging ready to be played: its submission and opponent parsed, its table and options checked. */
export interface JudgePlan extends Omit<JudgeRequest, 'submission' | 'boss' | 'league' | 'games' | 'margin'> {
  readonly game: GameDefinition;
  readonly submission: JudgedBot;
  readonly opponent: Opponent;
  readonly games: number;
  readonly margin: Millis;
}

/** Checks a judging and plans it: `BotStartError` for a submission that names no bot, `SetupError` for the rest. */
export function planJudging(game: GameDefinition, request: JudgeRequest): JudgePlan {
  const submission = { argument: request.submission, spec: parseBotSpec(game, request.submission) };
  const opponent = opponentOf(game, request);
  checkSeats(game, 2);
  checkGameOptions(game, request.gameOptions);
  const { boss: _boss, league: _league, ...rest } = request;
  return {
    ...rest,
    game,
    submission,
    opponent,
    games: request.games ?? (opponent.kind === 'statement' ? STATEMENT_GAMES : BOSS_GAMES),
    margin: request.margin ?? millis(0),
  };
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

/**
 * Judges a submission; `onGame` sees each game as it ends, `onStarted` the moment the submission
 * first shows that it runs (its first turn played, whatever its answer): a submission that cannot
 * start throws `BotStartError` before.
 */
export async function judgeSubmission(
  plan: JudgePlan,
  onGame: (judged: JudgedGame, played: PlayedGame) => void | Promise<void>,
  onStarted?: () => void,
): Promise<JudgeVerdict> {
  let started = false;
  const judging: JudgePlan & Judging = {
    ...plan,
    onSubmissionTurn: () => {
      if (!started) onStarted?.();
      started = true;
    },
  };
  return plan.opponent.kind === 'statement'
    ? judgeByStatement(judging, plan.opponent.judge, onGame)
    : judgeByBoss(judging, plan.opponent.boss, onGame);
}

/** A judging under way: told of each turn the submission plays. */
interface Judging {
  readonly onSubmissionTurn: () => void;
}

type Decisive = NonNullable<JudgeVerdict['decisive']>;

async function playJudged(plan: JudgePlan & Judging, index: number, at: Seat, seed: number) {
  const seats = at === 0 ? [plan.submission, plan.opponent.bot] : [plan.opponent.bot, plan.submission];
  // Named as a table of these bots in this seat order (the same argument twice: `#2` on the second seat).
  const bots: Bot[] = namedBots(
    seats.map((b) => b.argument),
    seats.map((b) => b.spec),
  );
  const played = await playPlan(
    {
      game: plan.game,
      bots,
      seed: seed >>> 0,
      gameOptions: plan.gameOptions,
      timeLimits: plan.timeLimits,
      margin: plan.margin,
      connect: plan.connect ?? {},
    },
    {
      onTurn: (turn) => {
        if (turn.seat === at) plan.onSubmissionTurn();
      },
    },
  );
  return { index, at, played };
}

async function judgeByStatement(
  request: JudgePlan & Judging,
  judge: Judge,
  onGame: (judged: JudgedGame, played: PlayedGame) => void | Promise<void>,
): Promise<JudgeVerdict> {
  for (let index = 0; index < request.games; index++) {
    const { at, played } = await playJudged(request, index, seat(index % 2), request.seed + index);
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
  request: JudgePlan & Judging,
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
    const { at, played } = await playJudged(request, index, seat(index % 2), request.seed + pair);
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
