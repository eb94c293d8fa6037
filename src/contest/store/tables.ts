/**
 * One contest's tables (`tabula ladder`, schema.ts version 3), on the store's connection: the contest
 * itself, its entrants (bosses and submitted versions) with their builds and ratings, every game it
 * plans, its finals; every read and write here is of that contest alone (the site's people are in
 * site-tables.ts). What must hold together is written in one transaction: a version activated and
 * the one it retires, a stored game's link and the ratings it moved.
 */
import type Database from 'better-sqlite3';
import { storeWriteError } from '../../runs/store/database.js';
import type { Store } from '../../runs/store/store.js';
import { mixToJson, type TableMix } from '../table-mix.js';
import type {
  ContestGameRecord,
  ContestRecord,
  EntrantRecord,
  EntrantStatus,
  FinalRecord,
  GameOutcome,
  PlannedContestGame,
} from './records.js';

import { contestOf, type FirstRating, now } from './site-tables.js';
import { startVerdict, TwinTables } from './twins.js';

export class ContestTables {
  private readonly db: Database.Database;
  private readonly path: string;

  /** The tables of contest `contest` in `store`'s file, on its connection (their schema is the store's: schema.ts). */
  constructor(
    store: Store,
    readonly contest: number,
  ) {
    this.db = store.db;
    this.path = store.path;
    this.twins = new TwinTables(store.db, contest);
  }

  /** Its versions' verdicts and twin games. */
  readonly twins: TwinTables;

  get(): ContestRecord {
    return contestOf(
      this.db.prepare('SELECT * FROM contests WHERE id = ?').get(this.contest) as Parameters<typeof contestOf>[0],
    );
  }

  setFrozen(frozen: boolean): void {
    this.write(() => this.db.prepare('UPDATE contests SET frozen = ? WHERE id = ?').run(frozen ? 1 : 0, this.contest));
  }

  setTableMix(mix: TableMix): void {
    this.write(() =>
      this.db.prepare('UPDATE contests SET table_mix = ? WHERE id = ?').run(mixToJson(mix), this.contest),
    );
  }

  // Entrants.

  /** A new version of the author's, to be built: its version number is the author's next. */
  submit(authorId: number, lang: string, source: Buffer, first: FirstRating): EntrantRecord {
    return this.write(() =>
      this.db
        .transaction(() => {
          const { v } = this.db
            .prepare('SELECT coalesce(max(version), 0) + 1 AS v FROM entrants WHERE author_id = ? AND contest_id = ?')
            .get(authorId, this.contest) as { v: number };
          const at = now();
          const info = this.db
            .prepare(
              `INSERT INTO entrants (contest_id, author_id, version, lang, status, source, mu, sigma, submitted_at, changed_at)
               VALUES (?, ?, ?, ?, 'building', ?, ?, ?, ?, ?)`,
            )
            .run(this.contest, authorId, v, lang, source, first.mu, first.sigma, at, at);
          return this.entrant(Number(info.lastInsertRowid))!;
        })
        .immediate(),
    );
  }

  entrant(id: number): EntrantRecord | null {
    const row = this.db
      .prepare(`SELECT ${ENTRANT_COLUMNS} FROM entrants WHERE id = ? AND contest_id = ?`)
      .get(id, this.contest) as EntrantRow | undefined;
    return row ? entrantOf(row) : null;
  }

  /** Every entrant, bosses first, then by submission. */
  entrants(): EntrantRecord[] {
    return (
      this.db
        .prepare(`SELECT ${ENTRANT_COLUMNS} FROM entrants WHERE contest_id = ? ORDER BY id`)
        .all(this.contest) as EntrantRow[]
    ).map(entrantOf);
  }

  /** The files an author submitted, packed. */
  source(id: number): Buffer | null {
    const row = this.db.prepare('SELECT source FROM entrants WHERE id = ? AND contest_id = ?').get(id, this.contest) as
      | { source: Buffer | null }
      | undefined;
    return row?.source ?? null;
  }

  /** How many versions the author submitted since `since` (an ISO time). */
  submittedSince(authorId: number, since: string): number {
    return (
      this.db
        .prepare('SELECT count(*) AS n FROM entrants WHERE author_id = ? AND contest_id = ? AND submitted_at >= ?')
        .get(authorId, this.contest, since) as { n: number }
    ).n;
  }

