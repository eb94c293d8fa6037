/**
 * Runs test files with `node --test` in a process of their own, every temporary folder the suites
 * and the processes they start make (`os.tmpdir()`, through TMPDIR) inside one folder of this run's,
 * removed when the run ends: a suite that leaves its folders behind, or one stopped half way, does
 * not fill the machine's temporary folder run after run.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { root } from './cli.js';

/**
 * Runs the builds (in dist/) of the suites `sources` (test files ending in .test.ts) with
 * `node --test` and `args` before them; sets the exit code to the run's.
 */
export function runSuites(args: readonly string[], sources: readonly string[]): void {
  const files = sources.map((file) => join(root, 'dist', relative(root, file)).replace(/\.ts$/, '.js'));
  const scratch = mkdtempSync(join(tmpdir(), 'tabula-tests-'));
  // Open to every user, as the folder it stands for: the cgroup v2 suite plays bots as an ordinary user.
  chmodSync(scratch, 0o1777);
  const child = spawn(process.execPath, ['--test', ...args, ...files], {
    stdio: 'inherit',
    env: { ...process.env, TMPDIR: scratch },
  });
  // A signal to this runner goes to the test run too; the folder goes once the run has stopped.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => {
    rmSync(scratch, { recursive: true, force: true });
    process.exitCode = code ?? (signal === null ? 1 : 128);
  });
}
