/**
 * The cgroups of bots, as the sandbox sees them whatever the machine has: one contract, and a
 * backend per cgroup version (cgroup-v1.ts, cgroup-v2.ts). Each Tabula process has a directory of
 * its own inside the cgroup it runs in (never above it, so that bots stay within whatever limits
 * contain Tabula), and each bot a cgroup in that directory. The directory is named after its owner
 * so that a later run can tell leftovers of a dead one from the cgroups of one still running.
 */
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, writeFileSync, writeSync } from 'node:fs';
import { type FileHandle, open, rmdir } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { cgroupSources, pidNamespace, processStartTime } from '../../core/proc.js';
import type { BotLimits } from './limits.js';

/** What cgroups do for a bot: each may be off on a machine. */
export type CgroupFeature = 'memory' | 'processes' | 'cpu time' | 'cpu share' | 'containment';

/** A limit the bot went over, which makes its end a crash. */
export type Breach = 'memory' | 'processes';

/** The cgroups of one bot. */
export interface BotCgroups {
  /** The `cgroup.procs` files a process writes its pid to, to enter the bot's cgroups. */
  readonly procs: readonly string[];
  /** Words that run a command in the bot's cgroups (a transient scope's); none where entering them is enough. */
  readonly prefix: readonly string[];
  /** CPU time (user and system) used so far by every process of the bot, in ms; undefined where not measured. */
  cpuMs(): number | undefined;
  /** The limit the bot went over, if it did. */
  breach(): Breach | null;
  /** The memory the bot's memory limit counts (resident, page cache), in MB; undefined where not measured. */
  memoryMb(): number | undefined;
  /** Of that memory, the files it holds in memory file systems (its /tmp), in MB; undefined where not measured. */
  filesMb(): number | undefined;
  /** Every thread of every process of the bot. */
  threads(): number[];
  /** Every process of the bot. */
  processes(): number[];
  /**
   * Weighs the bot's claim on the CPU: high while its clock runs, low while it waits (a bot that
   * thinks on the opponent's time yields to the bots on theirs).
   */
  weigh(onClock: boolean): void;
  /** SIGKILL to everything in the bot's cgroups, at once (processes forked meanwhile: see `remove`). */
  kill(): void;
  /** Kills everything in the bot's cgroups until nothing is left, then removes them. */
  remove(): Promise<void>;
}

/** The cgroups this Tabula process makes its bots' in. */
export interface CgroupBackend {
  /** This process's directories, each holding one cgroup per bot: what the watchdog empties and removes. */
  readonly runDirs: readonly string[];
  /** What cannot be done here, and why; where `containment` is among them, bots get no cgroup at all. */
  readonly off: ReadonlyMap<CgroupFeature, string>;
  /** Makes the cgroups of a bot named `name` (unique in this process), with its limits set. */
  create(name: string, limits: BotLimits): Promise<BotCgroups>;
}

/** How a cgroup file system is mounted: where, and which of its cgroups is mounted there (not `/` in a container). */
export interface CgroupMount {
  readonly at: string;
  readonly root: string;
}

/** This process's mounts and cgroups, as /proc gives them; null without /proc. */
export function ownCgroups(): { readonly mounts: CgroupMountLine[]; readonly memberships: Membership[] } | null {
  const sources = cgroupSources();
  if (sources === null) return null;
  const mounts = sources.mountinfo.split('\n').flatMap((line): CgroupMountLine[] => {
    const [left, right] = line.split(' - ');
    if (!left || !right) return [];
    const [fsType, , superOptions] = right.split(' ');
    if (fsType !== 'cgroup' && fsType !== 'cgroup2') return [];
    const fields = left.split(' ');
    return [
      {
        version: fsType === 'cgroup2' ? 2 : 1,
        options: superOptions?.split(',') ?? [],
        root: unescapeMount(fields[3]!),
        at: unescapeMount(fields[4]!),
      },
    ];
  });
  // A line of /proc/self/cgroup: `id:controller,controller:/path`; `0::/path` is the unified (v2) hierarchy.
  const memberships = sources.cgroups.split('\n').flatMap((line): Membership[] => {
    const f = line.split(':');
    if (f.length < 3) return [];
    return [{ controllers: f[1] === '' ? [] : f[1]!.split(','), path: f.slice(2).join(':') }];
  });
  return { mounts, memberships };
}

export interface CgroupMountLine extends CgroupMount {
  readonly version: 1 | 2;
  /** The super options: a v1 hierarchy's controllers are among them. */
  readonly options: readonly string[];
}

export interface Membership {
  /** Empty for the unified (v2) hierarchy. */
  readonly controllers: readonly string[];
  readonly path: string;
}

/** Where cgroup `path` (as /proc/self/cgroup gives it) is, through `mount`; null when outside the mounted part. */
export function cgroupDir(mount: CgroupMount, path: string): string | null {
  if (!path.startsWith(mount.root)) return null;
  return join(mount.at, path.slice(mount.root.length));
}

/** A control file read (or written) again and again: cheaper than opening it every turn. */
export class ControlFile {
  private readonly buffer = Buffer.alloc(512);

  private constructor(
    private readonly fd: number,
    private readonly handle: FileHandle | null,
  ) {}

  static async open(path: string, mode: 'r' | 'r+' = 'r'): Promise<ControlFile> {
    const handle = await open(path, mode);
    return new ControlFile(handle.fd, handle);
  }

  /** Opens it now, or null where it is not there (yet). */
  static openNow(path: string): ControlFile | null {
    try {
      return new ControlFile(openSync(path, 'r'), null);
    } catch {
      return null;
    }
  }

