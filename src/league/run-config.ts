/** What a match or tournament run is: stored with it, and what the same command finds it by again. */

import type { TimeLimits } from '../core/units.js';
import type { SprtSettings } from './stats/sprt.js';

interface CommonConfig {
  readonly game: string;
  readonly bots: readonly string[];
  readonly timeLimits: TimeLimits;
  readonly gameOptions: Readonly<Record<string, string>>;
  /** The seed the user gave; absent when the run chose its own (stored with the run). */
  readonly seed?: number;
}

export interface MatchConfig extends CommonConfig {
  readonly kind: 'match';
  readonly games: number;
  readonly sprt?: SprtSettings;
}

export type TournamentFormat = 'round-robin' | 'gauntlet' | 'swiss';

export interface TournamentConfig extends CommonConfig {
  readonly kind: 'tournament';
  readonly format: TournamentFormat;
  /** Seats at each table. */
  readonly players: number;
  readonly rounds: number;
}

export type RunConfig = MatchConfig | TournamentConfig;

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
