/**
 * The web arena under test: a database with games in it, `tabula` commands that serve (each on a
 * free port of 127.0.0.1, stopped at the end), HTTP requests with any Host header, and Chromium
 * (Debian's, driven by playwright-core; never a downloaded browser).
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { root, slack, tabula } from './cli.js';

const main = new URL('../../src/cli/main.js', import.meta.url).href;

/** A fresh folder for a test's database and files. */
export const scratch = (): string => mkdtempSync(join(tmpdir(), 'tabula-web-'));

/** A database holding one finished match of `games` Morris games between random bots (run 1). */
export async function databaseWithMatch(dir: string, games = 2, extra: readonly string[] = []): Promise<string> {
  const db = join(dir, 'tabula.db');
  const run = await tabula([
    'match',
    'morris',
    'builtin:random',
    'builtin:random',
    '--games',
    `${games}`,
    '--seed',
    '7',
    '--concurrency',
    '1',
    '--db',
    db,
    '--json',
    ...slack,
    ...extra,
  ]);
  if (run.code !== 0) throw new Error(run.stderr);
  return db;
}

export interface Served {
  readonly url: string;
  readonly child: ChildProcess;
  /** What the command printed on stdout after its first line, so far. */
  readonly output: () => string;
  /** What the command printed on stderr, so far. */
  readonly stderr: () => string;
  /** The exit code, once the command ends by itself. */
  readonly exited: Promise<number | null>;
  stop(): Promise<number | null>;
}

/** Runs a `tabula` command that serves (serve, view, play with a person) and waits for the URL on its first line. */
export function serving(args: readonly string[]): Promise<Served> {
  const script = `const { main } = await import(${JSON.stringify(main)}); process.exitCode = await main(process.argv.slice(1));`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script, ...args], { cwd: root });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL printed; stderr: ${stderr}`)), 60_000);
    child.on('exit', () => reject(new Error(`exited before serving: ${stderr}`)));
    child.stdout.on('data', (d) => {
      stdout += d;
      const newline = stdout.indexOf('\n');
      if (newline < 0) return;
      clearTimeout(timer);
      resolve({
        url: stdout.slice(0, newline),
        child,
        output: () => stdout.slice(newline + 1),
        stderr: () => stderr,
        exited,
        stop: async () => {
          if (child.exitCode === null) child.kill('SIGINT');
          return exited;
        },
      });
    });
  });
}

/** A GET with the Host header given (a browser cannot be made to send a wrong one). */
export function getWithHost(url: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { host } }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Debian's Chromium (`apt-get install chromium`, as .ci/run does). */
export const CHROMIUM = process.env.TABULA_CHROMIUM ?? '/usr/bin/chromium';

/** Browser tests run where Chromium is installed, and always in CI, where its absence is a failure. */
export const browserSkip = existsSync(CHROMIUM) || process.env.CI ? false : `no Chromium at ${CHROMIUM}`;

/** A fresh headless Chromium profile; closed by the caller. */
export function browser(): Promise<BrowserContext> {
  return chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'tabula-chromium-')), {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
    viewport: { width: 1300, height: 950 },
  });
}

/** Where screenshots go (git ignores it): to look at the pages as a person would. */
const SCREENS = join(root, 'test-output', 'screens');

/** A screenshot of a whole page, or of one part of it (a long page's whole is slow to take). */
export async function screenshot(of: Page | Locator, name: string): Promise<void> {
  mkdirSync(SCREENS, { recursive: true });
  const path = join(SCREENS, `${name}.png`);
  await ('goto' in of ? of.screenshot({ path, fullPage: true }) : of.screenshot({ path }));
}

/** Errors the page threw: a test fails on any. */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/**
 * Calls a contest server's API as a script does, with a Bearer token: the answer's JSON, asserted
 * to be a success (a refusal fails the test, with its status and error). A body posts: a form as it
 * is, anything else as JSON.
 */
export async function askAs<T>(url: string, path: string, token: string, body?: unknown): Promise<T> {
  const init: RequestInit = { headers: { authorization: `Bearer ${token}` } };
  if (body instanceof FormData) Object.assign(init, { method: 'POST', body });
  else if (body !== undefined)
    Object.assign(init, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { ...init.headers, 'content-type': 'application/json' },
    });
  const response = await fetch(`${url}${path.slice(1)}`, init);
  const answer = (await response.json()) as T & { error?: string };
  assert.ok(response.ok, `${path}: ${response.status} ${answer.error}`);
  return answer;
}
