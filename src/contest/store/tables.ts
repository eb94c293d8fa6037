/**
 * A contest's tables (`tabula ladder`, schema.ts version 2), on the store's connection: the contest
 * itself, its authors with their invites and web sessions, its entrants (bosses and submitted
 * versions) with their builds and ratings, and every game it plans. What must hold together is
 * written in one transaction: an author and the invite that made them, a version activated and the
 * one it retires, a stored game's link and the ratings it moved.
 */
import type Database from 'better-sqlite3';
import { storeWriteError } from '../../runs/store/database.js';
import type { Store } from '../../runs/store/store.js';
import type {
  AuthorRecord,
  ContestGameRecord,
  ContestRecord,
  EntrantRecord,
  EntrantStatus,
  FinalRecord,
  GameOutcome,
  PlannedContestGame,
} from './records.js';

/** A new entrant's rating, before any game. */
export interface FirstRating {
  readonly mu: number;
  readonly sigma: number;
}

export type JoinRefusal = 'no such invite' | 'invite used' | 'name taken';

const now = (): string => new Date().toISOString();

export class ContestTables {
  private readonly db: Database.Database;
  private readonly path: string;

  /** The tables in `store`'s file, on its connection (their schema is the store's: schema.ts). */
  constructor(store: Store) {
    this.db = store.db;
    this.path = store.path;
  }

