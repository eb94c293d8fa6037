import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { unenforced } from '../../src/arena/sandbox/sandbox.js';
import { millis } from '../../src/core/units.js';
import type { MatchConfig } from '../../src/runs/run-config.js';
import { TABULA_APPLICATION_ID } from '../../src/runs/store/schema.js';
import { root, slack, tabula } from '../support/cli.js';
import { writeOlderDatabase } from '../support/older-database.js';
import { storedGame } from '../support/runs.js';

const garbage = `python3 ${join(root, 'test/fixtures/bots/mills_first.py')} garbage`;
const tempDb = async () => join(await mkdtemp(join(tmpdir(), 'tabula-')), 'runs.db');
const tabulaJs = new URL('../../src/cli/tabula.js', import.meta.url).pathname;
// Generous limits: these tests are about runs, not timing, and the machine may be busy.

// biome-ignore lint/suspicious/noExplicitAny: the events are JSON the test inspects field by field.
function ndjson(text: string): Record<string, any>[] {
  return text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
}

/** The settings of a run that the tests below vary: each one absent is left off the command line. */
interface RunSettings {
  readonly games?: number;
  readonly sprt?: string;
  readonly concurrency?: number;
  readonly seed?: number;
  readonly json?: boolean;
  /** Whether the generous time limits (`slack`) end the command line: yes unless false. */
  readonly slack?: boolean;
}

/** The arguments of a `tabula match` or `tabula tournament` of `bots` at `game`, stored in `db`. */
function runArgs(
  command: 'match' | 'tournament',
  game: string,
  bots: readonly string[],
  db: string,
  { games, sprt, concurrency, seed, json = false, slack: generous = true }: RunSettings = {},
): string[] {
  const option = (name: string, value: string | number | undefined): string[] =>
    value === undefined ? [] : [name, String(value)];
  return [
    command,
    game,
    ...bots,
    ...option('--games', games),
    ...option('--sprt', sprt),
    ...option('--concurrency', concurrency),
    '--db',
    db,
    ...option('--seed', seed),
    ...(json ? ['--json'] : []),
    ...(generous ? slack : []),
  ];
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
    const args = runArgs('match', 'mills', ['builtin:random', garbage], db, {
      games: 24,
      concurrency: 2,
      seed: 3,
      json: true,
    });
    const run = await tabula(args);
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

    const again = await tabula(args);
    assert.equal(
      ndjson(again.stdout).filter((e) => e.event === 'game').length,
      0,
      'a finished run plays nothing again',
    );
    assert.equal(storedGames(db).length, 24);
  });

  it('stops when the SPRT decides', async () => {
    const db = await tempDb();
    const run = await tabula(
      runArgs('match', 'mills', ['builtin:random', garbage], db, {
        games: 200,
        sprt: 'elo0=0,elo1=200',
        concurrency: 2,
        json: true,
      }),
    );
    assert.equal(run.code, 0, run.stderr);
    const summary = ndjson(run.stdout).at(-1)!;
    const sprt = summary.pairs[0].sprt;
    assert.equal(sprt.verdict, 'H1');
    assert.ok(sprt.llr >= sprt.upper);
    assert.ok(summary.gamesPlayed >= 16 && summary.gamesPlayed <= 20, `stopped after ${summary.gamesPlayed} games`);
  });

  it('refuses bad settings with a usage error', async () => {
    const db = await tempDb();
    const bad = await tabula(
      runArgs('match', 'mills', ['builtin:random', 'builtin:random'], db, { sprt: 'elo0=10,elo1=0', slack: false }),
    );
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /elo1 \(0\) must be greater than elo0 \(10\)/);
  });

  it('continues after SIGKILL: no finished game lost, none counted twice, standings readable meanwhile', async () => {
    const db = await tempDb();
    const args = runArgs('match', 'mills', ['builtin:random', 'builtin:random'], db, {
      games: 16,
      concurrency: 2,
      json: true,
    });
    // Fresh bots: their start keeps the run going long enough to be killed half-way (warm ones play 16 games in a second).
    args.push('--fresh-bots');
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
    const run = await tabula(runArgs('tournament', 'mills', bots, db, { seed: 1, concurrency: 2, json: true }));
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
    const quoted = garbage.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    assert.match(
      human.stdout,
      new RegExp(`^3 +${quoted} +0-0-2 +0-0-2 +\\.$`, 'm'),
      'row 3 of the cross table is place 3',
    );
  });
});

