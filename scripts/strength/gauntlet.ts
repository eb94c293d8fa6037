/**
 * A gauntlet: one bot against a row of opponents, each pairing a stored match of game pairs
 * (seats swapped, varied openings), stopped at its game count or when its SPRT decides; the table
 * gives each pairing's games, score with its 95% interval and Elo difference. Pairings are stored in a
 * database (default strength.db), so a gauntlet run again continues where it stopped.
 */
import { parseArgs } from 'node:util';
import type { TimeLimits } from '../../src/core/time-control.js';
import { findGame } from '../../src/games/registry.js';
import type { OpeningsRequest } from '../../src/runs/formats/format.js';
import type { PairReport } from '../../src/runs/report/pair-tally.js';
import { playRun } from '../../src/runs/run.js';
import { planRun } from '../../src/runs/run-plan.js';
import { scoreOfElo } from '../../src/runs/stats/elo.js';
import type { SprtSettings } from '../../src/runs/stats/sprt.js';
import { Store } from '../../src/runs/store/store.js';

export interface Pairing {
  /** How the table names the pairing: the opponent and its limit ("depth 4", "nodes 20000"). */
  readonly name: string;
  /** The bot measured, and its opponent, as `tabula match` takes them. */
  readonly bot: string;
  readonly opponent: string;
  /** Games at most; an SPRT, when given, may stop the pairing earlier. */
  readonly games: number;
  readonly sprt?: SprtSettings;
  readonly openings?: OpeningsRequest;
  readonly timeLimits?: TimeLimits;
  readonly gameOptions?: Readonly<Record<string, string>>;
}

export interface GauntletOptions {
  readonly db: string;
  readonly concurrency: number;
  /** Only the pairings whose name contains this. */
  readonly only?: string;
  /** Overrides each pairing's game count (for a quick look). */
  readonly games?: number;
  readonly seed: number;
}

/** A bad option on a gauntlet's command line: main.ts prints it without a stack trace. */
export class OptionError extends Error {
  override readonly name = 'OptionError';
}

/**
 * A gauntlet's own option `--NAME VALUE` taken out of `args` (null when absent), its value checked
 * against `pattern`, `what` naming what it must be; the rest of `args` for `gauntletOptions`.
 */
export function ownOption(
  args: readonly string[],
  name: string,
  pattern: RegExp,
  what: string,
): { value: string | null; rest: string[] } {
  const at = args.indexOf(`--${name}`);
  if (at < 0) return { value: null, rest: [...args] };
  const value = args[at + 1] ?? '';
  if (!pattern.test(value)) throw new OptionError(`--${name} takes ${what}, not "${value}"`);
  return { value, rest: [...args.slice(0, at), ...args.slice(at + 2)] };
}

/** `--db FILE --concurrency K --pairing TEXT --games N --seed S`, the options every gauntlet takes. */
export function gauntletOptions(args: readonly string[]): GauntletOptions {
  const { values } = parseArgs({
    args: [...args],
    options: {
      db: { type: 'string', default: 'strength.db' },
      concurrency: { type: 'string', default: '2' },
      pairing: { type: 'string' },
      games: { type: 'string' },
      seed: { type: 'string', default: '1' },
    },
  });
  return {
    db: values.db,
    concurrency: Number(values.concurrency),
    seed: Number(values.seed),
    ...(values.pairing !== undefined && { only: values.pairing }),
    ...(values.games !== undefined && { games: Number(values.games) }),
  };
}

/** Plays the pairings in order, printing a row as each ends; returns each pairing's pair report. */
export async function playGauntlet(
  gameId: string,
  pairings: readonly Pairing[],
  options: GauntletOptions,
): Promise<PairReport[]> {
  const game = await findGame(gameId);
  const store = new Store(options.db);
  const reports: PairReport[] = [];
  try {
    const chosen = pairings.filter((r) => options.only === undefined || r.name.includes(options.only));
    const width = Math.max(4, ...chosen.map((r) => r.name.length));
    console.log(`${gameId}: ${chosen[0]?.bot ?? ''} against each opponent`);
    console.log(
      `${'opponent'.padEnd(width)}  games   W-D-L          score [95%]            Elo [95%]               SPRT`,
    );
    for (const pairing of chosen) {
      const plan = planRun(game, {
        format: 'match',
        bots: [pairing.bot, pairing.opponent],
        timeLimits: pairing.timeLimits ?? game.timeLimits,
        gameOptions: pairing.gameOptions ?? {},
        games: options.games ?? pairing.games,
        seed: options.seed,
        ...(pairing.openings && { openings: pairing.openings }),
        ...(pairing.sprt && { sprt: pairing.sprt }),
      });
      const report = await playRun(plan, { store, concurrency: options.concurrency });
      const pair = report.pairs[0]!;
      reports.push(pair);
      console.log(pairingRow(pairing.name.padEnd(width), pair));
    }
  } finally {
    store.close();
  }
  return reports;
}

const elo = (x: number): string => (Number.isFinite(x) ? x.toFixed(0) : x > 0 ? '+inf' : '-inf');
const percent = (x: number): string => `${(x * 100).toFixed(1)}%`;

/** One pairing: games, W-D-L, score with the interval the Elo interval gives, Elo with its interval, SPRT. */
export function pairingRow(name: string, p: PairReport): string {
  const score = `${percent(p.score)} [${percent(scoreOfElo(p.elo.low))}, ${percent(scoreOfElo(p.elo.high))}]`;
  const eloText = `${elo(p.elo.value)} [${elo(p.elo.low)}, ${elo(p.elo.high)}]`;
  const sprt = p.sprt ? (p.sprt.verdict ?? `LLR ${p.sprt.llr.toFixed(2)}`) : '-';
  return `${name}  ${String(p.games).padStart(5)}   ${`${p.wins}-${p.draws}-${p.losses}`.padEnd(13)}  ${score.padEnd(21)}  ${eloText.padEnd(22)}  ${sprt}`;
}