  /** The contest this database holds; null for none (also in a database older than contests, opened to read). */
  get(): ContestRecord | null {
    if (!this.db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'contest'").get()) return null;
    const row = this.db.prepare('SELECT * FROM contest').get() as ContestRow | undefined;
    return row
      ? {
          game: row.game,
          runId: row.run_id,
          adminHash: row.admin_hash,
          frozen: row.frozen === 1,
          createdAt: row.created_at,
        }
      : null;
  }

  /** Makes the contest for `game`, with its run and its bosses (built-in bots by league), all at once. */
  create(
    game: string,
    adminHash: string,
    bosses: readonly { readonly boss: string; readonly league: number }[],
    first: FirstRating,
  ): ContestRecord {
    return this.write(() => {
      const at = now();
      const run = this.db
        .prepare("INSERT INTO runs (kind, identity, config, seed, created_at) VALUES ('contest', ?, ?, 0, ?)")
        .run(`contest:${game}`, JSON.stringify({ game }), at);
      this.db
        .prepare('INSERT INTO contest (id, game, run_id, admin_hash, created_at) VALUES (1, ?, ?, ?, ?)')
        .run(game, Number(run.lastInsertRowid), adminHash, at);
      const insert = this.db.prepare(
        `INSERT INTO entrants (version, boss, status, league, mu, sigma, submitted_at, changed_at)
         VALUES (0, ?, 'active', ?, ?, ?, ?, ?)`,
      );
      for (const b of bosses) insert.run(b.boss, b.league, first.mu, first.sigma, at, at);
      return this.get()!;
    });
  }

  setFrozen(frozen: boolean): void {
    this.write(() => this.db.prepare('UPDATE contest SET frozen = ?').run(frozen ? 1 : 0));
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

  // Entrants.

  /** A new version of the author's, to be built: its version number is the author's next. */
  submit(authorId: number, lang: string, source: Buffer, first: FirstRating): EntrantRecord {
    return this.write(() =>
      this.db
        .transaction(() => {
          const { v } = this.db
            .prepare('SELECT coalesce(max(version), 0) + 1 AS v FROM entrants WHERE author_id = ?')
            .get(authorId) as { v: number };
          const at = now();
          const info = this.db
            .prepare(
              `INSERT INTO entrants (author_id, version, lang, status, source, mu, sigma, submitted_at, changed_at)
               VALUES (?, ?, ?, 'building', ?, ?, ?, ?, ?)`,
            )
            .run(authorId, v, lang, source, first.mu, first.sigma, at, at);
          return this.entrant(Number(info.lastInsertRowid))!;
        })
        .immediate(),
    );
  }

  entrant(id: number): EntrantRecord | null {
    const row = this.db.prepare(`SELECT ${ENTRANT_COLUMNS} FROM entrants WHERE id = ?`).get(id) as
      | EntrantRow
      | undefined;
    return row ? entrantOf(row) : null;
  }

  /** Every entrant, bosses first, then by submission. */
  entrants(): EntrantRecord[] {
    return (this.db.prepare(`SELECT ${ENTRANT_COLUMNS} FROM entrants ORDER BY id`).all() as EntrantRow[]).map(
      entrantOf,
    );
  }

  /** The files an author submitted, packed. */
  source(id: number): Buffer | null {
    const row = this.db.prepare('SELECT source FROM entrants WHERE id = ?').get(id) as
      | { source: Buffer | null }
      | undefined;
    return row?.source ?? null;
  }

  /** How many versions the author submitted since `since` (an ISO time). */
  submittedSince(authorId: number, since: string): number {
    return (
      this.db
        .prepare('SELECT count(*) AS n FROM entrants WHERE author_id = ? AND submitted_at >= ?')
        .get(authorId, since) as { n: number }
    ).n;
  }

  setStatus(id: number, status: EntrantStatus, reason = ''): void {
    this.write(() =>
      this.db
        .prepare('UPDATE entrants SET status = ?, reason = ?, changed_at = ? WHERE id = ?')
        .run(status, reason, now(), id),
    );
  }

  appendLog(id: number, text: string): void {
    this.write(() => this.db.prepare('UPDATE entrants SET log = log || ? WHERE id = ?').run(text, id));
  }

  /** The entrant's build, kept by its content hash (two builds alike are kept once). */
  setBuild(id: number, hash: string, packed: Buffer): void {
    this.write(() =>
      this.db.transaction(() => {
        this.db.prepare('INSERT OR IGNORE INTO builds (hash, packed) VALUES (?, ?)').run(hash, packed);
        this.db.prepare('UPDATE entrants SET build_hash = ? WHERE id = ?').run(hash, id);
      })(),
    );
  }

  build(hash: string): Buffer | null {
    const row = this.db.prepare('SELECT packed FROM builds WHERE hash = ?').get(hash) as { packed: Buffer } | undefined;
    return row?.packed ?? null;
  }

  /** Makes a validated version active, retiring its author's active one; returns the one retired, if any. */
  activate(id: number): number | null {
    return this.write(() =>
      this.db
        .transaction(() => {
          const at = now();
          const { author_id: author } = this.db.prepare('SELECT author_id FROM entrants WHERE id = ?').get(id) as {
            author_id: number;
          };
          const old = this.db
            .prepare("SELECT id FROM entrants WHERE author_id = ? AND status = 'active' AND id != ?")
            .get(author, id) as { id: number } | undefined;
          if (old)
            this.db
              .prepare("UPDATE entrants SET status = 'retired', reason = ?, changed_at = ? WHERE id = ?")
              .run(`replaced by version ${this.entrant(id)!.version}`, at, old.id);
          this.db.prepare("UPDATE entrants SET status = 'active', changed_at = ? WHERE id = ?").run(at, id);
          return old?.id ?? null;
        })
        .immediate(),
    );
  }

  // The games it plans and plays.

  /** Plans games, in order: each gets the next index of the contest's run. */
  plan(games: readonly Omit<PlannedContestGame, 'index' | 'pair'>[], pairUp: boolean): PlannedContestGame[] {
    return this.write(() =>
      this.db
        .transaction(() => {
          const insert = this.db.prepare(
            'INSERT INTO contest_games (kind, seats, seed, pair, final, planned_at) VALUES (?, ?, ?, ?, ?, ?)',
          );
          const link = this.db.prepare('INSERT INTO entrant_games (entrant_id, idx) VALUES (?, ?)');
          const at = now();
          const planned: PlannedContestGame[] = [];
          for (const game of games) {
            const pair = pairUp && planned.length % 2 === 1 ? planned.at(-1)!.index : -1;
            const info = insert.run(game.kind, JSON.stringify(game.seats), game.seed, pair, game.final, at);
            const index = Number(info.lastInsertRowid);
            if (pair === -1) this.db.prepare('UPDATE contest_games SET pair = ? WHERE idx = ?').run(index, index);
            for (const entrant of new Set(game.seats)) link.run(entrant, index);
            planned.push({ ...game, index, pair: pair === -1 ? index : pair });
          }
          return planned;
        })
        .immediate(),
    );
  }

  /** Games planned but neither stored nor dropped: in play, or cut short by a stop. */
  unplayed(): PlannedContestGame[] {
    return (
      this.db
        .prepare(
          `SELECT c.* FROM contest_games c WHERE c.game_id IS NULL AND c.dropped = 0
           AND NOT EXISTS (SELECT 1 FROM games g, contest WHERE g.run_id = contest.run_id AND g.idx = c.idx)
           ORDER BY c.idx`,
        )
        .all() as ContestGameRow[]
    ).map(contestGameOf);
  }

  /** A planned game that will not be played (an entrant of it is no longer active). */
  drop(index: number): void {
    this.write(() => this.db.prepare('UPDATE contest_games SET dropped = 1 WHERE idx = ?').run(index));
  }

  /**
   * A stored game, linked to its plan, with the rating updates it made: in one transaction, so that
   * a game's result is never counted twice or lost (a game stored but not linked, by a process that
   * stopped in between, is found by `storedUnlinked`).
   */
  played(index: number, gameId: number, outcome: GameOutcome): void {
    this.write(() =>
      this.db
        .transaction(() => {
          this.db
            .prepare('UPDATE contest_games SET game_id = ?, rated = ?, note = ? WHERE idx = ?')
            .run(gameId, outcome.rated ? 1 : 0, outcome.rated ? '' : outcome.note, index);
          if (!outcome.rated) return;
          const update = this.db.prepare(
            `UPDATE entrants SET mu = ?, sigma = ?, games = games + 1,
               wins = wins + ?, draws = draws + ?, losses = losses + ? WHERE id = ?`,
          );
          for (const u of outcome.updates)
            update.run(u.mu, u.sigma, u.score === 1 ? 1 : 0, u.score === 0.5 ? 1 : 0, u.score === 0 ? 1 : 0, u.entrant);
          const promote = this.db.prepare('UPDATE entrants SET league = ?, changed_at = ? WHERE id = ?');
          for (const [entrant, league] of outcome.leagues) promote.run(league, now(), entrant);
        })
        .immediate(),
    );
  }

  /** Games stored in the contest's run but not yet linked to their plan, oldest first. */
  storedUnlinked(runId: number): { readonly index: number; readonly gameId: number }[] {
    return this.db
      .prepare(
        `SELECT c.idx AS "index", g.id AS gameId FROM contest_games c JOIN games g ON g.run_id = ? AND g.idx = c.idx
         WHERE c.game_id IS NULL ORDER BY g.id`,
      )
      .all(runId) as { index: number; gameId: number }[];
  }

  /** The planned game at `index`. */
  planned(index: number): ContestGameRecord | null {
    const row = this.db.prepare('SELECT * FROM contest_games WHERE idx = ?').get(index) as ContestGameRow | undefined;
    return row ? contestGameOf(row) : null;
  }

  /**
   * The planned games an entrant plays in, played or not, newest first, `limit` of them: its
   * validation games, or the others (rated and final).
   */
  gamesOf(entrant: number, limit: number, validation: boolean): ContestGameRecord[] {
    return (
      this.db
        .prepare(
          `SELECT g.* FROM entrant_games e JOIN contest_games g ON g.idx = e.idx
           WHERE e.entrant_id = ? AND (g.kind = 'validation') = ? ORDER BY g.idx DESC LIMIT ?`,
        )
        .all(entrant, validation ? 1 : 0, limit) as ContestGameRow[]
    ).map(contestGameOf);
  }

  /**
   * The winners of every stored game the entrant sat in but its validation games, with their seats:
   * what its tally by opponent is counted from (a light read of however many games).
   */
  outcomesOf(entrant: number): { readonly seats: readonly number[]; readonly winner: number | null }[] {
    const rows = this.db
      .prepare(
        `SELECT c.seats, json_extract(g.result, '$.winner') AS winner FROM entrant_games e
         JOIN contest_games c ON c.idx = e.idx JOIN games g ON g.id = c.game_id
         WHERE e.entrant_id = ? AND c.kind != 'validation'`,
      )
      .all(entrant) as { seats: string; winner: number | null }[];
    return rows.map((r) => ({ seats: JSON.parse(r.seats) as number[], winner: r.winner }));
  }

  /** The planned games of a kind (a final's, by its id). */
  gamesOfKind(kind: ContestGameRecord['kind'], final: number | null = null): ContestGameRecord[] {
    return (
      this.db
        .prepare('SELECT * FROM contest_games WHERE kind = ? AND final IS ? ORDER BY idx')
        .all(kind, final) as ContestGameRow[]
    ).map(contestGameOf);
  }

  /** The planned game of a stored game. */
  plannedOfGame(gameId: number): ContestGameRecord | null {
    const row = this.db.prepare('SELECT * FROM contest_games WHERE game_id = ?').get(gameId) as
      | ContestGameRow
      | undefined;
    return row ? contestGameOf(row) : null;
  }

  // Finals.

  startFinal(rounds: number, entrants: readonly number[]): FinalRecord {
    return this.write(() => {
      const info = this.db
        .prepare('INSERT INTO finals (rounds, entrants, started_at) VALUES (?, ?, ?)')
        .run(rounds, JSON.stringify(entrants), now());
      return this.finals().find((f) => f.id === Number(info.lastInsertRowid))!;
    });
  }

  endFinal(id: number): void {
    this.write(() => this.db.prepare('UPDATE finals SET ended_at = ? WHERE id = ?').run(now(), id));
  }

  finals(): FinalRecord[] {
    return (this.db.prepare('SELECT * FROM finals ORDER BY id').all() as FinalRow[]).map((r) => ({
      id: r.id,
      rounds: r.rounds,
      entrants: JSON.parse(r.entrants) as number[],
      startedAt: r.started_at,
      endedAt: r.ended_at,
    }));
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

/** Every column but the source, which only its author and the admin read. */
const ENTRANT_COLUMNS =
  'id, author_id, version, boss, lang, status, reason, log, build_hash, league, mu, sigma, games, wins, draws, losses, submitted_at, changed_at';

interface ContestRow {
  game: string;
  run_id: number;
  admin_hash: string;
  frozen: number;
  created_at: string;
}

interface AuthorRow {
  id: number;
  name: string;
  created_at: string;
}

const authorOf = (r: AuthorRow): AuthorRecord => ({ id: r.id, name: r.name, createdAt: r.created_at });

interface EntrantRow {
  id: number;
  author_id: number | null;
  version: number;
  boss: string | null;
  lang: string | null;
  status: EntrantStatus;
  reason: string;
  log: string;
  build_hash: string | null;
  league: number;
  mu: number;
  sigma: number;
  games: number;
  wins: number;
  draws: number;
  losses: number;
  submitted_at: string;
  changed_at: string;
}

const entrantOf = (r: EntrantRow): EntrantRecord => ({
  id: r.id,
  authorId: r.author_id,
  version: r.version,
  boss: r.boss,
  lang: r.lang,
  status: r.status,
  reason: r.reason,
  log: r.log,
  buildHash: r.build_hash,
  league: r.league,
  mu: r.mu,
  sigma: r.sigma,
  games: r.games,
  wins: r.wins,
  draws: r.draws,
  losses: r.losses,
  submittedAt: r.submitted_at,
  changedAt: r.changed_at,
});

interface ContestGameRow {
  idx: number;
  kind: ContestGameRecord['kind'];
  seats: string;
  seed: number;
  pair: number;
  final: number | null;
  rated: number;
  note: string;
  game_id: number | null;
  planned_at: string;
}

const contestGameOf = (r: ContestGameRow): ContestGameRecord => ({
  index: r.idx,
  kind: r.kind,
  seats: JSON.parse(r.seats) as number[],
  seed: r.seed,
  pair: r.pair,
  final: r.final,
  gameId: r.game_id,
  rated: r.rated === 1,
  note: r.note,
  plannedAt: r.planned_at,
});

interface FinalRow {
  id: number;
  rounds: number;
  entrants: string;
  started_at: string;
  ended_at: string | null;
}
