/**
 * The sandbox of one bot process: a cgroup in each hierarchy Tabula can use (memory and process
 * limits, CPU accounting, and the means to kill everything the bot started, `setsid` or not), a
 * network namespace without the network unless the network is allowed (network.ts), an rlimit on memory where there is
 * no memory cgroup, and its CPU priority given back after its start-up (core/start-up-priority.ts).
 * What this machine allows is found once per process; each limit that cannot be enforced is named
 * once on stderr, and bots play on without it.
 */

import { chownSync, lchownSync, lstatSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isRunning, processName, RunQueueWait, STARTED_VARIABLE, threadsOf } from '../../core/proc.js';
import { ownNice, raisingProblem, setNice } from '../../core/start-up-priority.js';
import { READ_AND_RUN, shellQuote } from '../process/shell-command.js';
import { hasV1, openV1 } from './cgroup-v1.js';
import { openV2, v2Cgroup } from './cgroup-v2.js';
import type { BotCgroups, CgroupBackend, CgroupFeature } from './cgroups.js';
import { shownInView, type View, viewProblem, viewWords } from './file-view.js';
import { strangerEnvironment, strangerId } from './identity.js';
import { type BotLimits, memoryBreach, processBreach, tmpFull } from './limits.js';
import { joining, type Namespace, noNetwork, sharedNamespace } from './network.js';
import { startWatchdog, watchRunDir } from './watchdog.js';

interface Support {
  readonly cgroups: CgroupBackend;
  /** How bots are kept off the network, or why they cannot be; undefined until first needed. */
  network: ReturnType<typeof noNetwork> | undefined;
  /** Why a bot's priority is not given back after its start-up; null when it is. */
  readonly priority: string | null;
  warned: boolean;
}

let support: Support | undefined;
let bots = 0;
const live = new Set<Sandbox>();

/**
 * The cgroups bots get here: cgroup v1 where a controller Tabula uses is mounted so (this machine,
 * a hybrid one), else the unified hierarchy of cgroup v2, else none.
 */
function openCgroups(): CgroupBackend {
  if (hasV1()) return openV1();
  const v2 = v2Cgroup();
  if (v2 !== null && 'dir' in v2) return openV2(v2.mount, v2.dir);
  const why = v2 === null ? 'no cgroup file system mounted' : v2.off;
  const off = new Map<CgroupFeature, string>(
    (['memory', 'processes', 'cpu time', 'cpu share', 'containment'] as const).map((f) => [f, why]),
  );
  return { runDirs: [], off, create: () => Promise.reject(new Error(why)) };
}

/**
 * The cgroups this process's directories are in, one per hierarchy: where a dead run's leftovers
 * are found. None where bots get scopes of systemd's (which removes them) or no cgroup.
 */
export function ownCgroupDirs(): string[] {
  prepareSandboxes();
  return support!.cgroups.runDirs.map((dir) => dirname(dir));
}

/**
 * Finds what this machine allows, makes this process's cgroup directories, starts the watchdog and
 * removes what dead Tabula processes left behind. Runs once, at the first bot process.
 */
export function prepareSandboxes(): void {
  if (support) return;
  // Before the directories are made (Tabula may move itself into one): the watchdog stays out of them.
  startWatchdog();
  const cgroups = openCgroups();
  for (const dir of cgroups.runDirs) watchRunDir(dir);
  const priority = cgroups.off.has('containment') ? 'no cgroup to find all of a bot’s threads in' : raisingProblem();
  support = { cgroups, network: undefined, priority, warned: false };
  process.on('exit', () => {
    for (const sandbox of live) sandbox.kill();
  });
}

/** How bots are kept off the network here, or why they cannot be: found at the first need. */
function network(s: Support): ReturnType<typeof noNetwork> {
  s.network ??= noNetwork();
  return s.network;
}

/** What the sandbox does: each of these may be off on a machine. */
export type Enforcement =
  | 'memory'
  | 'processes'
  | 'cpu time'
  | 'cpu share'
  | 'containment'
  | 'network'
  | 'start-up priority';

