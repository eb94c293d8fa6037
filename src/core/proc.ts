/**
 * What Linux's /proc tells of processes, threads and this process's place in the system: the one
 * reader of /proc (`man 5 proc`). Every reader answers null, or nothing, where there is no /proc or
 * the process has gone: callers decide what that means.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

export interface ProcStat {
  /** R, S, D, Z (zombie), X (dead), ... */
  readonly state: string;
  readonly pgid: number;
  /** Its nice value (a thread's own). */
  readonly nice: number;
  /** When the process started: clock ticks after boot, as text. With its pid, what identifies it. */
  readonly startTime: string;
}

/** Reads a file of /proc; null when it cannot be read. */
function read(path: string): string | null {
  try {
    return readFileSync(`/proc/${path}`, 'latin1');
  } catch {
    return null;
  }
}

/** The stat of process or thread `pid` (`self`: this process); null when it is gone or there is no /proc. */
export function procStat(pid: number | 'self'): ProcStat | null {
  const text = read(`${pid}/stat`);
  if (text === null) return null;
  // The command name is in parentheses and may hold anything: count fields after its end (field 3).
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0]!, pgid: Number(fields[2]), nice: Number(fields[16]), startTime: fields[19]! };
}

/** When process `pid` started (clock ticks after boot, as text), to tell it from a later one given the same pid. */
export const processStartTime = (pid: number): string | null => procStat(pid)?.startTime ?? null;

/** Whether the process runs (a zombie does not). */
export function isRunning(pid: number): boolean {
  const stat = procStat(pid);
  return stat !== null && stat.state !== 'Z' && stat.state !== 'X';
}

/** The resident memory of process `pid`, in MB; null when it is gone or there is no /proc. */
export function residentMb(pid: number): number | null {
  const match = /VmRSS:\s+(\d+) kB/.exec(read(`${pid}/status`) ?? '');
  return match ? Number(match[1]) / 1024 : null;
}

/** The pids of every process; null where there is no /proc. */
export function processIds(): number[] | null {
  try {
    return readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map(Number);
  } catch {
    return null;
  }
}

/** The threads of process `pid`; none when it has ended. */
export function threadsOf(pid: number | 'self'): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).map(Number);
  } catch {
    return [];
  }
}

/** Clock ticks per second of /proc's times (`USER_HZ`, 100 on every Linux architecture Node runs on). */
const TICKS_PER_SECOND = 100;

/**
 * The variable in which the arena tells a bot's process when it started it (its command ran), in ms
 * since the epoch: the process itself may be older, a shell made ahead that waited for its bot
 * (arena/bot-shell.ts), and Linux records only when a process was forked.
 */
export const STARTED_VARIABLE = 'TABULA_STARTED';

/**
 * When this process started, on `performance.now()`'s clock: 0 or less, since Node's clock starts
 * after the process did (after `exec`, and whatever ran in the process before it: a shell, a
 * sandbox's set-up), which a caller's clock, such as an arena's for a bot's first turn, counts.
 * As the arena said it (`STARTED_VARIABLE`); else when Linux forked it, to 10 ms; 0 where neither is known.
 */
export function processStartedAt(): number {
  const said = Number(process.env[STARTED_VARIABLE]);
  if (said > 0) return Math.min(0, said - performance.timeOrigin);
  const uptime = read('uptime');
  const start = procStat('self')?.startTime;
  if (uptime === null || start === undefined) return 0;
  const age = parseFloat(uptime) * 1000 - (Number(start) * 1000) / TICKS_PER_SECOND;
  return Number.isFinite(age) ? Math.min(0, performance.now() - age) : 0;
}

/** The machine's CPU time since boot, in ms summed over its CPUs (`/proc/stat`); null without /proc. */
export function machineCpu(): { readonly busy: number; readonly total: number; readonly steal: number } | null {
  const line = read('stat')?.split('\n')[0];
  if (line === undefined) return null;
  // user nice system idle iowait irq softirq steal: guest time is counted in user already.
  const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
  const ms = (t: number) => (t * 1000) / TICKS_PER_SECOND;
  const total = ms(ticks.reduce((a, b) => a + b, 0));
  return { busy: total - ms(ticks[3]! + ticks[4]!), total, steal: ms(ticks[7] ?? 0) };
}

/** This process's effective capabilities, as a bit mask (`CapEff` of its status); null where unknown. */
export function effectiveCapabilities(): bigint | null {
  const caps = /^CapEff:\s*([0-9a-f]+)$/m.exec(read('self/status') ?? '')?.[1];
  return caps === undefined ? null : BigInt(`0x${caps}`);
}

/** This process's soft limit `name` as /proc/self/limits words it ("Max nice priority"); null where unknown or unlimited. */
export function softLimit(name: string): number | null {
  const text = read('self/limits');
  const line = text?.split('\n').find((l) => l.startsWith(name));
  const soft = line === undefined ? undefined : /^\s*(\d+)/.exec(line.slice(name.length))?.[1];
  return soft === undefined ? null : Number(soft);
}

/** This process's mount table (`/proc/self/mountinfo`) and cgroup memberships (`/proc/self/cgroup`); null without /proc. */
export function cgroupSources(): { readonly mountinfo: string; readonly cgroups: string } | null {
  const mountinfo = read('self/mountinfo');
  const cgroups = read('self/cgroup');
  return mountinfo === null || cgroups === null ? null : { mountinfo, cgroups };
}

/** The id of this process's pid namespace ('0' where unknown): pids mean something within one only. */
export function pidNamespace(): string {
  try {
    return /\[(\d+)\]/.exec(readlinkSync('/proc/self/ns/pid'))?.[1] ?? '0';
  } catch {
    return '0';
  }
}
