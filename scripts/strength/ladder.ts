/**
 * A strength ladder: one bot against a row of opponents, each rung a stored match of game pairs
 * (seats swapped, varied openings), stopped at its game count or when its SPRT decides; the table
 * gives each rung's games, score with its 95% interval and Elo difference. Rungs are stored in a
 * database (default strength.db), so a ladder run again continues where it stopped.
 */
import { parseArgs } from 'node:util';
import type { TimeLimits } from '../../src/core/time-control.js';
import { findGame } from '../../src/games/registry.js';
import type { OpeningsRequest } from '../../src/league/formats/format.js';
import type { PairReport } from '../../src/league/report/pair-tally.js';
import { playRun } from '../../src/league/run.js';
import { planRun } from '../../src/league/run-plan.js';
import { scoreOfElo } from '../../src/league/stats/elo.js';
import type { SprtSettings } from '../../src/league/stats/sprt.js';
import { Store } from '../../src/league/store/store.js';

export interface Rung {
  /** How the table names the rung: the opponent and its limit ("depth 4", "nodes 20000"). */
  readonly name: string;
  /** The bot measured, and its opponent, as `tabula match` takes them. */
  readonly bot: string;
  readonly opponent: string;
  /** Games at most; an SPRT, when given, may stop the rung earlier. */
  readonly games: number;
  readonly sprt?: SprtSettings;
  readonly openings?: OpeningsRequest;
  readonly timeLimits?: TimeLimits;
  readonly gameOptions?: Readonly<Record<string, string>>;
}

export interface LadderOptions {
  readonly db: string;
  readonly concurrency: number;
  /** Only the rungs whose name contains this. */
  readonly only?: string;
  /** Overrides each rung's game count (for a quick look). */
  readonly games?: number;
  readonly seed: number;
}

/** `--db FILE --concurrency K --rung TEXT --games N --seed S`, the options every ladder takes. */
export function ladderOptions(args: readonly string[]): LadderOptions {
  const { values } = parseArgs({
    args: [...args],
    options: {
      db: { type: 'string', default: 'strength.db' },
      concurrency: { type: 'string', default: '2' },
      rung: { type: 'string' },
      games: { type: 'string' },
      seed: { type: 'string', default: '1' },
    },
  });
  return {
    db: values.db,
    concurrency: Number(values.concurrency),
    seed: Number(values.seed),
    ...(values.rung !== undefined && { only: values.rung }),
    ...(values.games !== undefined && { games: Number(values.games) }),
  };
}

/** Plays the rungs in order, printing a row as each ends; returns each rung's pair report. */
export async function playLadder(
  gameId: string,
  rungs: readonly Rung[],
  options: LadderOptions,
): Promise<PairReport[]> {
  const game = await findGame(gameId);
  const store = new Store(options.db);
  const reports: PairReport[] = [];
  try {
    const chosen = rungs.filter((r) => options.only === undefined || r.name.includes(options.only));
    const width = Math.max(4, ...chosen.map((r) => r.name.length));
    console.log(`${gameId}: ${chosen[0]?.bot ?? ''} against each opponent`);
    console.log(`${'rung'.padEnd(width)}  games   W-D-L          score [95%]            Elo [95%]               SPRT`);
    for (const rung of chosen) {
      const plan = planRun(game, {
        format: 'match',
        bots: [rung.bot, rung.opponent],
        timeLimits: rung.timeLimits ?? game.timeLimits,
        gameOptions: rung.gameOptions ?? {},
        games: options.games ?? rung.games,
        seed: options.seed,
        ...(rung.openings && { openings: rung.openings }),
        ...(rung.sprt && { sprt: rung.sprt }),
      });
      const report = await playRun(plan, { store, concurrency: options.concurrency });
      const pair = report.pairs[0]!;
      reports.push(pair);
      console.log(rungRow(rung.name.padEnd(width), pair));
    }
  } finally {
    store.close();
  }
  return reports;
}

const elo = (x: number): string => (Number.isFinite(x) ? x.toFixed(0) : x > 0 ? '+inf' : '-inf');
const percent = (x: number): string => `${(x * 100).toFixed(1)}%`;

/** One rung: games, W-D-L, score with the interval the Elo interval gives, Elo with its interval, SPRT. */
export function rungRow(name: string, p: PairReport): string {
  const score = `${percent(p.score)} [${percent(scoreOfElo(p.elo.low))}, ${percent(scoreOfElo(p.elo.high))}]`;
  const eloText = `${elo(p.elo.value)} [${elo(p.elo.low)}, ${elo(p.elo.high)}]`;
  const sprt = p.sprt ? (p.sprt.verdict ?? `LLR ${p.sprt.llr.toFixed(2)}`) : '-';
  return `${name}  ${String(p.games).padStart(5)}   ${`${p.wins}-${p.draws}-${p.losses}`.padEnd(13)}  ${score.padEnd(21)}  ${eloText.padEnd(22)}  ${sprt}`;
}
