/**
 * A run's games played again where the machine, not a bot, caused a timeout
 * (`--replay-machine-timeouts`): such a game is played again from its seed with the same seats,
 * MACHINE_TRIES plays in all, as a contest's are. The earlier plays are stored for the record, at
 * places of their own (store.ts), and counted nowhere; the last play counts whatever it is. The store
 * is all a resumed run needs: a game's earlier plays say which play comes next, and each play is
 * stored once.
 */
import { MACHINE_TRIES, machineCaused, type TimedOutTurn } from '../core/time-control.js';
import type { PlannedGame, Schedule } from './formats/format.js';
import type { StoredGame } from './store/records.js';

/** A timeout the machine caused in a game: the seat and its failing turn's figures; null when none. */
export function machineTimeout(
  game: Pick<StoredGame, 'result' | 'times'>,
): { readonly seat: number; readonly turn: TimedOutTurn } | null {
  for (const p of game.result.players) {
    const turn = game.times[p.seat]?.timeout;
    if (p.status === 'timeout' && turn && machineCaused(turn)) return { seat: p.seat, turn };
  }
  return null;
}

/** Which play `planned` was, where a game so played is kept as an earlier one and played again; else undefined. */
export function earlierPlayOf(planned: PlannedGame, played: Pick<StoredGame, 'result' | 'times'>): number | undefined {
  const play = planned.play ?? 1;
  return play < MACHINE_TRIES && machineTimeout(played) ? play : undefined;
}

/** A run's schedule whose games may be played again: `again` hands out the next play of a game. */
export interface ReplayingSchedule extends Schedule {
  /** `game`, an earlier play, was stored: the next play of its game goes before any other game. */
  again(game: StoredGame): void;
}

/**
 * The format's `schedule` with games played again: each game handed out as the play that follows
 * those stored (`earlier`: the run's earlier plays), a game to play again before any other, none once
 * the run is decided. While games handed out are not stored yet it waits rather than end: any of
 * them may have to be played again.
 */
export function replayingSchedule(schedule: Schedule, earlier: readonly StoredGame[]): ReplayingSchedule {
  const plays = new Map<number, number>();
  for (const g of earlier) plays.set(g.index, Math.max(plays.get(g.index) ?? 0, g.earlierPlay ?? 0));
  /** The games handed out and not stored yet, by index: a game played again is played as planned. */
  const inPlay = new Map<number, PlannedGame>();
  const queued: PlannedGame[] = [];
  return {
    total: schedule.total,
    next: () => {
      if (schedule.decided()) return null;
      const next = queued.shift() ?? schedule.next();
      if (next === 'wait') return next;
      if (next === null) return inPlay.size > 0 ? 'wait' : null;
      const stored = plays.get(next.index) ?? 0;
      const play = stored === 0 ? next : { ...next, play: stored + 1 };
      inPlay.set(play.index, play);
      return play;
    },
    record: (game) => {
      inPlay.delete(game.index);
      return schedule.record(game);
    },
    decided: () => schedule.decided(),
    again: (game) => {
      const planned = inPlay.get(game.index);
      inPlay.delete(game.index);
      if (!planned || game.earlierPlay === undefined) return;
      plays.set(game.index, game.earlierPlay);
      queued.push({ ...planned, play: game.earlierPlay + 1 });
    },
  };
}
