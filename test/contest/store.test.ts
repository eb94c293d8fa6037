import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { SiteTables } from '../../src/contest/store/site-tables.js';
import { ContestTables } from '../../src/contest/store/tables.js';
import { defaultMix } from '../../src/contest/table-mix.js';
import { Store } from '../../src/runs/store/store.js';
import { storedGame } from '../support/runs.js';

const first = { mu: 25, sigma: 25 / 3 };

const twoSeats = { title: 'Morris', seats: { min: 2, max: 2 } };

async function contestStore(): Promise<{ store: Store; tables: ContestTables; people: SiteTables }> {
  const store = new Store(join(await mkdtemp(join(tmpdir(), 'tabula-contest-')), 'contest.db'));
  const people = new SiteTables(store);
  const contest = people.createContest(
    'morris',
    defaultMix(twoSeats),
    [{ boss: 'random', league: 0 }],
    first,
    'adminhash',
  );
  return { store, tables: new ContestTables(store, contest.id), people };
}

describe('a contest’s tables', () => {
  it('make an author of an invite once, and never twice of a name', async () => {
    const { store, people } = await contestStore();
    people.addInvites(['i1', 'i2']);
    assert.equal(people.join('nope', 'alice', 't0'), 'no such invite');
    const alice = people.join('i1', 'alice', 't1');
    assert.equal(typeof alice === 'object' && alice.name, 'alice');
    assert.equal(people.join('i1', 'bob', 't2'), 'invite used');
    assert.equal(people.join('i2', 'alice', 't3'), 'name taken');
    assert.equal(people.openInvites(), 1, 'a refused join uses no invite');
    assert.equal(people.authorByToken('t1')?.name, 'alice');
    store.close();
  });

  it('keep one active version per author: activating one retires the one before, with why', async () => {
    const { store, tables, people } = await contestStore();
    people.addInvites(['i']);
    const author = people.join('i', 'alice', 't') as { id: number };
    const v1 = tables.submit(author.id, 'python', Buffer.from('a'), first);
    const v2 = tables.submit(author.id, 'python', Buffer.from('b'), first);
    assert.deepEqual([v1.version, v2.version, v1.status], [1, 2, 'building']);
    assert.equal(tables.activate(v1.id), null);
    assert.equal(tables.activate(v2.id), v1.id);
    assert.deepEqual(
      [tables.entrant(v1.id)!.status, tables.entrant(v1.id)!.reason, tables.entrant(v2.id)!.status],
      ['retired', 'replaced by version 2', 'active'],
    );
    store.close();
  });

  it('link a stored game to its plan with its ratings at once, and find a stored game a stop left unlinked', async () => {
    const { store, tables } = await contestStore();
    const run = tables.get().runId;
    const [a, b] = tables.plan([
      [
        { kind: 'rated', seats: [1, 1], seed: 5, final: null },
        { kind: 'rated', seats: [1, 1], seed: 5, final: null },
      ],
    ]);
    assert.equal(b!.pair, a!.index, 'the second game of a table names the first');
    const record = (index: number) => {
      const { id: _id, runId: _run, ...game } = storedGame(['x', 'y'], { index, round: 0, seats: [1, 1], winner: 0 });
      return store.recordGame({ ...game, runId: run }, '{}')!;
    };
    const g1 = record(a!.index);
    tables.played(a!.index, g1, {
      rated: true,
      updates: [{ entrant: 1, mu: 30, sigma: 5, score: 1, place: 1, tableSize: 3 }],
      leagues: new Map([[1, 1]]),
    });
    const boss = tables.entrant(1)!;
    assert.deepEqual(
      [boss.mu, boss.sigma, boss.games, boss.wins, boss.league, boss.places, boss.tableSizes],
      [30, 5, 1, 1, 1, 1, { 3: 1 }],
    );
    const g2 = record(b!.index);
    assert.deepEqual(tables.storedUnlinked(run), [{ index: b!.index, gameId: g2 }], 'stored, not yet rated');
    assert.deepEqual(tables.unplayed(), [], 'a stored game is not played again');
    store.close();
  });

  it('keep each contest of a site to itself: its entrants, versions, games and finals', async () => {
    const { store, tables: morris, people } = await contestStore();
    const other = people.createContest(
      'rummikode',
      [
        { size: 2, weight: 1 },
        { size: 4, weight: 2 },
      ],
      [{ boss: 'random', league: 0 }],
      first,
      null,
    );
    const rummikode = new ContestTables(store, other.id);
    assert.deepEqual(rummikode.get().tableMix, [
      { size: 2, weight: 1 },
      { size: 4, weight: 2 },
    ]);
    people.addInvites(['i']);
    const author = people.join('i', 'alice', 't') as { id: number };
    const inMorris = morris.submit(author.id, 'python', Buffer.from('a'), first);
    const inRummikode = rummikode.submit(author.id, 'python', Buffer.from('b'), first);
    assert.deepEqual([inMorris.version, inRummikode.version], [1, 1], 'versions are counted in each contest');
    assert.equal(morris.entrant(inRummikode.id), null, 'another contest’s entrant is not found here');
    assert.deepEqual(
      rummikode.entrants().map((e) => e.id),
      [2, inRummikode.id],
    );
    const [game] = rummikode.plan([[{ kind: 'rated', seats: [2, inRummikode.id, 2], seed: 1, final: null }]]);
    assert.deepEqual(morris.unplayed(), []);
    assert.deepEqual(
      rummikode.unplayed().map((g) => g.index),
      [game!.index],
    );
    assert.equal(morris.planned(game!.index), null);
    store.close();
  });
});