  /** Writes `value` (made once, so that a turn allocates nothing); a cgroup that has gone is no error. */
  write(value: Buffer): void {
    try {
      writeSync(this.fd, value, 0, value.length, 0);
    } catch {
      // the bot's cgroup is being removed
    }
  }

  /** Synchronous: the reading times a turn, and takes microseconds. */
  read(): string {
    const n = readSync(this.fd, this.buffer, 0, this.buffer.length, 0);
    return this.buffer.toString('latin1', 0, n);
  }

  async close(): Promise<void> {
    if (this.handle) await this.handle.close();
    else closeSync(this.fd);
  }
}

/** Closes a cgroup's control files, all at once, and forgets them. */
export async function closeFiles(files: Map<unknown, ControlFile>): Promise<void> {
  const open = [...files.values()];
  files.clear();
  await Promise.all(open.map((file) => file.close()));
}

/** A control file's number of bytes, in MB; undefined where it cannot be read. */
export function megabytes(path: string): number | undefined {
  try {
    return Number(readFileSync(path, 'latin1')) / (1 << 20);
  } catch {
    return undefined;
  }
}

/** The `shmem` of a memory cgroup's `memory.stat` in `dir` (tmpfs files among it), in MB; undefined where unread. */
export function shmemMb(dir: string | undefined): number | undefined {
  if (dir === undefined) return undefined;
  try {
    const match = /^shmem (\d+)$/m.exec(readFileSync(join(dir, 'memory.stat'), 'latin1'));
    return match ? Number(match[1]) / (1 << 20) : undefined;
  } catch {
    return undefined;
  }
}

/** A counter of a control file, as `line` (`/^oom_kill (\d+)$/m`) finds it; 0 when absent. */
export function counter(text: string | undefined, line: RegExp): number {
  const match = text === undefined ? null : line.exec(text);
  return match ? Number(match[1]) : 0;
}

/** mountinfo writes spaces, tabs, newlines and backslashes in paths as octal escapes. */
const unescapeMount = (s: string): string =>
  s.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(parseInt(octal, 8)));

const RUN_DIR = /^tabula\.(\d+)\.(\d+)\.(\d+)$/;

/**
 * The leaf where Tabula runs: in its own directory (so that it weighs with its bots), and on cgroup
 * v2 also in the cgroup it found itself in, for the processes it moved out of it.
 */
export const LEAF = 'tabula.leaf';

/**
 * Moves this process into the leaf of its directory `runDir`, with a bot's weight on its clock
 * (`weight`: the file and value, where the CPU is weighed here): the arena that reads the bots'
 * answers keeps the CPU with them against the rest of the machine. Where it cannot, it stays where
 * it is, unweighted.
 */
export function joinLeaf(runDir: string, weight: { readonly file: string; readonly value: Buffer } | null): void {
  const leaf = join(runDir, LEAF);
  try {
    mkdirSync(leaf);
    if (weight) writeFileSync(join(leaf, weight.file), weight.value);
    writeFileSync(join(leaf, 'cgroup.procs'), `${process.pid}`);
  } catch {
    // unweighted
  }
}

/**
 * The cgroup a Tabula process takes as its own: the one it runs in, unless that is a leaf of
 * Tabula's (a Tabula started by another, or beside one): then the cgroup above the leaf and the
 * directories, so that every Tabula process's directory is a sibling of the others, and each finds
 * what dead ones left.
 */
export function ownOf(dir: string): string {
  if (basename(dir) !== LEAF) return dir;
  const parent = dirname(dir);
  return RUN_DIR.test(basename(parent)) ? dirname(parent) : parent;
}

/** The name of this process's directory: its pid namespace, pid and start time (pids are reused). */
export function runDirName(): string {
  return `tabula.${pidNamespace()}.${process.pid}.${processStartTime(process.pid)}`;
}

/** The ids a cgroup's list file holds (`cgroup.procs`, and `tasks` or `cgroup.threads`); none once it is gone. */
export function listed(dir: string, file: string): number[] {
  try {
    return readFileSync(join(dir, file), 'latin1').split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** Sends SIGKILL to every process of the cgroup; how many there were. */
export function killProcesses(dir: string): number {
  const procs = listed(dir, 'cgroup.procs');
  for (const pid of procs) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone already
    }
  }
  return procs.length;
}

/**
 * Kills what runs in the cgroup (with `kill`, each process of it by default), again until nothing
 * does (a process may fork between a listing and the kill; SIGKILL'd processes leave the cgroup a
 * moment after), then removes it. False when it could not be removed within `waitMs`.
 */
export async function removeCgroup(
  dir: string,
  kill: (dir: string) => void = killProcesses,
  waitMs = 2000,
): Promise<boolean> {
  for (let waited = 0; ; waited += 2) {
    kill(dir);
    try {
      await rmdir(dir);
      return true;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return true;
      if (code !== 'EBUSY' || waited >= waitMs) return false;
    }
    await sleep(2);
  }
}

/** Removes the directories left in `parent` by Tabula processes that are gone (same pid namespace only). */
export async function removeStale(parent: string, kill?: (dir: string) => void): Promise<void> {
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return;
  }
  const ns = pidNamespace();
  for (const name of names) {
    const owner = RUN_DIR.exec(name);
    if (!owner || owner[1] !== ns || processStartTime(Number(owner[2])) === owner[3]) continue;
    const dir = join(parent, name);
    for (const bot of subdirectories(dir)) await removeCgroup(join(dir, bot), kill);
    await removeCgroup(dir, kill);
  }
}

export function subdirectories(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return [];
  }
}
