/**
 * What Linux's /proc tells of processes, threads and this process's place in the system: the one
 * reader of /proc (`man 5 proc`). Every reader answers null, or nothing, where there is no /proc or
 * the process has gone: callers decide what that means.
 */
import { closeSync, openSync, readdirSync, readFileSync, readlinkSync, readSync } from 'node:fs';
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
 * (arena/process/shell.ts), and Linux records only when a process was forked.
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

/** `/proc/stat`, kept open: read at every turn of a bot, where opening it each time would cost more. */
let statFile: number | null | undefined;
const statBuffer = Buffer.alloc(256);

/**
 * The time the machine's host gave its CPUs to others (steal), since boot, in ms per CPU (the sum
 * over its CPUs divided by their number: a host that stops the whole machine for 100 ms adds 100);
 * null without /proc.
 */
export function stealPerCpu(): number | null {
  if (statFile === undefined) {
    try {
      statFile = openSync('/proc/stat', 'r');
    } catch {
      statFile = null;
    }
  }
  if (statFile === null) return null;
  // Counted in clock ticks (10 ms): a reading a few ms old is as good, and spares the bots' turns one.
  const now = performance.now();
  if (now - stealRead.at < STEAL_FRESH_MS) return stealRead.ms;
  stealRead.at = now;
  const n = readSync(statFile, statBuffer, 0, statBuffer.length, 0);
  // cpu  user nice system idle iowait irq softirq steal: the eighth number of the first line.
  const steal = wholeField(statBuffer, n, 8);
  stealRead.ms = steal === null ? 0 : (steal * 1000) / TICKS_PER_SECOND / cpuCount();
  return stealRead.ms;
}

const STEAL_FRESH_MS = 5;
const stealRead = { at: Number.NEGATIVE_INFINITY, ms: 0 };

let cpus: number | undefined;
const cpuCount = (): number =>
  (cpus ??= Math.max(1, (read('stat') ?? '').split('\n').filter((l) => /^cpu\d/.test(l)).length));

/**
 * The time the threads of a program waited for a CPU while ready to run: the run-queue delay Linux
 * keeps per thread (`/proc/<tid>/schedstat`, its second field, in ns), summed over the threads as
 * they come and go. The threads are those last given to `track`; a thread's wait counts from the
 * first reading after it was tracked (a thread tracked after the first reading, from its start); a
 * thread that ends between two readings takes its last wait with it. Its files are kept open, and a
 * reading allocates nothing: a bot's waits are read at every turn.
 */
export class RunQueueWait {
  private readonly threads = new Map<number, { readonly fd: number; last: number }>();
  private readonly buffer = Buffer.alloc(128);
  private total = 0;
  private first = true;

  /** The threads there are now (a cgroup's list of them). */
  track(tids: readonly number[]): void {
    for (const [tid, thread] of this.threads)
      if (!tids.includes(tid)) {
        closeQuietly(thread.fd);
        this.threads.delete(tid);
      }
    for (const tid of tids) {
      if (this.threads.has(tid)) continue;
      try {
        const fd = openSync(`/proc/${tid}/schedstat`, 'r');
        this.threads.set(tid, { fd, last: this.first ? (this.delay(fd) ?? 0) : 0 });
      } catch {
        // gone already
      }
    }
  }

  /** The wait so far of the threads tracked, in ms. */
  read(): number {
    for (const [tid, thread] of this.threads) {
      const now = this.delay(thread.fd);
      if (now === null) {
        closeQuietly(thread.fd);
        this.threads.delete(tid);
        continue;
      }
      this.total += Math.max(0, now - thread.last);
      thread.last = now;
    }
    this.first = false;
    return this.total;
  }

  close(): void {
    for (const thread of this.threads.values()) closeQuietly(thread.fd);
    this.threads.clear();
  }

  /** The second number of a schedstat line, in ms; null when the thread is gone. */
  private delay(fd: number): number | null {
    let n: number;
    try {
      n = readSync(fd, this.buffer, 0, this.buffer.length, 0);
    } catch {
      return null;
    }
    const ns = wholeField(this.buffer, n, 1);
    return ns === null ? null : ns / 1e6;
  }
}

/**
 * Field `field` (from 0) of the first line of `buffer`'s first `length` bytes, its fields apart by
 * spaces, as a whole number; null where the line has fewer fields or that one holds no digit. Read
 * in place: the turn's readers of /proc allocate nothing.
 */
function wholeField(buffer: Buffer, length: number, field: number): number | null {
  let i = 0;
  for (let f = 0; f < field; f++) {
    while (i < length && buffer[i] !== 0x20 && buffer[i] !== 0x0a) i++;
    while (i < length && buffer[i] === 0x20) i++;
    if (i >= length || buffer[i] === 0x0a) return null;
  }
  let value = 0;
  const start = i;
  for (; i < length; i++) {
    const digit = buffer[i]! - 0x30;
    if (digit < 0 || digit > 9) break;
    value = value * 10 + digit;
  }
  return i > start ? value : null;
}

function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // closed already
  }
}

/** The name of process `pid` (`comm`: its program's, as it set it); null when it is gone. */
export const processName = (pid: number): string | null => read(`${pid}/comm`)?.trim() ?? null;
