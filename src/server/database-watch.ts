/**
 * Follows a results database that other processes write: new runs and stored games, and the games
 * being played now with their turns, polled a few times a second and handed to the hub.
 */
import { isRunning } from '../core/proc.js';
import type { LiveGames } from '../runs/store/live-games.js';
import type { Store } from '../runs/store/store.js';
import type { LiveHub } from './live-hub.js';

/** How often the database is read: new turns show within this and the writer's own batching. */
const POLL_MS = 250;

export const liveKey = (id: number): string => `live-${id}`;

export class DatabaseWatch {
  private readonly timer: NodeJS.Timeout;
  private latestGame = -1;
  private runCount = -1;
  /** Live games followed, by their key: the run and schedule index that find the stored game at the end. */
  private readonly followed = new Map<string, { id: number; runId: number; index: number }>();

  private readonly live: LiveGames;

  constructor(
    private readonly store: Store,
    private readonly hub: LiveHub,
  ) {
    this.live = store.live;
    this.poll();
    this.timer = setInterval(() => this.poll(), POLL_MS);
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** One look at the database; also called by tests that do not want to wait. */
  poll(): void {
    try {
      this.pollRuns();
      this.pollLive();
    } catch {
      // A database busy with a writer is read again at the next poll.
    }
  }

  private pollRuns(): void {
    const latest = this.store.latestGameId();
    const runs = this.store.runs().length;
    if (latest !== this.latestGame || runs !== this.runCount) {
      const first = this.latestGame === -1;
      this.latestGame = latest;
      this.runCount = runs;
      if (!first) this.hub.broadcast({ type: 'runs' });
    }
  }

  private pollLive(): void {
    const now = new Set<string>();
    for (const g of this.live.list()) {
      // A game whose process died is no longer played (its run plays it again when it goes on).
      if (g.pid !== process.pid && !isRunning(g.pid)) continue;
      const key = liveKey(g.id);
      now.add(key);
      if (!this.followed.has(key)) {
        this.followed.set(key, { id: g.id, runId: g.runId, index: g.index });
        this.hub.add(key, g.head, { runId: g.runId });
      }
      const known = this.hub.get(key)?.turns.length ?? 0;
      if (g.turns > known) this.hub.turns(key, this.live.turns(g.id, known));
    }
    for (const [key, g] of this.followed) {
      if (now.has(key)) continue;
      this.followed.delete(key);
      const storedId = this.store.gameIdAt(g.runId, g.index);
      if (storedId === null) this.hub.end(key, null);
      else this.hub.end(key, this.store.replay(storedId)?.result ?? null, storedId);
    }
  }
}