/** The limits this machine cannot enforce (or only in part), with why. */
export function unenforced(): Map<Enforcement, string> {
  prepareSandboxes();
  const s = support!;
  const off = new Map<Enforcement, string>();
  const why = (feature: CgroupFeature) => s.cgroups.off.get(feature);
  if (why('memory')) off.set('memory', `limited by an rlimit on each process's data segment only (${why('memory')})`);
  if (why('processes')) off.set('processes', `not limited (${why('processes')})`);
  if (why('cpu time')) off.set('cpu time', `not measured (${why('cpu time')})`);
  if (why('cpu share'))
    off.set('cpu share', `not weighted: a bot on its clock gets no more CPU than other work (${why('cpu share')})`);
  if (why('containment'))
    off.set('containment', `by process group only: a process that calls setsid escapes (${why('containment')})`);
  const offline = network(s);
  if ('problem' in offline) off.set('network', `not isolated (${offline.problem})`);
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

/** A stranger's environment as `env` words: Tabula's PATH does not change while it runs. */
let strangerWords: string[] | undefined;

/** The size of a view's /tmp: half the bot's memory, which its files there count in. */
export const tmpMb = (limits: BotLimits): number => Math.floor(limits.memoryMb / 2);

/** Gives `dir` and everything in it to user and group `id` (links themselves, not what they point to). */
function chownTree(dir: string, id: number): void {
  chownSync(dir, id, id);
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (lstatSync(path).isDirectory()) chownTree(path, id);
    else lchownSync(path, id, id);
  }
}

/** Enters the cgroups named by the shell's arguments (one cgroup.procs file each); what follows it runs inside. */
const ENTER = 'for f; do echo $$ > "$f" || exit 125; done; set --; ';

export class Sandbox {
  /** The bot's cgroups; null where there are none. */
  private cgroups: BotCgroups | null = null;
  /** The namespace that keeps it off the network; null where it may use it, or cannot be kept off it. */
  private offline: Namespace | null = null;
  private readonly waits = new RunQueueWait();
  private threadsListed = false;
  /** The most the bot's files in its /tmp held when looked at (`watch`), in MB. */
  private filesMb = 0;
  /** The id a stranger's bot runs as where root runs Tabula (identity.ts); undefined otherwise. */
  private readonly identity: number | undefined;

  private constructor(private readonly limits: BotLimits) {
    prepareSandboxes();
    warnOnce(support!, limits);
    this.identity = limits.files === 'own' ? (strangerId() ?? undefined) : undefined;
  }

  /**
   * Makes the sandbox of one bot; throws when a cgroup or the namespace cannot be made.
   * Asynchronous: making a cgroup may wait on the kernel for milliseconds, which the other games'
   * clocks must not.
   */
  static async create(limits: BotLimits): Promise<Sandbox> {
    const view = limits.files === 'own' ? viewProblem() : null;
    if (view !== null) throw new Error(`--bot-files own: ${view}`);
    const sandbox = new Sandbox(limits);
    const way = network(support!);
    // A view of its own files has a namespace of its own, made by bubblewrap (file-view.ts).
    if (!limits.allowNetwork && limits.files !== 'own' && !('problem' in way))
      sandbox.offline = await sharedNamespace(way);
    live.add(sandbox);
    const { cgroups } = support!;
    if (!cgroups.off.has('containment')) {
      try {
        sandbox.cgroups = await cgroups.create(`${++bots}`, limits);
      } catch (err) {
        live.delete(sandbox);
        throw err;
      }
    }
    return sandbox;
  }

  /**
   * The program and arguments of the shell a bot starts as, inside the sandbox, and the descriptors
   * to hand it from descriptor `fd` on (the first after those the bot is given). The shell enters
   * the sandbox, then waits on its input for the script that becomes the bot (`READ_AND_RUN`,
   * `script`): all of the sandbox that does not depend on the bot can be made before the bot is
   * known. `session`: the bot may have a session of its own (process/groups.ts), being in a cpu
   * cgroup of its own, out of the reach of the kernel's autogroups.
   */
  shell(fd: number): { file: string; args: string[]; fds: readonly number[]; session: boolean } {
    const session = this.cgroups !== null && !support!.cgroups.off.has('cpu share');
    // Without a memory cgroup, an rlimit is the one means left (in KiB; it applies per process).
    const rlimit = support!.cgroups.off.has('memory') ? `ulimit -d ${this.limits.memoryMb * 1024} || exit 125; ` : '';
    const procs = this.cgroups?.procs ?? [];
    const prefix = this.cgroups?.prefix ?? [];
    const offline = this.offline && joining(this.offline, fd);
    const wait = offline ? offline.close + READ_AND_RUN : READ_AND_RUN;
    // Where the only wrapper is root's nsenter, which only execs, it comes first: one shell then
    // enters the cgroups and waits. Otherwise (a scope, a user namespace) the shell enters the
    // cgroups first, then runs the wrappers, which run the shell that waits. Either way no code of
    // the bot runs before it is contained. A view of its own files is the bot's (`script`).
    const first = offline && prefix.length === 0 && !offline.user ? offline.words : [];
    const wrappers = first.length > 0 ? [] : [...prefix, ...(offline?.words ?? [])];
    const inner = wrappers.length === 0 ? wait : `exec ${[...wrappers, 'sh', '-c', wait].map(shellQuote).join(' ')}`;
    const shell = ['sh', '-c', rlimit + ENTER + inner, 'sh', ...procs];
    const [file, ...args] = [...first, ...shell];
    return { file: file!, args, fds: this.offline?.fds ?? [], session };
  }

