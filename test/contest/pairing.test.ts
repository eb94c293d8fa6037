import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Candidate, chooseTable } from '../../src/contest/pairing.js';
import { SETTLED_SIGMA } from '../../src/contest/ratings.js';
import { drawTableSize, finalTables, parseTableMix, rotations, type TableMix } from '../../src/contest/table-mix.js';

const PAIRS: TableMix = [{ size: 2, weight: 1 }];
/** A pair, as tables of two are chosen. */
const choosePair = (field: readonly Candidate[], turn: number, random: () => number) =>
  chooseTable(field, PAIRS, turn, random);

const settled = SETTLED_SIGMA - 1;
const unsettled = SETTLED_SIGMA + 2;

function entrant(id: number, over: Partial<Candidate> = {}): Candidate {
  return { id, authorId: id, league: 0, mu: 25, sigma: settled, games: 50, lastPlanned: 1000 + id, ...over };
}
const boss = (id: number, league: number, mu = 25): Candidate => entrant(id, { authorId: null, league, mu });
/** A random source that always gives `r`: 0 picks the nearest opponent in μ. */
const always = (r: number) => () => r;

describe('who plays next in a contest', () => {
  it('chooses a version whose rating is not settled first, the newest of the fewest games', () => {
    const field = [
      boss(1, 0),
      entrant(2, { games: 3 }),
      entrant(3, { sigma: unsettled, games: 9 }),
      entrant(4, { sigma: unsettled, games: 9 }),
      entrant(5, { sigma: unsettled, games: 12 }),
    ];
    assert.equal(choosePair(field, 0, always(0))![0]!.id, 4, 'unsettled before the fewest games; then the newest');
  });

  it('chooses the settled version with the fewest games otherwise, never a boss', () => {
    const field = [boss(1, 0), entrant(2, { games: 40 }), entrant(3, { games: 20 }), entrant(4, { games: 30 })];
    assert.equal(choosePair(field, 0, always(0))![0]!.id, 3);
    assert.equal(choosePair([boss(1, 0), boss(2, 0)], 0, always(0)), null, 'bosses alone play nobody');
  });

  it('gives every fourth choice to the version idle longest, so that none starves', () => {
    const field = [boss(1, 0), entrant(2, { games: 1, lastPlanned: 500 }), entrant(3, { games: 90, lastPlanned: 10 })];
    assert.deepEqual(
      [0, 1, 2, 3, 4, 7].map((turn) => choosePair(field, turn, always(0))![0]!.id),
      [2, 2, 2, 3, 2, 3],
    );
  });

  it('draws the opponent from the version’s league, bosses included, never its own author', () => {
    const field = [
      boss(1, 0, 20),
      boss(2, 1, 30),
      entrant(3, { league: 1, mu: 31, games: 0 }),
      entrant(4, { league: 1, mu: 40 }),
      entrant(5, { league: 0, mu: 31 }),
      { ...entrant(6, { league: 1, mu: 31 }), authorId: 3 },
    ];
    assert.deepEqual(
      choosePair(field, 0, always(0))!.map((c) => c.id),
      [3, 2],
      'the nearest in μ of its league',
    );
    // r near 1: k = ceil(5 / 1.01^0.65) = 5, the index floor(0.99 * k) among those sorted by distance in μ.
    assert.deepEqual(
      choosePair(field, 0, always(0.99))!.map((c) => c.id),
      [3, 4],
      'now and then a farther one',
    );
  });

  it('takes the nearest league with anyone, the lower first, when the version’s own has nobody else', () => {
    const field = [boss(1, 0), boss(2, 1), entrant(3, { league: 3, games: 0 }), entrant(4, { league: 2 })];
    assert.deepEqual(
      choosePair(field, 0, always(0))!.map((c) => c.id),
      [3, 4],
    );
    const alone = [boss(1, 0), boss(2, 1), entrant(3, { league: 2, games: 0 })];
    assert.deepEqual(
      choosePair(alone, 0, always(0))!.map((c) => c.id),
      [3, 2],
      'a top-league version plays the boss below',
    );
  });

  it('adds the league below while the version’s own holds fewer than two others: never its boss alone', () => {
    const field = [
      boss(1, 0, 20),
      boss(2, 1, 45),
      boss(3, 2, 70),
      entrant(4, { league: 2, mu: 44, sigma: unsettled, games: 0 }),
      entrant(5, { league: 1, mu: 30 }),
      entrant(6, { league: 0, mu: 44 }),
    ];
    const met = new Set([0, 0.2, 0.5, 0.99].map((r) => choosePair(field, 0, always(r))![1]!.id));
    assert.deepEqual([...met].sort(), [2, 3, 5], 'its boss and the league below, not two below');
    const crowded = [...field, entrant(7, { league: 2, mu: 60 })];
    const there = new Set([0, 0.2, 0.5, 0.99].map((r) => choosePair(crowded, 0, always(r))![1]!.id));
    assert.deepEqual([...there].sort(), [3, 7], 'with two others in its league, only they');
  });

  it('seats a table of the drawn size: the first chosen so, the others each the nearest not yet seated', () => {
    const field = [boss(1, 0, 20), entrant(2, { mu: 25, games: 0 }), entrant(3, { mu: 26 }), entrant(4, { mu: 40 })];
    const mix = parseTableMix('2,3,4', { title: 'RummiKode', seats: { min: 2, max: 4 } });
    // r = 0.9: the last size of the mix; then r = 0.9 again at each seat: k = ceil(5 / 0.91^0.65) = 6, index floor(0.9 × k) of the rest.
    const table = chooseTable(field, mix, 0, always(0))!;
    assert.deepEqual(
      table.map((c) => c.id),
      [2, 3],
      'r = 0: the smallest size, the nearest in μ',
    );
    const four = chooseTable(field, mix, 0, always(0.9))!;
    assert.deepEqual(
      [...four.map((c) => c.id)].sort(),
      [1, 2, 3, 4],
      'the largest table takes every one of them, each once',
    );
    assert.equal(four[0]!.id, 2);
    const fewer = chooseTable(field.slice(0, 2), mix, 0, always(0.9))!;
    assert.equal(fewer.length, 2, 'a size the field cannot fill is not drawn');
  });

  it('draws table sizes by weight among those the field can fill', () => {
    const mix = parseTableMix('2:1,4:3', { title: 'RummiKode', seats: { min: 2, max: 4 } });
    const counts = new Map<number, number>();
    for (let i = 0; i < 400; i++) {
      const size = drawTableSize(mix, 5, always((i + 0.5) / 400));
      counts.set(size!, (counts.get(size!) ?? 0) + 1);
    }
    assert.deepEqual([...counts].sort(), [
      [2, 100],
      [4, 300],
    ]);
    assert.equal(drawTableSize(mix, 3, always(0.99)), 2, 'four cannot sit: two');
    assert.equal(drawTableSize(mix, 1, always(0.5)), null);
  });

  it('reads a mix as the organiser writes it, refusing a size the game is not played at', () => {
    const game = { title: 'RummiKode', seats: { min: 2, max: 4 } };
    assert.deepEqual(parseTableMix('4, 2:3', game), [
      { size: 2, weight: 3 },
      { size: 4, weight: 1 },
    ]);
    assert.throws(() => parseTableMix('2,5', game), /RummiKode is played by 2 to 4 players, not 5/);
    assert.throws(() => parseTableMix('2,,3', game), /"" is not a table size/);
    assert.throws(() => parseTableMix('3,3', game), /tables of 3 are named twice/);
  });

  it('plays a table in every rotation of its seats, and deals a final’s round so that nobody sits out', () => {
    assert.deepEqual(rotations(['a', 'b', 'c']), [
      ['a', 'b', 'c'],
      ['b', 'c', 'a'],
      ['c', 'a', 'b'],
    ]);
    assert.deepEqual(finalTables([1, 2, 3], 2, always(0)), [
      [1, 2],
      [1, 3],
      [2, 3],
    ]);
    const ten = finalTables([...Array(10).keys()], 4, Math.random);
    assert.deepEqual(
      ten.map((t) => t.length),
      [4, 3, 3],
    );
    assert.deepEqual(
      ten.flat().sort((a, b) => a - b),
      [...Array(10).keys()],
    );
  });
});
