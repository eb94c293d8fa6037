/**
 * `npm run strength -- rummikode` (scripts/strength/main.ts, scripts/strength/rummikode.ts): its own
 * option `--params`, which gives the strong bot more parameters, and a bad option's message.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const script = fileURLToPath(new URL('../../../scripts/strength/main.js', import.meta.url));
const strength = (args: readonly string[]) =>
  spawnSync(process.execPath, [script, 'rummikode', ...args], { encoding: 'utf8' });

describe('RummiKode: the strength script', () => {
  it('plays the strong bot with the parameters given', () => {
    const out = strength(['--params', 'open=0,keep=0', '--games', '2', '--pairing', '2 players']);
    assert.equal(out.status, 0, out.stderr);
    assert.match(out.stdout, /builtin:strong\(time=0,nodes=5000,open=0,keep=0\), seats rotated, 2 games a table/);
    const rows = out.stdout.split('\n').filter((l) => /^\d players/.test(l));
    assert.deepEqual(
      rows.map((l) => l.slice(0, 22).trim()),
      ['2 players, greedy'],
    );
  });

  it('names a bad option and its usage, with no stack trace', () => {
    for (const [args, message] of [
      [['--params', 'open=x'], /--params takes the strong bot's parameters as name=value,\.\.\., not "open=x"/],
      [['--bogus', '1'], /Unknown option '--bogus'/],
      [['--params', 'foo=1'], /--params: .*builtin:strong has no parameter "foo"/],
    ] as const) {
      const out = strength(args);
      assert.equal(out.status, 2, args.join(' '));
      assert.match(out.stderr, message);
      assert.match(out.stderr, /usage: npm run strength -- rummikode/);
      assert.doesNotMatch(out.stderr, /\n\s+at /, 'no stack trace');
    }
  });
});
