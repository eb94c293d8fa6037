/** What a match or tournament run is: stored with it, and what the same command finds it by again. */

import type { Opening } from '../arena/opening.js';
import type { BotLimits } from '../arena/sandbox/limits.js';
import type { TimeLimits } from '../core/time-control.js';
import type { SprtSettings } from './stats/sprt.js';

interface CommonConfig {
  readonly game: string;
  readonly bots: readonly string[];
  readonly timeLimits: TimeLimits;
  readonly gameOptions: Readonly<Record<string, string>>;
  /** Where the games start, when not at the game's own start. */
  readonly openings?: RunOpenings;
  /** The seed the user gave; absent when the run chose its own (stored with the run). */
  readonly seed?: number;
  /** The bots' limits, when not the defaults (DEFAULT_LIMITS). */
  readonly limits?: BotLimits;
  /** How far past its limit an answer is still taken (`--time-margin`), when there is a margin. */
  readonly timeMarginMs?: number;
  /**
   * A game is played again where the machine caused a timeout (`--replay-machine-timeouts`,
   * machine-replays.ts); absent when not. It changes what the games count, so it is part of the identity.
   */
  readonly replayMachineTimeouts?: true;
}

export interface MatchConfig extends CommonConfig {
  readonly kind: 'match';
  readonly games: number;
  readonly sprt?: SprtSettings;
}

/**
 * Where a run's games start: random plies chosen by each deal's seed, or the positions of an openings
 * file, one per deal in turn (the games of a deal, seats swapped, start alike).
 */
export type RunOpenings = { readonly randomPlies: number } | { readonly positions: readonly string[] };

/** The opening of deal `deal` (a match's pair, a tournament table's round). */
export function openingOf(openings: RunOpenings | undefined, deal: number): Opening | undefined {
  if (!openings) return undefined;
  return 'randomPlies' in openings ? openings : { position: openings.positions[deal % openings.positions.length]! };
}

/** The tournament formats, for the command line's choices. */
export const TOURNAMENT_FORMATS = ['round-robin', 'gauntlet', 'swiss'] as const;
export type TournamentFormat = (typeof TOURNAMENT_FORMATS)[number];

export interface TournamentConfig extends CommonConfig {
  readonly kind: 'tournament';
  readonly format: TournamentFormat;
  /** Seats at each table. */
  readonly players: number;
  readonly rounds: number;
}

export type RunConfig = MatchConfig | TournamentConfig;

/** What every game of a run is played with: what travels to the workers with each game. */
export type RunGameConfig = Pick<
  RunConfig,
  'bots' | 'timeLimits' | 'gameOptions' | 'openings' | 'limits' | 'timeMarginMs'
>;

/** The part of a run's config that its games are played with. */
export function gameConfigOf(config: RunConfig): RunGameConfig {
  const { bots, timeLimits, gameOptions, openings, limits, timeMarginMs } = config;
  return {
    bots,
    timeLimits,
    gameOptions,
    ...(openings && { openings }),
    ...(limits && { limits }),
    ...(timeMarginMs !== undefined && { timeMarginMs }),
  };
}

/**
 * The identity of a run: everything but how long it goes on (games, rounds), so that the same
 * command continues a stopped run, and the same command with more games or rounds extends it.
 */
export function runIdentity(config: RunConfig): string {
  const { games: _games, rounds: _rounds, ...rest } = config as RunConfig & { games?: number; rounds?: number };
  return JSON.stringify(sortedKeys(rest));
}

/** The value with every object's keys in order, so that equal configs give equal text. */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, v]) => [k, sortedKeys(v)]),
  );
}
