/**
 * Ctrl-C and kills: by default every bot process is killed and Tabula exits at once. A command that
 * can stop gracefully (a worker finishing the games in hand) takes the first Ctrl-C or SIGTERM; a
 * second one ends Tabula at once. A reader that closes stdout (`| head`) ends Tabula quietly, as
 * SIGPIPE ends other programs.
 */
import { killAllGroups } from '../arena/process/groups.js';
import { EXIT } from './errors.js';

let graceful: (() => void) | null = null;

export function installSignalHandlers(): void {
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const) {
    process.on(signal, () => {
      const stop = graceful;
      graceful = null;
      if (stop && signal !== 'SIGHUP') return stop();
      killAllGroups();
      process.exit(code);
    });
  }
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') throw err;
    killAllGroups();
    process.exit(EXIT.closedOutput);
  });
  // Progress and messages are for people: when nobody reads them any more, the work goes on.
  process.stderr.on('error', () => {});
}

/**
 * Ends Tabula now with `code`: for a command whose work is done while a library still holds timers
 * that would keep the process for seconds (a Redis client's, a queue's).
 */
export function exitNow(code: number): never {
  killAllGroups();
  process.exit(code);
}

/** The next Ctrl-C or SIGTERM calls `stop` instead of ending Tabula. */
export function stopGracefullyWith(stop: () => void): void {
  graceful = stop;
}