  setStatus(id: number, status: EntrantStatus, reason = ''): void {
    this.write(() =>
      this.db
        .prepare('UPDATE entrants SET status = ?, reason = ?, changed_at = ? WHERE id = ? AND contest_id = ?')
        .run(status, reason, now(), id, this.contest),
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

  /**
   * Makes a validated version active, retiring its author's active one, whose successor's verdict
   * starts then (twins.ts); returns the one retired, if any.
   */
  activate(id: number): number | null {
    return this.write(() =>
      this.db
        .transaction(() => {
          const at = now();
          const { author_id: author } = this.db.prepare('SELECT author_id FROM entrants WHERE id = ?').get(id) as {
            author_id: number;
          };
          const old = this.db
            .prepare("SELECT id FROM entrants WHERE author_id = ? AND contest_id = ? AND status = 'active' AND id != ?")
            .get(author, this.contest, id) as { id: number } | undefined;
          if (old)
            this.db
              .prepare("UPDATE entrants SET status = 'retired', reason = ?, changed_at = ? WHERE id = ?")
              .run(`replaced by version ${this.entrant(id)!.version}`, at, old.id);
          this.db.prepare("UPDATE entrants SET status = 'active', changed_at = ? WHERE id = ?").run(at, id);
          if (old) startVerdict(this.db, this.contest, id, old.id);
          return old?.id ?? null;
        })
        .immediate(),
    );
  }

  // The games it plans and plays.

  /**
   * Plans tables of games, in order: each game gets the next index of the contest's runs (unique in
   * the database), and the index of its table's first game, which the table's games share with their seed.
   */
  plan(tables: readonly (readonly Omit<PlannedContestGame, 'index' | 'pair'>[])[]): PlannedContestGame[] {
    return this.write(() =>
      this.db
        .transaction(() => {
          const planned: PlannedContestGame[] = [];
          for (const table of tables) {
            let pair: number | null = null;
            for (const game of table) {
              const made = this.insertGame(game, pair);
              pair = made.pair;
              planned.push(made);
            }
          }
          return planned;
        })
        .immediate(),
    );
  }

  /** Plans a game with the next index, of the table whose first game is `pair` (null: its own first). */
  private insertGame(game: Omit<PlannedContestGame, 'index' | 'pair'>, pair: number | null): PlannedContestGame {
    const info = this.db
      .prepare(
        'INSERT INTO contest_games (contest_id, kind, seats, seed, pair, final, twin_of, planned_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      )
      .run(
        this.contest,
        game.kind,
        JSON.stringify(game.seats),
        game.seed,
        pair ?? -1,
        game.final,
        game.twinOf ?? null,
        now(),
      );
    const index = Number(info.lastInsertRowid);
    if (pair === null) this.db.prepare('UPDATE contest_games SET pair = ? WHERE idx = ?').run(index, index);
    const link = this.db.prepare('INSERT INTO entrant_games (entrant_id, idx) VALUES (?, ?)');
    for (const entrant of new Set(game.seats)) link.run(entrant, index);
    return { ...game, index, pair: pair ?? index };
  }

  /** How often the seating of `game` was planned at its table: the plays of one game, this one included. */
  tries(game: PlannedContestGame): number {
    return (
      this.db
        .prepare('SELECT count(*) AS n FROM contest_games WHERE contest_id = ? AND pair = ? AND kind = ? AND seats = ?')
        .get(this.contest, game.pair, game.kind, JSON.stringify(game.seats)) as { n: number }
    ).n;
  }

  /** Games planned but neither stored nor dropped: in play, or cut short by a stop. */
  unplayed(): PlannedContestGame[] {
    return (
      this.db
        .prepare(
          `SELECT c.* FROM contest_games c WHERE c.contest_id = ? AND c.game_id IS NULL AND c.dropped = 0
           AND NOT EXISTS (SELECT 1 FROM games g, contests k WHERE k.id = c.contest_id AND g.run_id = k.run_id AND g.idx = c.idx)
           ORDER BY c.idx`,
        )
        .all(this.contest) as ContestGameRow[]
    ).map(contestGameOf);
  }

  /** A planned game that will not be played (an entrant of it is no longer active). */
  drop(index: number): void {
    this.write(() => this.db.prepare('UPDATE contest_games SET dropped = 1 WHERE idx = ?').run(index));
  }

  /**
   * A stored game, linked to its plan, with the rating updates it made, and `again`, the same game
   * planned to be played again (a timeout the machine caused): in one transaction, so that a game's
   * result is never counted twice or lost (a game stored but not linked, by a process that stopped
   * in between, is found by `storedUnlinked`). Returns the game planned again.
   */
  played(index: number, gameId: number, outcome: GameOutcome, again?: PlannedContestGame): PlannedContestGame | null {
    return this.write(() =>
      this.db
        .transaction(() => {
          this.db
            .prepare('UPDATE contest_games SET game_id = ?, rated = ?, note = ? WHERE idx = ?')
            .run(gameId, outcome.rated ? 1 : 0, outcome.rated ? '' : outcome.note, index);
          const replayed = again ? this.insertGame(again, again.pair) : null;
          if (!outcome.rated) return replayed;
          const update = this.db.prepare(
            `UPDATE entrants SET mu = ?, sigma = ?, games = games + 1,
               wins = wins + ?, draws = draws + ?, losses = losses + ?, places = places + ?,
               table_sizes = json_set(table_sizes, '$.' || ?, coalesce(json_extract(table_sizes, '$.' || ?), 0) + 1)
             WHERE id = ?`,
          );
          for (const u of outcome.updates)
            update.run(
              u.mu,
              u.sigma,
              u.score === 1 ? 1 : 0,
              u.score === 0.5 ? 1 : 0,
              u.score === 0 ? 1 : 0,
              u.place,
              `"${u.tableSize}"`,
              `"${u.tableSize}"`,
              u.entrant,
            );
          const promote = this.db.prepare('UPDATE entrants SET league = ?, changed_at = ? WHERE id = ?');
          for (const [entrant, league] of outcome.leagues) promote.run(league, now(), entrant);
          return replayed;
        })
        .immediate(),
    );
  }

  /** Games stored in the contest's run but not yet linked to their plan, oldest first. */
  storedUnlinked(runId: number): { readonly index: number; readonly gameId: number }[] {
    return this.db
      .prepare(
        `SELECT c.idx AS "index", g.id AS gameId FROM contest_games c JOIN games g ON g.run_id = ? AND g.idx = c.idx
         WHERE c.contest_id = ? AND c.game_id IS NULL ORDER BY g.id`,
      )
      .all(runId, this.contest) as { index: number; gameId: number }[];
  }

  /** The planned game at `index`. */
  planned(index: number): ContestGameRecord | null {
    const row = this.db
      .prepare('SELECT * FROM contest_games WHERE idx = ? AND contest_id = ?')
      .get(index, this.contest) as ContestGameRow | undefined;
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
   * The places at every stored game the entrant sat in but its validation games, with their seats
   * (`ranks[seat]`, 1 the best): what its tally by opponent is counted from (a light read of however many games).
   */
  outcomesOf(entrant: number): { readonly seats: readonly number[]; readonly ranks: readonly number[] }[] {
    const rows = this.db
      .prepare(
        `SELECT c.seats, json_extract(g.result, '$.players') AS players FROM entrant_games e
         JOIN contest_games c ON c.idx = e.idx JOIN games g ON g.id = c.game_id
         WHERE e.entrant_id = ? AND c.kind != 'validation'`,
      )
      .all(entrant) as { seats: string; players: string }[];
    return rows.map((r) => {
      const ranks: number[] = [];
      for (const p of JSON.parse(r.players) as { seat: number; rank: number }[]) ranks[p.seat] = p.rank;
      return { seats: JSON.parse(r.seats) as number[], ranks };
    });
  }

  /** The planned games of a kind (a final's, by its id). */
  gamesOfKind(kind: ContestGameRecord['kind'], final: number | null = null): ContestGameRecord[] {
    return (
      this.db
        .prepare('SELECT * FROM contest_games WHERE contest_id = ? AND kind = ? AND final IS ? ORDER BY idx')
        .all(this.contest, kind, final) as ContestGameRow[]
    ).map(contestGameOf);
  }

  /** The planned game of a stored game. */
  plannedOfGame(gameId: number): ContestGameRecord | null {
    const row = this.db
      .prepare('SELECT * FROM contest_games WHERE game_id = ? AND contest_id = ?')
      .get(gameId, this.contest) as ContestGameRow | undefined;
    return row ? contestGameOf(row) : null;
  }

  // Finals.

  startFinal(rounds: number, entrants: readonly number[]): FinalRecord {
    return this.write(() => {
      const info = this.db
        .prepare('INSERT INTO finals (contest_id, rounds, entrants, started_at) VALUES (?, ?, ?, ?)')
        .run(this.contest, rounds, JSON.stringify(entrants), now());
      return this.finals().find((f) => f.id === Number(info.lastInsertRowid))!;
    });
  }

  endFinal(id: number): void {
    this.write(() =>
      this.db.prepare('UPDATE finals SET ended_at = ? WHERE id = ? AND contest_id = ?').run(now(), id, this.contest),
    );
  }

  finals(): FinalRecord[] {
    return (
      this.db.prepare('SELECT * FROM finals WHERE contest_id = ? ORDER BY id').all(this.contest) as FinalRow[]
    ).map((r) => ({
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
  'id, author_id, version, boss, lang, status, reason, log, build_hash, league, mu, sigma, games, wins, draws, losses, places, table_sizes, submitted_at, changed_at';

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
  places: number;
  table_sizes: string;
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
  places: r.places,
  tableSizes: JSON.parse(r.table_sizes) as Record<number, number>,
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
  twin_of: number | null;
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
  twinOf: r.twin_of,
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
