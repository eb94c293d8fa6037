/** The report of a stored run, as `tabula results` and the end of a run show it. */
import { botNames } from '../../arena/bot-spec.js';
import type { RunConfig } from '../run-config.js';
import type { RunRecord, StoredGame } from '../store/records.js';
import { type BotReport, botReports } from './bot-report.js';
import { type MachineTimeouts, machineTimeouts } from './machine-timeouts.js';
import { type PairReport, PairTally } from './pair-tally.js';
import { type CrossTable, multiSeatStandings, type Standing, twoSeatStandings } from './standings.js';

export interface RunReport {
  readonly run: number;
  readonly config: RunConfig;
  readonly seed: number;
  readonly createdAt: string;
  readonly gamesPlayed: number;
  /** Matches: the pair's statistics. Tournaments of two seats: every pair that met. */
  readonly pairs: readonly PairReport[];
  /** Tournaments only. */
  readonly standings?: readonly Standing[];
  readonly crossTable?: CrossTable;
  readonly bots: readonly BotReport[];
  /** Rounds with at least one game stored (a match's rounds are its game pairs). */
  readonly roundsPlayed: number;
  /** Timeouts the machine caused: the games played again for them, and those counted. */
  readonly machineTimeouts: MachineTimeouts;
}

/** The report of `run` from its `games` (those that count) and its `earlier` plays of games played again. */
export function runReport(run: RunRecord, games: readonly StoredGame[], earlier: readonly StoredGame[]): RunReport {
  const config = run.config as RunConfig;
  const names = botNames(config.bots);
  const base = {
    run: run.id,
    config,
    seed: run.seed,
    createdAt: run.createdAt,
    gamesPlayed: games.length,
    roundsPlayed: games.reduce((r, g) => Math.max(r, g.round + 1), 0),
    machineTimeouts: machineTimeouts(config.replayMachineTimeouts === true, games, earlier, names),
  };
  const runBots = { bots: config.bots, names };
  const bots = botReports(runBots, games);
  if (config.kind === 'match') {
    const tally = new PairTally(0, 1);
    for (const g of games) tally.add(g);
    return { ...base, pairs: [tally.report(config.bots, names, config.sprt)], bots };
  }
  if (config.players > 2) return { ...base, pairs: [], ...multiSeatStandings(runBots, games), bots };
  const tallies = new Map<string, PairTally>();
  for (const g of games) {
    const [a, b] = [...g.seats].sort((x, y) => x - y) as [number, number];
    const key = `${a}-${b}`;
    if (!tallies.has(key)) tallies.set(key, new PairTally(a, b));
    tallies.get(key)!.add(g);
  }
  const pairs = [...tallies.values()].sort((x, y) => x.a - y.a || x.b - y.b).map((t) => t.report(config.bots, names));
  return { ...base, pairs, ...twoSeatStandings(runBots, games), bots };
}
