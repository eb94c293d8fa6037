/**
 * A contest server's API as `tabula submit` uses it: joining with an invite, sending a bot's files,
 * following a submission; and where an author's tokens are kept between submissions (the user's
 * config, one token per server, readable by the user alone). Every refusal is a `UsageError` with
 * the server's own words.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { SentFile } from '../contest/submission.js';
import type { SubmissionData } from '../server/contest-wire.js';
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

export function send(
  origin: string,
  token: string,
  lang: string,
  files: readonly SentFile[],
): Promise<{ id: number; version: number }> {
  const form = new FormData();
  form.set('lang', lang);
  for (const f of files) form.append('files', new Blob([f.data]), f.path);
  return call(origin, '/api/submissions', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
}

export const submission = (origin: string, token: string, id: number): Promise<SubmissionData> =>
  call(origin, `/api/submissions/${id}`, { headers: { authorization: `Bearer ${token}` } });

/** Names that are never part of a bot's source: version control, installed packages, build outputs of npm. */
const SKIPPED = new Set(['.git', 'node_modules']);

/**
 * The files of `path`: the file itself, or every file under the folder (but dot files and
 * node_modules), named by their path in it.
 */
export function filesOf(path: string): SentFile[] {
  if (!existsSync(path)) throw new UsageError(`there is no ${path}`);
  if (statSync(path).isFile()) return [{ path: basename(path), data: readFileSync(path) }];
  const files: SentFile[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      if (name.startsWith('.') || SKIPPED.has(name)) continue;
      const full = join(dir, name);
      const stat = statSync(full);
      if (stat.isDirectory()) walk(full);
      else if (stat.isFile()) files.push({ path: relative(path, full), data: readFileSync(full) });
    }
  };
  walk(path);
  if (files.length === 0) throw new UsageError(`${path} holds no file to submit`);
  return files;
}

/** Where tokens are kept: $XDG_CONFIG_HOME/tabula/contests.json (~/.config when unset). */
const configFile = (): string =>
  join(process.env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'tabula', 'contests.json');

interface Kept {
  readonly author: string;
  readonly token: string;
}

function keptTokens(): Record<string, Kept> {
  try {
    return JSON.parse(readFileSync(configFile(), 'utf8')) as Record<string, Kept>;
  } catch {
    return {};
  }
}

export const keptToken = (origin: string): Kept | undefined => keptTokens()[origin];

/** Keeps the author's token for the server; the path it is kept in, or null when it could not be written. */
export function keepToken(origin: string, kept: Kept): string | null {
  const file = configFile();
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(file, `${JSON.stringify({ ...keptTokens(), [origin]: kept }, null, 2)}\n`, { mode: 0o600 });
    return file;
  } catch {
    return null;
  }
}
