import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { Replay } from '../../src/arena/replay.js';
import { GameWriter } from '../../src/runs/store/game-writer.js';
import { Store } from '../../src/runs/store/store.js';
import { storedGame } from '../support/runs.js';

describe('the game writer', () => {
  it('stores games from its worker thread, each once, with replays the store reads back', async () => {
    const path = join(await mkdtemp(join(tmpdir(), 'tabula-writer-')), 'runs.db');
    const store = new Store(path);
    const run = store.openRun('match', 'identity', {}, 1);
    const writer = new GameWriter(path);
    const games = [0, 1, 2].map((index) => {
      const { id: _id, ...game } = storedGame(['a', 'b'], { index, round: 0, seats: [0, 1], winner: 0 });
      return { ...game, runId: run.id };
    });
    const replay = (i: number) => ({ version: 1, turns: [{ comment: 'x'.repeat(1000 * i) }] }) as unknown as Replay;
    const ids = await Promise.all(games.map((g, i) => writer.write(g, JSON.stringify(replay(i)))));
    assert.deepEqual(ids, [1, 2, 3], 'written in the order asked');
    assert.equal(
      await writer.write(games[0]!, JSON.stringify(replay(0))),
      null,
      'a game already stored is kept as it was',
    );
    await writer.close();
    assert.deepEqual(store.replay(3), replay(2));
    assert.deepEqual(
      store.games(run.id).map((g) => g.index),
      [0, 1, 2],
    );
    await assert.rejects(writer.write(games[0]!, JSON.stringify(replay(0))), /the game writer stopped/);
    store.close();
  });
});
