/**
 * What a bot sees of the files. `all`: what its user may read, as any program. `own` (for strangers'
 * bots): a view made with bubblewrap, in namespaces of its own, holding the system's programs and
 * libraries read only (/usr and its links, /etc, /opt), Node and Tabula's own code read only (built-in
 * bots run from it), the bot's own directory read only (the one its command runs in, Tabula's
 * database and replays there hidden), a private /tmp of a stated size (also $TMPDIR and $HOME) that
 * is gone with the bot, its own /proc and a minimal /dev; nothing else: not the user's home, not
 * other bots' directories, not /sys (so not the cgroup files). Who it is there (identity.ts): an
 * ordinary user's bot is that user, in a user namespace of its own; root's is an unprivileged id of
 * its own outside any user namespace, which bubblewrap, run as root, hands the bot to through
 * setpriv once the view is made.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { asStranger, identityProblem, STRANGER_IDS } from './identity.js';

export type BotFiles = 'own' | 'all';

/** The directories of the system a bot's programs run from, shown read only where they exist. */
const SYSTEM = ['/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32', '/etc', '/opt'];

/** Tabula's own folder (its code and node_modules), which built-in bots run from. */
const TABULA = resolve(fileURLToPath(new URL('../../../../', import.meta.url)));

let problem: string | null | undefined;

/** Why a bot cannot be given a view of its own files here; null when it can. Found once. */
export function viewProblem(): string | null {
  if (problem === undefined) {
    const identity = process.getuid?.() === 0 ? STRANGER_IDS.first : undefined;
    const ids = identity === undefined ? null : identityProblem();
    if (ids !== null) {
      problem = ids;
      return problem;
    }
    const [file, ...args] = viewWords({ dir: '/', hidden: [], network: false, tmpMb: 1, identity });
    const probe = spawnSync(file!, [...args, 'true'], { encoding: 'utf8', timeout: 5000 });
    problem = probe.error
      ? `bubblewrap (bwrap) cannot be run: ${probe.error.message}`
      : probe.status !== 0
        ? `bubblewrap (bwrap) failed: ${probe.stderr.trim() || `exit code ${probe.status}`}`
        : null;
  }
  return problem;
}

export interface View {
  /** The bot's own directory: where its command runs, shown read only. */
  readonly dir: string;
  /** Files and folders in what the view shows that the bot must not see (Tabula's database, replays). */
  readonly hidden: readonly string[];
  /** Whether the bot keeps the network (else it is in a network namespace of its own). */
  readonly network: boolean;
  /** Whether it may write its directory (a build's); read only when absent. */
  readonly writable?: boolean;
  /** The size of its /tmp, in MB (its files there count in its memory too); the kernel's default when absent. */
  readonly tmpMb?: number;
  /** The user and group id it runs as, where root runs it (identity.ts); absent: its user's, in a user namespace. */
  readonly identity?: number | undefined;
}

/** The words that run a command (the words after them) in a view of its own files. */
export function viewWords(view: View): string[] {
  const words = ['bwrap', '--unshare-pid', '--unshare-ipc', '--unshare-uts', '--die-with-parent'];
  // Root's bubblewrap keeps the two capabilities setpriv needs to become the bot's id, and no other.
  if (view.identity === undefined) words.push('--unshare-user');
  else words.push('--cap-add', 'CAP_SETUID', '--cap-add', 'CAP_SETGID');
  if (!view.network) words.push('--unshare-net');
  // The private /tmp first: a bot's own directory may be in /tmp, shown on top of it. Anyone's to
  // write, as a /tmp is: the bot's id is not the one that mounts it.
  const size = view.tmpMb === undefined ? [] : ['--size', `${view.tmpMb * 1024 * 1024}`];
  words.push('--perms', '1777', ...size, '--tmpfs', '/tmp', '--setenv', 'TMPDIR', '/tmp', '--setenv', 'HOME', '/tmp');
  const folders = new Folders(words);
  for (const path of SYSTEM) {
    if (!existsSync(path)) continue;
    // On a merged /usr, /bin and the like are links into it: the same links in the view.
    if (lstatSync(path).isSymbolicLink()) words.push('--symlink', readlinkSync(path), path);
    else folders.bind('--ro-bind', path);
  }
  const shown = [...new Set([nodeFolder(), TABULA, resolve(view.dir)])].filter(
    (d) => !SYSTEM.some((s) => within(d, s)),
  );
  for (const dir of shown) folders.bind('--ro-bind', dir);
  for (const path of view.hidden) {
    if (!existsSync(path) || !shown.some((d) => within(path, d))) continue;
    if (statSync(path).isDirectory()) folders.hide(path);
    else words.push('--ro-bind', '/dev/null', path);
  }
  // Its own directory last: on top of a hidden folder that holds it (a contest's other builds), and
  // writable for a build.
  const own = resolve(view.dir);
  if (view.writable || view.hidden.some((path) => within(own, path) && own !== path))
    folders.bind(view.writable ? '--bind' : '--ro-bind', own);
  words.push('--proc', '/proc', '--dev', '/dev', '--chdir', view.dir, '--');
  if (view.identity !== undefined) words.push(...asStranger(view.identity));
  return words;
}

/**
 * The folders of a view as bubblewrap is told to make them. The folders above a bound one that the
 * view lacks are made first, each readable by all (root's bubblewrap would make them root's alone,
 * and a bot of an id of its own could not reach what is bound below them).
 */
class Folders {
  /** Folders whose contents the view shows: what is below them is there. */
  private readonly bound: string[] = [];
  /** Folders made empty: the view's /tmp, hidden folders, and those made above bound ones. */
  private readonly made = new Set<string>(['/', '/tmp']);

  constructor(private readonly words: string[]) {}

  bind(how: '--bind' | '--ro-bind', dir: string): void {
    this.above(dir);
    this.words.push(how, dir, dir);
    this.bound.push(dir);
  }

  /** Shows `dir` as an empty folder. */
  hide(dir: string): void {
    this.above(dir);
    this.words.push('--tmpfs', dir);
    this.made.add(dir);
  }

  /** Makes the folders above `path` that the view lacks. */
  private above(path: string): void {
    const chain: string[] = [];
    for (let dir = dirname(path); !this.made.has(dir); dir = dirname(dir)) chain.unshift(dir);
    for (const dir of chain) {
      // Below a bound folder it is there already, unless a hidden (empty) one is nearer.
      const inBound = this.bound.filter((b) => within(dir, b)).map((b) => b.length);
      const inMade = [...this.made].filter((m) => m !== '/' && within(dir, m)).map((m) => m.length);
      if (Math.max(-1, ...inBound) > Math.max(-1, ...inMade)) continue;
      this.words.push('--perms', '0755', '--dir', dir);
      this.made.add(dir);
    }
  }
}

/** Whether a bot's view of its own files shows `path` (a program's): the system's folders, Node's, Tabula's. */
export function shownInView(path: string): boolean {
  const real = existsSync(path) ? realpathSync(path) : path;
  return [...SYSTEM, nodeFolder(), TABULA].some((dir) => within(path, dir) || within(real, dir));
}

/** The folder Node is installed in (its `bin/node`'s parent), where it is not in the system's. */
function nodeFolder(): string {
  return dirname(dirname(realpathSync(process.execPath)));
}

/** Whether `path` is `dir` or inside it. */
function within(path: string, dir: string): boolean {
  const rel = relative(dir, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}
