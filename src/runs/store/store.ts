/**
 * The results store: one SQLite file (its tables in schema.ts). Every finished game is written in
 * one transaction the moment it ends, so a run stopped in any way loses no finished game and, on
 * resume, counts none twice. A run is claimed by the process playing it, so that a second one
 * refuses to play it too.
 */
import { hostname } from 'node:os';
import { deflateSync, inflateSync } from 'node:zlib';
import type Database from 'better-sqlite3';
import type { Replay } from '../../arena/replay.js';
import type { GameResult } from '../../core/game-result.js';
import { processStartTime, procStat } from '../../core/proc.js';
import { openDatabase, storeWriteError } from './database.js';
import { RunBusyError } from './errors.js';
import { LiveGames } from './live-games.js';
import type { FinishedGame, RunKind, RunRecord, SeatTimes, StoredGame } from './records.js';

export interface StoreOptions {
  /** Reads only: the file must exist, is never written, and may be one this user cannot write. */
  readonly readonly?: boolean;
}

/** The files of the database at `path` (SQLite's write-ahead log and index beside it): what a bot's view hides. */
export const databaseFiles = (path: string): string[] => [path, `${path}-wal`, `${path}-shm`];

export class Store {
  /** The connection: this module's, and that of the tables a layer above keeps in the same file (a contest's). */
  readonly db: Database.Database;
  /** The schema version of the file; below SCHEMA_VERSION only when opened read-only. */
  private readonly version: number | 'empty';
  /** The games being played now, published for the web arena (on this connection). */
  readonly live: LiveGames;

  constructor(
    readonly path: string,
    options: StoreOptions = {},
  ) {
    ({ db: this.db, version: this.version } = openDatabase(path, options.readonly === true));
    this.live = new LiveGames(this.db);
  }

  /**
   * The run with this identity, created with `config` and `seed` when there is none. An existing
   * run keeps its seed and takes `config`, the latest settings it goes on with (more games, say).
   */
  openRun(kind: RunKind, identity: string, config: unknown, seed: number): RunRecord {
    return this.writing(() => {
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
    });
  }

  /**
   * Marks the run as played by this process until `releaseRun`; throws `RunBusyError` while another
   * live process has it. A claim left by a process that died (Ctrl-C, kill -9) is taken over.
   */
  claimRun(runId: number): void {
    this.writing(() => {
      this.db
        .transaction(() => {
          const claim = this.db.prepare('SELECT * FROM run_claims WHERE run_id = ?').get(runId) as ClaimRow | undefined;
          if (claim && claim.pid !== process.pid && claimIsLive(claim))
            throw new RunBusyError(runId, claim.pid, claim.host, claim.claimed_at);
          this.db
            .prepare(
              'INSERT OR REPLACE INTO run_claims (run_id, pid, pid_start, host, claimed_at) VALUES (?, ?, ?, ?, ?)',
            )
            .run(runId, process.pid, processStartTime(process.pid), hostname(), new Date().toISOString());
        })
        .immediate();
    });
  }

  releaseRun(runId: number): void {
    this.writing(() => {
      this.db.prepare('DELETE FROM run_claims WHERE run_id = ? AND pid = ?').run(runId, process.pid);
    });
  }

  /** The runs of matches and tournaments (a contest's run holds the contest's games: contest.ts). */
  runs(): RunRecord[] {
    if (this.version === 'empty') return [];
    return (
      this.db.prepare("SELECT * FROM runs WHERE kind IN ('match', 'tournament') ORDER BY id").all() as RunRow[]
    ).map(runOf);
  }

  /** The schedule indices of the run's finished games. */
  finishedIndices(runId: number): Set<number> {
    const rows = this.db.prepare('SELECT idx FROM games WHERE run_id = ? AND idx >= 0').all(runId) as {
      idx: number;
    }[];
    return new Set(rows.map((r) => r.idx));
  }

