/**
 * The contract of a run format: a match, a round-robin, a gauntlet, Swiss rounds, and any to come
 * (continuous pairing). A format checks what a run may be, and plans its games as the run goes on:
 * the executors (here, or on workers) ask its schedule for the next game whenever a slot is free,
 * and tell it of each game stored. It plays nothing itself.
 */

import type { BotLimits } from '../../arena/sandbox/limits.js';
import type { Seating } from '../../core/game.js';
import type { TimeLimits } from '../../core/time-control.js';
import type { RunConfig, RunOpenings, TournamentFormat } from '../run-config.js';
import type { SprtSettings } from '../stats/sprt.js';
import type { StoredGame } from '../store/records.js';

/** One game of a run, planned: where it stands in the run, who sits where, and its seed. */
export interface PlannedGame {
  /** The game's place in the run; stored with its result, so that a resumed run skips it. */
  readonly index: number;
  readonly round: number;
  /** The bots in seat order, as indices into the run's list of bots. */
  readonly seats: readonly number[];
  readonly seed: number;
  /** The games of one deal share its seed and its opening: a match's pair, a tournament table's round. */
  readonly deal: number;
  /** Which play of the game this is, where it is played again (runs/machine-replays.ts); the first when absent. */
  readonly play?: number;
}

/** A run's games as the run goes on. */
export interface Schedule {
  /** Games the run will have played when it is complete (at most, for a match with an SPRT). */
  readonly total: number;
  /**
   * The next game to start: a game not stored yet, `wait` while the next depends on games still
   * being played (a Swiss round on the one before), or null when no game is left to start.
   */
  next(): PlannedGame | 'wait' | null;
  /** Takes a newly stored game into the schedule's tallies; returns the run's state in a few words. */
  record(game: StoredGame): string;
  /** True once the run is decided (an SPRT's verdict): no game starts, and those queued are withdrawn. */
  decided(): boolean;
  /**
   * For a schedule that waits on more than its games (a contest's, for a new entrant or the end of a
   * freeze): resolves when `next` may have a game again. Without it, `wait` is only for games being
   * played.
   */
  news?(): Promise<void>;
}

/** Where a run's games start, as asked: random plies, or the positions of an openings file. */
export type OpeningsRequest = { readonly randomPlies: number } | { readonly file: string };

/** The run formats by name; a tournament's is its `format`. */
export type FormatName = 'match' | TournamentFormat;

/** What a command asks a run to be, checked by `planRun` and the run's format. */
export interface RunRequest {
  readonly format: FormatName;
  readonly bots: readonly string[];
  readonly timeLimits: TimeLimits;
  readonly gameOptions: Readonly<Record<string, string>>;
  /** The bots' limits, when not the defaults. */
  readonly limits?: BotLimits;
  readonly timeMarginMs?: number;
  /** Where the games start, as asked: random plies, or the positions of an openings file. */
  readonly openings?: OpeningsRequest;
  /** Plays a game again where the machine caused a timeout (`--replay-machine-timeouts`). */
  readonly replayMachineTimeouts?: boolean;
  /** The run's seed; chosen and stored with the run when absent. */
  readonly seed?: number;
  /** A match's games, at most. */
  readonly games?: number;
  /** A match's stop on a verdict. */
  readonly sprt?: SprtSettings;
  /** A tournament's rounds. */
  readonly rounds?: number;
  /** A tournament's seats at each table (`--players`). */
  readonly players?: number;
}

export interface RunFormat<C extends RunConfig = RunConfig> {
  readonly name: FormatName;
  /** Refuses, with `SetupError`, a run that cannot be played: too few bots, tables the game is not played at. */
  check(game: Seating, request: RunRequest): void;
  /**
   * The run's config, stored with it, from what was asked (checked), its openings read: the
   * format's defaults for the rest.
   */
  configure(game: Seating & { readonly id: string }, request: RunRequest, openings: RunOpenings | undefined): C;
  /** The run in a few words, for lists: "match, 100 games". */
  describe(config: C): string;
  /** The schedule of the run with this seed, which has `stored` games already. */
  schedule(config: C, seed: number, stored: readonly StoredGame[]): Schedule;
}
