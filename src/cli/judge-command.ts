/**
 * `tabula judge <game> <command>`: judges a submission the way an online judge would, from both seats
 * in turn: against the statement's judge where the game has one, else (or when asked) against a boss.
 */
import { writeReplay } from '../arena/replay.js';
import { randomSeed } from '../core/rng.js';
import type { TimeOverrides } from '../core/time-control.js';
import { millis } from '../core/units.js';
import { findGame } from '../games/registry.js';
import { type BossReport, type JudgeVerdict, judgeSubmission, planJudging } from '../runs/judge.js';
import type { Interval } from '../runs/stats/elo.js';
import { plural } from './plural.js';
import { type LimitOptions, limitsOf, sandboxOf, timeLimitsOf } from './run-options.js';

export interface JudgeOptions extends TimeOverrides, LimitOptions {
  games?: number;
  seed?: number;
  option: Record<string, string>;
  /** Where the deciding game's replay goes; `judge-<game>-<seed>.json` when absent. */
  replay?: string;
  boss?: string;
  league?: string;
}

/** Returns the exit code: 0 when accepted, 1 when not. */
export async function judgeCommand(gameId: string, submission: string, options: JudgeOptions): Promise<number> {
  const game = await findGame(gameId);
  const { timeMarginMs } = limitsOf(options);
  const plan = planJudging(game, {
    submission,
    ...(options.boss !== undefined && { boss: options.boss }),
    ...(options.league !== undefined && { league: options.league }),
    ...(options.games !== undefined && { games: options.games }),
    seed: options.seed ?? randomSeed(),
    timeLimits: timeLimitsOf(game, options),
    ...(timeMarginMs !== undefined && { margin: millis(timeMarginMs) }),
    gameOptions: options.option,
    connect: { ...sandboxOf(options), ...(options.replay !== undefined && { hidden: [options.replay] }) },
  });
  const { opponent, games, seed } = plan;
  const against =
    opponent.kind === 'statement'
      ? `the statement's judge: ${opponent.judge.rule} (builtin:${opponent.judge.opponent}), ${games} games`
      : `the ${opponent.league === undefined ? '' : `${opponent.league} league's `}boss ${opponent.boss}, at most ${games} games, until an SPRT decides`;
  // Said once the submission runs: one that cannot start leaves stdout empty, its one line on stderr.
  let said = false;
  const sayWhat = (): void => {
    if (!said) process.stdout.write(`judging against ${against}, seed ${seed}\n`);
    said = true;
  };
  const verdict = await judgeSubmission(
    plan,
    (judged) => {
      sayWhat();
      const { result } = judged;
      const outcome = result.winner === null ? 'draw' : result.winner === judged.seat ? 'won' : 'lost';
      const moves = plural(result.turns, 'move');
      process.stdout.write(
        `game ${judged.index + 1}: seat ${judged.seat}, seed ${result.seed}: ${outcome} in ${moves} (${result.reason})\n`,
      );
    },
    sayWhat,
  );
  sayWhat();
  process.stdout.write(`${verdictLine(verdict)}\n`);
  const { decisive } = verdict;
  // A statement's judge shows the game that failed; a boss test also the game after which it decided.
  if (decisive && (decisive.judged.verdict !== null || verdict.boss)) {
    const file = options.replay ?? `judge-${game.id}-${decisive.judged.result.seed}.json`;
    await writeReplay(file, decisive.played.replay);
    process.stdout.write(`replay: ${file}\n`);
  }
  return verdict.accepted ? 0 : 1;
}

function verdictLine(verdict: JudgeVerdict): string {
  const { decisive, boss } = verdict;
  const failed = decisive?.judged.verdict;
  if (failed !== null && failed !== undefined) {
    const { index, seat, result } = decisive!.judged;
    return `Rejected: game ${index + 1} (seat ${seat}, seed ${result.seed}): ${failed}`;
  }
  if (!boss) return `Accepted: ${verdict.games} of ${verdict.games} games passed`;
  const head = verdict.accepted ? `Accepted: at least as strong as ${boss.boss}` : `Rejected: ${verdict.reason}`;
  return `${head}: ${figures(boss)}`;
}

const percent = (x: number): string => `${(x * 100).toFixed(1)}%`;
const signed = (x: number): string => (x === Infinity ? '+inf' : x === -Infinity ? '-inf' : `${x > 0 ? '+' : ''}${x}`);
const range = (i: Interval, show: (x: number) => string): string =>
  `${show(i.value)} [${show(i.low)}, ${show(i.high)}]`;

/** The score and its interval, the games it took, and the SPRT's state. */
function figures(boss: BossReport): string {
  const games = boss.wins + boss.draws + boss.losses;
  const { sprt } = boss;
  const bound = sprt.verdict === 'H1' ? sprt.upper : sprt.lower;
  const test =
    sprt.verdict === null
      ? `LLR ${sprt.llr.toFixed(2)}, between ${sprt.lower.toFixed(2)} and ${sprt.upper.toFixed(2)}`
      : `LLR ${sprt.llr.toFixed(2)} reached ${bound.toFixed(2)}`;
  return [
    `score ${range(boss.score, percent)} (W ${boss.wins} D ${boss.draws} L ${boss.losses})`,
    `Elo ${range(boss.elo, signed)}`,
    `in ${plural(games, 'game')} (${plural(boss.pairs, 'pair')})`,
    `SPRT elo0=${sprt.elo0} elo1=${sprt.elo1}: ${test}`,
  ].join(', ');
}
