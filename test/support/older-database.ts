/**
 * Databases exactly as older Tabulas wrote them, to check that they are recognised, read and migrated
 * forward: a results database before databases were marked (schema version 0: no application_id, no
 * user_version), and a contest's before sites held several (version 2).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { type RunConfig, runIdentity } from '../../src/runs/run-config.js';
import type { StoredGame } from '../../src/runs/store/records.js';
import { root } from './cli.js';

/** The schema of src/runs/store/store.ts before version 1, verbatim. */
const VERSION_0_SCHEMA = `
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

/** Writes a version-0 database at `path` holding run 1 (`config`, `seed`) with `games` and their replays, as the old store did. */
export function writeOlderDatabase(path: string, config: RunConfig, seed: number, games: readonly StoredGame[]): void {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.exec(VERSION_0_SCHEMA);
  db.prepare('INSERT INTO runs (kind, identity, config, seed, created_at) VALUES (?, ?, ?, ?, ?)').run(
    config.kind,
    runIdentity(config),
    JSON.stringify(config),
    seed,
    '2026-11-20T00:00:00.000Z',
  );
  const insert = db.prepare(
    `INSERT INTO games (run_id, idx, round, seats, game, seed, winner, reason, result, times, replay, finished_at, duration_ms)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const g of games) {
    const replay = { version: 1, game: g.result.game, seed: g.result.seed, turns: [], result: g.result };
    insert.run(
      1,
      g.index,
      g.round,
      JSON.stringify(g.seats),
      g.result.game,
      g.result.seed,
      g.result.winner,
      g.result.reason,
      JSON.stringify(g.result),
      JSON.stringify(g.times),
      deflateSync(JSON.stringify(replay)),
      g.finishedAt,
      g.durationMs,
    );
  }
  db.close();
}

/**
 * A contest's database as the one-contest Tabula wrote it (schema version 2): a Nine Men's Morris
 * contest with its three bosses, one author (alice) and her active version, six games, an unused
 * invite. `V2_SECRETS`: the admin key and alice's token it printed.
 */
export function writeV2Contest(path: string): void {
  const db = new Database(path);
  try {
    db.pragma('foreign_keys = OFF'); // the dump's tables come in name order, games before runs
    db.exec(readFileSync(join(root, 'test', 'fixtures', 'contest', 'ladder-v2.sql'), 'utf8'));
    db.pragma('application_id = 1415736417');
    db.pragma('user_version = 2');
  } finally {
    db.close();
  }
}

export const V2_SECRETS = {
  adminKey: 'tbl_admin_eDvZJSgV4pKvB0A8KBWczPkIHBQgQjKvw3DdUwIvh5s',
  aliceToken: 'tbl_token_p4df5DKh4L3r5WasjVb-egoq-NWNjeHEPnVTwUkHFVw',
} as const;
