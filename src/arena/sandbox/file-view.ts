/**
 * What a bot sees of the files. `all`: what its user may read, as any program. `own` (for strangers'
 * bots): a view made with bubblewrap, in namespaces of its own, holding the system's programs and
 * libraries read only (/usr and its links, /etc, /opt), Node and Tabula's own code read only (built-in
 * bots run from it), the bot's own directory read only (the one its command runs in, Tabula's
 * database and replays there hidden), a private /tmp (also $TMPDIR and $HOME) that is gone with the
 * bot, its own /proc and a minimal /dev; nothing else: not the user's home, not other bots'
 * directories, not /sys (so not the cgroup files). Its user is its own (a user namespace): a bot that
 * root runs is `nobody` there, without root's power over the files it is shown.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export type BotFiles = 'own' | 'all';

/** The directories of the system a bot's programs run from, shown read only where they exist. */
const SYSTEM = ['/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32', '/etc', '/opt'];

/** Tabula's own folder (its code and node_modules), which built-in bots run from. */
const TABULA = resolve(fileURLToPath(new URL('../../../../', import.meta.url)));

/** The user id a bot that root runs has in its view: nobody. */
const NOBODY = '65534';

let problem: string | null | undefined;

/** Why a bot cannot be given a view of its own files here; null when it can. Found once. */
export function viewProblem(): string | null {
  if (problem === undefined) {
    const [file, ...args] = viewWords({ dir: '/', hidden: [], network: false });
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
}

/** The words that run a command (the words after them) in a view of its own files. */
export function viewWords(view: View): string[] {
  const words = ['bwrap', '--unshare-user', '--unshare-pid', '--unshare-ipc', '--unshare-uts', '--die-with-parent'];
  if (!view.network) words.push('--unshare-net');
  if (process.getuid?.() === 0) words.push('--uid', NOBODY, '--gid', NOBODY);
  // The private /tmp first: a bot's own directory may be in /tmp, shown on top of it.
  words.push('--tmpfs', '/tmp', '--setenv', 'TMPDIR', '/tmp', '--setenv', 'HOME', '/tmp');
  for (const path of SYSTEM) {
    if (!existsSync(path)) continue;
    // On a merged /usr, /bin and the like are links into it: the same links in the view.
    if (lstatSync(path).isSymbolicLink()) words.push('--symlink', readlinkSync(path), path);
    else words.push('--ro-bind', path, path);
  }
  const shown = [...new Set([nodeFolder(), TABULA, resolve(view.dir)])].filter(
    (d) => !SYSTEM.some((s) => within(d, s)),
  );
  for (const dir of shown) words.push('--ro-bind', dir, dir);
  for (const path of view.hidden) {
    if (!existsSync(path) || !shown.some((d) => within(path, d))) continue;
    if (statSync(path).isDirectory()) words.push('--tmpfs', path);
    else words.push('--ro-bind', '/dev/null', path);
  }
  // Its own directory last: on top of a hidden folder that holds it (a contest's other builds), and
  // writable for a build.
  const own = resolve(view.dir);
  if (view.writable || view.hidden.some((path) => within(own, path) && own !== path))
    words.push(view.writable ? '--bind' : '--ro-bind', own, own);
  words.push('--proc', '/proc', '--dev', '/dev', '--chdir', view.dir, '--');
  return words;
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
