/**
 * Tables of bots on a fixed schedule, shared by round-robin and gauntlet: in every round each
 * table (a set of bots) plays one game in every seat order, all on one seed, so that luck (a deal,
 * an opening) is the same for every side.
 */
import { checkSeats, type Seating, SetupError } from '../../core/game.js';
import { deriveSeed } from '../../core/rng.js';
import type { RunOpenings, TournamentConfig, TournamentFormat } from '../run-config.js';
import type { StoredGame } from '../store/records.js';
import type { PlannedGame, RunFormat, RunRequest, Schedule } from './format.js';

/**
 * A format of tables on a fixed schedule: every round, each table `tables` keeps of the sets of bots
 * (a set as large as a table) plays one game in every seat order.
 */
export function tableFormat(
  name: 'round-robin' | 'gauntlet',
  tables: (sets: readonly number[][]) => readonly number[][],
): RunFormat<TournamentConfig> {
  return {
    name,
    check: checkTables,
    configure: (game, request, openings) => tournamentConfig(game, request, openings, name),
    describe: describeTournament,
    schedule: (config, seed, stored) =>
      fixedSchedule(
        tableGames(tables, config.bots.length, config.players, config.rounds, seed),
        stored,
        roundOf(config),
      ),
  };
}

/** Seats at each table unless asked (`--players`): all the bots, at most what the game allows. */
export const tableSize = (game: Seating, request: RunRequest): number =>
  request.players ?? Math.min(request.bots.length, game.seats.max);

/** Refuses too few bots, and tables the game is not played at. */
export function checkTables(game: Seating, request: RunRequest): void {
  const bots = request.bots.length;
  const seats = tableSize(game, request);
  if (bots < 2) throw new SetupError('a tournament needs at least two bots');
  checkSeats(game, seats);
  if (seats > bots) throw new SetupError(`tables of ${seats} need at least ${seats} bots`);
}

/** A tournament's config: tables of all the bots unless asked, `rounds` rounds unless asked (one by default). */
export function tournamentConfig(
  game: Seating & { readonly id: string },
  request: RunRequest,
  openings: RunOpenings | undefined,
  format: TournamentFormat,
  rounds: (bots: number) => number = () => 1,
): TournamentConfig {
  return {
    kind: 'tournament',
    game: game.id,
    bots: request.bots,
    format,
    players: tableSize(game, request),
    rounds: request.rounds ?? rounds(request.bots.length),
    timeLimits: request.timeLimits,
    gameOptions: request.gameOptions,
    ...(request.limits && { limits: request.limits }),
    ...(request.timeMarginMs !== undefined && { timeMarginMs: request.timeMarginMs }),
    ...(request.replayMachineTimeouts && { replayMachineTimeouts: true }),
    ...(openings && { openings }),
    ...(request.seed !== undefined && { seed: request.seed }),
  };
}

/** A tournament in a few words: "round-robin tournament, 2 rounds, tables of 3". */
export const describeTournament = (config: TournamentConfig): string =>
  `${config.format} tournament, ${config.rounds} round${config.rounds === 1 ? '' : 's'}, tables of ${config.players}`;

/** Every round, every table `tables` keeps of the sets of `seats` bots, in every seat order. */
export function tableGames(
  tables: (sets: readonly number[][]) => readonly number[][],
  bots: number,
  seats: number,
  rounds: number,
  seed: number,
): PlannedGame[] {
  const chosen = tables(combinations(bots, seats));
  const planned: PlannedGame[] = [];
  let deal = 0;
  for (let round = 0; round < rounds; round++) {
    for (const table of chosen) {
      const tableSeed = deriveSeed(seed, deal);
      for (const seats of permutations(table))
        planned.push({ index: planned.length, round, seats, seed: tableSeed, deal });
      deal++;
    }
  }
  return planned;
}

/** A schedule of games known in advance, the stored ones skipped: a round-robin's, a gauntlet's, a match's. */
export function fixedSchedule(
  games: readonly PlannedGame[],
  stored: readonly StoredGame[],
  record: (game: StoredGame) => string,
  decided: () => boolean = () => false,
): Schedule {
  const done = new Set(stored.map((g) => g.index));
  let next = 0;
  return {
    total: games.length,
    next: () => {
      if (decided()) return null;
      while (next < games.length && done.has(games[next]!.index)) next++;
      return games[next++] ?? null;
    },
    record,
    decided,
  };
}

/** What a tournament's progress reads: its round. */
export const roundOf =
  (config: TournamentConfig) =>
  (g: { readonly round: number }): string =>
    `round ${g.round + 1}/${config.rounds}`;

/** All k-element subsets of 0..n-1, in lexicographic order. */
export function combinations(n: number, k: number): number[][] {
  const out: number[][] = [];
  const pick = (start: number, chosen: number[]) => {
    if (chosen.length === k) return void out.push([...chosen]);
    for (let i = start; i < n; i++) pick(i + 1, [...chosen, i]);
  };
  pick(0, []);
  return out;
}

/** All orderings of `items`, the given order first. */
export function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((first, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [first, ...rest]),
  );
}