  /**
   * What the shell runs to become the bot, `command` (run by `sh -c`): in `view`, the bot's
   * directory and what to hide there, where the bot has a view of its own files.
   */
  script(command: string, view: Omit<View, 'network' | 'tmpMb' | 'identity'>): string {
    if (this.limits.files !== 'own') return command;
    // A build writes its folder as its own id: the folder is made its own.
    if (view.writable && this.identity !== undefined) chownTree(view.dir, this.identity);
    const words = viewWords({
      ...view,
      network: this.limits.allowNetwork,
      tmpMb: tmpMb(this.limits),
      identity: this.identity,
    });
    // Nothing of Tabula's environment past this point: bubblewrap, and so the bot, start with a
    // stranger's (identity.ts) and when the bot's command started. The wrappers before it (a user's
    // systemd-run) need Tabula's own.
    strangerWords ??= Object.entries(strangerEnvironment(shownInView)).map(([name, value]) =>
      shellQuote(`${name}=${value}`),
    );
    const env = strangerWords;
    const started = `"${STARTED_VARIABLE}=$${STARTED_VARIABLE}"`;
    return `exec env -i ${[...env, started].join(' ')} ${[...words, 'sh', '-c', command].map(shellQuote).join(' ')}`;
  }

  /**
   * The bot's start-up is over: each of its threads, in every process, back to Tabula's priority,
   * whatever it lowered it to while starting up. `pid`: its first process.
   */
  startedUp(pid: number): void {
    if (support!.priority !== null) return;
    // Its first process too, which may not have entered its cgroups yet.
    setNice(new Set([...threadsOf(pid), ...(this.cgroups?.threads() ?? [])]), ownNice());
  }

  /** CPU time (user and system) used so far by the bot and all it started; undefined where not measured. */
  cpuMs(): number | undefined {
    return this.cgroups?.cpuMs();
  }

  /**
   * The time the bot's threads waited for a CPU while ready to run, summed, since its first reading,
   * in ms; undefined where its threads cannot all be found (no cgroup).
   */
  waitMs(): number | undefined {
    if (!this.cgroups) return undefined;
    // Its threads are listed once, then at each look between its answers (`watch`), not at each
    // reading: a listing costs more than the readings of a few threads.
    if (!this.threadsListed) this.waits.track(this.cgroups.threads());
    this.threadsListed = true;
    return this.waits.read();
  }

  /**
   * Whether the bot has ended, whether or not its end has been read: nothing is left of it but the
   * bubblewrap of its view of the files (which lives a moment past the bot) and zombies. Undefined
   * where its processes cannot all be found (no cgroup).
   */
  ended(): boolean | undefined {
    const processes = this.cgroups?.processes();
    if (processes === undefined) return undefined;
    return processes.every((pid) => {
      const name = processName(pid);
      return name === null || name === 'bwrap' || !isRunning(pid);
    });
  }

  /** The memory its limit counts, in MB; undefined where not measured. */
  memoryMb(): number | undefined {
    return this.cgroups?.memoryMb();
  }

  /**
   * Looks at the bot between its answers (process/bot-process.ts): the files it holds in its /tmp, which
   * are gone with it, so that its end can say what they were.
   */
  watch(): void {
    this.filesMb = Math.max(this.filesMb, this.cgroups?.filesMb() ?? 0);
    if (this.cgroups && this.threadsListed) this.waits.track(this.cgroups.threads());
  }

  /** The limit the bot went over, if it did: the crash message. */
  breach(): string | null {
    const breach = this.cgroups?.breach() ?? null;
    if (breach === 'memory') return memoryBreach(this.limits, this.filesMb);
    if (breach === 'processes') return processBreach(this.limits);
    return null;
  }

  /**
   * What its end should add: that its /tmp was full, where it was (its files filled it when last
   * looked at, or its last words on stderr say a write found no space); null otherwise.
   */
  endNote(stderr: string): string | null {
    if (this.limits.files !== 'own') return null;
    const size = tmpMb(this.limits);
    return this.filesMb >= size * 0.95 || /no space left on device/i.test(stderr) ? tmpFull(size) : null;
  }

  /** The bot's clock starts or stops: its claim on the CPU goes up or down. */
  weigh(onClock: boolean): void {
    this.cgroups?.weigh(onClock);
  }

  /** SIGKILL to everything in the sandbox, at once (processes forked meanwhile: see `remove`). */
  kill(): void {
    this.cgroups?.kill();
  }

  /** Kills everything in the sandbox until nothing is left, then removes it. */
  async remove(): Promise<void> {
    live.delete(this);
    this.waits.close();
    const cgroups = this.cgroups;
    this.cgroups = null;
    await cgroups?.remove();
  }
}
