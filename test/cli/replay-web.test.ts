import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import type { Replay } from '../../src/arena/replay.js';
import type { GameData } from '../../src/server/wire.js';
import { tabula } from '../support/cli.js';
import { databaseWithMatch, scratch, serving } from '../support/web.js';

describe('tabula replay for reproducing a turn', () => {
  let dir: string;
  let db: string;
  let replay: Replay;
  before(async () => {
    dir = scratch();
    db = await databaseWithMatch(dir, 1);
    replay = JSON.parse((await tabula(['replay', '1', '--db', db])).stdout) as Replay;
  });

  it('prints exactly the lines a seat was sent up to a turn, its whole history', async () => {
    const upto = 7;
    for (const seat of [0, 1]) {
      const run = await tabula(['replay', '1', '--db', db, '--seat', `${seat}`, '--upto', `${upto}`]);
      assert.equal(run.code, 0, run.stderr);
      const expected = replay.turns.filter((t) => t.seat === seat && t.turn <= upto).flatMap((t) => t.input);
      assert.equal(run.stdout, expected.map((l) => `${l}\n`).join(''));
    }
    const first = await tabula(['replay', '1', '--db', db, '--seat', '0', '--upto', '1']);
    assert.deepEqual(first.stdout.split('\n').slice(0, 2), ['0', '24'], "the first turn's initialisation");
  });

  it('refuses --upto without --seat, and a seat the game does not have', async () => {
    assert.equal((await tabula(['replay', '1', '--db', db, '--upto', '3'])).code, 2);
    const run = await tabula(['replay', '1', '--db', db, '--seat', '2']);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /seats 0 to 1/);
  });

  it('writes the game as one HTML file that needs no server', async () => {
    const file = join(dir, 'game.html');
    const run = await tabula(['replay', '1', '--db', db, '--html', file]);
    assert.equal(run.code, 0, run.stderr);
    const html = await readFile(file, 'utf8');
    assert.doesNotMatch(html, /<script[^>]+src=|<link[^>]+href=/, 'nothing fetched');
    const inside = /<script type="application\/json" id="tabula-game">([\s\S]*?)<\/script>/.exec(html)![1]!;
    const data = JSON.parse(inside) as GameData;
    assert.equal(data.storedId, 1);
    assert.deepEqual(data.record, replay);
  });
});

describe('tabula view', () => {
  it('serves one replay file as game "file"', async () => {
    const dir = scratch();
    const db = await databaseWithMatch(dir, 1);
    const file = join(dir, 'one.json');
    await writeFile(file, (await tabula(['replay', '1', '--db', db])).stdout);
    const served = await serving(['view', file, '--port', '0']);
    try {
      assert.match(served.url, /^http:\/\/127\.0\.0\.1:\d+\/games\/file$/);
      const data = (await (await fetch(new URL('/api/games/file', served.url))).json()) as GameData;
      assert.equal(data.record.game, 'morris');
      assert.equal(data.storedId, undefined);
    } finally {
      await served.stop();
    }
  });
});
