/**
 * scripts/checks/morris-losses.ts on a real stored match: the random bot, first, loses to the strong
 * one; the script reports each lost game and counts them by how they ended as the store has them.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Store } from '../../../src/runs/store/store.js';
import { slack, tabula } from '../../support/cli.js';

const script = fileURLToPath(new URL('../../../scripts/checks/morris-losses.js', import.meta.url));
const losses = (args: readonly string[]) => spawnSync(process.execPath, [script, ...args], { encoding: 'utf8' });

describe("Nine Men's Morris: where the lost games were lost (scripts/checks/morris-losses.ts)", () => {
  it("reports each game the run's first bot lost, counted by how it ended", async () => {
    const db = join(await mkdtemp(join(tmpdir(), 'tabula-losses-')), 'runs.db');
    const match = await tabula([
      'match',
      'morris',
      'builtin:random',
      'builtin:strong(depth=2,time=0)',
      '--games',
      '2',
      '--seed',
      '3',
      '--db',
      db,
      ...slack,
    ]);
    assert.equal(match.code, 0, match.stderr);
    const store = new Store(db);
    const reasons = store
      .runs()
      .flatMap((run) => store.games(run.id))
      .filter((g) => g.result.winner !== null && g.result.winner !== g.seats.indexOf(0))
      .map((g) => g.result.reason.replace(/^player \d /, ''));
    store.close();
    assert.equal(reasons.length, 2, 'the random bot lost both games');

    const out = losses(['--db', db, '--nodes', '3000']);
    assert.equal(out.status, 0, out.stderr);
    const games = out.stdout.split('\n').filter((l) => l.startsWith('run '));
    assert.equal(games.length, 2);
    for (const line of games) assert.match(line, /first move at ply \d+: -?\d+/);
    const ended = new Map<string, number>();
    for (const r of reasons) ended.set(r, (ended.get(r) ?? 0) + 1);
    const expected = [...ended].map(([k, n]) => `${k} ${n}`).join(', ');
    assert.ok(out.stdout.includes(`2 losses; how they ended: ${expected}`), out.stdout);
  });

  it('names its options when the database is missing or an option unknown', () => {
    for (const args of [[], ['--db', 'x.db', '--nodez', '5']]) {
      const out = losses(args);
      assert.equal(out.status, 2, args.join(' '));
      assert.match(out.stderr, /usage: morris-losses\.js --db FILE/);
      assert.doesNotMatch(out.stderr, /\n\s+at /, 'no stack trace');
    }
  });

  it('refuses a database that is not there, and makes none', async () => {
    const missing = join(await mkdtemp(join(tmpdir(), 'tabula-losses-')), 'typo.db');
    const out = losses(['--db', missing]);
    assert.equal(out.status, 2);
    assert.ok(out.stderr.includes(missing), out.stderr);
    assert.doesNotMatch(out.stderr, /\n\s+at /, 'no stack trace');
    assert.equal(existsSync(missing), false);
  });
});
