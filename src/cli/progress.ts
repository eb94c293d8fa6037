/** What a run shows while it goes on: a progress bar on stderr, or an NDJSON event per game on stdout. */
import { SingleBar } from 'cli-progress';
import type { StoredGame } from '../league/store.js';

export interface RunProgress {
  /** A game was stored; `status` is the run's state in a few words (the score, the round). */
  game(game: StoredGame, status: string): void;
  stop(): void;
}

const failuresIn = (game: StoredGame): number => game.result.players.filter((p) => p.status !== 'ok').length;

/** `stored`: the games the run had before this start, counted in the bar. */
export function runProgress(json: boolean, total: number, stored: readonly StoredGame[], runId: number): RunProgress {
  if (json) {
    return {
      game: (game) =>
        process.stdout.write(
          `${JSON.stringify({
            event: 'game',
            run: runId,
            gameId: game.id,
            index: game.index,
            round: game.round,
            seats: game.seats,
            ...(game.worker !== undefined && { worker: game.worker }),
            ...game.result,
          })}\n`,
        ),
      stop: () => {},
    };
  }
  const bar = new SingleBar({
    stream: process.stderr,
    format: '{bar} {value}/{total} games | {rate} games/min | ETA {eta_formatted} | {status} | failures {failures}',
    hideCursor: false,
    etaBuffer: 40,
  });
  const started = Date.now();
  const byWorker = new Map<string, number>();
  let played = 0;
  let failures = stored.reduce((n, g) => n + failuresIn(g), 0);
  bar.start(total, stored.length, { rate: '-', status: '', failures });
  return {
    game: (game, status) => {
      played++;
      failures += failuresIn(game);
      if (game.worker !== undefined) byWorker.set(game.worker, (byWorker.get(game.worker) ?? 0) + 1);
      const minutes = (Date.now() - started) / 60_000;
      const workers =
        byWorker.size === 0
          ? ''
          : ` | ${byWorker.size} workers: ${[...byWorker].map(([w, n]) => `${w} ${n}`).join(', ')}`;
      bar.increment(1, { rate: (played / minutes).toFixed(1), status: status + workers, failures });
    },
    stop: () => bar.stop(),
  };
}
