/**
 * The results store: one SQLite file. Every finished game is written in one transaction the moment
 * it ends, so a run stopped in any way loses no finished game and, on resume, counts none twice.
 */

import { deflateSync, inflateSync } from 'node:zlib';
import Database from 'better-sqlite3';
import type { GameResult, Replay } from '../arena/replay.js';

export type RunKind = 'match' | 'tournament';

export interface RunRecord {
  readonly id: number;
  readonly kind: RunKind;
  /** What identifies the run: the same command finds the same run again and continues it. */
  readonly identity: string;
  readonly config: unknown;
  readonly seed: number;
  readonly createdAt: string;
}

export interface SeatTimes {
  readonly firstTurnMs: number | null;
  /** Response times of the turns after the first. */
  readonly turnMs: readonly number[];
  readonly firstTurnLimitMs: number;
  readonly turnLimitMs: number;
  /** CPU times, where measured (absent in games stored before Tabula measured them). */
  readonly firstTurnCpuMs?: number | null;
  readonly turnCpuMs?: readonly number[];
  /** Answers taken past their limit, within the time margin. */
  readonly overruns?: number;
}

export interface StoredGame {
  readonly id: number;
  readonly runId: number;
  /** The game's place in the run's schedule: what makes a resumed run skip it. */
  readonly index: number;
  readonly round: number;
  /** The players in seat order, as indices into the run's list of bots (a bot may play itself). */
  readonly seats: readonly number[];
  readonly result: GameResult;
  readonly times: readonly SeatTimes[];
  readonly finishedAt: string;
  readonly durationMs: number;
  /** The worker that played it, as a run played by workers reports it (not kept in the database). */
  readonly worker?: string;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS runs (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL,
  identity TEXT NOT NULL UNIQUE,
  config TEXT NOT NULL,
  seed INTEGER NOT NULL,
  created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
  id INTEGER PRIMARY KEY,
  run_id INTEGER NOT NULL REFERENCES runs(id),
  idx INTEGER NOT NULL,
  round INTEGER NOT NULL,
  seats TEXT NOT NULL,
  game TEXT NOT NULL,
  seed INTEGER NOT NULL,
  winner INTEGER,
  reason TEXT NOT NULL,
  result TEXT NOT NULL,
  times TEXT NOT NULL,
  replay BLOB NOT NULL,
  finished_at TEXT NOT NULL,
  duration_ms REAL NOT NULL,
  UNIQUE (run_id, idx)
);
`;

export class Store {
  private readonly db: Database.Database;

  constructor(readonly path: string) {
    this.db = new Database(path);
    // WAL: `tabula results` reads while a run writes; NORMAL sync is durable against a process kill.
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(SCHEMA);
  }

  /**
   * The run with this identity, created with `config` and `seed` when there is none. An existing
   * run keeps its seed and takes `config`, the latest settings it goes on with (more games, say).
   */
  openRun(kind: RunKind, identity: string, config: unknown, seed: number): RunRecord {
    const existing = this.db.prepare('SELECT * FROM runs WHERE identity = ?').get(identity) as RunRow | undefined;
    if (existing) {
      this.db.prepare('UPDATE runs SET config = ? WHERE id = ?').run(JSON.stringify(config), existing.id);
      return { ...runOf(existing), config };
    }
    const createdAt = new Date().toISOString();
    const info = this.db
      .prepare('INSERT INTO runs (kind, identity, config, seed, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(kind, identity, JSON.stringify(config), seed, createdAt);
    return { id: Number(info.lastInsertRowid), kind, identity, config, seed, createdAt };
  }

  runs(): RunRecord[] {
    return (this.db.prepare('SELECT * FROM runs ORDER BY id').all() as RunRow[]).map(runOf);
  }

  /** The schedule indices of the run's finished games. */
  finishedIndices(runId: number): Set<number> {
    const rows = this.db.prepare('SELECT idx FROM games WHERE run_id = ?').all(runId) as { idx: number }[];
    return new Set(rows.map((r) => r.idx));
  }

  /**
   * Stores a finished game, replay included, in one transaction. A game already stored is kept as it
   * was. The replay may come compressed already (deflated JSON, as workers send it).
   */
  recordGame(game: Omit<StoredGame, 'id' | 'finishedAt'>, replay: Replay | Buffer): number | null {
    const info = this.db
      .prepare(
        `INSERT OR IGNORE INTO games (run_id, idx, round, seats, game, seed, winner, reason, result, times, replay, finished_at, duration_ms)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        game.runId,
        game.index,
        game.round,
        JSON.stringify(game.seats),
        game.result.game,
        game.result.seed,
        game.result.winner,
        game.result.reason,
        JSON.stringify(game.result),
        JSON.stringify(game.times),
        Buffer.isBuffer(replay) ? replay : deflateSync(JSON.stringify(replay)),
        new Date().toISOString(),
        game.durationMs,
      );
    return info.changes === 1 ? Number(info.lastInsertRowid) : null;
  }

  games(runId: number): StoredGame[] {
    const rows = this.db
      .prepare(
        'SELECT id, run_id, idx, round, seats, result, times, finished_at, duration_ms FROM games WHERE run_id = ? ORDER BY id',
      )
      .all(runId) as GameRow[];
    return rows.map((r) => ({
      id: r.id,
      runId: r.run_id,
      index: r.idx,
      round: r.round,
      seats: JSON.parse(r.seats) as number[],
      result: JSON.parse(r.result) as GameResult,
      times: JSON.parse(r.times) as SeatTimes[],
      finishedAt: r.finished_at,
      durationMs: r.duration_ms,
    }));
  }

  /** The id of the latest stored game, 0 when none: readers poll it to learn that games were stored. */
  latestGameId(): number {
    return (this.db.prepare('SELECT coalesce(max(id), 0) AS id FROM games').get() as { id: number }).id;
  }

  /** The id of the run's game at `index` of its schedule, once stored. */
  gameIdAt(runId: number, index: number): number | null {
    const row = this.db.prepare('SELECT id FROM games WHERE run_id = ? AND idx = ?').get(runId, index) as
      | { id: number }
      | undefined;
    return row?.id ?? null;
  }

  /** The run a stored game belongs to. */
  runOfGame(gameId: number): number | null {
    const row = this.db.prepare('SELECT run_id FROM games WHERE id = ?').get(gameId) as { run_id: number } | undefined;
    return row?.run_id ?? null;
  }

  replay(gameId: number): Replay | null {
    const row = this.db.prepare('SELECT replay FROM games WHERE id = ?').get(gameId) as { replay: Buffer } | undefined;
    return row ? (JSON.parse(inflateSync(row.replay).toString('utf8')) as Replay) : null;
  }

  close(): void {
    this.db.close();
  }
}

interface RunRow {
  id: number;
  kind: RunKind;
  identity: string;
  config: string;
  seed: number;
  created_at: string;
}

interface GameRow {
  id: number;
  run_id: number;
  idx: number;
  round: number;
  seats: string;
  result: string;
  times: string;
  finished_at: string;
  duration_ms: number;
}

const runOf = (r: RunRow): RunRecord => ({
  id: r.id,
  kind: r.kind,
  identity: r.identity,
  config: JSON.parse(r.config),
  seed: r.seed,
  createdAt: r.created_at,
});
