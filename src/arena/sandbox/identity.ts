/**
 * Who a stranger's bot is, and what it is told (file-view.ts runs it so). Run by an ordinary user,
 * it is that user, in a user namespace of its own. Run by root, a user namespace would not do: the
 * kernel judges its files by the ids outside, where the namespace's users are root. So there each
 * bot or build gets a user and group id of its own, outside any namespace, from a range of ids that
 * no account or file of the system holds: mode bits alone then keep root's files, the server's and
 * the other bots' from it, as Halite gave each bot a Unix user of its own. The range is one that
 * systemd leaves unassigned (between its containers' ranges, which end below 0x70000000, and its
 * "foreign" range at 0x7FFE0000); a system that gives it out is refused. Its environment is
 * Tabula's making only: nothing of the server's (tokens, keys, paths) reaches it.
 */
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** The first id of the range, and how many there are. */
export const STRANGER_IDS = { first: 0x7000_0000, count: 1 << 20 } as const;

/** Where in the range the next id is: a random start, so that two Tabula processes seldom meet. */
let next = randomInt(STRANGER_IDS.count);

/**
 * A user and group id for one bot or build, while root runs Tabula; null for an ordinary user. Ids
 * are not reused while the range lasts: what a bot leaves under its id (a kernel keyring's keys)
 * never meets another bot. Two Tabula processes may hand out one id, to bots that still see
 * neither each other's processes nor files nor network.
 */
export function strangerId(): number | null {
  if (process.getuid?.() !== 0) return null;
  const id = STRANGER_IDS.first + next;
  next = (next + 1) % STRANGER_IDS.count;
  return id;
}

/** Why the range cannot be used here (an account or a subordinate range in it); null when it can. */
export function identityProblem(): string | null {
  const last = STRANGER_IDS.first + STRANGER_IDS.count - 1;
  const inRange = (start: number, count: number) => start <= last && start + count - 1 >= STRANGER_IDS.first;
  for (const file of ['/etc/passwd', '/etc/group']) {
    for (const line of lines(file)) {
      const [name, , id] = line.split(':');
      if (inRange(Number(id), 1))
        return `${file} gives id ${id} to ${name}, in the range Tabula runs strangers' bots as (${STRANGER_IDS.first} to ${last})`;
    }
  }
  for (const file of ['/etc/subuid', '/etc/subgid']) {
    for (const line of lines(file)) {
      const [name, start, count] = line.split(':');
      if (inRange(Number(start), Number(count)))
        return `${file} gives ${name} ids ${start} to ${Number(start) + Number(count) - 1}, which meet the range Tabula runs strangers' bots as (${STRANGER_IDS.first} to ${last})`;
    }
  }
  return null;
}

function lines(file: string): string[] {
  try {
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '' && !l.startsWith('#'));
  } catch {
    return [];
  }
}

/**
 * The words that run a command (the words after them) as `id`, with no capability left, no group
 * of root's, and no way to gain privileges (a set-user-id program stays its caller).
 */
export function asStranger(id: number): string[] {
  return [
    'setpriv',
    `--reuid=${id}`,
    `--regid=${id}`,
    '--clear-groups',
    '--no-new-privs',
    '--inh-caps=-all',
    '--bounding-set=-all',
    '--',
  ];
}

/**
 * The whole environment of a stranger's bot or build: PATH (the folders of Tabula's PATH that its
 * view shows, `shown`), HOME and TMPDIR (its private /tmp), LANG; the arena adds TABULA_STARTED.
 */
export function strangerEnvironment(shown: (dir: string) => boolean): Record<string, string> {
  const path = (process.env.PATH ?? '').split(':').filter((dir) => dir.startsWith('/') && shown(dir));
  const fallback = ['/usr/local/bin', '/usr/bin', '/bin'];
  return {
    PATH: [...new Set(path.length > 0 ? path : fallback)].join(':'),
    HOME: '/tmp',
    TMPDIR: '/tmp',
    LANG: 'C.UTF-8',
  };
}
