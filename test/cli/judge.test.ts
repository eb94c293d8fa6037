import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { Replay } from '../../src/arena/replay.js';
import { root, slack, tabula } from '../support/cli.js';

const millsFirst = (mode = 'play') => `python3 ${join(root, 'test/fixtures/bots/mills_first.py')} ${mode}`;

describe('tabula judge against a boss', () => {
  it('plays game pairs against the boss, then gives the score, its interval, the games it took and the deciding replay', async () => {
    const cwd = await mkdtemp(join(tmpdir(), 'tabula-judge-'));
    const args = ['judge', 'mills', millsFirst(), '--league', 'wood', '--games', '4', '--seed', '1', ...slack];
    const run = await tabula(args, '', cwd);
    assert.equal(run.code, 1, run.stderr);
    const lines = run.stdout.trimEnd().split('\n');
    assert.equal(
      lines[0],
      "judging against the wood league's boss builtin:random, at most 4 games, until an SPRT decides, seed 1",
    );
    assert.deepEqual(
      lines.slice(1, 5).map((l) => l.replace(/: (won|lost|draw) in .*/, '')),
      ['game 1: seat 0, seed 1', 'game 2: seat 1, seed 1', 'game 3: seat 0, seed 2', 'game 4: seat 1, seed 2'],
    );
    assert.match(
      lines[5]!,
      /^Rejected: not shown at least as strong as builtin:random within 4 games: score \d+\.\d% \[\d+\.\d%, \d+\.\d%\] \(W \d D \d L \d\), Elo \S+ \[\S+, \S+\], in 4 games \(2 pairs\), SPRT elo0=-100 elo1=0: LLR -?\d\.\d\d, between -2\.94 and 2\.94$/,
    );
    assert.equal(lines[6], 'replay: judge-mills-2.json');
    const replay = JSON.parse(await readFile(join(cwd, 'judge-mills-2.json'), 'utf8')) as Replay;
    assert.deepEqual(
      replay.players.map((p) => p.bot),
      ['builtin:random', millsFirst()],
    );
  });

  it('rejects at the first game the submission fails', async () => {
    const cwd = await mkdtemp(join(tmpdir(), 'tabula-judge-'));
    const run = await tabula(
      ['judge', 'mills', millsFirst('exit3'), '--boss', 'builtin:random', '--seed', '7', ...slack],
      '',
      cwd,
    );
    assert.equal(run.code, 1, run.stderr);
    const lines = run.stdout.trimEnd().split('\n');
    assert.equal(lines[0], 'judging against the boss builtin:random, at most 400 games, until an SPRT decides, seed 7');
    assert.match(lines[2]!, /^Rejected: game 1 \(seat 0, seed 7\): crash: exited with code 3/);
    assert.equal(lines[3], 'replay: judge-mills-7.json');
    assert.ok(existsSync(join(cwd, 'judge-mills-7.json')));
  });

  it('refuses a league that is not one, and a boss that is no built-in bot', async () => {
    const platinum = await tabula(['judge', 'mills', millsFirst(), '--league', 'platinum']);
    assert.deepEqual([platinum.code, platinum.stdout], [2, '']);
    assert.match(platinum.stderr, /platinum/);
    const command = await tabula(['judge', 'mills', millsFirst(), '--boss', 'python3 boss.py']);
    assert.equal(command.code, 2);
    assert.match(command.stderr, /^tabula: a boss is a built-in bot, builtin:<name>/);
    const both = await tabula(['judge', 'mills', millsFirst(), '--boss', 'builtin:random', '--league', 'wood']);
    assert.equal(both.code, 2);
  });
});
