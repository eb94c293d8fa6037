/**
 * The sandbox of one bot process: a cgroup in each hierarchy Tabula can use (memory and process
 * limits, CPU accounting, and the means to kill everything the bot started, `setsid` or not), a
 * network namespace of its own unless the network is allowed, and an rlimit on memory where there is
 * no memory cgroup. What this machine allows is found once per process; each limit that cannot be
 * enforced is named once on stderr, and bots play on without it.
 */
import { closeSync, mkdirSync, openSync, readSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { findHierarchies, killCgroup, removeCgroup, removeStale, runDirName, type Controller } from './cgroups.js';
import { memoryBreach, processBreach, type BotLimits } from './limits.js';
import { NO_NETWORK, networkIsolationProblem } from './network.js';
import { startWatchdog } from './watchdog.js';

interface Support {
  /** This process's directory in each usable hierarchy. */
  readonly runDirs: ReadonlyMap<Controller, string>;
  /** Why each unusable controller is off. */
  readonly off: ReadonlyMap<Controller, string>;
  /** Why bots cannot be kept off the network; null when they can; undefined until first needed. */
  network?: string | null;
  warned: boolean;
}

let support: Support | undefined;
let bots = 0;
const live = new Set<Sandbox>();

/**
 * Finds what this machine allows, makes this process's cgroup directories, starts the watchdog and
 * removes what dead Tabula processes left behind. Runs once, at the first bot process.
 */
export function prepareSandboxes(): void {
  if (support) return;
  const runDirs = new Map<Controller, string>();
  const off = new Map<Controller, string>();
  for (const [controller, found] of findHierarchies()) {
    if ('off' in found) {
      off.set(controller, found.off);
      continue;
    }
    const dir = join(found.dir, runDirName());
    try {
      mkdirSync(dir, { recursive: true });
      runDirs.set(controller, dir);
      void removeStale(found.dir);
    } catch (err) {
      off.set(
        controller,
        `cannot create ${dir}: ${(err as NodeJS.ErrnoException).code ?? String(err)}${process.getuid?.() === 0 ? '' : ' (Tabula does not run as root)'}`,
      );
    }
  }
  support = { runDirs, off, warned: false };
  startWatchdog([...runDirs.values()]);
  process.on('exit', () => {
    for (const sandbox of live) sandbox.kill();
  });
}

/** What the sandbox does: each of these may be off on a machine. */
export type Enforcement = 'memory' | 'processes' | 'cpu time' | 'containment' | 'network';

/** The limits this machine cannot enforce (or only in part), with why. */
export function unenforced(): Map<Enforcement, string> {
  prepareSandboxes();
  const s = support!;
  s.network ??= networkIsolationProblem();
  const off = new Map<Enforcement, string>();
  const why = (c: Controller) => s.off.get(c);
  if (why('memory')) off.set('memory', `limited by an rlimit on each process's data segment only (${why('memory')})`);
  if (why('pids')) off.set('processes', `not limited (${why('pids')})`);
  if (why('cpuacct')) off.set('cpu time', `not measured (${why('cpuacct')})`);
  if (s.runDirs.size === 0) off.set('containment', 'by process group only: a process that calls setsid escapes');
  if (s.network) off.set('network', `not isolated (${s.network})`);
  return off;
}

/** Names, once, each limit that cannot be enforced here, and why. */
function warnOnce(s: Support, limits: BotLimits): void {
  if (s.warned) return;
  s.warned = true;
  const off = unenforced();
  if (limits.allowNetwork) off.delete('network');
  if (off.size > 0)
    process.stderr.write(
      `tabula: some bot limits are off on this machine:\n${[...off].map(([what, why]) => `  ${what}: ${why}\n`).join('')}`,
    );
}

/** Runs `sh -c` after entering the cgroups named before `--` (one cgroup.procs file each). */
const ENTER = 'for f; do [ "$f" = -- ] && break; echo $$ > "$f" || exit 125; shift; done; shift; exec "$@"';

export class Sandbox {
  /** This bot's cgroup in each usable hierarchy. */
  private readonly dirs = new Map<Controller, string>();
  private readonly files = new Map<'cpu' | 'oom' | 'pids', number>();
  private readonly buffer = Buffer.alloc(256);
  private readonly network: boolean;

  /** Makes the sandbox of one bot; throws when a cgroup cannot be made. */
  constructor(private readonly limits: BotLimits) {
    prepareSandboxes();
    const s = support!;
    if (!limits.allowNetwork) s.network ??= networkIsolationProblem();
    this.network = limits.allowNetwork || s.network !== null;
    warnOnce(s, limits);
    const name = `${++bots}`;
    try {
      for (const [controller, runDir] of s.runDirs) {
        const dir = join(runDir, name);
        mkdirSync(dir);
        this.dirs.set(controller, dir);
      }
      this.setLimits();
    } catch (err) {
      void this.remove();
      throw err;
    }
    live.add(this);
  }

  private setLimits(): void {
    const memory = this.dirs.get('memory');
    if (memory) {
      const bytes = `${this.limits.memoryMb * 1024 * 1024}`;
      writeFileSync(join(memory, 'memory.limit_in_bytes'), bytes);
      // Swap counts too, where the kernel accounts for it (the memory limit must be set first).
      try {
        writeFileSync(join(memory, 'memory.memsw.limit_in_bytes'), bytes);
      } catch {
        // no swap accounting: there is only the memory limit
      }
      this.files.set('oom', openSync(join(memory, 'memory.oom_control'), 'r'));
    }
    const pids = this.dirs.get('pids');
    if (pids) {
      writeFileSync(join(pids, 'pids.max'), `${this.limits.maxProcesses}`);
      this.files.set('pids', openSync(join(pids, 'pids.events'), 'r'));
    }
    const cpu = this.dirs.get('cpuacct');
    if (cpu) this.files.set('cpu', openSync(join(cpu, 'cpuacct.usage'), 'r'));
  }

  /** The program and arguments that run `command` through `sh -c` inside the sandbox. */
  launch(command: string): { file: string; args: string[] } {
    const shell = ['sh', '-c', command];
    const inner = this.network ? shell : [...NO_NETWORK, ...shell];
    const procs = [...this.dirs.values()].map((dir) => join(dir, 'cgroup.procs'));
    // Without a memory cgroup, an rlimit is the one means left (in KiB; it applies per process).
    const rlimit = this.dirs.has('memory') ? '' : `ulimit -d ${this.limits.memoryMb * 1024} || exit 125; `;
    return { file: 'sh', args: ['-c', rlimit + ENTER, 'tabula-sandbox', ...procs, '--', ...inner] };
  }

  /** CPU time (user and system) used so far by the bot and all it started; undefined where not measured. */
  cpuMs(): number | undefined {
    const ns = this.read('cpu');
    return ns === undefined ? undefined : Number(ns) / 1e6;
  }

  /** The limit the bot went over, if it did: the crash message. */
  breach(): string | null {
    if (counter(this.read('oom'), OOM_KILLS) > 0) return memoryBreach(this.limits);
    if (counter(this.read('pids'), FORKS_REFUSED) > 0) return processBreach(this.limits);
    return null;
  }

  /** SIGKILL to everything in the sandbox, at once (processes forked meanwhile: see `remove`). */
  kill(): void {
    const any = this.dirs.values().next();
    if (!any.done) killCgroup(any.value);
  }

  /** Kills everything in the sandbox until nothing is left, then removes it. */
  async remove(): Promise<void> {
    live.delete(this);
    for (const fd of this.files.values()) closeSync(fd);
    this.files.clear();
    for (const dir of this.dirs.values()) await removeCgroup(dir);
    this.dirs.clear();
  }

  /** A control file read again from its start: cheaper than opening it every turn. */
  private read(file: 'cpu' | 'oom' | 'pids'): string | undefined {
    const fd = this.files.get(file);
    if (fd === undefined) return undefined;
    const n = readSync(fd, this.buffer, 0, this.buffer.length, 0);
    return this.buffer.toString('latin1', 0, n);
  }
}

/** Processes the kernel killed for want of memory (memory.oom_control). */
const OOM_KILLS = /^oom_kill (\d+)$/m;
/** Forks refused at the limit (pids.events). */
const FORKS_REFUSED = /^max (\d+)$/m;

/** A counter of a control file; 0 when absent. */
function counter(text: string | undefined, line: RegExp): number {
  const match = text === undefined ? null : line.exec(text);
  return match ? Number(match[1]) : 0;
}
