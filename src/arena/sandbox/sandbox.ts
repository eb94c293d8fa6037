/**
 * The sandbox of one bot process: a cgroup in each hierarchy Tabula can use (memory and process
 * limits, CPU accounting, and the means to kill everything the bot started, `setsid` or not), a
 * network namespace of its own unless the network is allowed, an rlimit on memory where there is
 * no memory cgroup, and its CPU priority given back after its start-up (core/start-up-priority.ts).
 * What this machine allows is found once per process; each limit that cannot be enforced is named
 * once on stderr, and bots play on without it.
 */
import { mkdirSync, readSync } from 'node:fs';
import { type FileHandle, mkdir, open, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { threadsOf } from '../../core/proc.js';
import { ownNice, raisingProblem, setNice } from '../../core/start-up-priority.js';
import {
  type Controller,
  cgroupThreads,
  findHierarchies,
  killCgroup,
  removeCgroup,
  removeStale,
  runDirName,
} from './cgroups.js';
import { type BotLimits, memoryBreach, processBreach } from './limits.js';
import { NO_NETWORK, networkIsolationProblem } from './network.js';
import { startWatchdog } from './watchdog.js';

interface Support {
  /** This process's directory in each usable hierarchy. */
  readonly runDirs: ReadonlyMap<Controller, string>;
  /** Why each unusable controller is off. */
  readonly off: ReadonlyMap<Controller, string>;
  /** Why bots cannot be kept off the network; null when they can; undefined until first needed. */
  network: string | null | undefined;
  /** Why a bot's priority is not given back after its start-up; null when it is. */
  readonly priority: string | null;
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
  const priority = runDirs.size === 0 ? 'no cgroup to find all of a bot’s threads in' : raisingProblem();
  support = { runDirs, off, network: undefined, priority, warned: false };
  startWatchdog([...runDirs.values()]);
  process.on('exit', () => {
    for (const sandbox of live) sandbox.kill();
  });
}

/** Why bots cannot be kept off the network here, found at the first need; null when they can. */
function networkProblem(s: Support): string | null {
  if (s.network === undefined) s.network = networkIsolationProblem();
  return s.network;
}

/** What the sandbox does: each of these may be off on a machine. */
export type Enforcement = 'memory' | 'processes' | 'cpu time' | 'containment' | 'network' | 'start-up priority';

/** The limits this machine cannot enforce (or only in part), with why. */
export function unenforced(): Map<Enforcement, string> {
  prepareSandboxes();
  const s = support!;
  const off = new Map<Enforcement, string>();
  const why = (c: Controller) => s.off.get(c);
  if (why('memory')) off.set('memory', `limited by an rlimit on each process's data segment only (${why('memory')})`);
  if (why('pids')) off.set('processes', `not limited (${why('pids')})`);
  if (why('cpuacct')) off.set('cpu time', `not measured (${why('cpuacct')})`);
  if (s.runDirs.size === 0) off.set('containment', 'by process group only: a process that calls setsid escapes');
  const network = networkProblem(s);
  if (network) off.set('network', `not isolated (${network})`);
  if (s.priority) off.set('start-up priority', `not given back (${s.priority})`);
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
  private readonly files = new Map<'cpu' | 'oom' | 'pids', FileHandle>();
  private readonly buffer = Buffer.alloc(256);
  private readonly network: boolean;

  private constructor(private readonly limits: BotLimits) {
    prepareSandboxes();
    this.network = limits.allowNetwork || networkProblem(support!) !== null;
    warnOnce(support!, limits);
  }

  /**
   * Makes the sandbox of one bot; throws when a cgroup cannot be made. Asynchronous: making a
   * cgroup may wait on the kernel for milliseconds, which the other games' clocks must not.
   */
  static async create(limits: BotLimits): Promise<Sandbox> {
    const sandbox = new Sandbox(limits);
    live.add(sandbox);
    try {
      const name = `${++bots}`;
      for (const [controller, runDir] of support!.runDirs) {
        const dir = join(runDir, name);
        await mkdir(dir);
        sandbox.dirs.set(controller, dir);
      }
      await sandbox.setLimits();
    } catch (err) {
      await sandbox.remove();
      throw err;
    }
    return sandbox;
  }

  private async setLimits(): Promise<void> {
    const memory = this.dirs.get('memory');
    if (memory) {
      const bytes = `${this.limits.memoryMb * 1024 * 1024}`;
      await writeFile(join(memory, 'memory.limit_in_bytes'), bytes);
      // Swap counts too, where the kernel accounts for it (the memory limit must be set first).
      await writeFile(join(memory, 'memory.memsw.limit_in_bytes'), bytes).catch(() => {});
      this.files.set('oom', await open(join(memory, 'memory.oom_control')));
    }
    const pids = this.dirs.get('pids');
    if (pids) {
      await writeFile(join(pids, 'pids.max'), `${this.limits.maxProcesses}`);
      this.files.set('pids', await open(join(pids, 'pids.events')));
    }
    const cpu = this.dirs.get('cpuacct');
    if (cpu) this.files.set('cpu', await open(join(cpu, 'cpuacct.usage')));
  }

  /** The program and arguments that run `command` through `sh -c` inside the sandbox. */
  wrap(command: string): { file: string; args: string[] } {
    const shell = ['sh', '-c', command];
    const inner = this.network ? shell : [...NO_NETWORK, ...shell];
    const procs = [...this.dirs.values()].map((dir) => join(dir, 'cgroup.procs'));
    // Without a memory cgroup, an rlimit is the one means left (in KiB; it applies per process).
    const rlimit = this.dirs.has('memory') ? '' : `ulimit -d ${this.limits.memoryMb * 1024} || exit 125; `;
    return { file: 'sh', args: ['-c', rlimit + ENTER, 'tabula-sandbox', ...procs, '--', ...inner] };
  }

  /**
   * The bot's start-up is over: each of its threads, in every process, back to Tabula's priority,
   * whatever it lowered it to while starting up. `pid`: its first process.
   */
  startedUp(pid: number): void {
    if (support!.priority === null) setNice(this.threads(pid), ownNice());
  }

  /**
   * Every thread of every process in the sandbox (a v1 cgroup's `tasks`), and those of the first
   * process, which may not have entered its cgroups yet.
   */
  private threads(pid: number): Set<number> {
    const any = this.dirs.values().next();
    return new Set([...threadsOf(pid), ...(any.done ? [] : cgroupThreads(any.value))]);
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
    const files = [...this.files.values()];
    this.files.clear();
    for (const file of files) await file.close();
    for (const dir of this.dirs.values()) await removeCgroup(dir);
    this.dirs.clear();
  }

  /** A control file read again from its start: cheaper than opening it every turn. */
  private read(file: 'cpu' | 'oom' | 'pids'): string | undefined {
    const handle = this.files.get(file);
    if (handle === undefined) return undefined;
    // Synchronous: the reading times the turn, and takes microseconds.
    const n = readSync(handle.fd, this.buffer, 0, this.buffer.length, 0);
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
