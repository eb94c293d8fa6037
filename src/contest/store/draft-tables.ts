/**
 * What authors write and try in the browser, apart from the ladder (schema.ts version 5), for one
 * contest: their drafts (one an author and language), the builds of drafts by the content of their
 * files (shared by every contest: the same files build alike), and the test games, each stored once
 * played under the contest's run of test games, never its ladder's.
 */
import type Database from 'better-sqlite3';
import { storeWriteError } from '../../runs/store/database.js';
import type { Store } from '../../runs/store/store.js';
import type { DraftBuildRecord, DraftRecord, TestGameRecord, TestStatus } from './records.js';
import { now } from './site-tables.js';

export class DraftTables {
  private readonly db: Database.Database;
  private readonly path: string;

  constructor(
    store: Store,
    private readonly contest: number,
  ) {
    this.db = store.db;
    this.path = store.path;
  }

  /** The run the contest's test games are stored under: made the first time it is asked for. */
  testRun(game: string): number {
    const identity = `contest-tests:${game}`;
    const found = this.db.prepare('SELECT id FROM runs WHERE identity = ?').get(identity) as { id: number } | undefined;
    if (found) return found.id;
    return this.write(() =>
      Number(
        this.db
          .prepare("INSERT INTO runs (kind, identity, config, seed, created_at) VALUES ('contest', ?, ?, 0, ?)")
          .run(identity, JSON.stringify({ game, tests: true }), now()).lastInsertRowid,
      ),
    );
  }

  // Drafts.

  draft(authorId: number, lang: string): DraftRecord | null {
    const row = this.db
      .prepare('SELECT lang, text, saved_at FROM drafts WHERE author_id = ? AND contest_id = ? AND lang = ?')
      .get(authorId, this.contest, lang) as { lang: string; text: string; saved_at: string } | undefined;
    return row ? { lang: row.lang, text: row.text, savedAt: row.saved_at } : null;
  }

  /** The language of the author's draft saved last; null for none. */
  lastLanguage(authorId: number): string | null {
    const row = this.db
      .prepare('SELECT lang FROM drafts WHERE author_id = ? AND contest_id = ? ORDER BY saved_at DESC LIMIT 1')
      .get(authorId, this.contest) as { lang: string } | undefined;
    return row?.lang ?? null;
  }

  /** Saves a draft; when it was saved. */
  saveDraft(authorId: number, lang: string, text: string): string {
    const at = now();
    this.write(() =>
      this.db
        .prepare(
          `INSERT INTO drafts (author_id, contest_id, lang, text, saved_at) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (author_id, contest_id, lang) DO UPDATE SET text = excluded.text, saved_at = excluded.saved_at`,
        )
        .run(authorId, this.contest, lang, text, at),
    );
    return at;
  }

  // Builds of drafts.

  draftBuild(sourceHash: string): DraftBuildRecord | null {
    const row = this.db.prepare('SELECT * FROM draft_builds WHERE source_hash = ?').get(sourceHash) as
      | DraftBuildRow
      | undefined;
    if (!row) return null;
    return {
      sourceHash: row.source_hash,
      ok: row.ok === 1,
      build: row.build_hash !== null && row.packed !== null ? { hash: row.build_hash, packed: row.packed } : null,
      reason: row.reason,
      log: row.log,
    };
  }

