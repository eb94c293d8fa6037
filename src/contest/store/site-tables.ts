/**
 * A contest site's own tables (schema.ts, version 3), on the store's connection: its admin key, its
 * contests (one a game), and the people every contest shares: authors, their invites and their web
 * sessions. An author joins once and submits to any of the site's contests.
 */
import type Database from 'better-sqlite3';
import { storeWriteError } from '../../runs/store/database.js';
import type { Store } from '../../runs/store/store.js';
import { mixFromJson, mixToJson, type TableMix } from '../table-mix.js';
import type { AuthorRecord, ContestRecord } from './records.js';

/** A new entrant's rating, before any game. */
export interface FirstRating {
  readonly mu: number;
  readonly sigma: number;
}

export type JoinRefusal = 'no such invite' | 'invite used' | 'name taken';

export const now = (): string => new Date().toISOString();

export class SiteTables {
  private readonly db: Database.Database;
  private readonly path: string;

  /** The tables in `store`'s file, on its connection (their schema is the store's: schema.ts). */
  constructor(store: Store) {
    this.db = store.db;
    this.path = store.path;
  }

  /**
   * The hash of the admin key; null before the first contest is made (and in a database older than
   * sites, opened to read).
   */
  adminHash(): string | null {
    if (!this.hasTable('site')) return null;
    const row = this.db.prepare('SELECT admin_hash FROM site').get() as { admin_hash: string } | undefined;
    return row?.admin_hash ?? null;
  }

  /** Every contest of the site, the first made first. */
  contests(): ContestRecord[] {
    if (!this.hasTable('contests')) return [];
    return (this.db.prepare('SELECT * FROM contests ORDER BY id').all() as ContestRow[]).map(contestOf);
  }

  /**
   * Makes the contest of `game`, with its run and its bosses (built-in bots by league), all at once;
   * `adminHash` with it when the site has none yet.
   */
  createContest(
    game: string,
    mix: TableMix,
    bosses: readonly { readonly boss: string; readonly league: number }[],
    first: FirstRating,
    adminHash: string | null,
  ): ContestRecord {
    return this.write(() =>
      this.db
        .transaction(() => {
          const at = now();
          if (adminHash !== null)
            this.db.prepare('INSERT INTO site (id, admin_hash, created_at) VALUES (1, ?, ?)').run(adminHash, at);
          const run = this.db
            .prepare("INSERT INTO runs (kind, identity, config, seed, created_at) VALUES ('contest', ?, ?, 0, ?)")
            .run(`contest:${game}`, JSON.stringify({ game }), at);
          const info = this.db
            .prepare('INSERT INTO contests (game, run_id, table_mix, created_at) VALUES (?, ?, ?, ?)')
            .run(game, Number(run.lastInsertRowid), mixToJson(mix), at);
          const id = Number(info.lastInsertRowid);
          const insert = this.db.prepare(
            `INSERT INTO entrants (contest_id, version, boss, status, league, mu, sigma, submitted_at, changed_at)
             VALUES (?, 0, ?, 'active', ?, ?, ?, ?, ?)`,
          );
          for (const b of bosses) insert.run(id, b.boss, b.league, first.mu, first.sigma, at, at);
          return this.contests().find((c) => c.id === id)!;
        })
        .immediate(),
    );
  }

  // Authors, invites, sessions.

  addInvites(codeHashes: readonly string[]): void {
    this.write(() => {
      const insert = this.db.prepare('INSERT INTO invites (code_hash, created_at) VALUES (?, ?)');
      const at = now();
      for (const hash of codeHashes) insert.run(hash, at);
    });
  }

  /** Invites not used yet. */
  openInvites(): number {
    return (this.db.prepare('SELECT count(*) AS n FROM invites WHERE author_id IS NULL').get() as { n: number }).n;
  }

