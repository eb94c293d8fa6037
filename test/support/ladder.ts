/** A contest server (`tabula ladder`) of a test's own, as a real process, and the API as scripts call it. */

import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { root, tabula, tabulaCommand } from './cli.js';

export interface RunningLadder {
  readonly url: string;
  /** The admin key, printed on the first start of a database; null on later ones. */
  readonly adminKey: string | null;
  readonly process: ChildProcess;
  /** What it wrote on stdout and stderr so far. */
  stdout(): string;
  stderr(): string;
  /** Ctrl-C, then its exit code once it has stopped. */
  stop(): Promise<number | null>;
  /** SIGKILL, and its exit. */
  kill(): Promise<void>;
}

/**
 * Starts `tabula ladder` with `args`, once it serves: its first line is the URL; then, on a new
 * database (`fresh`), the admin key.
 */
export async function startLadder(
  args: readonly string[],
  fresh: boolean,
  env: NodeJS.ProcessEnv = {},
): Promise<RunningLadder> {
  const child = spawn(...tabulaCommand(['ladder', ...args]), { cwd: root, env: { ...process.env, ...env } });
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const started = await new Promise<{ url: string; adminKey: string | null }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`tabula ladder did not start: ${stderr}`)), 60_000);
    child.stdout!.on('data', (d) => {
      stdout += d;
      const lines = stdout.split('\n');
      if (lines.length < (fresh ? 3 : 2)) return;
      const key = fresh ? /^admin key: (\S+)$/.exec(lines[1]!)?.[1] : null;
      if (key === undefined) return reject(new Error(`no admin key: ${stdout}`));
      clearTimeout(timer);
      resolve({ url: lines[0]!, adminKey: key });
    });
    void exited.then((code) => reject(new Error(`tabula ladder exited (${code}): ${stderr}`)));
  });
  return {
    ...started,
    process: child,
    stdout: () => stdout,
    stderr: () => stderr,
    stop: async () => {
      child.kill('SIGINT');
      return exited;
    },
    kill: async () => {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** Calls the API: its status and JSON body. */
export async function api(
  url: string,
  path: string,
  init: {
    method?: string;
    token?: string | null;
    json?: unknown;
    body?: FormData | string;
    headers?: Record<string, string>;
  } = {},
  // biome-ignore lint/suspicious/noExplicitAny: the API's JSON, which the tests read field by field
): Promise<{ status: number; body: any; headers: Headers }> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(new URL(path, url), {
    method: init.method ?? (init.json !== undefined || init.body !== undefined ? 'POST' : 'GET'),
    headers,
    ...(init.json !== undefined
      ? { body: JSON.stringify(init.json) }
      : init.body !== undefined
        ? { body: init.body }
        : {}),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: response.status, body, headers: response.headers };
}

/** Waits until `check` returns something other than undefined (asked every half second), or fails after `ms`. */
export async function until<T>(what: string, ms: number, check: () => Promise<T | undefined>): Promise<T> {
  const end = Date.now() + ms;
  let last: unknown;
  while (Date.now() < end) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (err) {
      last = err;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${what}: not within ${ms} ms${last ? ` (${(last as Error).message})` : ''}`);
}

/** Authors joined to the site of `db` served at `url`, each with an invite of `tabula ladder invite`: their tokens by name. */
export async function joinAuthors(url: string, db: string, names: readonly string[]): Promise<Record<string, string>> {
  const made = await tabula(['ladder', 'invite', '--db', db, '--count', `${names.length}`]);
  assert.equal(made.code, 0, made.stderr);
  const invites = made.stdout.trim().split('\n');
  const tokens: Record<string, string> = {};
  for (const [i, name] of names.entries()) {
    const joined = await api(url, '/api/authors', { json: { invite: invites[i], name } });
    assert.equal(joined.status, 201, JSON.stringify(joined.body));
    tokens[name] = joined.body.token;
  }
  return tokens;
}
