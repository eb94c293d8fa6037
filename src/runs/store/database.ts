/**
 * Opening a database file, for writing (created and migrated as needed) or for reading only, with
 * SQLite's complaints about the file itself turned into a `StoreError` that names it.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { StoreError } from './errors.js';
import { migrate, SCHEMA_VERSION, schemaVersion } from './schema.js';

export interface OpenedDatabase {
  readonly db: Database.Database;
  /** The schema version of the file; below SCHEMA_VERSION only when opened read-only. */
  readonly version: number | 'empty';
}

/**
 * Opens the database at `path`: to write it (made if missing, refused if another application's,
 * migrated if older), or with `readonly` to read it only (it must exist, is never written, and may
 * be one this user cannot write).
 */
export function openDatabase(path: string, readonly: boolean): OpenedDatabase {
  if (!readonly) checkWhereItGoes(path);
  const db = guard(path, () => (readonly ? openForReading(path) : new Database(path)));
  try {
    db.pragma('busy_timeout = 5000');
    const version = guard(path, () => {
      if (readonly) return schemaVersion(db, path);
      migrate(db, path);
      return SCHEMA_VERSION;
    });
    // WAL: `tabula results` reads while a run writes; NORMAL sync is durable against a process kill.
    if (!readonly) {
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = NORMAL');
    }
    return { db, version };
  } catch (err) {
    db.close();
    throw err;
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
    throw storeWriteError(path, err);
  }
}

/**
 * `err`, from writing the database at `path`, as a `StoreError` when the disk is full (SQLite's
 * SQLITE_FULL, which it also gives for ENOSPC): a transaction that fails is undone whole, so every
 * game stored before is kept, and the same command goes on from there once there is room.
 */
export function storeWriteError(path: string, err: unknown): unknown {
  if ((err as { code?: unknown } | null)?.code !== 'SQLITE_FULL') return err;
  return new StoreError(`cannot write ${path}: the disk is full (the games stored so far are kept)`);
}
