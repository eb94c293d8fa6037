/**
 * What `npm start` shows on an empty database: a short tournament of every game between its
 * built-in bots, played in the background one game after another by `tabula tournament`, so that
 * the first page already has games, some of them live.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { signalGroup } from '../arena/process/groups.js';
import { loadGames } from '../games/registry.js';

const TABULA = fileURLToPath(new URL('./tabula.js', import.meta.url));

/** Rounds of each game's tournament: every pair of bots plays 2 games a round, one in each seat. */
const ROUNDS = 2;

/** Starts the demo; `stop` ends it (the game being played, and those not started yet). */
export function startDemo(db: string): { stop(): void } {
  let stopped = false;
  let current: (() => void) | null = null;
  void (async () => {
    for (const game of await loadGames()) {
      if (stopped) return;
      const bots = Object.keys(game.bots).map((name) => `builtin:${name}`);
      // A game with one built-in bot shows it against itself.
      const table = bots.length === 1 ? [bots[0]!, bots[0]!] : bots;
      const args = ['tournament', game.id, ...table, '--db', db, '--rounds', `${ROUNDS}`, '--seed', '1'];
      await runQuietly([TABULA, ...args, '--concurrency', '1', '--json'], (end) => (current = end));
    }
  })();
  return {
    stop: () => {
      stopped = true;
      current?.();
    },
  };
}

/**
 * Runs a tabula command in a process group of its own, ended with this process: by SIGTERM, so that
 * it ends its own bots first.
 */
function runQuietly(args: readonly string[], started: (end: () => void) => void): Promise<void> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: 'ignore', detached: true });
    const end = () => child.pid !== undefined && signalGroup(child.pid, 'SIGTERM');
    started(end);
    process.on('exit', end);
    child.on('error', () => resolve());
    child.on('exit', () => {
      process.off('exit', end);
      resolve();
    });
  });
}
