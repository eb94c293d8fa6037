/**
 * Bots' cgroups on cgroup v1: a hierarchy per controller (memory, pids, cpuacct, and cpu for the
 * bots' CPU shares; two may share one hierarchy), a directory of this process's in the cgroup it
 * runs in in each, and a cgroup per bot in each of those.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type BotCgroups,
  type Breach,
  type CgroupBackend,
  type CgroupFeature,
  ControlFile,
  cgroupDir,
  closeFiles,
  counter,
  joinLeaf,
  killProcesses,
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

export const V1_CONTROLLERS = ['memory', 'pids', 'cpuacct', 'cpu'] as const;
type Controller = (typeof V1_CONTROLLERS)[number];

/** What each controller does for a bot. */
const FEATURE: Readonly<Record<Controller, CgroupFeature>> = {
  memory: 'memory',
  pids: 'processes',
  cpuacct: 'cpu time',
  cpu: 'cpu share',
};

/**
 * CPU shares (1024 by default, as every process outside a cgroup of its own has): this process's
 * directory has the most there are, 256 processes' worth, so that a bot on its clock gets a core
 * first, however busy the machine's other work keeps it (a bot needs 80% of a core to think 40 ms
 * of a 50 ms turn); in it, a bot on its clock has ten processes' worth, one waiting almost none, and
 * Tabula itself (in its leaf, `tabula.leaf`, to read the answers in time) as much as a bot on its clock.
 */
const RUN_SHARES = '262144';
const ON_CLOCK = Buffer.from('10240');
const OFF_CLOCK = Buffer.from('2');

/** For each controller, the cgroup this process runs in, or why it cannot be used. */
export function v1Hierarchies(): Map<Controller, { readonly dir: string } | { readonly off: string }> {
  const found = new Map<Controller, { readonly dir: string } | { readonly off: string }>();
  const own = ownCgroups();
  for (const controller of V1_CONTROLLERS) {
    if (own === null) {
      found.set(controller, { off: 'no /proc to find cgroups in' });
      continue;
    }
    const mount = own.mounts.find((m) => m.version === 1 && m.options.includes(controller));
    const path = own.memberships.find((m) => m.controllers.includes(controller))?.path;
    const dir = mount && path !== undefined ? cgroupDir(mount, path) : null;
    if (!mount || path === undefined) found.set(controller, { off: `no cgroup v1 ${controller} hierarchy` });
    else if (dir === null)
      found.set(controller, { off: `Tabula's ${controller} cgroup ${path} is outside the mounted part ${mount.root}` });
    else found.set(controller, { dir: ownOf(dir) });
  }
  return found;
}

/** Whether this machine has any v1 hierarchy Tabula uses (a v1 or hybrid machine). */
export const hasV1 = (): boolean => [...v1Hierarchies().values()].some((h) => 'dir' in h);

/** Makes this process's directory in each usable hierarchy, and removes what dead Tabula processes left. */
export function openV1(): CgroupBackend {
  const runDirs = new Map<Controller, string>();
  const off = new Map<CgroupFeature, string>();
  for (const [controller, found] of v1Hierarchies()) {
    if ('off' in found) {
      off.set(FEATURE[controller], found.off);
      continue;
    }
    const dir = join(found.dir, runDirName());
    try {
      mkdirSync(dir, { recursive: true });
      if (controller === 'cpu') {
        writeFileSync(join(dir, 'cpu.shares'), RUN_SHARES);
        joinLeaf(dir, { file: 'cpu.shares', value: ON_CLOCK });
      }
      runDirs.set(controller, dir);
      void removeStale(found.dir);
    } catch (err) {
      const root = process.getuid?.() === 0 ? '' : ' (Tabula does not run as root)';
      off.set(
        FEATURE[controller],
        `cannot create ${dir}: ${(err as NodeJS.ErrnoException).code ?? String(err)}${root}`,
      );
    }
  }
  if (runDirs.size === 0) off.set('containment', 'no cgroup to keep a bot’s processes in');
  return {
    runDirs: [...new Set(runDirs.values())],
    off,
    create: async (name, limits) => {
      const bot = new V1Bot();
      try {
        for (const [controller, runDir] of runDirs) {
          const dir = join(runDir, name);
          // Controllers mounted together (cpu and cpuacct often are) share the bot's cgroup.
          if (![...bot.dirs.values()].includes(dir)) await mkdir(dir);
          bot.dirs.set(controller, dir);
        }
        await bot.setLimits(limits);
      } catch (err) {
        await bot.remove();
        throw err;
      }
      return bot;
    },
  };
}

