/**
 * A bot's CPU priority while it starts up, the contract between bots and the arena. A bot warming
 * up (compiling, building tables) is on no clock yet, or on its first turn's long one, while the
 * bots of the games already running are timed to the millisecond: it may run that work at the
 * lowest priority, nice 19, and the arena sets every thread of the bot back to its own priority at
 * the bot's first answer, or when half its first turn has passed. A nice value belongs to a thread.
 * Any process may lower a priority; raising it back needs CAP_SYS_NICE (root has it) or an
 * RLIMIT_NICE that allows it.
 */
import { getPriority, setPriority } from 'node:os';
import { effectiveCapabilities, softLimit, threadsOf } from './proc.js';

/** The lowest priority Linux has for an ordinary thread. */
export const START_UP_NICE = 19;
/** Linux's capability to raise priorities (`capability.h`). */
const CAP_SYS_NICE = 23n;

/** This thread's nice value: the priority the arena gives a bot's threads back. */
export const ownNice = (): number => getPriority();

/** Why this process cannot raise a priority back to its own; null when it can. */
export function raisingProblem(): string | null {
  const caps = effectiveCapabilities();
  if (caps === null) return 'no /proc to read the capabilities from';
  if ((caps >> CAP_SYS_NICE) & 1n) return null;
  // RLIMIT_NICE lets a thread go as far as nice 20 - limit (`man 2 setpriority`).
  const soft = softLimit('Max nice priority');
  if (soft !== null && 20 - soft <= ownNice()) return null;
  return 'a priority cannot be raised back: no CAP_SYS_NICE, as root has, nor an RLIMIT_NICE that allows it';
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

let mayYield: boolean | undefined;

/**
 * Runs `work` with every thread of this process at the start-up priority, then sets them back;
 * at the process's own priority where it could not set them back itself.
 */
export function yieldingCpu<T>(work: () => T): T {
  mayYield ??= raisingProblem() === null;
  if (!mayYield) return work();
  const own = ownNice();
  const threads = threadsOf('self');
  setNice(threads, START_UP_NICE);
  try {
    return work();
  } finally {
    setNice(threads, own);
  }
}
