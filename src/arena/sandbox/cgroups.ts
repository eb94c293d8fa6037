/**
 * Cgroup v1 hierarchies as Tabula finds them, and the cgroups it makes in them. Each Tabula process
 * has a directory of its own inside the cgroup it runs in, for every controller it uses (never at a
 * hierarchy's root, so that bots stay within whatever limits contain Tabula), and each bot a cgroup
 * in that directory. The directory is named after its owner so that a later run can tell leftovers
 * of a dead one from the cgroups of one still running.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { rmdir } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { cgroupSources, pidNamespace, processStartTime } from '../../core/proc.js';

export const CONTROLLERS = ['memory', 'pids', 'cpuacct'] as const;
export type Controller = (typeof CONTROLLERS)[number];

/** For each controller, Tabula's own cgroup directory, or why it cannot be used. */
export type Hierarchies = Map<Controller, { readonly dir: string } | { readonly off: string }>;

export function findHierarchies(): Hierarchies {
  const found: Hierarchies = new Map();
  const sources = cgroupSources();
  if (sources === null) {
    for (const c of CONTROLLERS) found.set(c, { off: 'no /proc to find cgroups in' });
    return found;
  }
  const { mountinfo: mounts, cgroups: own } = sources;
  for (const controller of CONTROLLERS) {
    const mount = v1Mount(mounts, controller);
    // A line of /proc/self/cgroup: `id:controller,controller:/path`.
    const path = own
      .split('\n')
      .map((line) => line.split(':'))
      .find((f) => f.length >= 3 && f[1]!.split(',').includes(controller))
      ?.slice(2)
      .join(':');
    if (!mount || path === undefined)
      found.set(controller, { off: `no cgroup v1 ${controller} hierarchy (cgroup v2 is not supported)` });
    else if (!path.startsWith(mount.root))
      found.set(controller, { off: `Tabula's ${controller} cgroup ${path} is outside the mounted part ${mount.root}` });
    else found.set(controller, { dir: join(mount.at, path.slice(mount.root.length)) });
  }
  return found;
}

/** Where the v1 hierarchy holding `controller` is mounted, and which of its cgroups is mounted there. */
function v1Mount(mountinfo: string, controller: Controller): { at: string; root: string } | undefined {
  for (const line of mountinfo.split('\n')) {
    const [left, right] = line.split(' - ');
    if (!left || !right) continue;
    const [fsType, , superOptions] = right.split(' ');
    if (fsType !== 'cgroup' || !superOptions?.split(',').includes(controller)) continue;
    const fields = left.split(' ');
    return { root: unescapeMount(fields[3]!), at: unescapeMount(fields[4]!) };
  }
  return undefined;
}

/** mountinfo writes spaces, tabs, newlines and backslashes in paths as octal escapes. */
const unescapeMount = (s: string): string =>
  s.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(parseInt(octal, 8)));

const RUN_DIR = /^tabula\.(\d+)\.(\d+)\.(\d+)$/;

/** The name of this process's directory: its pid namespace, pid and start time (pids are reused). */
export function runDirName(): string {
  return `tabula.${pidNamespace()}.${process.pid}.${processStartTime(process.pid)}`;
}

/** The processes in a cgroup. */
export const cgroupProcs = (dir: string): number[] => listed(dir, 'cgroup.procs');
/** The threads of every process in a cgroup. */
export const cgroupThreads = (dir: string): number[] => listed(dir, 'tasks');

/** The ids a cgroup's list file holds; none once the cgroup is gone. */
function listed(dir: string, file: 'cgroup.procs' | 'tasks'): number[] {
  try {
    return readFileSync(join(dir, file), 'latin1').split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** Sends SIGKILL to every process of the cgroup; how many there were. */
export function killCgroup(dir: string): number {
  const procs = cgroupProcs(dir);
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
 * Kills what runs in the cgroup, again until nothing does (a process may fork between a listing and
 * the kill; SIGKILL'd processes leave the cgroup a moment after), then removes it. False when it
 * could not be removed within `waitMs`.
 */
export async function removeCgroup(dir: string, waitMs = 2000): Promise<boolean> {
  for (let waited = 0; ; waited += 2) {
    killCgroup(dir);
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
export async function removeStale(parent: string): Promise<void> {
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
    for (const bot of subdirectories(dir)) await removeCgroup(join(dir, bot));
    await removeCgroup(dir);
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
