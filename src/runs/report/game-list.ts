/** A run's games one by one, as `tabula results --games` lists them: enough to pick one and open its replay. */
import { botNames } from '../../arena/bot-spec.js';
import type { PlayerStatus } from '../../core/game-result.js';
import type { Seat } from '../../core/units.js';
import type { RunConfig } from '../run-config.js';
import type { RunRecord, StoredGame } from '../store/records.js';

export interface ListedGame {
  /** What `tabula replay` takes. */
  readonly id: number;
  readonly index: number;
  readonly round: number;
  readonly seed: number;
  /** The players in seat order, as indices into the run's bots, and by name. */
  readonly seats: readonly number[];
  readonly names: readonly string[];
  readonly winner: Seat | null;
  readonly reason: string;
  readonly turns: number;
  readonly failures: readonly {
    readonly seat: Seat;
    readonly name: string;
    readonly status: Exclude<PlayerStatus, 'ok'>;
    readonly message: string;
  }[];
}

export function listGames(run: RunRecord, games: readonly StoredGame[]): ListedGame[] {
  const names = botNames((run.config as RunConfig).bots);
  return games.map((g) => {
    const seatNames = g.seats.map((b) => names[b]!);
    return {
      id: g.id,
      index: g.index,
      round: g.round,
      seed: g.result.seed,
      seats: g.seats,
      names: seatNames,
      winner: g.result.winner,
      reason: g.result.reason,
      turns: g.result.turns,
      failures: g.result.players.flatMap((p) =>
        p.status === 'ok' ? [] : [{ seat: p.seat, name: seatNames[p.seat]!, status: p.status, message: p.message }],
      ),
    };
  });
}
