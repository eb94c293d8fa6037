/** When a process started, to tell a live process from a later one that was given the same pid. */
import { readFileSync } from 'node:fs';

/** The start time of process `pid` in clock ticks since boot (Linux /proc); null where it cannot be read. */
export function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold anything: count fields after its end.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}
