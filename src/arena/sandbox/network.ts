/**
 * Bots without the network. The bots of one Tabula process share a network namespace, made at the
 * first one's start, whose only interface, loopback, is down: joining it costs a bot's start
 * microseconds, where a namespace of each bot's own cost 0.3 to 0.7 ms more to make (measured:
 * docs/benchmarks.md, "The bots' network namespace"), and the kernel more to tear down. Root makes
 * it directly; an ordinary user inside a user namespace of its own, which the bots join too, keeping
 * their user id (`--map-current-user`: no privilege they did not have).
 * Tabula holds it by a descriptor, which a bot's first process inherits to join it and its shell
 * closes: it lasts as long as Tabula, whatever becomes of the process that made it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, fstatSync, openSync, statSync } from 'node:fs';
import { createInterface } from 'node:readline';

/** The ways to make a namespace without the network, the first that works here taken. */
const WAYS = [
  { words: ['unshare', '--net', '--'], user: false },
  { words: ['unshare', '--user', '--map-current-user', '--net', '--'], user: true },
] as const;

/** How bots are kept off the network here: the way the namespace is made. */
export type Offline = (typeof WAYS)[number];

/** The way to keep bots off the network here; why none works, where none does. */
export function noNetwork(): Offline | { readonly problem: string } {
  const problems: string[] = [];
  for (const way of WAYS) {
    const [file, ...args] = way.words;
    const probe = spawnSync(file, [...args, 'true'], { encoding: 'utf8', timeout: 5000 });
    if (probe.error) return { problem: `cannot run unshare: ${probe.error.message}` };
    if (probe.status === 0) return way;
    problems.push(`${way.words.join(' ')} failed (${probe.stderr.trim() || `exit code ${probe.status}`})`);
  }
  return { problem: problems.join('; ') };
}

/** The shared namespace: Tabula's descriptors of it, to hand a bot's wrapper. */
export interface Namespace {
  /** The network namespace's, then the user namespace's where there is one. */
  readonly fds: readonly number[];
  /** Whether it is inside a user namespace, which the bot joins too. */
  readonly user: boolean;
}

/**
 * The words that run a command in the namespace, its descriptors handed to them from descriptor
 * `at` on; the shell words that close those again before the bot's own command; whether the words
 * enter a user namespace too.
 */
export function joining(namespace: Namespace, at: number): { words: string[]; close: string; user: boolean } {
  const fd = (i: number) => `/proc/self/fd/${at + i}`;
  const words = namespace.user
    ? ['nsenter', '--preserve-credentials', `--user=${fd(1)}`, `--net=${fd(0)}`, '--']
    : ['nsenter', `--net=${fd(0)}`, '--'];
  return { words, close: `exec ${namespace.fds.map((_, i) => `${at + i}<&-`).join(' ')}; `, user: namespace.user };
}

let made: Promise<Namespace> | undefined;

/** The namespace the bots of this process share, made once (a failure is tried again at the next bot). */
export function sharedNamespace(way: Offline): Promise<Namespace> {
  made ??= makeNamespace(way).catch((err: Error) => {
    made = undefined;
    throw err;
  });
  return made;
}

/** Makes the namespace in a short-lived process, and keeps descriptors of it. */
async function makeNamespace(way: Offline): Promise<Namespace> {
  const [file, ...args] = way.words;
  // The holder says it is in the namespace, then waits for its input to end.
  const holder = spawn(file, [...args, 'sh', '-c', 'echo in; read _'], { stdio: ['pipe', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => {
    holder.on('close', () => resolve());
    holder.on('error', () => resolve());
  });
  let stderr = '';
  holder.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const said = await new Promise<string | null>((resolve) => {
    holder.on('error', () => resolve(null));
    const lines = createInterface({ input: holder.stdout });
    lines.once('line', resolve);
    lines.once('close', () => resolve(null));
  });
  try {
    if (said !== 'in') throw new Error(`${way.words.join(' ')} failed: ${stderr.trim() || 'it said nothing'}`);
    const kinds = way.user ? (['net', 'user'] as const) : (['net'] as const);
    const fds = kinds.map((kind) => openSync(`/proc/${holder.pid}/ns/${kind}`, 'r'));
    // Never the network of Tabula itself, whatever went wrong.
    if (fstatSync(fds[0]!).ino === statSync('/proc/self/ns/net').ino) {
      for (const fd of fds) closeSync(fd);
      throw new Error(`${way.words.join(' ')} left the bot in Tabula's own network namespace`);
    }
    return { fds, user: way.user };
  } finally {
    holder.stdin.end();
    await exited;
  }
}
