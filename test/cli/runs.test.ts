import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { unenforced } from '../../src/arena/sandbox/sandbox.js';
import { root, slack, tabula } from '../support/cli.js';

const garbage = `python3 ${join(root, 'test/fixtures/bots/mills_first.py')} garbage`;
const tempDb = async () => join(await mkdtemp(join(tmpdir(), 'tabula-')), 'runs.db');
// Generous limits: these tests are about runs, not timing, and the machine may be busy.

// biome-ignore lint/suspicious/noExplicitAny: the events are JSON the test inspects field by field.
function ndjson(text: string): Record<string, any>[] {
  return text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
}

function storedGames(db: string): { id: number; idx: number; seed: number; seats: string; result: string }[] {
  const conn = new Database(db, { readonly: true });
  try {
    return conn.prepare('SELECT id, idx, seed, seats, result FROM games ORDER BY idx').all() as never;
  } finally {
    conn.close();
  }
}

describe('tabula match', () => {
  it('plays a few dozen real games in pairs, seats swapped, reporting each and a summary', async () => {
    const db = await tempDb();
    const run = await tabula([
      'match',
      'mills',
      'builtin:random',
      garbage,
      '--games',
      '24',
      '--concurrency',
      '2',
      '--db',
      db,
      '--seed',
      '3',
      '--json',
      ...slack,
    ]);
    assert.equal(run.code, 0, run.stderr);
    assert.ok(
      run.stderr.split('\n').every((line) => line === '' || /^(tabula: | {2})/.test(line)),
      `no progress bar with --json, only warnings: ${run.stderr}`,
    );
    const events = ndjson(run.stdout);
    const games = events.filter((e) => e.event === 'game');
    assert.equal(games.length, 24);
    assert.deepEqual(new Set(games.map((g) => g.index)), new Set(Array.from({ length: 24 }, (_, i) => i)));
    for (const g of games)
      assert.deepEqual(Object.keys(g).slice(0, 7), ['event', 'run', 'gameId', 'index', 'round', 'seats', 'game']);
    const summary = events.at(-1)!;
    assert.equal(summary.event, 'summary');
    const pair = summary.pairs[0];
    assert.deepEqual(
      [pair.games, pair.wins, pair.draws, pair.losses],
      [24, 24, 0, 0],
      'the bot that prints garbage loses every game',
    );
    assert.deepEqual(pair.pentanomial, [0, 0, 0, 0, 12]);
    assert.equal(pair.los, 1);
    const [random, bad] = summary.bots;
    assert.equal(random.endings.normal, 24);
    assert.equal(bad.endings.invalid, 24);
    assert.equal(bad.failures.length, 24);
    assert.match(bad.failures[0].message, /^"HELLO WORLD": unknown keyword/);
    assert.equal(random.turns.limitMs, 2000, 'the --turn-ms override is the limit');
    assert.ok(random.turns.maxMs >= random.turns.p99Ms && random.turns.p99Ms >= random.turns.medianMs);
    if (!unenforced().has('cpu time'))
      assert.equal(
        random.cpu.turns.turns,
        random.turns.turns,
        'built-in bots run as processes: their CPU time is measured',
      );
    assert.equal(random.overruns, 0);

    const rows = storedGames(db);
    assert.equal(rows.length, 24);
    for (let i = 0; i < 24; i += 2) {
      assert.equal(rows[i]!.seed, rows[i + 1]!.seed, 'a pair shares its seed');
      assert.deepEqual(
        [JSON.parse(rows[i]!.seats), JSON.parse(rows[i + 1]!.seats)],
        [
          [0, 1],
          [1, 0],
        ],
      );
    }
    const replay = await tabula(['replay', String(bad.failures[0].gameId), '--db', db]);
    assert.equal(replay.code, 0, replay.stderr);
    assert.equal(JSON.parse(replay.stdout).version, 1);

    const again = await tabula([
      'match',
      'mills',
      'builtin:random',
      garbage,
      '--games',
      '24',
      '--concurrency',
      '2',
      '--db',
      db,
      '--seed',
      '3',
      '--json',
      ...slack,
    ]);
    assert.equal(
      ndjson(again.stdout).filter((e) => e.event === 'game').length,
      0,
      'a finished run plays nothing again',
    );
    assert.equal(storedGames(db).length, 24);
  });

  it('stops when the SPRT decides', async () => {
    const db = await tempDb();
    const run = await tabula([
      'match',
      'mills',
      'builtin:random',
      garbage,
      '--games',
      '200',
      '--sprt',
      'elo0=0,elo1=200',
      '--concurrency',
      '2',
      '--db',
      db,
      '--json',
      ...slack,
    ]);
    assert.equal(run.code, 0, run.stderr);
    const summary = ndjson(run.stdout).at(-1)!;
    const sprt = summary.pairs[0].sprt;
    assert.equal(sprt.verdict, 'H1');
    assert.ok(sprt.llr >= sprt.upper);
    assert.ok(summary.gamesPlayed >= 16 && summary.gamesPlayed <= 20, `stopped after ${summary.gamesPlayed} games`);
  });

  it('refuses bad settings with a usage error', async () => {
    const db = await tempDb();
    const bad = await tabula([
      'match',
      'mills',
      'builtin:random',
      'builtin:random',
      '--sprt',
      'elo0=10,elo1=0',
      '--db',
      db,
    ]);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /elo1 \(0\) must be greater than elo0 \(10\)/);
  });

  it('continues after SIGKILL: no finished game lost, none counted twice, standings readable meanwhile', async () => {
    const db = await tempDb();
    const args = [
      'match',
      'mills',
      'builtin:random',
      'builtin:random',
      '--games',
      '16',
      '--concurrency',
      '2',
      '--db',
      db,
      '--json',
      ...slack,
    ];
    const script = `const { main } = await import(${JSON.stringify(new URL('../../src/cli/main.js', import.meta.url).href)}); process.exitCode = await main(process.argv.slice(1));`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script, ...args], {
      cwd: root,
      stdio: 'ignore',
    });
    const deadline = Date.now() + 60_000;
    let before: ReturnType<typeof storedGames> = [];
    while (Date.now() < deadline) {
      await sleep(100);
      try {
        before = storedGames(db);
      } catch {
        continue; // the database is not created yet
      }
      if (before.length >= 4) break;
    }
    const live = await tabula(['results', '--db', db, '--json']);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    assert.ok(before.length >= 4 && before.length < 16, `killed after ${before.length} games`);
    const report = JSON.parse(live.stdout).runs[0];
    assert.ok(report.gamesPlayed >= before.length, 'results read the run while it went on');

    const atKill = storedGames(db);
    const resumed = await tabula(args);
    assert.equal(resumed.code, 0, resumed.stderr);
    const after = storedGames(db);
    assert.deepEqual(
      after.map((g) => g.idx),
      Array.from({ length: 16 }, (_, i) => i),
      'every game once',
    );
    assert.deepEqual(
      after.filter((g) => atKill.some((k) => k.id === g.id)),
      atKill,
      'the games finished before the kill are kept as they were',
    );
    const played = ndjson(resumed.stdout).filter((e) => e.event === 'game');
    assert.equal(played.length, 16 - atKill.length, 'only the missing games are played');
  });
});

