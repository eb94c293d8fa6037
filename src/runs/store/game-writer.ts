/**
 * Stores finished games from a worker thread: compressing a replay and writing it to SQLite take
 * time, and on the main thread that time would be taken from the clocks of the games still running.
 */
import { Worker } from 'node:worker_threads';
import { StoreError } from './errors.js';
import type { FinishedGame } from './records.js';

/** What the worker is sent: a game to store, or the end of the writes. */
export type WriterRequest =
  | { readonly kind: 'game'; readonly request: number; readonly game: FinishedGame; readonly replayJson: string }
  | { readonly kind: 'close' };

/**
 * What the worker answers for each game: its id (null when it was already stored), or why it failed;
 * `store` when that was the database's fault (a full disk), to be told as a `StoreError`.
 */
export type WriterReply =
  | { readonly request: number; readonly id: number | null }
  | { readonly request: number; readonly error: string; readonly store?: true };

export class GameWriter {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, { resolve: (id: number | null) => void; reject: (e: Error) => void }>();
  private requests = 0;
  private failure: Error | null = null;
  private readonly exited: Promise<void>;

  /** `path`: a database the caller has already opened (and so checked and migrated) with `Store`. */
  constructor(path: string) {
    this.worker = new Worker(new URL('./game-writer-worker.js', import.meta.url), {
      workerData: { path },
      // The worker is a module file: a flag about code given on the command line (`node -e`) is not for it.
      execArgv: process.execArgv.filter((arg) => !arg.startsWith('--input-type')),
    });
    this.worker.on('message', (reply: WriterReply) => {
      const waiter = this.waiting.get(reply.request);
      this.waiting.delete(reply.request);
      if ('error' in reply)
        waiter?.reject(reply.store ? new StoreError(reply.error) : new Error(`storing a game failed: ${reply.error}`));
      else waiter?.resolve(reply.id);
    });
    this.worker.on('error', (err) => this.abandon(err));
    this.exited = new Promise((resolve) =>
      this.worker.once('exit', () => {
        this.abandon(new Error('the game writer stopped'));
        resolve();
      }),
    );
  }

  /**
   * Stores the game with its replay (as JSON text: replays are capped, so making the text is quick;
   * compressing it is not, and happens in the worker); resolves to the game's id, or null when the
   * store had it already.
   */
  write(game: FinishedGame, replayJson: string): Promise<number | null> {
    if (this.failure) return Promise.reject(this.failure);
    const request = this.requests++;
    const message: WriterRequest = { kind: 'game', request, game, replayJson };
    return new Promise((resolve, reject) => {
      this.waiting.set(request, { resolve, reject });
      this.worker.postMessage(message);
    });
  }

  /** Ends the worker once the writes already asked for are done. */
  async close(): Promise<void> {
    if (!this.failure) this.worker.postMessage({ kind: 'close' } satisfies WriterRequest);
    await this.exited;
  }

  private abandon(err: Error): void {
    this.failure ??= err;
    for (const { reject } of this.waiting.values()) reject(err);
    this.waiting.clear();
  }
}
