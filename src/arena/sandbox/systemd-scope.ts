/**
 * Bots' cgroups where Tabula's own cgroup is not delegated to its user (a login session's scope on
 * a systemd distribution) but the user's systemd is there: each bot starts in a transient scope of
 * its own, as `systemd-run --user --scope -p Delegate=yes` makes it, with its limits as the scope's
 * properties (MemoryMax, MemorySwapMax, TasksMax). systemd moves the bot's first process into the
 * scope before it runs the bot's command; the scope holds all the bot starts, and goes when it is
 * empty (`--collect`). A scope's weight is systemd's to set: a bot on its clock weighs no more there.
 */
import { spawnSync } from 'node:child_process';
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
  killProcesses,
  listed,
  megabytes,
  removeCgroup,
  shmemMb,
} from './cgroups.js';
import type { BotLimits } from './limits.js';
import { unwatchCgroup, watchCgroup } from './watchdog.js';

/** The words that start a command in a transient scope; the unit and properties follow. */
const SYSTEMD_RUN = ['systemd-run', '--user', '--scope', '--quiet', '--collect', '-p', 'Delegate=yes'];

/**
 * Where the user's systemd makes its transient scopes (its app.slice), found by starting one; why
 * not, where it cannot.
 */
export function scopeSlice(mount: CgroupMount): { readonly slice: string } | { readonly off: string } {
  const probe = spawnSync(SYSTEMD_RUN[0]!, [...SYSTEMD_RUN.slice(1), '--', 'cat', '/proc/self/cgroup'], {
    encoding: 'utf8',
    timeout: 10_000,
  });
  if (probe.error) return { off: `no systemd to make a scope with: ${probe.error.message}` };
  const path = /^0::(.*)$/m.exec(probe.stdout)?.[1];
  const dir = path === undefined ? null : cgroupDir(mount, path);
  if (probe.status !== 0 || dir === null)
    return { off: `systemd-run --user --scope failed: ${probe.stderr.trim() || `exit code ${probe.status}`}` };
  return { slice: dirname(dir) };
}

/** Each bot in a scope of its own in `slice`; `usable`: the controllers systemd hands the scopes there. */
export function openScopes(slice: string, usable: readonly string[]): CgroupBackend {
  const off = new Map<CgroupFeature, string>();
  const missing = (controller: string) => `the ${controller} controller is not handed down to ${slice}`;
  if (!usable.includes('memory')) off.set('memory', missing('memory'));
  if (!usable.includes('pids')) off.set('processes', missing('pids'));
  off.set('cpu share', 'a transient scope’s weight is systemd’s to set');
  return {
    runDirs: [],
    off,
    create: async (name, limits) => new ScopeBot(slice, `tabula-${process.pid}-${name}`, limits, usable),
  };
}

/** Processes the kernel killed for want of memory (memory.events), forks refused (pids.events), CPU time (cpu.stat). */
const OOM_KILLS = /^oom_kill (\d+)$/m;
const FORKS_REFUSED = /^max (\d+)$/m;
const USAGE = /^usage_usec (\d+)$/m;

class ScopeBot implements BotCgroups {
  readonly procs: readonly string[] = [];
  readonly prefix: readonly string[];
  readonly dir: string;
  /** The scope's files, opened once the scope is there (the bot's first process makes it). */
  private readonly files = new Map<'cpu' | 'oom' | 'pids', ControlFile>();

  constructor(slice: string, unit: string, limits: BotLimits, usable: readonly string[]) {
    this.dir = join(slice, `${unit}.scope`);
    const properties = [
      ...(usable.includes('memory') ? [`MemoryMax=${limits.memoryMb}M`, 'MemorySwapMax=0'] : []),
      ...(usable.includes('pids') ? [`TasksMax=${limits.maxProcesses}`] : []),
    ];
    this.prefix = [...SYSTEMD_RUN, `--unit=${unit}`, ...properties.flatMap((p) => ['-p', p]), '--'];
    watchCgroup(this.dir);
  }

  /** The scope's control file, once it is there. */
  private file(name: 'cpu' | 'oom' | 'pids', path: string): ControlFile | undefined {
    let file = this.files.get(name);
    if (file === undefined) {
      const opened = ControlFile.openNow(join(this.dir, path));
      if (opened === null) return undefined;
      file = opened;
      this.files.set(name, file);
    }
    return file;
  }

  cpuMs(): number | undefined {
    const stat = this.file('cpu', 'cpu.stat')?.read();
    return stat === undefined ? undefined : counter(stat, USAGE) / 1000;
  }

  filesMb(): number | undefined {
    return shmemMb(this.dir);
  }

  memoryMb(): number | undefined {
    return megabytes(join(this.dir, 'memory.current'));
  }

  breach(): Breach | null {
    if (counter(this.file('oom', 'memory.events')?.read(), OOM_KILLS) > 0) return 'memory';
    if (counter(this.file('pids', 'pids.events')?.read(), FORKS_REFUSED) > 0) return 'processes';
    return null;
  }

  threads(): number[] {
    return listed(this.dir, 'cgroup.threads');
  }

  processes(): number[] {
    return listed(this.dir, 'cgroup.procs');
  }

  weigh(): void {}

  kill(): void {
    killProcesses(this.dir);
  }

  async remove(): Promise<void> {
    await closeFiles(this.files);
    // systemd removes the scope once it is empty (--collect): its processes killed is all it takes.
    await removeCgroup(this.dir, killProcesses);
    unwatchCgroup(this.dir);
  }
}
