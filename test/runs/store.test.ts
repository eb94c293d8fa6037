import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { processStartTime } from '../../src/core/proc.js';
import { millis } from '../../src/core/units.js';
import { type MatchConfig, runIdentity } from '../../src/runs/run-config.js';
import { SCHEMA_VERSION, TABULA_APPLICATION_ID } from '../../src/runs/store/schema.js';
import { Store } from '../../src/runs/store/store.js';
import { writeOlderDatabase } from '../support/older-database.js';
import { storedGame } from '../support/runs.js';

const bots = ['builtin:random', 'python3 bot.py'];
const config: MatchConfig = {
  kind: 'match',
  game: 'mills',
  bots,
  timeLimits: { firstTurn: millis(1000), turn: millis(50) },
  gameOptions: {},
  games: 10,
};

async function tempStore(): Promise<Store> {
  return new Store(join(await mkdtemp(join(tmpdir(), 'tabula-store-')), 'runs.db'));
}

function record(store: Store, runId: number, index: number): number | null {
  const game = storedGame(bots, { index, round: Math.floor(index / 2), seats: index % 2 ? [1, 0] : [0, 1], winner: 0 });
  const { id: _id, ...unstored } = game;
  return store.recordGame({ ...unstored, runId }, JSON.stringify({ turns: [], result: game.result }));
}

describe('the store', () => {
  it('never counts a game twice: the same schedule index of a run is stored once', async () => {
    const store = await tempStore();
    const run = store.openRun('match', runIdentity(config), config, 7);
    assert.notEqual(record(store, run.id, 0), null);
    assert.equal(record(store, run.id, 0), null, 'a game already stored is kept as it was');
    assert.notEqual(record(store, run.id, 1), null);
    assert.deepEqual([...store.finishedIndices(run.id)].sort(), [0, 1]);
    assert.equal(store.games(run.id).length, 2);
    store.close();
  });

  it('finds a run again by its identity, keeping its seed and taking the latest settings', async () => {
    const store = await tempStore();
    const first = store.openRun('match', runIdentity(config), config, 7);
    const more = { ...config, games: 40 };
    const again = store.openRun('match', runIdentity(more), more, 99);
    assert.equal(again.id, first.id, 'more games extend the same run');
    assert.equal(again.seed, 7, 'the seed chosen on the first start is kept');
    assert.deepEqual(again.config, more);
    assert.deepEqual((store.runs()[0]!.config as MatchConfig).games, 40, 'the stored settings are the latest');
    const other = { ...config, bots: [bots[1]!, bots[0]!] };
    assert.notEqual(store.openRun('match', runIdentity(other), other, 7).id, first.id, 'other bots, another run');
    store.close();
  });

  it('identifies a run by everything but how long it goes on', () => {
    assert.equal(runIdentity({ ...config, games: 1 }), runIdentity({ ...config, games: 500 }));
    assert.equal(runIdentity({ ...config, seed: 1 }), runIdentity({ ...config, seed: 1, games: 2 }));
    assert.notEqual(runIdentity({ ...config, seed: 1 }), runIdentity({ ...config, seed: 2 }));
    assert.notEqual(runIdentity(config), runIdentity({ ...config, gameOptions: { x: '1' } }));
    assert.notEqual(
      runIdentity(config),
      runIdentity({ ...config, timeLimits: { ...config.timeLimits, turn: millis(51) } }),
    );
    const tournament = {
      kind: 'tournament' as const,
      game: 'mills',
      bots,
      format: 'round-robin' as const,
      players: 2,
      rounds: 1,
      timeLimits: config.timeLimits,
      gameOptions: {},
    };
    assert.equal(runIdentity(tournament), runIdentity({ ...tournament, rounds: 9 }));
    assert.equal(
      runIdentity({ ...config, timeLimits: { turn: millis(50), firstTurn: millis(1000) } }),
      runIdentity(config),
      'the order of keys does not matter',
    );
  });
});

/** A path in a fresh temporary directory. */
const tempPath = async (name = 'runs.db'): Promise<string> =>
  join(await mkdtemp(join(tmpdir(), 'tabula-store-')), name);

const pragma = (path: string, name: string): unknown => {
  const db = new Database(path, { readonly: true });
  try {
    return db.pragma(name, { simple: true });
  } finally {
    db.close();
  }
};

