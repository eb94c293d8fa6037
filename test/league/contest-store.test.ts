import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { Store } from '../../src/league/store/store.js';
import { storedGame } from '../support/league.js';

const first = { mu: 25, sigma: 25 / 3 };

async function contestStore(): Promise<Store> {
  const store = new Store(join(await mkdtemp(join(tmpdir(), 'tabula-contest-')), 'contest.db'));
  store.contest.create('morris', 'adminhash', [{ boss: 'random', league: 0 }], first);
  return store;
}

describe('a contest’s tables', () => {
  it('make an author of an invite once, and never twice of a name', async () => {
    const store = await contestStore();
    store.contest.addInvites(['i1', 'i2']);
    assert.equal(store.contest.join('nope', 'alice', 't0'), 'no such invite');
    const alice = store.contest.join('i1', 'alice', 't1');
    assert.equal(typeof alice === 'object' && alice.name, 'alice');
    assert.equal(store.contest.join('i1', 'bob', 't2'), 'invite used');
    assert.equal(store.contest.join('i2', 'alice', 't3'), 'name taken');
    assert.equal(store.contest.openInvites(), 1, 'a refused join uses no invite');
    assert.equal(store.contest.authorByToken('t1')?.name, 'alice');
    store.close();
  });

  it('keep one active version per author: activating one retires the one before, with why', async () => {
    const store = await contestStore();
    store.contest.addInvites(['i']);
    const author = store.contest.join('i', 'alice', 't') as { id: number };
    const v1 = store.contest.submit(author.id, 'python', Buffer.from('a'), first);
    const v2 = store.contest.submit(author.id, 'python', Buffer.from('b'), first);
    assert.deepEqual([v1.version, v2.version, v1.status], [1, 2, 'building']);
    assert.equal(store.contest.activate(v1.id), null);
    assert.equal(store.contest.activate(v2.id), v1.id);
    assert.deepEqual(
      [
        store.contest.entrant(v1.id)!.status,
        store.contest.entrant(v1.id)!.reason,
        store.contest.entrant(v2.id)!.status,
      ],
      ['retired', 'replaced by version 2', 'active'],
    );
    store.close();
  });

  it('link a stored game to its plan with its ratings at once, and find a stored game a stop left unlinked', async () => {
    const store = await contestStore();
    const run = store.contest.get()!.runId;
    const [a, b] = store.contest.plan(
      [
        { kind: 'rated', seats: [1, 1], seed: 5, final: null },
        { kind: 'rated', seats: [1, 1], seed: 5, final: null },
      ],
      true,
    );
    assert.equal(b!.pair, a!.index, 'the second game of a pair names the first');
    const record = (index: number) => {
      const { id: _id, runId: _run, ...game } = storedGame(['x', 'y'], { index, round: 0, seats: [1, 1], winner: 0 });
      return store.recordGame({ ...game, runId: run }, '{}')!;
    };
    const g1 = record(a!.index);
    store.contest.played(a!.index, g1, {
      rated: true,
      updates: [{ entrant: 1, mu: 30, sigma: 5, score: 1 }],
      leagues: new Map([[1, 1]]),
    });
    const boss = store.contest.entrant(1)!;
    assert.deepEqual([boss.mu, boss.sigma, boss.games, boss.wins, boss.league], [30, 5, 1, 1, 1]);
    const g2 = record(b!.index);
    assert.deepEqual(store.contest.storedUnlinked(run), [{ index: b!.index, gameId: g2 }], 'stored, not yet rated');
    assert.deepEqual(store.contest.unplayed(), [], 'a stored game is not played again');
    store.close();
  });
});
