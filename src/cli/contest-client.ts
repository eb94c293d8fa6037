/**
 * A contest server's API as `tabula submit` uses it: joining with an invite, sending a bot's files,
 * following a submission; and where an author's tokens are kept between submissions (the user's
 * config, one token per server, readable by the user alone). Every refusal is a `UsageError` with
 * the server's own words.
 */
import { type Dirent, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { SentFile } from '../contest/submission.js';
import type { ContestListing, SubmissionData } from '../server/contest-wire.js';
import { UsageError } from './errors.js';

/** The server's own address: its origin, by which a token is kept. */
export function serverOrigin(url: string): string {
  if (!URL.canParse(url))
    throw new UsageError(`${url} is not a URL (the one tabula ladder printed: http://HOST:PORT/)`);
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new UsageError(`${url} is not an http:// or https:// URL`);
  return parsed.origin;
}

/** How often a question (a GET) is asked again when the connection fails, and how long apart. */
const RETRIES = 3;
const RETRY_MS = 1000;

/**
 * Calls the API; a refusal (or no answer) is a `UsageError` naming what the server said. A question
 * is asked again when its connection fails (a server closing an idle connection as it is reused, a
 * busy moment); a change is not, lest it be made twice.
 */
async function call<T>(origin: string, path: string, init: RequestInit): Promise<T> {
  let response: Response;
  for (let attempt = 1; ; attempt++) {
    try {
      response = await fetch(`${origin}${path}`, init);
      break;
    } catch (err) {
      if ((init.method ?? 'GET') === 'GET' && attempt < RETRIES) {
        await sleep(RETRY_MS);
        continue;
      }
      const cause = (err as { cause?: { message?: string } }).cause?.message ?? (err as Error).message;
      throw new UsageError(`cannot reach ${origin}: ${cause}`);
    }
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  if (!response.ok) {
    const said = (body as { error?: string } | null)?.error ?? (text.trim() || response.statusText);
    throw new UsageError(`${origin} refused (${response.status}): ${said}`);
  }
  return body as T;
}

const json = (value: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(value),
});

export const joinContest = (origin: string, invite: string, name: string): Promise<{ author: string; token: string }> =>
  call(origin, '/api/authors', json({ invite, name }));

/** Where a contest is on a server: its API's base, and the base of its pages. */
export interface ContestAt {
  readonly api: string;
  readonly pages: string;
}

/**
 * The contest of `game` on the server, or its only one when `game` is not given: a `UsageError` naming
 * the contests there are when there is none of the game, or several and no game named. A server older
 * than sites of several contests (no /api/contests) serves one, at /api.
 */
export async function contestOn(origin: string, game: string | undefined): Promise<ContestAt> {
  let listed: ContestListing[];
  try {
    listed = await call<ContestListing[]>(origin, '/api/contests', {});
  } catch (err) {
    if (game === undefined && err instanceof UsageError && err.message.includes('refused (404)'))
      return { api: '/api', pages: '' };
    throw err;
  }
  const names = listed.map((c) => c.game).join(', ');
  if (game === undefined) {
    if (listed.length === 1) return { api: listed[0]!.api, pages: listed[0]!.pages.leaderboard };
    throw new UsageError(`${origin} holds contests of ${names}: say which with --game`);
  }
  const found = listed.find((c) => c.game === game);
  if (!found) throw new UsageError(`${origin} holds no contest of ${game} (contests: ${names})`);
  return { api: found.api, pages: found.pages.leaderboard };
}

export function send(
  origin: string,
  at: ContestAt,
  token: string,
  lang: string,
  files: readonly SentFile[],
): Promise<{ id: number; version: number }> {
  const form = new FormData();
  form.set('lang', lang);
  for (const f of files) form.append('files', new Blob([f.data]), f.path);
  return call(origin, `${at.api}/submissions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
}

export const submission = (origin: string, at: ContestAt, token: string, id: number): Promise<SubmissionData> =>
  call(origin, `${at.api}/submissions/${id}`, { headers: { authorization: `Bearer ${token}` } });

/**
 * A stored game's record of one seat (arena/record.ts), whichever contest of the server played it;
 * for the author of that seat's bot alone. Unchecked: the caller reads it.
 */
export const gameRecord = (origin: string, token: string, gameId: number, seat: number): Promise<unknown> =>
  call(origin, `/api/games/${gameId}/record?seat=${seat}`, { headers: { authorization: `Bearer ${token}` } });

/** Names that are never part of a bot's source: version control, installed packages, build outputs of npm. */
const SKIPPED = new Set(['.git', 'node_modules']);

/** What of a folder is not sent, and why: `a symbolic link`. */
export interface LeftOut {
  readonly path: string;
  readonly why: string;
}

/**
 * The files of `path`: the file itself, or every file under the folder (but dot files and
 * node_modules), named by their path in it. Links under the folder are left out, not followed: one
 * to a file of the machine's (or a folder of them) would send that file to the server; `path` itself
 * is followed, the user having named it.
 */
export function filesOf(path: string): { files: SentFile[]; leftOut: LeftOut[] } {
  if (!existsSync(path)) throw new UsageError(`there is no ${path}`);
  const stat = statSync(path);
  if (stat.isFile()) return { files: [{ path: basename(path), data: readSource(path) }], leftOut: [] };
  if (!stat.isDirectory()) throw new UsageError(`${path} is neither a file nor a folder`);
  const files: SentFile[] = [];
  const leftOut: LeftOut[] = [];
  const walk = (dir: string): void => {
    for (const entry of entriesOf(dir)) {
      if (entry.name.startsWith('.') || SKIPPED.has(entry.name)) continue;
      const full = join(dir, entry.name);
      // The entry's own type, read without following it.
      if (entry.isSymbolicLink()) leftOut.push({ path: relative(path, full), why: 'a symbolic link' });
      else if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) files.push({ path: relative(path, full), data: readSource(full) });
      else leftOut.push({ path: relative(path, full), why: 'neither a file nor a folder' });
    }
  };
  walk(path);
  if (files.length === 0) throw new UsageError(`${path} holds no file to submit`);
  return { files, leftOut };
}

/** A folder's entries by name, or a `UsageError` saying why it cannot be read. */
function entriesOf(dir: string): Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  } catch (err) {
    throw new UsageError(`cannot read the folder ${dir}: ${unreadable(err)}`);
  }
}

/** Why a file or folder cannot be read, in a person's words where the user can act on it. */
function unreadable(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  return code === 'ENOENT' ? 'it is gone (removed while it was read)' : (err as Error).message;
}

/** A file's bytes, or a `UsageError` saying why they cannot be read. */
function readSource(file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (err) {
    throw new UsageError(`cannot read ${file}: ${unreadable(err)}`);
  }
}

/** Where tokens are kept: $XDG_CONFIG_HOME/tabula/contests.json (~/.config when unset). */
const configFile = (): string =>
  join(process.env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'tabula', 'contests.json');

export interface Kept {
  readonly author: string;
  readonly token: string;
}

function keptTokens(): Record<string, Kept> {
  try {
    const read: unknown = JSON.parse(readFileSync(configFile(), 'utf8'));
    if (read === null || typeof read !== 'object') return {};
    // What is not a token kept (the file written by hand) is passed over.
    return Object.fromEntries(
      Object.entries(read).filter(([, k]) => typeof k?.token === 'string' && typeof k?.author === 'string'),
    ) as Record<string, Kept>;
  } catch {
    return {};
  }
}

/**
 * The token kept for `origin`; else, the server having moved to another port, the one kept for its
 * host (`from`: the origin it was kept for), when that host has one token alone: of two, which is
 * this server's is not known, and a token is not sent to a server it may not be for (`others`: those
 * kept for the host). Never one kept for https sent over http, in the clear.
 */
export function keptToken(origin: string): { kept: Kept; from: string } | { kept: null; others: string[] } {
  const all = keptTokens();
  const own = all[origin];
  if (own) return { kept: own, from: origin };
  const { hostname, protocol } = new URL(origin);
  const onHost = Object.entries(all).filter(([kept]) => {
    const url = URL.canParse(kept) ? new URL(kept) : null;
    return url !== null && url.hostname === hostname && !(url.protocol === 'https:' && protocol === 'http:');
  });
  const [first] = onHost;
  if (first && onHost.every(([, k]) => k.token === first[1].token)) return { kept: first[1], from: first[0] };
  return { kept: null, others: onHost.map(([kept]) => kept) };
}

/** How an author says who they are: their token, or the first time an invite and the name to join as. */
export interface TokenOptions {
  token?: string;
  invite?: string;
  as?: string;
}

/**
 * The token to send: given, made by joining with an invite (and kept), or kept from before; `moved`:
 * kept for the server's host on another port, the server having moved (`keptToken`).
 */
export async function tokenFor(
  origin: string,
  options: TokenOptions,
): Promise<{ token: string; moved?: { kept: Kept; from: string } }> {
  if (options.token !== undefined) return { token: options.token };
  if (options.invite !== undefined && options.as !== undefined) {
    const joined = await joinContest(origin, options.invite, options.as);
    const kept = keepToken(origin, { author: joined.author, token: joined.token });
    process.stdout.write(
      `joined ${origin} as ${joined.author}; your token: ${joined.token}\n` +
        (kept
          ? `(kept in ${kept}: later submissions need no --token)\n`
          : '(it could not be kept: give it with --token from now on)\n'),
    );
    return { token: joined.token };
  }
  const found = keptToken(origin);
  if (found.kept === null)
    throw new UsageError(
      found.others.length > 0
        ? `no token of yours for ${origin}, and tokens for ${found.others.join(' and ')} on its host: give --token`
        : `no token of yours for ${origin}: join with --invite CODE --as NAME, or give --token`,
    );
  if (found.from === origin) return { token: found.kept.token };
  process.stderr.write(
    `tabula: no token is kept for ${origin}: sending ${found.kept.author}'s, kept for ${found.from} (the same host)\n`,
  );
  return { token: found.kept.token, moved: found };
}

/** A token kept for the server's host on another port, taken by the server it moved to: kept for it from now on. */
export function keepMovedToken(origin: string, moved: { kept: Kept; from: string }): void {
  if (keepToken(origin, moved.kept, moved.from))
    process.stderr.write(`tabula: ${moved.kept.author}'s token is kept for ${origin} from now on\n`);
}

/**
 * Keeps the author's token for the server (instead of for `moved`, where it was kept before the
 * server moved); the path it is kept in, or null when it could not be written.
 */
export function keepToken(origin: string, kept: Kept, moved?: string): string | null {
  const file = configFile();
  try {
    const tokens = keptTokens();
    if (moved !== undefined) delete tokens[moved];
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(file, `${JSON.stringify({ ...tokens, [origin]: kept }, null, 2)}\n`, { mode: 0o600 });
    return file;
  } catch {
    return null;
  }
}
