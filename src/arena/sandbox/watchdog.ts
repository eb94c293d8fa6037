/**
 * A small shell process that outlives Tabula just long enough to end its bots. It reads Tabula's
 * messages on a pipe whose only writer is Tabula, so the end of its input is Tabula's end, however
 * it came (SIGKILL included). It then kills the process groups still listed and everything in
 * Tabula's cgroups, and removes those. A shell costs a millisecond to start and nothing to keep.
 */
import { spawn } from 'node:child_process';
import type { Socket } from 'node:net';

/**
 * Input lines: `+ <pgid>` when a bot's group starts, `- <pgid>` when it is gone; `r <dir>` for each
 * of Tabula's own cgroup directories, each holding one cgroup per bot (and Tabula's leaf); `c+ <dir>`
 * and `c- <dir>` for a bot's cgroup outside them (a transient scope). Started before Tabula makes its
 * directories, the watchdog is in none of them: what it empties and removes is never its own.
 * Argument: Tabula's pid.
 */
const SCRIPT = `
tabula=$1
live=' '
scopes=' '
runs=''
while read -r op id; do
  case "$op $live" in
  "+ "*) live="$live$id " ;;
  "- "*" $id "*) live="\${live%% $id *} \${live#* $id }" ;;
  esac
  case "$op $scopes" in
  "c+ "*) scopes="$scopes$id " ;;
  "c- "*" $id "*) scopes="\${scopes%% $id *} \${scopes#* $id }" ;;
  esac
  [ "$op" = r ] && runs="$runs $id"
done
exec 2>/dev/null
for g in $live; do kill -KILL -"$g"; done
for dir in $scopes; do
  n=0
  while [ $n -lt 300 ]; do
    pids=$(cat "$dir/cgroup.procs")
    [ -z "$pids" ] && break
    for pid in $pids; do kill -KILL "$pid"; done
    sleep 0.01; n=$((n + 1))
  done
done
for run in $runs; do
  for dir in "$run"/*/; do
    [ -d "$dir" ] && while read -r pid; do [ "$pid" = "$tabula" ] || kill -KILL "$pid"; done < "$dir/cgroup.procs"
  done
done
for run in $runs; do
  for dir in "$run"/*/ "$run"; do
    n=0
    while [ -d "$dir" ] && ! rmdir "$dir" && [ $n -lt 300 ]; do
      while read -r pid; do [ "$pid" = "$tabula" ] || kill -KILL "$pid"; done < "$dir/cgroup.procs"
      sleep 0.01; n=$((n + 1))
    done
  done
done
`;

let pipe: Socket | null = null;

/** Starts the watchdog of this process, once. */
export function startWatchdog(): void {
  if (pipe) return;
  // Tabula itself, in its leaf, is ending as the watchdog wakes: it is left to end by itself.
  const child = spawn('sh', ['-c', SCRIPT, 'tabula-watchdog', `${process.pid}`], {
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  child.on('error', () => {}); // no shell: process groups are still killed on a normal exit
  child.unref();
  pipe = child.stdin as Socket;
  pipe.on('error', () => {});
  // The watchdog must not keep Tabula alive: only Tabula's end closes its input.
  pipe.unref();
}

/** One of Tabula's own cgroup directories: emptied and removed at Tabula's end. */
export function watchRunDir(dir: string): void {
  pipe?.write(`r ${dir}\n`);
}

export function watchGroup(pgid: number): void {
  pipe?.write(`+ ${pgid}\n`);
}

export function unwatchGroup(pgid: number): void {
  pipe?.write(`- ${pgid}\n`);
}

export function watchCgroup(dir: string): void {
  pipe?.write(`c+ ${dir}\n`);
}

export function unwatchCgroup(dir: string): void {
  pipe?.write(`c- ${dir}\n`);
}
