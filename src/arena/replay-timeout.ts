/** A replay's timed-out turn as the ruling of whose doing it was takes it; safe in a browser (the pages rule too). */
import { loadOf, type TimedOutTurn } from '../core/time-control.js';
import type { ReplayTurn } from './replay.js';

/**
 * A timed-out turn's figures, for whose doing it was (core/time-control.ts, `timeoutRuling`): its
 * load recorded with it or, in a replay written before turns kept it, read from its message.
 */
export function timedOutTurn(turn: ReplayTurn): TimedOutTurn {
  const { limitMs, answeredMs, waitMs, arenaLateMs, cpuMs } = turn;
  const load = turn.load ?? loadOf(turn.failure?.message ?? '');
  return { limitMs, answeredMs, waitMs, arenaLateMs, cpuMs, ...(load && { load }) };
}