  /** Makes an author with the invite `codeHash`, used up at once; or why not. */
  join(codeHash: string, name: string, tokenHash: string): AuthorRecord | JoinRefusal {
    return this.write(() =>
      this.db
        .transaction((): AuthorRecord | JoinRefusal => {
          const invite = this.db.prepare('SELECT author_id FROM invites WHERE code_hash = ?').get(codeHash) as
            | { author_id: number | null }
            | undefined;
          if (!invite) return 'no such invite';
          if (invite.author_id !== null) return 'invite used';
          if (this.db.prepare('SELECT 1 FROM authors WHERE name = ?').get(name)) return 'name taken';
          const at = now();
          const info = this.db
            .prepare('INSERT INTO authors (name, token_hash, created_at) VALUES (?, ?, ?)')
            .run(name, tokenHash, at);
          const id = Number(info.lastInsertRowid);
          this.db.prepare('UPDATE invites SET author_id = ?, used_at = ? WHERE code_hash = ?').run(id, at, codeHash);
          return { id, name, createdAt: at };
        })
        .immediate(),
    );
  }

  authorByToken(tokenHash: string): AuthorRecord | null {
    const row = this.db.prepare('SELECT * FROM authors WHERE token_hash = ?').get(tokenHash) as AuthorRow | undefined;
    return row ? authorOf(row) : null;
  }

  author(id: number): AuthorRecord | null {
    const row = this.db.prepare('SELECT * FROM authors WHERE id = ?').get(id) as AuthorRow | undefined;
    return row ? authorOf(row) : null;
  }

  authorNamed(name: string): AuthorRecord | null {
    const row = this.db.prepare('SELECT * FROM authors WHERE name = ?').get(name) as AuthorRow | undefined;
    return row ? authorOf(row) : null;
  }

  authors(): AuthorRecord[] {
    return (this.db.prepare('SELECT * FROM authors ORDER BY id').all() as AuthorRow[]).map(authorOf);
  }

  openSession(idHash: string, who: { authorId: number | null; admin: boolean }, csrf: string, expiresAt: string): void {
    this.write(() => {
      this.db.prepare('DELETE FROM sessions WHERE expires_at < ?').run(now());
      this.db
        .prepare('INSERT INTO sessions (id_hash, author_id, admin, csrf, expires_at) VALUES (?, ?, ?, ?, ?)')
        .run(idHash, who.authorId, who.admin ? 1 : 0, csrf, expiresAt);
    });
  }

  /** The session `idHash`, unless it has expired. */
  session(idHash: string): { authorId: number | null; admin: boolean; csrf: string } | null {
    const row = this.db.prepare('SELECT * FROM sessions WHERE id_hash = ? AND expires_at > ?').get(idHash, now()) as
      | { author_id: number | null; admin: number; csrf: string }
      | undefined;
    return row ? { authorId: row.author_id, admin: row.admin === 1, csrf: row.csrf } : null;
  }

  closeSession(idHash: string): void {
    this.write(() => this.db.prepare('DELETE FROM sessions WHERE id_hash = ?').run(idHash));
  }

  /** Runs a write: a full disk is a `StoreError` that names the file. */
  private write<T>(write: () => T): T {
    try {
      return write();
    } catch (err) {
      throw storeWriteError(this.path, err);
    }
  }

  private hasTable(name: string): boolean {
    return this.db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
  }
}

interface ContestRow {
  id: number;
  game: string;
  run_id: number;
  frozen: number;
  table_mix: string;
  created_at: string;
}

export const contestOf = (row: ContestRow): ContestRecord => ({
  id: row.id,
  game: row.game,
  runId: row.run_id,
  frozen: row.frozen === 1,
  tableMix: mixFromJson(row.table_mix),
  createdAt: row.created_at,
});

interface AuthorRow {
  id: number;
  name: string;
  created_at: string;
}

const authorOf = (r: AuthorRow): AuthorRecord => ({ id: r.id, name: r.name, createdAt: r.created_at });
