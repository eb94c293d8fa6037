/**
 * Every mistake of the user is exit code 2 with one line, `tabula: ...`, and no stack trace; the
 * database is Tabula's or left alone; commands that only read work on a file they cannot write.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { type Run, root, slack, tabula } from '../support/cli.js';

const tempDir = () => mkdtemp(join(tmpdir(), 'tabula-'));
const mills = (mode = 'play') => `python3 ${join(root, 'test/fixtures/bots/mills_first.py')} ${mode}`;
const tabulaJs = new URL('../../src/cli/tabula.js', import.meta.url).pathname;

/** Exit code 2, nothing on stdout, and exactly one line on stderr: `tabula: ` and what matches `message`. */
function assertMistake(run: Run, message: RegExp, what: string): void {
  assert.equal(run.code, 2, `${what}: ${run.stderr}`);
  assert.equal(run.stdout, '', what);
  assert.match(run.stderr, /^tabula: [^\n]*\n$/, `${what}: one line: ${JSON.stringify(run.stderr)}`);
  assert.match(run.stderr, message, what);
}

describe('mistakes', () => {
  let dir: string;
  /** A database with one run of two Mills games. */
  let db: string;
  before(async () => {
    dir = await tempDir();
    db = join(dir, 'runs.db');
    const run = await tabula([
      'match',
      'mills',
      'builtin:random',
      'builtin:random',
      '--games',
      '2',
      '--db',
      db,
      ...slack,
    ]);
    assert.equal(run.code, 0, run.stderr);
  });

  it('an argument the parser refuses is one line, not two', async () => {
    const cases: [string[], RegExp][] = [
      [['play', 'mills', 'builtin:random', 'builtin:random', '--seed', 'x'], /seed is an integer/],
      [['play', 'mills', 'builtin:random', 'builtin:random', '--no-such-option'], /unknown option '--no-such-option'/],
      [['matc'], /unknown command 'matc'.*match/],
      [['results', '--run', '0'], /--run/],
    ];
    for (const [args, message] of cases) assertMistake(await tabula(args), message, args.join(' '));
  });

  it('a --db that cannot be a database: no such directory, a text file, a truncated file, a folder', async () => {
    const text = join(dir, 'notes.txt');
    writeFileSync(text, 'not a database\n');
    const truncated = join(dir, 'truncated.db');
    writeFileSync(truncated, readFileSync(db).subarray(0, 100));
    const match = ['match', 'mills', 'builtin:random', 'builtin:random', '--games', '2', ...slack, '--db'];
    const cases: [string[], RegExp][] = [
      [[...match, join(dir, 'no', 'such', 'runs.db')], /cannot create .*runs\.db: there is no directory .*such$/m],
      [[...match, text], /notes\.txt is not a SQLite database, or a damaged one/],
      [['results', '--db', text], /notes\.txt is not a SQLite database/],
      [['results', '--db', truncated], /truncated\.db is not a SQLite database, or a damaged one/],
      [['replay', '1', '--db', truncated], /truncated\.db is not a SQLite database, or a damaged one/],
      [[...match, dir], /is a directory, not a database/],
    ];
    for (const [args, message] of cases) assertMistake(await tabula(args), message, args.join(' '));
  });

  it("another application's SQLite file is refused and left exactly as it was", async () => {
    const path = join(dir, 'other.sqlite');
    const other = new Database(path);
    other.exec("CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('mine')");
    other.close();
    const before = readFileSync(path);
    for (const args of [
      ['results', '--db', path],
      ['replay', '1', '--db', path],
      ['match', 'mills', 'builtin:random', 'builtin:random', '--games', '2', '--db', path],
    ])
      assertMistake(await tabula(args), /other\.sqlite is not a Tabula database/, args[0]!);
    assert.deepEqual(readFileSync(path), before);
    assert.equal(existsSync(`${path}-wal`), false);
  });

  it('a --replay into a directory that does not exist is refused before any game is played', async () => {
    const started = join(dir, 'started');
    const bot = `touch ${started}; ${mills()}`;
    const run = await tabula(['play', 'mills', bot, 'builtin:random', '--replay', join(dir, 'nowhere', 'game.json')]);
    assertMistake(run, /--replay.*there is no directory .*nowhere/, 'play --replay');
    assert.equal(existsSync(started), false, 'no bot was started');
    const judged = await tabula(['judge', 'loa', bot, '--replay', join(dir, 'nowhere', 'game.json')]);
    assertMistake(judged, /there is no directory/, 'judge --replay');
  });

  it('two bots given one name are refused', async () => {
    assertMistake(
      await tabula(['play', 'mills', 'me=builtin:random', 'me=builtin:random']),
      /two bots are named "me"/,
      'play',
    );
  });

  it('a reader that closes stdout early (| head -c 600) ends the command quietly', async () => {
    const child = spawn(process.execPath, [tabulaJs, 'replay', '1', '--db', db], { cwd: root });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    // The reader is gone before the replay is written, whatever its size.
    child.stdout.destroy();
    const code = await new Promise((resolve) => child.on('close', resolve));
    assert.equal(stderr, '', 'no EPIPE trace');
    assert.equal(code, 141, 'the code of a program stopped by SIGPIPE');
  });

  it('results and replay read a database they cannot write', async () => {
    // Root writes any file: the commands then run as nobody, who can read but not write it.
    const readonly = await tempDir();
    const path = join(readonly, 'runs.db');
    writeFileSync(path, readFileSync(db));
    chmodSync(path, 0o444);
    chmodSync(readonly, 0o555);
    const before = readFileSync(path);
    const asReader = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
    for (const args of [
      ['results', '--db', path],
      ['results', '--db', path, '--games', '--json'],
      ['replay', '1', '--db', path],
    ]) {
      const run = await tabulaAs(asReader, args);
      assert.equal(run.code, 0, `${args.join(' ')}: ${run.stderr}`);
      assert.equal(run.stderr, '');
      assert.notEqual(run.stdout, '');
    }
    assert.deepEqual(readFileSync(path), before);
  });
});

/** `tabula` run as another user (when this process may), from the repository root. */
function tabulaAs(user: { uid?: number; gid?: number }, args: readonly string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [tabulaJs, ...args], { cwd: '/', ...user });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
