import assert from 'node:assert/strict';
import { it } from 'node:test';
import { gameListing, tabula } from '../../support/cli.js';

it('tabula perft morris --depth 3', async () => {
  const run = await tabula(['perft', 'morris', '--depth', '3']);
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stdout, '12144\n');
});

it('tabula games lists morris', async () => {
  assert.deepEqual(await gameListing('morris'), {
    id: 'morris',
    title: "Nine Men's Morris",
    players: { min: 2, max: 2 },
    timeLimits: { firstTurnMs: 1000, turnMs: 50 },
    bots: ['random', 'greedy', 'strong'],
    options: [],
  });
});

it('tabula play morris prints the result contract, the same for the same seed', async () => {
  // Limits no loaded machine can break: the game, not the clock, is under test.
  const play = () =>
    tabula([
      'play',
      'morris',
      'builtin:random',
      'builtin:random',
      '--seed',
      '9',
      '--turn-ms',
      '60000',
      '--first-turn-ms',
      '60000',
      '--json',
    ]);
  const run = await play();
  assert.equal(run.code, 0, run.stderr);
  const result = JSON.parse(run.stdout);
  assert.equal(result.game, 'morris');
  assert.deepEqual(
    result.players.map((p: { status: string }) => p.status),
    ['ok', 'ok'],
  );
  assert.match(result.reason, /^(player [01] is down to 2 stones|player [01] cannot move|draw after 200 turns)$/);
  assert.deepEqual(JSON.parse((await play()).stdout), result);
});

it("tabula bot morris random reads the statement's input and answers a listed command", async () => {
  const board =
    'A1:0;D1:2;G1:2;B2:2;D2:2;F2:2;C3:2;D3:2;E3:2;A4:2;B4:2;C4:2;E4:2;F4:2;G4:2;C5:2;D5:2;E5:2;B6:2;D6:2;F6:2;A7:2;D7:2;G7:2';
  const input = ['1', '1', 'A1:A4;D1', 'PLACE;A1', board, '2', 'PLACE;D1', 'PLACE;G7', ''].join('\n');
  const run = await tabula(['bot', 'morris', 'random', '--seed', '3'], input);
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /^PLACE;(D1|G7)\n$/);
});
