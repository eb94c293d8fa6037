/**
 * What a run shows while it goes on: a progress bar on stderr when it is a terminal, a plain line
 * every few seconds when it is not (a log file shows life), or an NDJSON event per game on stdout.
 */
import { SingleBar } from 'cli-progress';
import { timeoutRuling } from '../core/time-control.js';
import { machineTimeout } from '../runs/machine-replays.js';
import type { StoredGame } from '../runs/store/records.js';

export interface RunProgress {
  /** A game was stored; `status` is the run's state in a few words (the score, the round). */
  game(game: StoredGame, status: string): void;
  /** An earlier play of a game played again was stored (runs/machine-replays.ts): counted nowhere, an event in NDJSON. */
  earlierPlay(game: StoredGame): void;
  stop(): void;
}

export interface ProgressSettings {
  readonly json: boolean;
  /** Games the run will have when complete. */
  readonly total: number;
  /** The games the run had before this start, counted in the progress. */
  readonly stored: readonly StoredGame[];
  readonly runId: number;
  /** Where progress goes (stderr unless given); a bar when it is a terminal, plain lines otherwise. */
  readonly stream?: NodeJS.WritableStream & { readonly isTTY?: boolean };
  /** How often a plain line is written. */
  readonly intervalMs?: number;
}

/** How often a run whose stderr is not a terminal says where it is. */
export const PLAIN_PROGRESS_INTERVAL_MS = 5000;

const failuresIn = (game: StoredGame): number => game.result.players.filter((p) => p.status !== 'ok').length;

export function runProgress(settings: ProgressSettings): RunProgress {
  const { total, stored, runId } = settings;
  if (settings.json) {
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
      earlierPlay: (game) => {
        const timeout = machineTimeout(game);
        process.stdout.write(
          `${JSON.stringify({
            event: 'played-again',
            run: runId,
            gameId: game.id,
            index: game.index,
            play: game.earlierPlay,
            round: game.round,
            seats: game.seats,
            ...(game.worker !== undefined && { worker: game.worker }),
            ...(timeout && { seat: timeout.seat, why: timeoutRuling(timeout.seat, timeout.turn).why }),
          })}\n`,
        );
      },
      stop: () => {},
    };
  }
  const stream = settings.stream ?? process.stderr;
  const started = Date.now();
  const byWorker = new Map<string, number>();
  let played = 0;
  let failures = stored.reduce((n, g) => n + failuresIn(g), 0);
  let status = '';
  const rate = (): number => played / ((Date.now() - started) / 60_000);
  const record = (game: StoredGame, now: string): void => {
    played++;
    failures += failuresIn(game);
    status = now;
    if (game.worker !== undefined) byWorker.set(game.worker, (byWorker.get(game.worker) ?? 0) + 1);
  };
  /** A run played by workers: how many games each has played. */
  const workers = (): string =>
    byWorker.size === 0 ? '' : `${byWorker.size} workers: ${[...byWorker].map(([w, n]) => `${w} ${n}`).join(', ')}`;

  if (stream.isTTY) {
    const bar = new SingleBar({
      stream,
      format: '{bar} {value}/{total} games | {rate} games/min | ETA {eta_formatted} | {status} | failures {failures}',
      hideCursor: false,
      etaBuffer: 40,
    });
    bar.start(Math.max(total, stored.length), stored.length, { rate: '-', status: '', failures });
    return {
      game: (game, now) => {
        record(game, now);
        const by = workers();
        bar.increment(1, { rate: rate().toFixed(1), status: by === '' ? status : `${status} | ${by}`, failures });
      },
      // Not a game of the run's count: the report lists the earlier plays.
      earlierPlay: () => {},
      stop: () => bar.stop(),
    };
  }

  let last = '';
  const line = (): void => {
    const done = stored.length + played;
    const perMinute = rate();
    const left = Math.max(0, total - done);
    const eta = played > 0 && left > 0 ? `, ETA ${duration((left / perMinute) * 60)}` : '';
    const speed = played > 0 ? `, ${perMinute.toFixed(1)} games/min` : '';
    const now = [status, workers()]
      .filter((s) => s !== '')
      .map((s) => `, ${s}`)
      .join('');
    // A run that had more games than the command asks for (a smaller --games) plays none: done/done.
    const text = `run ${runId}: ${done}/${Math.max(total, done)} games${speed}${eta}${now}, failures ${failures}\n`;
    // The same figures twice say nothing new (a run with nothing left to play starts and ends at once).
    if (text !== last) stream.write(text);
    last = text;
  };
  line();
  const timer = setInterval(line, settings.intervalMs ?? PLAIN_PROGRESS_INTERVAL_MS);
  timer.unref();
  return {
    game: record,
    earlierPlay: () => {},
    stop: () => {
      clearInterval(timer);
      line();
    },
  };
}

/** "45s", "12m 05s", "3h 20m". */
function duration(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}