  saveDraftBuild(record: DraftBuildRecord): void {
    this.write(() =>
      this.db
        .prepare(
          `INSERT OR REPLACE INTO draft_builds (source_hash, ok, build_hash, packed, reason, log, built_at)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          record.sourceHash,
          record.ok ? 1 : 0,
          record.build?.hash ?? null,
          record.build?.packed ?? null,
          record.reason,
          record.log,
          now(),
        ),
    );
  }

  // Test games.

  /** A new test game, waiting for a slot. */
  addTest(
    test: Omit<TestGameRecord, 'id' | 'status' | 'reason' | 'cached' | 'gameId' | 'place' | 'createdAt'>,
  ): number {
    return this.write(() =>
      Number(
        this.db
          .prepare(
            `INSERT INTO test_games (contest_id, author_id, lang, source_hash, opponent_id, players, seat, seed, status, created_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'waiting', ?)`,
          )
          .run(
            this.contest,
            test.authorId,
            test.lang,
            test.sourceHash,
            test.opponent,
            test.players,
            test.seat,
            test.seed,
            now(),
          ).lastInsertRowid,
      ),
    );
  }

  test(id: number): TestGameRecord | null {
    const row = this.db.prepare('SELECT * FROM test_games WHERE id = ? AND contest_id = ?').get(id, this.contest) as
      | TestRow
      | undefined;
    return row ? testOf(row) : null;
  }

  /** The test game a stored game is; null for any other game. */
  testOfGame(gameId: number): TestGameRecord | null {
    const row = this.db
      .prepare('SELECT * FROM test_games WHERE game_id = ? AND contest_id = ?')
      .get(gameId, this.contest) as TestRow | undefined;
    return row ? testOf(row) : null;
  }

  /** The author's newest test games of the contest. */
  testsOf(authorId: number, limit: number): TestGameRecord[] {
    return (
      this.db
        .prepare('SELECT * FROM test_games WHERE author_id = ? AND contest_id = ? ORDER BY id DESC LIMIT ?')
        .all(authorId, this.contest, limit) as TestRow[]
    ).map(testOf);
  }

  /** When the author asked for each test game since `since` (an ISO time), in every contest: the per-minute limit's count. */
  askedSince(authorId: number, since: string): string[] {
    return (
      this.db
        .prepare('SELECT created_at FROM test_games WHERE author_id = ? AND created_at > ? ORDER BY created_at')
        .all(authorId, since) as { created_at: string }[]
    ).map((r) => r.created_at);
  }

  /** The author's test game not yet played or failed, in any contest; null for none. */
  inHand(authorId: number): { id: number; contest: number } | null {
    const row = this.db
      .prepare(
        "SELECT id, contest_id FROM test_games WHERE author_id = ? AND status IN ('waiting', 'building', 'playing') LIMIT 1",
      )
      .get(authorId) as { id: number; contest_id: number } | undefined;
    return row ? { id: row.id, contest: row.contest_id } : null;
  }

  setStatus(id: number, status: TestStatus, reason = ''): void {
    this.write(() =>
      this.db.prepare('UPDATE test_games SET status = ?, reason = ? WHERE id = ?').run(status, reason, id),
    );
  }

  setCached(id: number, cached: boolean): void {
    this.write(() => this.db.prepare('UPDATE test_games SET cached = ? WHERE id = ?').run(cached ? 1 : 0, id));
  }

  played(id: number, gameId: number, place: number): void {
    this.write(() =>
      this.db
        .prepare("UPDATE test_games SET status = 'played', game_id = ?, place = ? WHERE id = ?")
        .run(gameId, place, id),
    );
  }

  /** Test games a stop left unfinished: failed, with why. */
  failUnfinished(reason: string): void {
    this.write(() =>
      this.db
        .prepare(
          "UPDATE test_games SET status = 'failed', reason = ? WHERE contest_id = ? AND status IN ('waiting', 'building', 'playing')",
        )
        .run(reason, this.contest),
    );
  }

  /**
   * Deletes the contest's test games asked for before `before` (an ISO time), and the builds no test
   * game left uses; the ids of their stored games, which the caller deletes from the store.
   */
  expire(before: string): number[] {
    return this.write(() =>
      this.db.transaction(() => {
        const games = (
          this.db
            .prepare('SELECT game_id FROM test_games WHERE contest_id = ? AND created_at < ? AND game_id IS NOT NULL')
            .all(this.contest, before) as { game_id: number }[]
        ).map((r) => r.game_id);
        this.db.prepare('DELETE FROM test_games WHERE contest_id = ? AND created_at < ?').run(this.contest, before);
        this.db.prepare('DELETE FROM draft_builds WHERE source_hash NOT IN (SELECT source_hash FROM test_games)').run();
        return games;
      })(),
    );
  }

  /** Runs a write: a full disk is a `StoreError` that names the file. */
  private write<T>(write: () => T): T {
    try {
      return write();
    } catch (err) {
      throw storeWriteError(this.path, err);
    }
  }
}

interface DraftBuildRow {
  source_hash: string;
  ok: number;
  build_hash: string | null;
  packed: Buffer | null;
  reason: string;
  log: string;
}

interface TestRow {
  id: number;
  author_id: number;
  lang: string;
  source_hash: string;
  opponent_id: number;
  players: number;
  seat: number;
  seed: number;
  status: TestStatus;
  reason: string;
  cached: number | null;
  game_id: number | null;
  place: number | null;
  created_at: string;
}

const testOf = (r: TestRow): TestGameRecord => ({
  id: r.id,
  authorId: r.author_id,
  lang: r.lang,
  sourceHash: r.source_hash,
  opponent: r.opponent_id,
  players: r.players,
  seat: r.seat,
  seed: r.seed,
  status: r.status,
  reason: r.reason,
  cached: r.cached === null ? null : r.cached === 1,
  gameId: r.game_id,
  place: r.place,
  createdAt: r.created_at,
});
