/**
 * Ctrl-C and kills: by default every bot process is killed and Tabula exits at once. A command that
 * can stop gracefully (a worker finishing the games in hand) takes the first Ctrl-C or SIGTERM; a
 * second one ends Tabula at once.
 */
import { killAllGroups } from '../arena/process-groups.js';

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
}

/** The next Ctrl-C or SIGTERM calls `stop` instead of ending Tabula. */
export function stopGracefullyWith(stop: () => void): void {
  graceful = stop;
}
