/** Stored games made by hand, for the league's unit tests: results and times without playing. */
import type { GameResult } from '../../src/core/game-result.js';
import { seat } from '../../src/core/units.js';
import type { SeatTimes, StoredGame } from '../../src/runs/store/records.js';

export interface GameSketch {
  readonly index: number;
  readonly round: number;
  /** The bots in seat order, as indices into the run's bots. */
  readonly seats: readonly number[];
  /** The winning seat, or null for a draw. */
  readonly winner: number | null;
  /** A seat that failed, with how. */
  readonly failure?: {
    readonly seat: number;
    readonly status: 'timeout' | 'crash' | 'invalid';
    readonly message: string;
  };
  /** Each seat's place, for games of more seats. */
  readonly ranks?: readonly number[];
}

const times = (k: number): SeatTimes => ({
  firstTurnMs: 100 + k,
  turnMs: [1 + k, 2 + k, 3 + k, 10 + k],
  firstTurnLimitMs: 1000,
  turnLimitMs: 50,
  firstTurnCpuMs: 60 + k,
  turnCpuMs: [0.5 + k, 1 + k, 2 + k, 9 + k],
  overruns: k,
});

/** A stored game of run 1 between `bots`, with fixed times, as the store would give it back. */
export function storedGame(bots: readonly string[], g: GameSketch): StoredGame {
  const result: GameResult = {
    game: 'mills',
    seed: 1000 + g.round,
    turns: 40,
    winner: g.winner === null ? null : seat(g.winner),
    reason: g.failure ? `seat ${g.failure.seat} ${g.failure.status}: ${g.failure.message}` : 'a win',
    players: g.seats.map((b, s) => ({
      bot: bots[b]!,
      seat: seat(s),
      score: g.winner === s ? 1 : 0,
      rank: g.ranks?.[s] ?? (g.winner === null || g.winner === s ? 1 : 2),
      status: g.failure?.seat === s ? g.failure.status : 'ok',
      message: g.failure?.seat === s ? g.failure.message : '',
    })),
  };
  return {
    id: g.index + 1,
    runId: 1,
    index: g.index,
    round: g.round,
    seats: g.seats,
    result,
    times: g.seats.map((_, s) => times(s)),
    finishedAt: '2026-11-23T00:00:00.000Z',
    durationMs: 1000,
  };
}
