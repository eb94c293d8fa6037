/**
 * What Linux's /proc tells of a process or a thread: its state, group, priority and start (`man 5
 * proc`, /proc/PID/stat; a thread's id reads as a pid there too).
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

export interface ProcStat {
  /** R, S, D, Z (zombie), X (dead), ... */
  readonly state: string;
  readonly pgid: number;
  /** Its nice value (a thread's own). */
  readonly nice: number;
  /** When the process started: clock ticks after boot, as text. */
  readonly startTime: string;
}

/** The stat of process `pid` (`self`: this one); null when it is gone or there is no /proc. */
export function procStat(pid: number | 'self'): ProcStat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold anything: count fields after its end (field 3).
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0]!, pgid: Number(fields[2]), nice: Number(fields[16]), startTime: fields[19]! };
  } catch {
    return null;
  }
}

/** Clock ticks per second of /proc's times (`USER_HZ`, 100 on every Linux architecture Node runs on). */
const TICKS_PER_SECOND = 100;

/**
 * When this process started, on `performance.now()`'s clock: 0 or less, since Node's clock starts
 * after the process did (after `exec`, and whatever ran in the process before it: a shell, a
 * sandbox's set-up), which a caller's clock, such as an arena's for a bot's first turn, counts.
 * To 10 ms; 0 where there is no /proc.
 */
export function processStartedAt(): number {
  const stat = procStat('self');
  let uptime: number;
  try {
    uptime = parseFloat(readFileSync('/proc/uptime', 'latin1'));
  } catch {
    return 0;
  }
  const age = uptime * 1000 - (Number(stat?.startTime) * 1000) / TICKS_PER_SECOND;
  return Number.isFinite(age) ? Math.min(0, performance.now() - age) : 0;
}