  /**
   * Stores a finished game with its replay in one transaction: the replay, its JSON text (both
   * compressed here), or its JSON compressed already (as workers send it). Null when the game was
   * already stored, which is kept as it was: a game at its index, an earlier play at its index and play.
   */
  recordGame(game: FinishedGame, replay: Replay | string | Buffer): number | null {
    return this.writing(() => {
      const info = this.db
        .prepare(
          `INSERT OR IGNORE INTO games (run_id, idx, round, seats, game, seed, winner, reason, result, times, replay, finished_at, duration_ms)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          game.runId,
          game.earlierPlay === undefined ? game.index : earlierPlayIndex(game.index, game.earlierPlay),
          game.round,
          JSON.stringify(game.seats),
          game.result.game,
          game.result.seed,
          game.result.winner,
          game.result.reason,
          JSON.stringify(game.result),
          JSON.stringify(game.times),
          Buffer.isBuffer(replay) ? replay : deflateSync(typeof replay === 'string' ? replay : JSON.stringify(replay)),
          game.finishedAt ?? new Date().toISOString(),
          game.durationMs,
        );
      return info.changes === 1 ? Number(info.lastInsertRowid) : null;
    });
  }

  /** The run's games that count: each game of its schedule once, its last play where it was played again. */
  games(runId: number): StoredGame[] {
    if (this.version === 'empty') return [];
    return (
      this.db
        .prepare(`SELECT ${GAME_COLUMNS} FROM games WHERE run_id = ? AND idx >= 0 ORDER BY id`)
        .all(runId) as GameRow[]
    ).map(gameOf);
  }

  /** The run's earlier plays of games played again, kept for the record and counted nowhere. */
  earlierPlays(runId: number): StoredGame[] {
    if (this.version === 'empty') return [];
    return (
      this.db
        .prepare(`SELECT ${GAME_COLUMNS} FROM games WHERE run_id = ? AND idx < 0 ORDER BY id`)
        .all(runId) as GameRow[]
    ).map(gameOf);
  }

  /** Where a stored game stands in its run's schedule: its index, and its play where it was an earlier one. */
  placeOf(gameId: number): { readonly index: number; readonly earlierPlay?: number } | null {
    const row = this.db.prepare('SELECT idx FROM games WHERE id = ?').get(gameId) as { idx: number } | undefined;
    return row ? placeAt(row.idx) : null;
  }

  /** The stored games with these ids (those that exist), without their replays. */
  gamesWithIds(ids: readonly number[]): StoredGame[] {
    if (this.version === 'empty' || ids.length === 0) return [];
    const select = this.db.prepare(
      `SELECT ${GAME_COLUMNS} FROM games WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id`,
    );
    return (select.all(JSON.stringify(ids)) as GameRow[]).map(gameOf);
  }

  /** How many games the run has stored that count. */
  gameCount(runId: number): number {
    return (
      this.db.prepare('SELECT count(*) AS n FROM games WHERE run_id = ? AND idx >= 0').get(runId) as { n: number }
    ).n;
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

  /** Deletes stored games of the run, replays and all: a contest's test games past their time. */
  forgetGames(runId: number, ids: readonly number[]): void {
    this.writing(() => {
      const forget = this.db.prepare('DELETE FROM games WHERE run_id = ? AND id = ?');
      this.db.transaction(() => {
        for (const id of ids) forget.run(runId, id);
      })();
    });
  }

  replay(gameId: number): Replay | null {
    if (this.version === 'empty') return null;
    const row = this.db.prepare('SELECT replay FROM games WHERE id = ?').get(gameId) as { replay: Buffer } | undefined;
    return row ? (JSON.parse(inflateSync(row.replay).toString('utf8')) as Replay) : null;
  }

  close(): void {
    this.db.close();
  }

  /** Runs a write: a full disk is a `StoreError` that names the file. */
  private writing<T>(write: () => T): T {
    try {
      return write();
    } catch (err) {
      throw storeWriteError(this.path, err);
    }
  }
}

/** Whether the process that made a claim still runs: the same host, the same pid, started at the same time. */
function claimIsLive(claim: ClaimRow): boolean {
  // SQLite is not for sharing over a network file system: a claim made on another host was left in a
  // file copied here since (and could not be checked anyway).
  if (claim.host !== hostname()) return false;
  try {
    process.kill(claim.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  // A process that has ended but is not yet reaped (a zombie: where PID 1 does not reap, as in many
  // containers, it may stay one) still takes signals, but plays nothing any more.
  const stat = procStat(claim.pid);
  if (stat?.state === 'Z' || stat?.state === 'X') return false;
  // A reused pid belongs to a process that started at another time.
  return claim.pid_start === null || (stat?.startTime ?? null) === claim.pid_start;
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

const GAME_COLUMNS = 'id, run_id, idx, round, seats, result, times, finished_at, duration_ms';

/**
 * Where an earlier play of the game at schedule index `index` is stored (a game played again: a
 * timeout the machine caused, runs/machine-replays.ts): at an index below 0, which no schedule hands
 * out, so that the play that counts keeps the game's index, and each play is stored once.
 */
const earlierPlayIndex = (index: number, play: number): number => -(index * PLAYS_STRIDE + play);
/** More than a game is ever played (MACHINE_TRIES). */
const PLAYS_STRIDE = 1000;

/** A stored index's place in the schedule: the game's index, and which earlier play of it, if one. */
const placeAt = (idx: number): { index: number; earlierPlay?: number } =>
  idx >= 0 ? { index: idx } : { index: Math.floor(-idx / PLAYS_STRIDE), earlierPlay: -idx % PLAYS_STRIDE };

const gameOf = (r: GameRow): StoredGame => ({
  id: r.id,
  runId: r.run_id,
  ...placeAt(r.idx),
  round: r.round,
  seats: JSON.parse(r.seats) as number[],
  result: JSON.parse(r.result) as GameResult,
  times: JSON.parse(r.times) as SeatTimes[],
  finishedAt: r.finished_at,
  durationMs: r.duration_ms,
});

interface ClaimRow {
  run_id: number;
  pid: number;
  pid_start: string | null;
  host: string;
  claimed_at: string;
}

const runOf = (r: RunRow): RunRecord => ({
  id: r.id,
  kind: r.kind,
  identity: r.identity,
  config: JSON.parse(r.config),
  seed: r.seed,
  createdAt: r.created_at,
});
