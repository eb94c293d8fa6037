/** Runs the `tabula` command line as a real child process, from the build these tests were compiled into. */
import { type ChildProcess, spawn } from 'node:child_process';

const main = new URL('../../src/cli/main.js', import.meta.url).href;
/** The repository root, where fixtures live and where commands run (TABULA_ROOT for a build outside dist/). */
export const root = process.env.TABULA_ROOT ?? new URL('../../../', import.meta.url).pathname;

/**
 * How many times slower than a plain machine the one the tests run on is: more for a User-Mode Linux
 * guest (test/arena/cgroup-v2.test.ts), whose one CPU and file system are slow. Waits scale with it.
 */
export const slowness = Number(process.env.TABULA_TEST_SLOWNESS ?? 1);

/** Time limits no load can break, for tests about something other than time (longer on a slow machine). */
export const slack = ['--turn-ms', `${2000 * slowness}`, '--first-turn-ms', `${10_000 * slowness}`];

export interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

const script = `const { main } = await import(${JSON.stringify(main)}); process.exitCode = await main(process.argv.slice(1));`;

/** The program and arguments that run `tabula` with `args`, for a test that starts it its own way. */
export const tabulaCommand = (args: readonly string[]): [string, string[]] => [
  process.execPath,
  ['--input-type=module', '-e', script, ...args],
];

/** Starts `tabula` with `args`, its output ignored: for tests that stop it from outside. */
export function startTabula(args: readonly string[], cwd = root): ChildProcess {
  return spawn(...tabulaCommand(args), { cwd, stdio: 'ignore' });
}

/**
 * Runs `tabula` to its end; with `limitMs`, killed (SIGKILL) if it runs longer, its code then null;
 * `env`: variables to set for it.
 */
export function tabula(
  args: readonly string[],
  stdin = '',
  cwd = root,
  limitMs?: number,
  env: NodeJS.ProcessEnv = {},
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(...tabulaCommand(args), { cwd, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    const limit = limitMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), limitMs);
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(limit);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(stdin);
  });
}

/**
 * A game's entry in `tabula games --json`, without the built-in bots' details, its bosses, judge and
 * starters (their own tests check those).
 */
export async function gameListing(id: string): Promise<Record<string, unknown>> {
  const run = await tabula(['games', '--json']);
  if (run.code !== 0) throw new Error(run.stderr);
  const games = JSON.parse(run.stdout) as { id: string }[];
  const { builtins, boss, bosses, judge, starters, ...listing } = games.find((g) => g.id === id) as Record<
    string,
    unknown
  >;
  return listing;
}