describe('tabula tournament', () => {
  it('plays a round-robin with ratings and a cross table', async () => {
    const db = await tempDb();
    const bots = ['builtin:random', garbage, `python3 ${join(root, 'test/fixtures/bots/mills_first.py')}`];
    const run = await tabula([
      'tournament',
      'mills',
      ...bots,
      '--db',
      db,
      '--seed',
      '1',
      '--concurrency',
      '2',
      '--json',
      ...slack,
    ]);
    assert.equal(run.code, 0, run.stderr);
    const events = ndjson(run.stdout);
    assert.equal(events.filter((e) => e.event === 'game').length, 6, 'three pairs, both seat orders');
    const summary = events.at(-1)!;
    assert.equal(summary.standings.length, 3);
    assert.equal(summary.standings.at(-1).bot, garbage, 'the bot that loses every game is last');
    assert.equal(summary.standings.at(-1).points, 0);
    assert.deepEqual(summary.crossTable.cells[1], ['0-0-2', null, '0-0-2']);
    const human = await tabula(['results', '--db', db]);
    assert.match(human.stdout, /round-robin tournament, 1 round, tables of 2, seed 1, 6 games played/);
  });
});

describe('tabula tournament of more seats', () => {
  it('rotates three bots over every seat order, rated with OpenSkill', async () => {
    const db = await tempDb();
    const run = await tabula([
      'tournament',
      'rummikode',
      'builtin:random',
      'builtin:random',
      'builtin:random',
      '--db',
      db,
      '--seed',
      '2',
      '--json',
      ...slack,
    ]);
    assert.equal(run.code, 0, run.stderr);
    const events = ndjson(run.stdout);
    const games = events.filter((e) => e.event === 'game');
    assert.equal(games.length, 6, 'one table of three, all six seat orders');
    assert.equal(new Set(games.map((g) => JSON.stringify(g.seats))).size, 6);
    assert.equal(new Set(games.map((g) => g.seed)).size, 1, 'every order of the table is dealt the same cards');
    const summary = events.at(-1)!;
    assert.equal(summary.config.players, 3);
    assert.equal(summary.standings.length, 3);
    for (const s of summary.standings)
      assert.ok(s.rating.low < s.rating.value && s.rating.value < s.rating.high && s.games === 6);
  });
});

describe('tabula calibrate', () => {
  it("measures the arena's overhead per turn with bots that compute, and its jitter against a limit", async () => {
    const quick = ['--turn-ms', '10', '--share', '0.5'];
    const run = await tabula(['calibrate', '--concurrency', '2', '--turns', '100', ...quick, '--json']);
    assert.equal(run.code, 0, run.stderr);
    const report = JSON.parse(run.stdout);
    assert.deepEqual(
      [report.concurrency, report.turns, report.turnMs, report.share, report.threads],
      [2, 100, 10, 0.5, 1],
    );
    assert.ok(report.medianMs > 0 && report.medianMs <= report.p99Ms && report.p99Ms <= report.maxMs);
    assert.ok(report.overLimit >= 0 && report.overLimit <= 100);
    assert.ok(report.cpu === undefined || report.cpu.turns === 100, 'the CPU time of every turn, where measured');
    assert.ok(Array.isArray(report.warnings));
    const human = await tabula(['calibrate', '--concurrency', '1', '--turns', '20', ...quick, '--threads', '2']);
    assert.match(
      human.stdout,
      /^concurrency 1, 20 turns of bots computing 50% of a 10 ms turn, 2 threads each: median [\d.]+ ms, p99 [\d.]+ ms, max [\d.]+ ms of overhead and jitter per turn; \d+ turns over the limit/,
    );
  });
});
