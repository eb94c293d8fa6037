/**
 * Every bot process runs in a process group of its own; this registry of live groups lets the
 * arena kill them all when it exits, and tells the watchdog (sandbox/watchdog.ts), which kills
 * them when the arena is killed.
 */
import { spawnSync } from 'node:child_process';
import { processIds, procStat } from '../../core/proc.js';
import { unwatchGroup, watchGroup } from '../sandbox/watchdog.js';

const live = new Set<number>();

/** Makes perl the leader of a new process group, then becomes the program: `perl -e SETPGRP -- file args`. */
const SETPGRP = 'setpgrp(0, 0) or die "setpgrp: $!\\n"; exec { $ARGV[0] } @ARGV; exit 127';
let perl: boolean | undefined;

/**
 * How to spawn `file` as the leader of a process group of its own. In Tabula's session where perl
 * is at hand to make the group; else in a session of its own (Node's `detached`, setsid). Not in a
 * session of its own where it can be helped: Linux's autogroup scheduling, on in most
 * distributions, gives each session a scheduling group of its own, and a bot in one waited up to
 * 40 ms for a core when its turn came (2 games at once on 2 cores; docs/benchmarks.md, "A bot's
 * session"). A bot in a cpu cgroup of its own needs none of this (autogroups group only the root
 * cgroup's tasks): its sandbox says so, and it is spawned in a session of its own, without perl's
 * start.
 */
export function groupLeader(
  file: string,
  args: readonly string[],
): { file: string; args: string[]; detached: boolean } {
  perl ??= spawnSync('perl', ['-e', '1'], { stdio: 'ignore' }).status === 0;
  return perl
    ? { file: 'perl', args: ['-e', SETPGRP, '--', file, ...args], detached: false }
    : { file, args: [...args], detached: true };
}
let hooked = false;

export function trackGroup(pgid: number): void {
  live.add(pgid);
  watchGroup(pgid);
  if (!hooked) {
    hooked = true;
    process.on('exit', killAllGroups);
  }
}

export function untrackGroup(pgid: number): void {
  live.delete(pgid);
  unwatchGroup(pgid);
}

/** Sends `signal` to the group; false when no process of it is left. */
export function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

export function killAllGroups(): void {
  for (const pgid of live) signalGroup(pgid, 'SIGKILL');
  live.clear();
}

/**
 * The processes of a group that still run. Zombies do not count: orphans wait for init to reap
 * them, and init in a container may never do it. Read from /proc; where there is none, a group
 * that answers signals is taken to be running.
 */
export function runningInGroup(pgid: number): number[] {
  if (!signalGroup(pgid, 0)) return [];
  const pids = processIds();
  if (pids === null) return [pgid];
  return pids.filter((pid) => {
    const stat = procStat(pid);
    return stat !== null && stat.pgid === pgid && stat.state !== 'Z' && stat.state !== 'X';
  });
}
