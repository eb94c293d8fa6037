/**
 * How one game ended, for every seat: what `tabula play --json` prints and what a judge reads. A
 * contract that scripts read: change it only by adding fields.
 */
import type { Seat } from './units.js';

export type PlayerStatus = 'ok' | 'timeout' | 'crash' | 'invalid';

export interface PlayerResult {
  readonly bot: string;
  readonly seat: Seat;
  readonly score: number;
  /** 1 for the winner; tied seats share a place; a draw between all gives all 1. */
  readonly rank: number;
  readonly status: PlayerStatus;
  /** Why the status is not `ok`; empty when it is. */
  readonly message: string;
  /**
   * The bot's name in reports: the name given (`name=command`), or else `bot` itself (with `#2`...
   * on repeats). Absent only from results stored before bots had names.
   */
  readonly name?: string;
}

export interface GameResult {
  readonly game: string;
  readonly seed: number;
  /** Exchanges with the bots, the failing one included. */
  readonly turns: number;
  readonly winner: Seat | null;
  readonly reason: string;
  readonly players: readonly PlayerResult[];
}