describe('the store, as a file', () => {
  it("marks a new database as Tabula's, with its schema version", async () => {
    const path = await tempPath();
    new Store(path).close();
    assert.equal(pragma(path, 'application_id'), TABULA_APPLICATION_ID);
    assert.equal(pragma(path, 'user_version'), SCHEMA_VERSION);
  });

  it("refuses another application's SQLite database, and leaves it exactly as it was", async () => {
    const path = await tempPath('notes.sqlite');
    const other = new Database(path);
    other.exec("CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('keep me')");
    other.close();
    const before = readFileSync(path);
    for (const readonly of [false, true])
      assert.throws(() => new Store(path, { readonly }), { name: 'StoreError', message: /is not a Tabula database/ });
    assert.deepEqual(readFileSync(path), before);
    assert.deepEqual(readdirSync(dirname(path)), ['notes.sqlite'], 'no journal or WAL file left beside it');
  });

  it('refuses a text file, a truncated database, a folder and a directory that does not exist', async () => {
    const text = await tempPath('text.db');
    writeFileSync(text, 'hello\n');
    assert.throws(() => new Store(text), { name: 'StoreError', message: /is not a SQLite database, or a damaged one/ });
    const whole = await tempPath();
    const store = new Store(whole);
    record(store, store.openRun('match', runIdentity(config), config, 7).id, 0);
    store.close();
    const truncated = await tempPath('truncated.db');
    writeFileSync(truncated, readFileSync(whole).subarray(0, 100));
    assert.throws(() => new Store(truncated, { readonly: true }), { name: 'StoreError' });
    assert.throws(() => new Store(dirname(whole)), { name: 'StoreError', message: /is a directory/ });
    assert.throws(() => new Store(join(dirname(whole), 'no', 'such.db')), {
      name: 'StoreError',
      message: /there is no directory .*no$/,
    });
  });

  it('refuses a database of a newer Tabula', async () => {
    const path = await tempPath();
    new Store(path).close();
    const db = new Database(path);
    db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    db.close();
    assert.throws(() => new Store(path), { name: 'StoreError', message: /written by a newer Tabula/ });
  });

  it('reads a database written before databases were marked, and migrates it when opened for writing', async () => {
    const path = await tempPath();
    const games = [0, 1].map((index) =>
      storedGame(bots, { index, round: 0, seats: index ? [1, 0] : [0, 1], winner: 0 }),
    );
    writeOlderDatabase(path, config, 7, games);
    const reader = new Store(path, { readonly: true });
    assert.equal(reader.games(reader.runs()[0]!.id).length, 2);
    assert.equal(reader.replay(1)?.result.reason, 'a win');
    reader.close();
    assert.equal(pragma(path, 'user_version'), 0, 'reading changes nothing');

    const store = new Store(path);
    assert.deepEqual(
      [pragma(path, 'application_id'), pragma(path, 'user_version')],
      [TABULA_APPLICATION_ID, SCHEMA_VERSION],
    );
    const run = store.openRun('match', runIdentity(config), config, 99);
    assert.deepEqual([run.id, run.seed], [1, 7], 'the same command finds its run again');
    assert.deepEqual([...store.finishedIndices(run.id)].sort(), [0, 1]);
    assert.notEqual(record(store, run.id, 2), null);
    store.claimRun(run.id);
    store.close();
  });

  it('opens a database read-only: it reads, refuses to write, and changes no byte', async () => {
    const path = await tempPath();
    const store = new Store(path);
    record(store, store.openRun('match', runIdentity(config), config, 7).id, 0);
    store.close();
    const before = readFileSync(path);
    const reader = new Store(path, { readonly: true });
    assert.equal(reader.runs().length, 1);
    assert.throws(() => reader.openRun('match', 'other', config, 1), /readonly/);
    reader.close();
    assert.deepEqual(readFileSync(path), before);
  });

  it('lets one process play a run at a time, and takes over the claim of a process that died', async () => {
    const store = await tempStore();
    const run = store.openRun('match', runIdentity(config), config, 7);
    store.claimRun(run.id);
    store.claimRun(run.id); // the same process again: no conflict with itself
    const db = new Database(store.path);
    const claim = (pid: number) =>
      db
        .prepare('UPDATE run_claims SET pid = ?, pid_start = ? WHERE run_id = ?')
        .run(pid, processStartTime(pid), run.id);
    // Another live process: this test's parent.
    claim(process.ppid);
    assert.throws(() => store.claimRun(run.id), {
      name: 'RunBusyError',
      message: new RegExp(`^run ${run.id} is already being played by process ${process.ppid} on `),
    });
    // A process that has exited, and a claim left in a file copied from another host.
    const gone = spawnSync('true').pid!;
    claim(gone);
    store.claimRun(run.id);
    claim(process.ppid);
    db.prepare("UPDATE run_claims SET host = 'elsewhere'").run();
    store.claimRun(run.id);
    assert.equal((db.prepare('SELECT pid FROM run_claims').get() as { pid: number }).pid, process.pid);
    store.releaseRun(run.id);
    assert.equal(db.prepare('SELECT * FROM run_claims').all().length, 0);
    db.close();
    store.close();
  });
});

describe('the store and the live tables', () => {
  it('recognises a database written before marking that has the live games tables', async () => {
    const path = await tempPath();
    writeOlderDatabase(path, config, 7, []);
    // The live tables as Tabulas before the store owned them made them, in a database of any version.
    const older = new Database(path);
    older.exec(`CREATE TABLE IF NOT EXISTS live_games (
      id INTEGER PRIMARY KEY, run_id INTEGER NOT NULL, idx INTEGER NOT NULL, round INTEGER NOT NULL,
      seats TEXT NOT NULL, pid INTEGER NOT NULL, head TEXT NOT NULL, UNIQUE (run_id, idx));
    CREATE TABLE IF NOT EXISTS live_turns (
      game_id INTEGER NOT NULL, turn INTEGER NOT NULL, data TEXT NOT NULL, PRIMARY KEY (game_id, turn));`);
    older.close();
    const store = new Store(path);
    assert.equal(store.runs().length, 1);
    store.close();
    assert.equal(pragma(path, 'application_id'), TABULA_APPLICATION_ID);
  });
});
