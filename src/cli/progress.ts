/** What a run shows while it goes on: a progress bar on stderr, or an NDJSON event per game on stdout. */
import { SingleBar } from 'cli-progress';
import type { StoredGame } from '../core/store.js';

export interface RunProgress {
  game(game: StoredGame, status: { score: string; failures: number }): void;
  stop(): void;
}

export function runProgress(json: boolean, total: number, alreadyDone: number, runId: number): RunProgress {
  if (json) {
    return {
      game: (game) =>
        process.stdout.write(JSON.stringify({ event: 'game', run: runId, gameId: game.id, index: game.index, round: game.round, seats: game.seats, ...game.result }) + '\n'),
      stop: () => {},
    };
  }
  const bar = new SingleBar({
    stream: process.stderr,
    format: '{bar} {value}/{total} games | {rate} games/min | ETA {eta_formatted} | {score} | failures {failures}',
    hideCursor: false,
    etaBuffer: 40,
  });
  const started = Date.now();
  let played = 0;
  bar.start(total, alreadyDone, { rate: '-', score: '', failures: 0 });
  return {
    game: (_game, status) => {
      played++;
      const minutes = (Date.now() - started) / 60_000;
      bar.increment(1, { rate: (played / minutes).toFixed(1), ...status });
    },
    stop: () => bar.stop(),
  };
}
