import assert from 'node:assert/strict';
import { it } from 'node:test';
import {
  directionOf,
  isAdjacent,
  LINES,
  LINES_THROUGH,
  NEIGHBOURS,
  radiusOf,
  SLOTS,
  type Slot,
  slotOf,
} from '../../../src/games/mills/board.js';

const text = (s: Slot): string => `${directionOf(s)} ${radiusOf(s)}`;
const lineText = (line: readonly Slot[]): string => line.map(text).join(' | ');

it('slots round-trip through direction and radius, in protocol order', () => {
  assert.equal(SLOTS.length, 24);
  for (let d = 0; d < 8; d++)
    for (let r = 0; r < 3; r++) {
      const s = slotOf(d, r);
      assert.deepEqual([directionOf(s), radiusOf(s)], [d, r]);
    }
  assert.deepEqual(SLOTS.slice(0, 4).map(text), ['0 0', '0 1', '0 2', '1 0']);
});

it('adjacency: 2 to 4 neighbours, symmetric, 32 edges', () => {
  let degreeSum = 0;
  for (const a of SLOTS) {
    const ns = NEIGHBOURS[a]!;
    assert.ok(ns.length >= 2 && ns.length <= 4, `${text(a)} has ${ns.length} neighbours`);
    for (const b of ns) assert.ok(NEIGHBOURS[b]!.includes(a), `${text(a)} - ${text(b)} is one-way`);
    for (const b of SLOTS) assert.equal(isAdjacent(a, b), ns.includes(b));
    degreeSum += ns.length;
  }
  assert.equal(degreeSum / 2, 32);
  // Corners have 2 neighbours; middles 3 on the inner and outer squares, 4 on the middle square.
  assert.equal(NEIGHBOURS[slotOf(0, 1)]!.length, 2);
  assert.equal(NEIGHBOURS[slotOf(1, 0)]!.length, 3);
  assert.equal(NEIGHBOURS[slotOf(3, 1)]!.length, 4);
});

it('adjacency spot checks', () => {
  const adj = (d1: number, r1: number, d2: number, r2: number) => isAdjacent(slotOf(d1, r1), slotOf(d2, r2));
  assert.ok(adj(1, 0, 1, 1));
  assert.ok(adj(7, 2, 7, 1));
  assert.ok(adj(0, 2, 7, 2), 'the left edge wraps from 7 to 0');
  assert.ok(adj(0, 0, 1, 0));
  assert.ok(!adj(0, 0, 0, 1), 'corners are not joined across squares');
  assert.ok(!adj(1, 0, 1, 2), 'radii 0 and 2 are not adjacent');
  assert.ok(!adj(0, 0, 2, 0));
  assert.ok(!adj(0, 0, 0, 0));
  assert.deepEqual(NEIGHBOURS[slotOf(7, 1)]!.map(text), ['0 1', '6 1', '7 0', '7 2']);
});

it('the 16 mills, the three left edges included', () => {
  assert.equal(LINES.length, 16);
  const names = LINES.map(lineText);
  assert.equal(new Set(names).size, 16);
  for (const d of [1, 3, 5, 7]) assert.ok(names.includes(`${d} 0 | ${d} 1 | ${d} 2`));
  for (const d of [0, 2, 4, 6])
    for (let r = 0; r < 3; r++) assert.ok(names.includes(`${d} ${r} | ${d + 1} ${r} | ${(d + 2) % 8} ${r}`));
  for (let r = 0; r < 3; r++) assert.ok(names.includes(`6 ${r} | 7 ${r} | 0 ${r}`));
  // Every line is three slots in a row: each joined to the next.
  for (const [a, b, c] of LINES) assert.ok(isAdjacent(a, b) && isAdjacent(b, c) && !isAdjacent(a, c));
});

it('each slot is in exactly two mills', () => {
  for (const s of SLOTS) {
    assert.equal(LINES_THROUGH[s]!.length, 2, text(s));
    for (const i of LINES_THROUGH[s]!) assert.ok(LINES[i]!.includes(s));
  }
  assert.equal(LINES.filter((line) => line.includes(slotOf(0, 1))).length, 2);
});
