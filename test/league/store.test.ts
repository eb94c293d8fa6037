import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { millis } from '../../src/core/units.js';
import { type MatchConfig, runIdentity } from '../../src/league/run-config.js';
import { Store } from '../../src/league/store.js';
import { storedGame } from '../support/league.js';

const bots = ['builtin:random', 'python3 bot.py'];
const config: MatchConfig = {
  kind: 'match',
  game: 'mills',
  bots,
  timeLimits: { firstTurn: millis(1000), turn: millis(50) },
  gameOptions: {},
  games: 10,
};

async function tempStore(): Promise<Store> {
  return new Store(join(await mkdtemp(join(tmpdir(), 'tabula-store-')), 'runs.db'));
}

function record(store: Store, runId: number, index: number): number | null {
  const game = storedGame(bots, { index, round: Math.floor(index / 2), seats: index % 2 ? [1, 0] : [0, 1], winner: 0 });
  const { id: _id, finishedAt: _at, ...unstored } = game;
  const replay = { turns: [], result: game.result } as unknown as Parameters<Store['recordGame']>[1];
  return store.recordGame({ ...unstored, runId }, replay);
}

describe('the store', () => {
  it('never counts a game twice: the same schedule index of a run is stored once', async () => {
    const store = await tempStore();
    const run = store.openRun('match', runIdentity(config), config, 7);
    assert.notEqual(record(store, run.id, 0), null);
    assert.equal(record(store, run.id, 0), null, 'a game already stored is kept as it was');
    assert.notEqual(record(store, run.id, 1), null);
    assert.deepEqual([...store.finishedIndices(run.id)].sort(), [0, 1]);
    assert.equal(store.games(run.id).length, 2);
    store.close();
  });

  it('finds a run again by its identity, keeping its seed and taking the latest settings', async () => {
    const store = await tempStore();
    const first = store.openRun('match', runIdentity(config), config, 7);
    const more = { ...config, games: 40 };
    const again = store.openRun('match', runIdentity(more), more, 99);
    assert.equal(again.id, first.id, 'more games extend the same run');
    assert.equal(again.seed, 7, 'the seed chosen on the first start is kept');
    assert.deepEqual(again.config, more);
    assert.deepEqual((store.runs()[0]!.config as MatchConfig).games, 40, 'the stored settings are the latest');
    const other = { ...config, bots: [bots[1]!, bots[0]!] };
    assert.notEqual(store.openRun('match', runIdentity(other), other, 7).id, first.id, 'other bots, another run');
    store.close();
  });

  it('identifies a run by everything but how long it goes on', () => {
    assert.equal(runIdentity({ ...config, games: 1 }), runIdentity({ ...config, games: 500 }));
    assert.equal(runIdentity({ ...config, seed: 1 }), runIdentity({ ...config, seed: 1, games: 2 }));
    assert.notEqual(runIdentity({ ...config, seed: 1 }), runIdentity({ ...config, seed: 2 }));
    assert.notEqual(runIdentity(config), runIdentity({ ...config, gameOptions: { x: '1' } }));
    assert.notEqual(
      runIdentity(config),
      runIdentity({ ...config, timeLimits: { ...config.timeLimits, turn: millis(51) } }),
    );
    const tournament = {
      kind: 'tournament' as const,
      game: 'mills',
      bots,
      format: 'round-robin' as const,
      players: 2,
      rounds: 1,
      timeLimits: config.timeLimits,
      gameOptions: {},
    };
    assert.equal(runIdentity(tournament), runIdentity({ ...tournament, rounds: 9 }));
    assert.equal(
      runIdentity({ ...config, timeLimits: { turn: millis(50), firstTurn: millis(1000) } }),
      runIdentity(config),
      'the order of keys does not matter',
    );
  });
});
