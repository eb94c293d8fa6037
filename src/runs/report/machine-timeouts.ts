/** The timeouts a run's machine caused: the games played again for them, and those counted all the same. */
import { type TimedOutTurn, timeoutRuling } from '../../core/time-control.js';
import { machineTimeout } from '../machine-replays.js';
import type { StoredGame } from '../store/records.js';

/** An earlier play of a game played again: where it is, whose timeout, and why it was the machine's. */
export interface EarlierPlay extends TimedOutTurn {
  /** The stored play, for `tabula replay`. */
  readonly gameId: number;
  /** The game's place in the run, and which play of it this was. */
  readonly index: number;
  readonly play: number;
  /** The seat that timed out, and its bot's name. */
  readonly seat: number;
  readonly name: string;
  /** The ruling in words (core/time-control.ts, `timeoutRuling`). */
  readonly why: string;
}

export interface MachineTimeouts {
  /** Whether the run plays such games again (`--replay-machine-timeouts`). */
  readonly replaying: boolean;
  /** Games with an earlier play, and each earlier play: stored, counted nowhere. */
  readonly gamesPlayedAgain: number;
  readonly earlierPlays: readonly EarlierPlay[];
  /**
   * Games counted with a timeout the machine caused: lost to it as to any timeout where the run does
   * not play them again; where it does, each at its last play.
   */
  readonly counted: number;
}

/** The machine's timeouts among a run's `games` (those counted) and its `earlier` plays; `names`, its bots'. */
export function machineTimeouts(
  replaying: boolean,
  games: readonly StoredGame[],
  earlier: readonly StoredGame[],
  names: readonly string[],
): MachineTimeouts {
  const earlierPlays = earlier.flatMap((g): EarlierPlay[] => {
    const timeout = machineTimeout(g);
    if (!timeout || g.earlierPlay === undefined) return [];
    const { seat, turn } = timeout;
    const where = { gameId: g.id, index: g.index, play: g.earlierPlay, seat, name: names[g.seats[seat]!]! };
    return [{ ...where, ...turn, why: timeoutRuling(seat, turn).why }];
  });
  return {
    replaying,
    gamesPlayedAgain: new Set(earlierPlays.map((p) => p.index)).size,
    earlierPlays,
    counted: games.filter((g) => machineTimeout(g) !== null).length,
  };
}
