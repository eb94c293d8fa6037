/**
 * Every table of a Tabula database and every migration, in one place. A database carries SQLite's
 * `application_id` (TABULA_APPLICATION_ID) and its schema version in `user_version`: a file of
 * another application is refused before anything is written to it, and an older Tabula database is
 * migrated forward when it is opened for writing.
 */
import type Database from 'better-sqlite3';
import { StoreError } from './errors.js';

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
  // 2: a contest (`tabula ladder`): its authors, their invites and web sessions, every bot it ranks
  // (bosses and the authors' submissions, one row per version), their builds by content hash, and
  // every game it plans, stored in `games` under the contest's own run once played.
  `CREATE TABLE contest (
     id INTEGER PRIMARY KEY CHECK (id = 1),
     game TEXT NOT NULL,
     run_id INTEGER NOT NULL REFERENCES runs(id),
     admin_hash TEXT NOT NULL,
     frozen INTEGER NOT NULL DEFAULT 0,
     created_at TEXT NOT NULL
   );
   CREATE TABLE authors (
     id INTEGER PRIMARY KEY,
     name TEXT NOT NULL UNIQUE,
     token_hash TEXT NOT NULL UNIQUE,
     created_at TEXT NOT NULL
   );
   CREATE TABLE invites (
     code_hash TEXT PRIMARY KEY,
     created_at TEXT NOT NULL,
     author_id INTEGER REFERENCES authors(id),
     used_at TEXT
   );
   CREATE TABLE sessions (
     id_hash TEXT PRIMARY KEY,
     author_id INTEGER REFERENCES authors(id),
     admin INTEGER NOT NULL,
     csrf TEXT NOT NULL,
     expires_at TEXT NOT NULL
   );
   CREATE TABLE builds (
     hash TEXT PRIMARY KEY,
     packed BLOB NOT NULL
   );
   CREATE TABLE entrants (
     id INTEGER PRIMARY KEY,
     author_id INTEGER REFERENCES authors(id),
     version INTEGER NOT NULL,
     boss TEXT,
     lang TEXT,
     status TEXT NOT NULL,
     reason TEXT NOT NULL DEFAULT '',
     log TEXT NOT NULL DEFAULT '',
     source BLOB,
     build_hash TEXT REFERENCES builds(hash),
     league INTEGER NOT NULL DEFAULT 0,
     mu REAL NOT NULL,
     sigma REAL NOT NULL,
     games INTEGER NOT NULL DEFAULT 0,
     wins INTEGER NOT NULL DEFAULT 0,
     draws INTEGER NOT NULL DEFAULT 0,
     losses INTEGER NOT NULL DEFAULT 0,
     submitted_at TEXT NOT NULL,
     changed_at TEXT NOT NULL
   );
   CREATE INDEX entrants_by_author ON entrants(author_id, version);
   CREATE TABLE contest_games (
     idx INTEGER PRIMARY KEY,
     kind TEXT NOT NULL,
     seats TEXT NOT NULL,
     seed INTEGER NOT NULL,
     pair INTEGER NOT NULL,
     final INTEGER,
     rated INTEGER NOT NULL DEFAULT 0,
     note TEXT NOT NULL DEFAULT '',
     game_id INTEGER REFERENCES games(id),
     dropped INTEGER NOT NULL DEFAULT 0,
     planned_at TEXT NOT NULL
   );
   CREATE INDEX contest_games_unplayed ON contest_games(game_id, dropped);
   CREATE TABLE entrant_games (
     entrant_id INTEGER NOT NULL REFERENCES entrants(id),
     idx INTEGER NOT NULL REFERENCES contest_games(idx),
     PRIMARY KEY (entrant_id, idx)
   );
   CREATE TABLE finals (
     id INTEGER PRIMARY KEY,
     rounds INTEGER NOT NULL,
     entrants TEXT NOT NULL,
     started_at TEXT NOT NULL,
     ended_at TEXT
   );`,
  // 3: several contests in one database, one a game: the admin key, the authors, their invites and
  // sessions are the site's, shared by its contests; each contest keeps its entrants, games, finals
  // and the mix of table sizes it plays. Each entrant sums its places and counts its tables by size.
  // A database of one contest (version 2) holds contest 1: its rows' contest_id defaults to 1; its
  // rated games were all of two seats, a win or a draw first place, a loss second.
  `CREATE TABLE site (
     id INTEGER PRIMARY KEY CHECK (id = 1),
     admin_hash TEXT NOT NULL,
     created_at TEXT NOT NULL
   );
   INSERT INTO site (id, admin_hash, created_at) SELECT 1, admin_hash, created_at FROM contest;
   CREATE TABLE contests (
     id INTEGER PRIMARY KEY,
     game TEXT NOT NULL UNIQUE,
     run_id INTEGER NOT NULL REFERENCES runs(id),
     frozen INTEGER NOT NULL DEFAULT 0,
     table_mix TEXT NOT NULL,
     created_at TEXT NOT NULL
   );
   INSERT INTO contests (id, game, run_id, frozen, table_mix, created_at)
     SELECT id, game, run_id, frozen, '{"2":1}', created_at FROM contest;
   DROP TABLE contest;
   ALTER TABLE entrants ADD COLUMN contest_id INTEGER NOT NULL DEFAULT 1;
   ALTER TABLE entrants ADD COLUMN places INTEGER NOT NULL DEFAULT 0;
   ALTER TABLE entrants ADD COLUMN table_sizes TEXT NOT NULL DEFAULT '{}';
   UPDATE entrants SET places = games + losses, table_sizes = json_object('2', games) WHERE games > 0;
   CREATE INDEX entrants_by_contest ON entrants(contest_id, id);
   ALTER TABLE contest_games ADD COLUMN contest_id INTEGER NOT NULL DEFAULT 1;
   CREATE INDEX contest_games_by_contest ON contest_games(contest_id, kind, final);
   ALTER TABLE finals ADD COLUMN contest_id INTEGER NOT NULL DEFAULT 1;`,
  // 4: a verdict per version that replaced another: its predecessor, the opponents its twin games
  // may seat, each sequential test's decision (H0 or H1) and after how many twin pairs; each twin
  // game names the predecessor's game it twins.
  `CREATE TABLE verdicts (
     entrant_id INTEGER PRIMARY KEY REFERENCES entrants(id),
     predecessor_id INTEGER NOT NULL REFERENCES entrants(id),
     pool TEXT NOT NULL,
     better TEXT,
     better_at INTEGER,
     worse TEXT,
     worse_at INTEGER,
     started_at TEXT NOT NULL
   );
   ALTER TABLE contest_games ADD COLUMN twin_of INTEGER REFERENCES contest_games(idx);
   CREATE INDEX contest_games_twins ON contest_games(twin_of) WHERE twin_of IS NOT NULL;`,
  // 5: what authors write and try in the browser, apart from the ladder: a draft per author, contest
  // and language; the builds of drafts, by the content of their files (the build itself, packed, when
  // it built); the test games of drafts, each stored once played under its contest's run of tests.
  `CREATE TABLE drafts (
     author_id INTEGER NOT NULL REFERENCES authors(id),
     contest_id INTEGER NOT NULL REFERENCES contests(id),
     lang TEXT NOT NULL,
     text TEXT NOT NULL,
     saved_at TEXT NOT NULL,
     PRIMARY KEY (author_id, contest_id, lang)
   );
   CREATE TABLE draft_builds (
     source_hash TEXT PRIMARY KEY,
     ok INTEGER NOT NULL,
     build_hash TEXT,
     packed BLOB,
     reason TEXT NOT NULL,
     log TEXT NOT NULL,
     built_at TEXT NOT NULL
   );
   CREATE TABLE test_games (
     id INTEGER PRIMARY KEY,
     contest_id INTEGER NOT NULL REFERENCES contests(id),
     author_id INTEGER NOT NULL REFERENCES authors(id),
     lang TEXT NOT NULL,
     source_hash TEXT NOT NULL,
     opponent_id INTEGER NOT NULL REFERENCES entrants(id),
     players INTEGER NOT NULL,
     seat INTEGER NOT NULL,
     seed INTEGER NOT NULL,
     status TEXT NOT NULL,
     reason TEXT NOT NULL DEFAULT '',
     cached INTEGER,
     game_id INTEGER,
     place INTEGER,
     created_at TEXT NOT NULL
   );
   CREATE INDEX test_games_by_author ON test_games(author_id, created_at);
   CREATE INDEX test_games_by_game ON test_games(game_id) WHERE game_id IS NOT NULL;`,
];

