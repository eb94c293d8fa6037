/**
 * Bots' cgroups on cgroup v2 (the unified hierarchy, what every current systemd distribution and
 * Docker mount), as root or as a user in a cgroup delegated to it. This process's directory goes
 * in the cgroup it runs in, G, and each bot's cgroup in that directory, with `memory.max`,
 * `pids.max` and the CPU time from `cpu.stat`.
 *
 * cgroup v2 lets a cgroup hand its controllers down to its children only when no process is in it
 * (the root aside): so when Tabula finds processes in G (itself, and in a container or a delegated
 * scope perhaps others), it moves them all into a leaf, G/tabula.leaf, as container managers move
 * a container's processes out of its root. A Tabula started there later (by a Tabula, or beside
 * one) takes G as its cgroup. Where a controller is not handed down to G, it is enabled on the way
 * down from the nearest ancestor that has it, in cgroups this user may write (a delegated subtree).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  type BotCgroups,
  type Breach,
  type CgroupBackend,
  type CgroupFeature,
  type CgroupMount,
  ControlFile,
  cgroupDir,
  closeFiles,
  counter,
  joinLeaf,
  killProcesses,
  LEAF,
  listed,
  megabytes,
  ownCgroups,
  ownOf,
  removeCgroup,
  removeStale,
  runDirName,
  shmemMb,
} from './cgroups.js';
import type { BotLimits } from './limits.js';
import { openScopes, scopeSlice } from './systemd-scope.js';

/** The controllers bots' cgroups need, and what each does for them. */
const CONTROLLERS = { memory: 'memory', pids: 'processes', cpu: 'cpu share' } as const satisfies Record<
  string,
  CgroupFeature
>;
type Controller = keyof typeof CONTROLLERS;

/**
 * CPU weights (100 by default): this process's directory has the most there is, a hundred cgroups'
 * worth against the others of its cgroup, so that a bot on its clock gets a core first, however busy
 * the other work there keeps it (a bot needs 80% of a core to think 40 ms of a 50 ms turn); in it, a
 * bot on its clock has ten, one waiting almost none, and Tabula itself (in its leaf, to read the
 * answers in time) as much as a bot on its clock.
 */
const RUN_WEIGHT = '10000';
const ON_CLOCK = Buffer.from('1000');
const OFF_CLOCK = Buffer.from('1');

/** The unified hierarchy and the cgroup this process takes as its own in it; null on a machine without one. */
export function v2Cgroup(): { readonly mount: CgroupMount; readonly dir: string } | { readonly off: string } | null {
  const own = ownCgroups();
  if (own === null) return null;
  const mount = own.mounts.find((m) => m.version === 2);
  const path = own.memberships.find((m) => m.controllers.length === 0)?.path;
  if (!mount || path === undefined) return null;
  const dir = cgroupDir(mount, path);
  if (dir === null) return { off: `Tabula's cgroup ${path} is outside the mounted part ${mount.root}` };
  return { mount, dir: ownOf(dir) };
}

/**
 * Makes this process's directory in its cgroup, with the controllers handed down to it where they
 * can be, and removes what dead Tabula processes left there.
 */
export function openV2(mount: CgroupMount, own: string): CgroupBackend {
  const off = new Map<CgroupFeature, string>();
  const runDir = join(own, runDirName());
  try {
    mkdirSync(runDir);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    let why = `cannot create ${runDir}: ${code ?? String(err)}${notDelegated()}`;
    // A user's cgroup that is not delegated: the user's systemd may make each bot a scope that is.
    if (code === 'EACCES' && process.getuid?.() !== 0) {
      const scopes = scopeSlice(mount);
      if ('slice' in scopes) return openScopes(scopes.slice, controllersOf(scopes.slice, 'cgroup.subtree_control'));
      why += `; ${scopes.off}`;
    }
    for (const feature of ['memory', 'processes', 'cpu time', 'cpu share', 'containment'] as const)
      off.set(feature, why);
    return { runDirs: [], off, create: () => Promise.reject(new Error(why)) };
  }
  const usable: Controller[] = [];
  for (const controller of Object.keys(CONTROLLERS) as Controller[]) {
    const problem = handDown(mount, own, runDir, controller);
    if (problem === null) usable.push(controller);
    else off.set(CONTROLLERS[controller], problem);
  }
  if (usable.includes('cpu')) writeFileSync(join(runDir, 'cpu.weight'), RUN_WEIGHT);
  joinLeaf(runDir, usable.includes('cpu') ? { file: 'cpu.weight', value: ON_CLOCK } : null);
  void removeStale(own, kill);
  return {
    runDirs: [runDir],
    off,
    create: async (name, limits) => {
      const bot = new V2Bot(join(runDir, name));
      try {
        await mkdir(bot.dir);
        await bot.setLimits(limits, usable);
      } catch (err) {
        await bot.remove();
        throw err;
      }
      return bot;
    },
  };
}

/** Why a user's cgroup may not be writable. */
const notDelegated = (): string =>
  process.getuid?.() === 0 ? '' : ' (Tabula does not run as root, and its cgroup is not delegated to its user)';

/**
 * Hands `controller` down from G to `runDir` (the bots' parent): available in G (enabled on the
 * way down from an ancestor where need be), enabled in G's subtree (its processes moved into the
 * leaf first where G holds any), and in the run directory's. Null when done, or why not.
 */
function handDown(mount: CgroupMount, own: string, runDir: string, controller: Controller): string | null {
  const available = makeAvailable(mount, own, controller);
  if (available !== null) return available;
  const enabled = enableInSubtree(own, controller, true);
  if (enabled !== null) return enabled;
  return enableInSubtree(runDir, controller, false);
}

