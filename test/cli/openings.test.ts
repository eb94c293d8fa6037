import assert from 'node:assert/strict';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { slack, tabula } from '../support/cli.js';

async function tempDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'tabula-openings-'));
}

describe('matches from varied openings', () => {
  it('starts both games of a pair from the same random plies, and each pair from its own', async () => {
    const db = join(await tempDir(), 'runs.db');
    const run = await tabula([
      'match',
      'morris',
      'builtin:random',
      'builtin:random',
      '--games',
      '6',
      '--random-plies',
      '4',
      '--seed',
      '3',
      '--db',
      db,
      '--json',
      '--concurrency',
      '2',
      ...slack,
    ]);
    assert.equal(run.code, 0, run.stderr);
    const games = run.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { event: string; gameId: number; index: number })
      .filter((e) => e.event === 'game')
      .sort((a, b) => a.index - b.index);
    const starts: string[] = [];
    for (const g of games) {
      const replay = JSON.parse((await tabula(['replay', String(g.gameId), '--db', db])).stdout);
      assert.deepEqual(replay.opening, { randomPlies: 4 });
      assert.equal(replay.initialState.ply, 4);
      starts.push(JSON.stringify(replay.initialState));
    }
    assert.equal(starts[0], starts[1]);
    assert.equal(starts[2], starts[3]);
    assert.equal(starts[4], starts[5]);
    assert.equal(new Set(starts).size, 3, 'each pair its own opening');
  });

  it('plays an openings file in turn, and names the file and line of a bad position', async () => {
    const dir = await tempDir();
    const file = join(dir, 'openings.sfen');
    await writeFile(file, '# two starts\nrbsgk/4p/5/P4/KGSBR b - 1\n\nrbsgk/4p/5/P3G/K1SBR w - 2\n');
    const db = join(dir, 'runs.db');
    const run = await tabula([
      'match',
      'minishogi',
      'builtin:random',
      'builtin:random',
      '--games',
      '4',
      '--openings',
      file,
      '--seed',
      '1',
      '--db',
      db,
      '--json',
      ...slack,
    ]);
    assert.equal(run.code, 0, run.stderr);
    const firstOf = async (id: number) => JSON.parse((await tabula(['replay', String(id), '--db', db])).stdout);
    const sfens = await Promise.all([1, 2, 3, 4].map(async (id) => (await firstOf(id)).initialState.sfen as string));
    assert.deepEqual(new Set(sfens), new Set(['rbsgk/4p/5/P4/KGSBR b - 1', 'rbsgk/4p/5/P3G/K1SBR w - 2']));

    await writeFile(file, 'rbsgk/4p/5/P4/KGSBR b - 1\nnot a position\n');
    const bad = await tabula([
      'match',
      'minishogi',
      'builtin:random',
      'builtin:random',
      '--openings',
      file,
      '--db',
      db,
    ]);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, new RegExp(`^tabula: ${file}:2: opening "not a position": not an SFEN`));
  });

  it('refuses openings for a game whose protocol cannot express them, and both options at once', async () => {
    const loa = await tabula(['match', 'loa', 'builtin:random', 'builtin:random', '--random-plies', '2']);
    assert.equal(loa.code, 2);
    assert.match(loa.stderr, /Lines of Action always starts from its own start/);
    const both = await tabula([
      'play',
      'morris',
      'builtin:random',
      'builtin:random',
      '--random-plies',
      '2',
      '--opening',
      'x',
    ]);
    assert.equal(both.code, 2);
  });
});