describe('tabula tournament of more seats', () => {
  it('rotates three bots over every seat order, rated with OpenSkill', async () => {
    const db = await tempDb();
    const run = await tabula(
      runArgs('tournament', 'rummikode', ['builtin:random', 'builtin:random', 'builtin:random'], db, {
        seed: 2,
        json: true,
      }),
    );
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
      /^concurrency 1, 20 turns of bots computing 50% of a 10 ms turn, 2 threads each: median [\d.]+ ms, p99 [\d.]+ ms, max [\d.]+ ms of overhead and jitter per turn; \d+ turns? over the limit/,
    );
  });
});

describe('runs that go wrong, and what they say', () => {
  const matchArgs = (db: string, settings: RunSettings) =>
    runArgs('match', 'mills', ['builtin:random', 'builtin:random'], db, { concurrency: 1, seed: 4, ...settings });

  it('refuses to play a run that another process is playing, naming that process', async () => {
    const db = await tempDb();
    const first = spawn(process.execPath, [tabulaJs, ...matchArgs(db, { games: 400 })], {
      cwd: root,
      stdio: 'ignore',
    });
    try {
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline && !(await hasClaim(db))) await sleep(100);
      const second = await tabula(matchArgs(db, { games: 400 }));
      assert.equal(second.code, 2, second.stderr);
      assert.equal(second.stdout, '');
      assert.match(
        second.stderr,
        new RegExp(`^tabula: run 1 is already being played by process ${first.pid} on .*\\n$`),
      );
    } finally {
      first.kill('SIGKILL');
      await new Promise((resolve) => first.once('exit', resolve));
    }
    const resumed = await tabula(matchArgs(db, { games: 2, json: true }));
    assert.equal(resumed.code, 0, `a claim left by a killed process is taken over: ${resumed.stderr}`);
  });

  it('checks every bot before the first game: one that cannot start stops the run, which stores nothing', async () => {
    const db = await tempDb();
    for (const broken of ['./no-such-bot', `python3 -c "import sys; sys.exit('no luck')"`]) {
      const run = await tabula(runArgs('tournament', 'mills', ['builtin:random', 'builtin:random', broken], db));
      assert.equal(run.code, 3, run.stderr);
      assert.equal(run.stdout, '');
      assert.match(run.stderr, /^tabula: cannot start bot "[^\n]*": exited with code (127|1)[^\n]*\n$/);
    }
    assert.match((await tabula(['results', '--db', db])).stdout, /holds no runs yet/);
  });

  it('once a run is going, a bot that exits with 126 or 127 loses its game as a crash, and the run goes on', async () => {
    const db = await tempDb();
    const dir = await mkdtemp(join(tmpdir(), 'tabula-'));
    const [started, denied] = [join(dir, 'started'), join(dir, 'denied')];
    // Started once to be checked, then gone: the next start exits as a command that may not be run
    // would (126), every later one as a missing command would (127).
    const vanishing =
      `[ -e ${denied} ] && exit 127; [ -e ${started} ] && touch ${denied} && exit 126; ` +
      `touch ${started}; exec python3 ${join(root, 'test/fixtures/bots/mills_first.py')}`;
    const run = await tabula(
      runArgs('match', 'mills', ['builtin:random', vanishing], db, { games: 4, concurrency: 1, json: true }),
    );
    assert.equal(run.code, 0, run.stderr);
    const summary = ndjson(run.stdout).at(-1)!;
    assert.equal(summary.gamesPlayed, 4);
    assert.equal(summary.bots[1].endings.crash, 4);
    const messages = summary.bots[1].failures.map((f: { message: string }) => f.message);
    assert.match(messages[0], /exited with code 126/);
    assert.match(messages.at(-1), /exited with code 127/);
  });

  it('names bots, tells apart two with one command line, and lists the games of a run', async () => {
    const db = await tempDb();
    const run = await tabula(
      runArgs('tournament', 'mills', ['first=builtin:random', 'builtin:random', 'builtin:random'], db, {
        seed: 1,
        json: true,
      }),
    );
    assert.equal(run.code, 0, run.stderr);
    const events = ndjson(run.stdout);
    const summary = events.at(-1)!;
    const names = ['first', 'builtin:random', 'builtin:random#2'];
    assert.deepEqual(
      summary.bots.map((b: { name: string }) => b.name),
      names,
    );
    assert.deepEqual(new Set(summary.standings.map((s: { name: string }) => s.name)), new Set(names));
    assert.deepEqual(
      summary.pairs.map((p: { names: string[] }) => p.names.join(' vs ')),
      ['first vs builtin:random', 'first vs builtin:random#2', 'builtin:random vs builtin:random#2'],
    );
    const game = events.find((e) => e.event === 'game')!;
    assert.deepEqual(
      game.players.map((p: { name: string }) => p.name),
      game.seats.map((s: number) => names[s]),
    );
    const text = (await tabula(['results', '--db', db])).stdout;
    for (const name of names) assert.match(text, new RegExp(`^${name} +4 +4 `, 'm'), `${name} in the table of bots`);

    const listed = await tabula(['results', '--db', db, '--games', '--json']);
    assert.equal(listed.code, 0, listed.stderr);
    const games = JSON.parse(listed.stdout).runs[0].games;
    assert.equal(games.length, 6);
    for (const g of games) {
      assert.deepEqual(Object.keys(g), [
        'id',
        'index',
        'round',
        'seed',
        'seats',
        'names',
        'winner',
        'reason',
        'turns',
        'failures',
      ]);
      assert.deepEqual(
        g.names,
        g.seats.map((s: number) => names[s]),
      );
    }
    const replay = JSON.parse((await tabula(['replay', String(games[5].id), '--db', db])).stdout);
    assert.equal(replay.seed, games[5].seed);
    assert.equal(replay.result.turns, games[5].turns);
    const lines = (await tabula(['results', '--db', db, '--games'])).stdout.split('\n');
    assert.match(lines[0]!, /^run 1: mills round-robin tournament, seed 1, 6 games played$/);
    assert.match(lines[2]!, /^game +seed +seats +winner +turns +failures +reason$/);
    assert.match(lines[3]!, new RegExp(`^${games[0].id} +${games[0].seed} +${games[0].names.join(' \\| ')} `));
  });

  it('shows life with a plain line every few seconds when stderr is not a terminal', async () => {
    const db = await tempDb();
    const run = await tabula(matchArgs(db, { games: 2 }));
    assert.equal(run.code, 0, run.stderr);
    const lines = run.stderr.trim().split('\n');
    assert.match(lines[0]!, /^run 1: 0\/2 games, failures 0$/);
    assert.match(lines.at(-1)!, /^run 1: 2\/2 games, [\d.]+ games\/min, W \d D \d L \d, failures 0$/);
    assert.ok(!run.stderr.includes('\r') && !run.stderr.includes('\u001b'), 'no bar drawing in a log');
  });

  it('continues a database written before databases were marked, and says what a re-run with fewer games keeps', async () => {
    const db = await tempDb();
    const config: MatchConfig = {
      kind: 'match',
      game: 'mills',
      bots: ['builtin:random', 'builtin:random'],
      timeLimits: { firstTurn: millis(10000), turn: millis(2000) },
      gameOptions: {},
      games: 4,
      seed: 4,
    };
    const bots = config.bots;
    writeOlderDatabase(db, config, 4, [
      storedGame(bots, { index: 0, round: 0, seats: [0, 1], winner: 0 }),
      storedGame(bots, { index: 1, round: 0, seats: [1, 0], winner: 1 }),
    ]);
    const before = await tabula(['results', '--db', db, '--json']);
    assert.equal(JSON.parse(before.stdout).runs[0].gamesPlayed, 2);
    const run = await tabula(matchArgs(db, { games: 4, json: true }));
    assert.equal(run.code, 0, run.stderr);
    assert.equal(ndjson(run.stdout).filter((e) => e.event === 'game').length, 2, 'only the games it lacked');
    assert.equal(ndjson(run.stdout).at(-1)!.gamesPlayed, 4);
    const marked = new Database(db, { readonly: true });
    assert.equal(marked.pragma('application_id', { simple: true }), TABULA_APPLICATION_ID);
    marked.close();

    const fewer = await tabula(matchArgs(db, { games: 2 }));
    assert.equal(fewer.code, 0, fewer.stderr);
    assert.match(
      fewer.stdout.split('\n')[0]!,
      /^run 1: mills match, seed 4, 4 games played \(the latest command asked for 2: the games played before are kept\)$/,
    );
  });
});

/** Whether some process has claimed a run of the database (a run being played). */
async function hasClaim(db: string): Promise<boolean> {
  try {
    const conn = new Database(db, { readonly: true });
    try {
      return (conn.prepare('SELECT count(*) AS n FROM run_claims').get() as { n: number }).n > 0;
    } finally {
      conn.close();
    }
  } catch {
    return false; // not created yet
  }
}
