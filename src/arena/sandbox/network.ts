/**
 * Bots without the network: each runs in a network namespace of its own, with only a loopback that
 * is down. Root makes one directly; an ordinary user makes it inside a user namespace of its own,
 * where the bot keeps its user id (`--map-current-user`: it gains no privilege it did not have).
 */
import { spawnSync } from 'node:child_process';

/** The ways to run a command without the network, the first that works here taken. */
const WAYS = [
  ['unshare', '--net', '--'],
  ['unshare', '--user', '--map-current-user', '--net', '--'],
] as const;

/** The words that run a command without the network here; why none does, where none does. */
export function noNetwork(): { readonly words: readonly string[] } | { readonly problem: string } {
  const problems: string[] = [];
  for (const words of WAYS) {
    const probe = spawnSync(words[0], [...words.slice(1), 'true'], { encoding: 'utf8', timeout: 5000 });
    if (probe.error) return { problem: `cannot run unshare: ${probe.error.message}` };
    if (probe.status === 0) return { words };
    problems.push(`${words.join(' ')} failed (${probe.stderr.trim() || `exit code ${probe.status}`})`);
  }
  return { problem: problems.join('; ') };
}
