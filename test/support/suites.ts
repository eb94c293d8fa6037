/**
 * Runs test files with `node --test` in a process of their own, every temporary folder the suites
 * and the processes they start make (`os.tmpdir()`, through TMPDIR) inside one folder of this run's,
 * removed when the run ends: a suite that leaves its folders behind, or one stopped half way, does
 * not fill the machine's temporary folder run after run.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Runs `files` with `node --test` and `args` before them; sets the exit code to the run's. */
export function runSuites(args: readonly string[], files: readonly string[]): void {
  const scratch = mkdtempSync(join(tmpdir(), 'tabula-tests-'));
  // Open to every user, as the folder it stands for: the cgroup v2 suite plays bots as an ordinary user.
  chmodSync(scratch, 0o1777);
  const child = spawn(process.execPath, ['--test', ...args, ...files], {
    stdio: 'inherit',
    env: { ...process.env, TMPDIR: scratch },
  });
  // Ctrl-C reaches the test run too (one process group): wait for it to stop, then clean up.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => {
    rmSync(scratch, { recursive: true, force: true });
    process.exitCode = code ?? (signal === null ? 1 : 128);
  });
}