/** Makes `controller` available in `dir` (in its `cgroup.controllers`), enabling it in the parents' subtrees. */
function makeAvailable(mount: CgroupMount, dir: string, controller: Controller): string | null {
  if (controllersOf(dir, 'cgroup.controllers').includes(controller)) return null;
  const parent = dirname(dir);
  if (dir === mount.at || !parent.startsWith(mount.at))
    return `the ${controller} controller is not available in Tabula's cgroup ${dir}`;
  return makeAvailable(mount, parent, controller) ?? enableInSubtree(parent, controller, false);
}

/**
 * Enables `controller` for the children of `dir`. A cgroup with processes of its own cannot (the
 * root aside): with `moveProcesses`, they are moved into its leaf first, this process among them.
 */
function enableInSubtree(dir: string, controller: Controller, moveProcesses: boolean): string | null {
  if (controllersOf(dir, 'cgroup.subtree_control').includes(controller)) return null;
  const enable = () => writeFileSync(join(dir, 'cgroup.subtree_control'), `+${controller}`);
  try {
    enable();
    return null;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'EBUSY' || !moveProcesses)
      return `cannot enable the ${controller} controller in ${dir}: ${code ?? String(err)}${code === 'EACCES' ? notDelegated() : ''}`;
  }
  const moved = moveIntoLeaf(dir);
  if (moved !== null) return moved;
  try {
    enable();
    return null;
  } catch (err) {
    return `cannot enable the ${controller} controller in ${dir}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`;
  }
}

/** Moves every process of `dir` into its leaf; why not, when one stays. */
function moveIntoLeaf(dir: string): string | null {
  const leaf = join(dir, LEAF);
  try {
    if (!existsSync(leaf)) mkdirSync(leaf);
  } catch (err) {
    return `cannot create ${leaf}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`;
  }
  for (const pid of listed(dir, 'cgroup.procs')) {
    try {
      writeFileSync(join(leaf, 'cgroup.procs'), `${pid}`);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      // A process that has ended meanwhile is no obstacle.
      if (code !== 'ESRCH') return `cannot move process ${pid} out of ${dir} into ${leaf}: ${code ?? String(err)}`;
    }
  }
  return null;
}

/** The controllers a cgroup's `cgroup.controllers` or `cgroup.subtree_control` lists. */
function controllersOf(dir: string, file: 'cgroup.controllers' | 'cgroup.subtree_control'): string[] {
  try {
    return readFileSync(join(dir, file), 'latin1').trim().split(/\s+/).filter(Boolean);
  } catch {
    return [];
  }
}

/** SIGKILL to everything in the cgroup and below it: at once where the kernel has `cgroup.kill` (5.14), else process by process. */
function kill(dir: string): void {
  try {
    writeFileSync(join(dir, 'cgroup.kill'), '1');
  } catch {
    killProcesses(dir);
  }
}

/** The CPU time used, in µs (cpu.stat, present whether or not the cpu controller is). */
const USAGE = /^usage_usec (\d+)$/m;
/** Processes the kernel killed for want of memory (memory.events). */
const OOM_KILLS = /^oom_kill (\d+)$/m;
/** Forks refused at the limit (pids.events). */
const FORKS_REFUSED = /^max (\d+)$/m;

class V2Bot implements BotCgroups {
  private readonly files = new Map<'cpu' | 'oom' | 'pids' | 'weight', ControlFile>();

  constructor(readonly dir: string) {}

  readonly prefix: readonly string[] = [];

  get procs(): string[] {
    return [join(this.dir, 'cgroup.procs')];
  }

  async setLimits(limits: BotLimits, usable: readonly Controller[]): Promise<void> {
    if (usable.includes('memory')) {
      await writeFile(join(this.dir, 'memory.max'), `${limits.memoryMb * 1024 * 1024}`);
      // Swap counts as memory, as v1's memsw does: none may be swapped out.
      await writeFile(join(this.dir, 'memory.swap.max'), '0').catch(() => {});
      this.files.set('oom', await ControlFile.open(join(this.dir, 'memory.events')));
    }
    if (usable.includes('pids')) {
      await writeFile(join(this.dir, 'pids.max'), `${limits.maxProcesses}`);
      this.files.set('pids', await ControlFile.open(join(this.dir, 'pids.events')));
    }
    this.files.set('cpu', await ControlFile.open(join(this.dir, 'cpu.stat')));
    if (usable.includes('cpu')) {
      const weight = await ControlFile.open(join(this.dir, 'cpu.weight'), 'r+');
      this.files.set('weight', weight);
      weight.write(OFF_CLOCK);
    }
  }

  weigh(onClock: boolean): void {
    this.files.get('weight')?.write(onClock ? ON_CLOCK : OFF_CLOCK);
  }

  cpuMs(): number | undefined {
    const stat = this.files.get('cpu')?.read();
    return stat === undefined ? undefined : counter(stat, USAGE) / 1000;
  }

  filesMb(): number | undefined {
    return shmemMb(this.dir);
  }

  memoryMb(): number | undefined {
    return megabytes(join(this.dir, 'memory.current'));
  }

  breach(): Breach | null {
    if (counter(this.files.get('oom')?.read(), OOM_KILLS) > 0) return 'memory';
    if (counter(this.files.get('pids')?.read(), FORKS_REFUSED) > 0) return 'processes';
    return null;
  }

  threads(): number[] {
    return listed(this.dir, 'cgroup.threads');
  }

  processes(): number[] {
    return listed(this.dir, 'cgroup.procs');
  }

  kill(): void {
    kill(this.dir);
  }

  async remove(): Promise<void> {
    await closeFiles(this.files);
    await removeCgroup(this.dir, kill);
  }
}
