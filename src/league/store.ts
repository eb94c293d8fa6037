/**
 * The results store: one SQLite file. Every finished game is written in one transaction the moment
 * it ends, so a run stopped in any way loses no finished game and, on resume, counts none twice.
 *
 * Tabula's databases carry SQLite's `application_id` (TABULA_APPLICATION_ID) and their schema
 * version in `user_version`: a file of another application is refused before anything is written
 * to it, and an older Tabula database is migrated forward when it is opened for writing.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import { deflateSync, inflateSync } from 'node:zlib';
import Database from 'better-sqlite3';
import type { GameResult, Replay } from '../arena/replay.js';
import { processStart } from './process-start.js';
import { RunBusyError, StoreError } from './store-errors.js';

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

/** A game as it is handed to the store: everything but the id the store gives it (and the time it ends, now unless given). */
export type FinishedGame = Omit<StoredGame, 'id' | 'finishedAt'> & { readonly finishedAt?: string };

/** "Tbla": SQLite's `application_id` of a Tabula database. */
export const TABULA_APPLICATION_ID = 0x54626c61;

/** The tables of the first schema (version 0, before databases were marked): every database starts here. */
const BASE_SCHEMA = `
CREATE TABLE runs (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL,
  identity TEXT NOT NULL UNIQUE,
  config TEXT NOT NULL,
  seed INTEGER NOT NULL,
  created_at TEXT NOT NULL
);
CREATE TABLE games (
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

/** What each schema version adds to the one before it: MIGRATIONS[v] takes version v to v + 1. */
const MIGRATIONS: readonly string[] = [
  // 1: marked as Tabula's; which process plays a run, so that a second one refuses to play it too.
  `CREATE TABLE run_claims (
     run_id INTEGER PRIMARY KEY REFERENCES runs(id),
     pid INTEGER NOT NULL,
     pid_start TEXT,
     host TEXT NOT NULL,
     claimed_at TEXT NOT NULL
   );`,
];

/** The schema version this Tabula writes. */
export const SCHEMA_VERSION = MIGRATIONS.length;

/** The tables and columns of version 0, by which an unmarked Tabula database is recognised. */
const BASE_TABLES: Readonly<Record<string, string>> = {
  runs: 'id kind identity config seed created_at',
  games: 'id run_id idx round seats game seed winner reason result times replay finished_at duration_ms',
};

/** Tables that live-games.ts makes when a run first publishes a game: in a database of any version, or not yet. */
const LIVE_TABLES: Readonly<Record<string, string>> = {
  live_games: 'id run_id idx round seats pid head',
  live_turns: 'game_id turn data',
};

export interface StoreOptions {
  /** Reads only: the file must exist, is never written, and may be one this user cannot write. */
  readonly readonly?: boolean;
}

export class Store {
  private readonly db: Database.Database;
  /** The schema version of the file; below SCHEMA_VERSION only when opened read-only. */
  private readonly version: number | 'empty';

  constructor(
    readonly path: string,
    options: StoreOptions = {},
  ) {
    const readonly = options.readonly === true;
    if (!readonly) checkWhereItGoes(path);
    this.db = guard(path, () => (readonly ? openForReading(path) : new Database(path)));
    try {
      this.db.pragma('busy_timeout = 5000');
      this.version = guard(path, () => (readonly ? schemaVersion(this.db, path) : this.upgrade()));
      // WAL: `tabula results` reads while a run writes; NORMAL sync is durable against a process kill.
      if (!readonly) {
        this.db.pragma('journal_mode = WAL');
        this.db.pragma('synchronous = NORMAL');
      }
    } catch (err) {
      this.db.close();
      throw err;
    }
  }

  /** Refuses a file that is not Tabula's before writing anything, then brings the schema up to date. */
  private upgrade(): number {
    let version = schemaVersion(this.db, this.path);
    if (version === SCHEMA_VERSION) return version;
    // IMMEDIATE: of two processes that create or migrate the same file at once, the second waits and sees it done.
    this.db
      .transaction(() => {
        version = schemaVersion(this.db, this.path);
        if (version === 'empty') {
          this.db.exec(BASE_SCHEMA);
          version = 0;
        }
        for (; version < SCHEMA_VERSION; version++) this.db.exec(MIGRATIONS[version]!);
        this.db.pragma(`application_id = ${TABULA_APPLICATION_ID}`);
        this.db.pragma(`user_version = ${SCHEMA_VERSION}`);
      })
      .immediate();
    return version as number;
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

  /**
   * Marks the run as played by this process until `releaseRun`; throws `RunBusyError` while another
   * live process has it. A claim left by a process that died (Ctrl-C, kill -9) is taken over.
   */
  claimRun(runId: number): void {
    this.db
      .transaction(() => {
        const claim = this.db.prepare('SELECT * FROM run_claims WHERE run_id = ?').get(runId) as ClaimRow | undefined;
        if (claim && claim.pid !== process.pid && claimIsLive(claim))
          throw new RunBusyError(runId, claim.pid, claim.host, claim.claimed_at);
        this.db
          .prepare(
            'INSERT OR REPLACE INTO run_claims (run_id, pid, pid_start, host, claimed_at) VALUES (?, ?, ?, ?, ?)',
          )
          .run(runId, process.pid, processStart(process.pid), hostname(), new Date().toISOString());
      })
      .immediate();
  }

  releaseRun(runId: number): void {
    this.db.prepare('DELETE FROM run_claims WHERE run_id = ? AND pid = ?').run(runId, process.pid);
  }

  runs(): RunRecord[] {
    if (this.version === 'empty') return [];
    return (this.db.prepare('SELECT * FROM runs ORDER BY id').all() as RunRow[]).map(runOf);
  }

  /** The schedule indices of the run's finished games. */
  finishedIndices(runId: number): Set<number> {
    const rows = this.db.prepare('SELECT idx FROM games WHERE run_id = ?').all(runId) as { idx: number }[];
    return new Set(rows.map((r) => r.idx));
  }

  /**
   * Stores a finished game with its replay in one transaction: the replay, its JSON text (both
   * compressed here), or its JSON compressed already (as workers send it). Null when the game was
   * already stored, which is kept as it was.
   */
  recordGame(game: FinishedGame, replay: Replay | string | Buffer): number | null {
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
        Buffer.isBuffer(replay) ? replay : deflateSync(typeof replay === 'string' ? replay : JSON.stringify(replay)),
        game.finishedAt ?? new Date().toISOString(),
        game.durationMs,
      );
    return info.changes === 1 ? Number(info.lastInsertRowid) : null;
  }

  games(runId: number): StoredGame[] {
    if (this.version === 'empty') return [];
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
    if (this.version === 'empty') return null;
    const row = this.db.prepare('SELECT replay FROM games WHERE id = ?').get(gameId) as { replay: Buffer } | undefined;
    return row ? (JSON.parse(inflateSync(row.replay).toString('utf8')) as Replay) : null;
  }

  close(): void {
    this.db.close();
  }
}

/**
 * Opens a database to read it only. A reader of a WAL database needs its `-shm` file, and creates it
 * when there is none: where it cannot (a folder it may not write), it reads a copy of the file made
 * in memory instead, marked as a rollback-journal database (header bytes 18 and 19), which SQLite
 * reads without any file beside it. Nobody writes the file meanwhile: a writer has a `-shm` file.
 */
function openForReading(path: string): Database.Database {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    db.pragma('schema_version');
    return db;
  } catch (err) {
    db.close();
    const code = (err as { code?: unknown }).code;
    if (code !== 'SQLITE_READONLY_DIRECTORY' && code !== 'SQLITE_CANTOPEN') throw err;
    const image = readFileSync(path);
    if (image[18] === 2 && image[19] === 2) image.fill(1, 18, 20);
    return new Database(image, { readonly: true });
  }
}

/** A database to be created or written: its folder must exist, and it must not be a folder itself. */
function checkWhereItGoes(path: string): void {
  const folder = dirname(path);
  if (!existsSync(folder)) throw new StoreError(`cannot create ${path}: there is no directory ${folder}`);
  if (existsSync(path) && statSync(path).isDirectory()) throw new StoreError(`${path} is a directory, not a database`);
}

/**
 * The file's Tabula schema version, 'empty' for a database without any table (a new file), or a
 * `StoreError` for anything else: another application's database, or one of a newer Tabula.
 */
function schemaVersion(db: Database.Database, path: string): number | 'empty' {
  const application = db.pragma('application_id', { simple: true }) as number;
  const version = db.pragma('user_version', { simple: true }) as number;
  if (application === TABULA_APPLICATION_ID) {
    if (version > SCHEMA_VERSION)
      throw new StoreError(
        `${path} was written by a newer Tabula (schema version ${version}; this one knows up to ${SCHEMA_VERSION})`,
      );
    return version;
  }
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[];
  if (application === 0 && version === 0) {
    if (tables.length === 0) return 'empty';
    if (isBaseSchema(db, tables)) return 0;
  }
  throw new StoreError(`${path} is not a Tabula database (a SQLite database of something else): left unchanged`);
}

/** The tables of a database written before they were marked (version 0), exactly, the live tables aside. */
function isBaseSchema(db: Database.Database, tables: readonly { name: string }[]): boolean {
  const names = tables.map((t) => t.name);
  if (!Object.keys(BASE_TABLES).every((name) => names.includes(name))) return false;
  return names.every((name) => {
    const expected = BASE_TABLES[name] ?? LIVE_TABLES[name];
    const columns = db.prepare(`PRAGMA table_info(${name})`).all() as { name: string }[];
    return expected !== undefined && columns.map((c) => c.name).join(' ') === expected;
  });
}

/** Runs `open`, turning SQLite's complaints about the file itself into a `StoreError` that names it. */
function guard<T>(path: string, open: () => T): T {
  try {
    return open();
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT')
      throw new StoreError(`${path} is not a SQLite database, or a damaged one`);
    if (code === 'SQLITE_CANTOPEN') throw new StoreError(`cannot open ${path}: ${(err as Error).message}`);
    if (code === 'SQLITE_READONLY') throw new StoreError(`cannot write ${path}: ${(err as Error).message}`);
    throw err;
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
  // A reused pid belongs to a process that started at another time.
  return claim.pid_start === null || processStart(claim.pid) === claim.pid_start;
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
