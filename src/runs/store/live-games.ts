/**
 * The games a run is playing now, published in the results database (its live tables, schema.ts)
 * so that another process (the web arena) shows them turn by turn: each live game's head and the
 * turns played so far. The playing process writes them in batches and removes them once the game
 * is stored; a reader skips those of a process that has died (their game is played again when the
 * run goes on).
 */
import type Database from 'better-sqlite3';
import type { ReplayHead, ReplayTurn } from '../../arena/replay.js';

/** A live game as readers see it. */
export interface LiveGame {
  readonly id: number;
  readonly runId: number;
  readonly index: number;
  readonly round: number;
  readonly seats: readonly number[];
  /** The process playing it: readers skip the games of processes that have died. */
  readonly pid: number;
  readonly head: ReplayHead;
  /** Turns published so far. */
  readonly turns: number;
}

/** Where the playing process is: a run's game, from its start to its being stored. */
export interface LiveSlot {
  readonly runId: number;
  readonly index: number;
  readonly round: number;
  readonly seats: readonly number[];
}

/** The live tables, on the store's connection. */
export class LiveGames {
  constructor(private readonly db: Database.Database) {}

  /** Publishes a game that starts, replacing what a process that died left of the same game. */
  begin(slot: LiveSlot, head: ReplayHead): number {
    return this.db.transaction(() => {
      this.db
        .prepare('DELETE FROM live_turns WHERE game_id IN (SELECT id FROM live_games WHERE run_id = ? AND idx = ?)')
        .run(slot.runId, slot.index);
      this.db.prepare('DELETE FROM live_games WHERE run_id = ? AND idx = ?').run(slot.runId, slot.index);
      const info = this.db
        .prepare('INSERT INTO live_games (run_id, idx, round, seats, pid, head) VALUES (?, ?, ?, ?, ?, ?)')
        .run(slot.runId, slot.index, slot.round, JSON.stringify(slot.seats), process.pid, JSON.stringify(head));
      return Number(info.lastInsertRowid);
    })();
  }

  append(id: number, turns: readonly ReplayTurn[]): void {
    if (turns.length === 0) return;
    const insert = this.db.prepare('INSERT OR REPLACE INTO live_turns (game_id, turn, data) VALUES (?, ?, ?)');
    this.db.transaction(() => {
      for (const t of turns) insert.run(id, t.turn, JSON.stringify(t));
    })();
  }

  /** The game has ended (and is stored, or will be played again): it is live no more. */
  end(id: number): void {
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM live_turns WHERE game_id = ?').run(id);
      this.db.prepare('DELETE FROM live_games WHERE id = ?').run(id);
    })();
  }

  list(): LiveGame[] {
    const rows = this.db
      .prepare(
        `SELECT g.id, g.run_id, g.idx, g.round, g.seats, g.pid, g.head,
                (SELECT count(*) FROM live_turns t WHERE t.game_id = g.id) AS turns
         FROM live_games g ORDER BY g.id`,
      )
      .all() as LiveRow[];
    return rows.map((r) => ({
      id: r.id,
      runId: r.run_id,
      index: r.idx,
      round: r.round,
      seats: JSON.parse(r.seats) as number[],
      pid: r.pid,
      head: JSON.parse(r.head) as ReplayHead,
      turns: r.turns,
    }));
  }

  /** The game's published turns after turn `after`, in order. */
  turns(id: number, after = 0): ReplayTurn[] {
    const rows = this.db
      .prepare('SELECT data FROM live_turns WHERE game_id = ? AND turn > ? ORDER BY turn')
      .all(id, after) as { data: string }[];
    return rows.map((r) => JSON.parse(r.data) as ReplayTurn);
  }
}

interface LiveRow {
  id: number;
  run_id: number;
  idx: number;
  round: number;
  seats: string;
  pid: number;
  head: string;
  turns: number;
}

/** How often a live game's new turns are written: readers see them within about this, at a write per batch. */
const PUBLISH_EVERY_MS = 200;

/** One game's publisher: its turns gathered and written every so often, so that a fast game costs few writes. */
export class LivePublisher {
  private id: number | null = null;
  private pending: ReplayTurn[] = [];
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly live: LiveGames,
    private readonly slot: LiveSlot,
  ) {
    this.timer = setInterval(() => this.flush(), PUBLISH_EVERY_MS);
    this.timer.unref();
  }

  start(head: ReplayHead): void {
    this.courtesy(() => (this.id = this.live.begin(this.slot, head)));
  }

  turn(turn: ReplayTurn): void {
    this.pending.push(turn);
  }

  /** The game has ended: nothing more to publish, and its rows go. */
  end(): void {
    clearInterval(this.timer);
    const id = this.id;
    if (id !== null) this.courtesy(() => this.live.end(id));
  }

  private flush(): void {
    const id = this.id;
    if (id === null || this.pending.length === 0) return;
    const turns = this.pending;
    this.pending = [];
    this.courtesy(() => this.live.append(id, turns));
  }

  /**
   * A live view is a courtesy: a database too busy to take a game's turns, or a full disk, must not
   * stop the game. Storing the game says what is wrong with the database, if anything is; the rows a
   * game could not remove are skipped by readers once this process has ended.
   */
  private courtesy(write: () => void): void {
    try {
      write();
    } catch {}
  }
}
