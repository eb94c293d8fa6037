/** What the results store holds, as its readers and writers see it: runs and their finished games. Types only. */
import type { GameResult } from '../../core/game-result.js';
import type { TimedOutTurn } from '../../core/time-control.js';

export type RunKind = 'match' | 'tournament';

export interface RunRecord {
  readonly id: number;
  readonly kind: RunKind;
  /** What identifies the run: the same command finds the same run again and continues it. */
  readonly identity: string;
  readonly config: unknown;
  readonly seed: number;
  readonly createdAt: string;
}

export interface SeatTimes {
  readonly firstTurnMs: number | null;
  /** Response times of the turns after the first. */
  readonly turnMs: readonly number[];
  readonly firstTurnLimitMs: number;
  readonly turnLimitMs: number;
  /** CPU times, where measured (absent in games stored before Tabula measured them). */
  readonly firstTurnCpuMs?: number | null;
  readonly turnCpuMs?: readonly number[];
  /** Answers taken past their limit, within the time margin. */
  readonly overruns?: number;
  /** Where the seat timed out: its failing turn's figures, which say whose doing it was (core/time-control.ts). */
  readonly timeout?: TimedOutTurn;
}

export interface StoredGame {
  readonly id: number;
  readonly runId: number;
  /** The game's place in the run's schedule: what makes a resumed run skip it. */
  readonly index: number;
  /**
   * Set on an earlier play of a game played again (a timeout the machine caused: runs/machine-replays.ts):
   * which play it was, from 1. Kept for the record; it counts nowhere, and does not make a resumed run skip its game.
   */
  readonly earlierPlay?: number;
  readonly round: number;
  /** The bots in seat order, as indices into the run's list of bots (a bot may play itself). */
  readonly seats: readonly number[];
  readonly result: GameResult;
  readonly times: readonly SeatTimes[];
  readonly finishedAt: string;
  readonly durationMs: number;
  /** The worker that played it, as a run played by workers reports it (not kept in the database). */
  readonly worker?: string;
}

/** A game as it is handed to the store: everything but the id the store gives it (and the time it ends, now unless given). */
export type FinishedGame = Omit<StoredGame, 'id' | 'finishedAt'> & { readonly finishedAt?: string };