/** Processes the kernel killed for want of memory (memory.oom_control). */
const OOM_KILLS = /^oom_kill (\d+)$/m;
/** Forks refused at the limit (pids.events). */
const FORKS_REFUSED = /^max (\d+)$/m;

class V1Bot implements BotCgroups {
  /** The bot's cgroup in each usable hierarchy. */
  readonly dirs = new Map<Controller, string>();
  private readonly files = new Map<'cpu' | 'oom' | 'pids' | 'shares', ControlFile>();

  readonly prefix: readonly string[] = [];

  get procs(): string[] {
    return [...new Set(this.dirs.values())].map((dir) => join(dir, 'cgroup.procs'));
  }

  async setLimits(limits: BotLimits): Promise<void> {
    const memory = this.dirs.get('memory');
    if (memory) {
      const bytes = `${limits.memoryMb * 1024 * 1024}`;
      await writeFile(join(memory, 'memory.limit_in_bytes'), bytes);
      // Swap counts too, where the kernel accounts for it (the memory limit must be set first).
      await writeFile(join(memory, 'memory.memsw.limit_in_bytes'), bytes).catch(() => {});
      this.files.set('oom', await ControlFile.open(join(memory, 'memory.oom_control')));
    }
    const pids = this.dirs.get('pids');
    if (pids) {
      await writeFile(join(pids, 'pids.max'), `${limits.maxProcesses}`);
      this.files.set('pids', await ControlFile.open(join(pids, 'pids.events')));
    }
    const cpu = this.dirs.get('cpuacct');
    if (cpu) this.files.set('cpu', await ControlFile.open(join(cpu, 'cpuacct.usage')));
    const shares = this.dirs.get('cpu');
    if (shares) {
      const file = await ControlFile.open(join(shares, 'cpu.shares'), 'r+');
      this.files.set('shares', file);
      file.write(OFF_CLOCK);
    }
  }

  weigh(onClock: boolean): void {
    this.files.get('shares')?.write(onClock ? ON_CLOCK : OFF_CLOCK);
  }

  cpuMs(): number | undefined {
    const ns = this.files.get('cpu')?.read();
    return ns === undefined ? undefined : Number(ns) / 1e6;
  }

  filesMb(): number | undefined {
    return shmemMb(this.dirs.get('memory'));
  }

  memoryMb(): number | undefined {
    const memory = this.dirs.get('memory');
    return memory === undefined ? undefined : megabytes(join(memory, 'memory.usage_in_bytes'));
  }

  breach(): Breach | null {
    if (counter(this.files.get('oom')?.read(), OOM_KILLS) > 0) return 'memory';
    if (counter(this.files.get('pids')?.read(), FORKS_REFUSED) > 0) return 'processes';
    return null;
  }

  threads(): number[] {
    const any = this.dirs.values().next();
    return any.done ? [] : listed(any.value, 'tasks');
  }

  processes(): number[] {
    const any = this.dirs.values().next();
    return any.done ? [] : listed(any.value, 'cgroup.procs');
  }

  kill(): void {
    const any = this.dirs.values().next();
    if (!any.done) killProcesses(any.value);
  }

  async remove(): Promise<void> {
    await closeFiles(this.files);
    // Each hierarchy's at once: every removal waits on the kernel, none on another.
    await Promise.all([...new Set(this.dirs.values())].map((dir) => removeCgroup(dir)));
    this.dirs.clear();
  }
}
