/** What the web arena shows of runs: the list with progress, and a run's report with its pictures' data. */
import { formatOf } from '../runs/formats/index.js';
import { PairTally } from '../runs/report/pair-tally.js';
import { runReport } from '../runs/report/run-report.js';
import type { RunConfig } from '../runs/run-config.js';
import type { RunRecord, SeatTimes, StoredGame } from '../runs/store/records.js';
import type { Store } from '../runs/store/store.js';
import type { BotDetails, FailureLink, RunData, RunGame, RunSummary, TimeHistogram } from './wire.js';

/** Failures per bot whose turn is looked up in their replay (each one is read and inflated). */
const FAILURE_LINKS = 20;
/** Bins of a response time histogram below the limit; one more holds the turns at or over it. */
const BINS = 20;

export function runSummary(run: RunRecord, games: readonly StoredGame[], title: (game: string) => string): RunSummary {
  const config = run.config as RunConfig;
  const format = formatOf(config);
  const what = format.describe(config);
  const planned = format.schedule(config, run.seed, []).total;
  return {
    id: run.id,
    kind: run.kind,
    game: config.game,
    title: title(config.game),
    bots: config.bots,
    what,
    gamesPlayed: games.length,
    gamesPlanned: Math.max(planned, games.length),
    createdAt: run.createdAt,
    lastGameAt: games.at(-1)?.finishedAt ?? null,
  };
}

export function runData(store: Store, run: RunRecord, title: (game: string) => string): Omit<RunData, 'live'> {
  const games = store.games(run.id);
  const report = runReport(run, games, store.earlierPlays(run.id));
  const config = run.config as RunConfig;
  return {
    summary: runSummary(run, games, title),
    report,
    games: games.map(
      (g): RunGame => ({
        id: g.id,
        index: g.index,
        round: g.round,
        seats: g.seats,
        winner: g.result.winner,
        reason: g.result.reason,
        turns: g.result.turns,
      }),
    ),
    bots: config.bots.map((bot, b) => botDetails(store, bot, b, games)),
    ...(config.kind === 'match' && config.sprt && { llr: llrSeries(config, games) }),
  };
}

/** The SPRT's log-likelihood ratio after each game of a match, as the run's report computes it. */
function llrSeries(config: Extract<RunConfig, { kind: 'match' }>, games: readonly StoredGame[]): number[] {
  const tally = new PairTally(0, 1);
  return games.map((g) => {
    tally.add(g);
    return Math.round(tally.sprt(config.sprt!).llr * 1000) / 1000;
  });
}

function botDetails(store: Store, bot: string, b: number, games: readonly StoredGame[]): BotDetails {
  const failures: FailureLink[] = [];
  const times: SeatTimes[] = [];
  for (const g of games) {
    g.seats.forEach((bot, seat) => {
      if (bot !== b) return;
      times.push(g.times[seat]!);
      const p = g.result.players[seat]!;
      if (p.status === 'ok') return;
      failures.push({ gameId: g.id, turn: null, status: p.status, message: p.message });
    });
  }
  const linked = failures.map((f, i) =>
    i < FAILURE_LINKS ? { ...f, turn: failingTurn(store, f.gameId, b, games) } : f,
  );
  const limit = (pick: (t: SeatTimes) => number) => (times.length > 0 ? pick(times[0]!) : 0);
  return {
    bot,
    failures: linked,
    turns: histogram(
      times.flatMap((t) => t.turnMs),
      limit((t) => t.turnLimitMs),
    ),
    firstTurn: histogram(
      times.flatMap((t) => (t.firstTurnMs === null ? [] : [t.firstTurnMs])),
      limit((t) => t.firstTurnLimitMs),
    ),
  };
}

/** The turn at which bot `b` failed in a stored game (in a game of more seats it may not be the last). */
function failingTurn(store: Store, gameId: number, b: number, games: readonly StoredGame[]): number | null {
  const seats = games.find((g) => g.id === gameId)?.seats ?? [];
  const replay = store.replay(gameId);
  const turn = replay?.turns.find((t) => t.failure && seats[t.seat] === b);
  return turn?.turn ?? null;
}

export function histogram(times: readonly number[], limitMs: number): TimeHistogram {
  const width = limitMs > 0 ? limitMs / BINS : 1;
  const edges = Array.from({ length: BINS + 1 }, (_, i) => Math.round((i + 1) * width * 1000) / 1000);
  const counts = edges.map(() => 0);
  for (const t of times) counts[Math.min(BINS, Math.floor(t / width))]!++;
  return { limitMs, edges, counts };
}
