/** Bots without the network: each runs in a network namespace of its own, with only a loopback that is down. */
import { spawnSync } from 'node:child_process';

/** The words that run a command without the network. */
export const NO_NETWORK = ['unshare', '--net', '--'] as const;

/** Null when a command can be run without the network here; otherwise why not. */
export function networkIsolationProblem(): string | null {
  const probe = spawnSync(NO_NETWORK[0], [...NO_NETWORK.slice(1), 'true'], { encoding: 'utf8', timeout: 5000 });
  if (probe.error) return `cannot run unshare: ${probe.error.message}`;
  if (probe.status !== 0) return `unshare --net failed (${probe.stderr.trim() || `exit code ${probe.status}`})`;
  return null;
}