/** The schema version this Tabula writes. */
export const SCHEMA_VERSION = MIGRATIONS.length;

/** The tables and columns of version 0, by which an unmarked Tabula database is recognised. */
const BASE_TABLES: Readonly<Record<string, string>> = {
  runs: 'id kind identity config seed created_at',
  games: 'id run_id idx round seats game seed winner reason result times replay finished_at duration_ms',
};

/**
 * The games being played now (live-games.ts): a scratch area, empty whenever no run plays, so it
 * needs no version of its own. Made, when missing, whenever a database is opened for writing; older
 * Tabulas made them on first use, in a database of any version, so a version-0 file may hold them.
 */
const LIVE_SCHEMA = `
CREATE TABLE IF NOT EXISTS live_games (
  id INTEGER PRIMARY KEY,
  run_id INTEGER NOT NULL,
  idx INTEGER NOT NULL,
  round INTEGER NOT NULL,
  seats TEXT NOT NULL,
  pid INTEGER NOT NULL,
  head TEXT NOT NULL,
  UNIQUE (run_id, idx)
);
CREATE TABLE IF NOT EXISTS live_turns (
  game_id INTEGER NOT NULL,
  turn INTEGER NOT NULL,
  data TEXT NOT NULL,
  PRIMARY KEY (game_id, turn)
);
`;

/** The live tables' columns, by which a version-0 file holding them is still recognised. */
const LIVE_TABLES: Readonly<Record<string, string>> = {
  live_games: 'id run_id idx round seats pid head',
  live_turns: 'game_id turn data',
};

/**
 * Refuses a file that is not Tabula's before writing anything, then brings its schema up to date,
 * the live tables included.
 */
export function migrate(db: Database.Database, path: string): void {
  if (schemaVersion(db, path) !== SCHEMA_VERSION) {
    // IMMEDIATE: of two processes that create or migrate the same file at once, the second waits and sees it done.
    db.transaction(() => {
      let version = schemaVersion(db, path);
      if (version === 'empty') {
        db.exec(BASE_SCHEMA);
        version = 0;
      }
      for (; version < SCHEMA_VERSION; version++) db.exec(MIGRATIONS[version]!);
      db.pragma(`application_id = ${TABULA_APPLICATION_ID}`);
      db.pragma(`user_version = ${SCHEMA_VERSION}`);
    }).immediate();
  }
  db.exec(LIVE_SCHEMA);
}

/**
 * The file's Tabula schema version, 'empty' for a database without any table (a new file), or a
 * `StoreError` for anything else: another application's database, or one of a newer Tabula.
 */
export function schemaVersion(db: Database.Database, path: string): number | 'empty' {
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
