import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { seat } from '../../../src/core/units.js';
import { protocol } from '../../../src/games/rummikode/protocol.js';
import { gameListing, tabula } from '../../support/cli.js';
import { start } from './helpers.js';

describe('tabula with rummikode', () => {
  it("lists the game for 2 to 4 players with the statement's limits", async () => {
    assert.deepEqual(await gameListing('rummikode'), {
      id: 'rummikode',
      title: 'RummiKode',
      players: { min: 2, max: 4 },
      timeLimits: { firstTurnMs: 1000, turnMs: 100 },
      bots: ['random', 'greedy', 'strong'],
      options: [],
    });
  });

  it('plays three bots, and goes on without one that writes garbage, ranking it last', async () => {
    const garbage = 'echo HELLO; cat >/dev/null';
    const run = await tabula([
      'play',
      'rummikode',
      'builtin:random',
      garbage,
      'builtin:random',
      '--seed',
      '4',
      '--json',
      '--turn-ms',
      '5000',
    ]);
    assert.equal(run.code, 0, run.stderr);
    const result = JSON.parse(run.stdout);
    assert.equal(result.players.length, 3);
    const [a, bad, c] = result.players;
    assert.deepEqual([bad.status, bad.rank, bad.score], ['invalid', 3, -1]);
    assert.equal(bad.message, '"HELLO": unknown command "HELLO": expected WAIT, PUSH, ADD, TAKE, MOVE, SPLIT, JOIN');
    assert.deepEqual([a.status, c.status], ['ok', 'ok']);
    assert.deepEqual([a.rank, c.rank].sort(), result.winner === null ? [1, 1] : [1, 2]);
    assert.match(result.reason, /^250 commands played; cards left \d+, out, \d+; /);
    assert.ok(result.turns > 250, 'the two others played on to the end');
  });

  it('refuses a table of one', async () => {
    const run = await tabula(['play', 'rummikode', 'builtin:random']);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /RummiKode is played by 2 to 4 players, not 1/);
  });

  it('runs the random bot on stdin/stdout', async () => {
    const state = start(2, 1);
    const run = await tabula(
      ['bot', 'rummikode', 'random', '--seed', '3'],
      `${protocol.turnInput(state, seat(0), true).join('\n')}\n`,
    );
    assert.equal(run.code, 0, run.stderr);
    const answer = run.stdout.trim();
    const parsed = protocol.parseOutput(state, seat(0), answer);
    assert.ok(parsed.ok, `${answer}: ${parsed.ok ? '' : parsed.error}`);
  });
});
