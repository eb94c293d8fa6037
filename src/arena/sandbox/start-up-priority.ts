/**
 * A bot's CPU priority while it starts up. A bot starting up (loading, compiling, building tables)
 * is on no clock, or on its first turn's long one, while the bots of the games already running are
 * timed to the millisecond: a starting bot runs at the lowest priority, nice 19, until it has given
 * its first answer or half its first turn has passed, then at Tabula's own. A nice value belongs to
 * a thread: all of a bot's, in every process it started, are found in its cgroup. Any process may
 * lower a priority; raising it back needs CAP_SYS_NICE (root) or an RLIMIT_NICE that allows it.
 */
import { readFileSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/** The lowest priority Linux has for an ordinary thread. */
export const START_UP_NICE = 19;
/** Linux's capability to raise priorities (`capability.h`). */
const CAP_SYS_NICE = 23n;

/** The priority a bot gets after its start-up: Tabula's own. */
export const ownNice = (): number => getPriority();

/** Why a bot's priority could not be raised back after its start-up here; null when it can. */
export function priorityProblem(): string | null {
  let status: string;
  let limits: string;
  try {
    status = readFileSync('/proc/self/status', 'latin1');
    limits = readFileSync('/proc/self/limits', 'latin1');
  } catch {
    return 'no /proc to read Tabula’s capabilities from';
  }
  const caps = /^CapEff:\s*([0-9a-f]+)$/m.exec(status)?.[1];
  if (caps !== undefined && (BigInt(`0x${caps}`) >> CAP_SYS_NICE) & 1n) return null;
  // RLIMIT_NICE lets a thread go as far as nice 20 - limit (`man 2 setpriority`).
  const soft = /^Max nice priority\s+(\d+)/m.exec(limits)?.[1];
  if (soft !== undefined && 20 - Number(soft) <= ownNice()) return null;
  return 'Tabula cannot raise a priority back (no CAP_SYS_NICE, as root has, nor an RLIMIT_NICE that allows it)';
}

/** Sets the nice value of each thread; a thread gone meanwhile is skipped. */
export function setNice(threads: Iterable<number>, nice: number): void {
  for (const tid of threads) {
    try {
      setPriority(tid, nice);
    } catch {
      // it ended
    }
  }
}
