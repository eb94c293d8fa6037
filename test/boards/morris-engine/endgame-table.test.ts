import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LINE_MASKS } from '../../../src/boards/morris.js';
import { ALL_POINTS, lowestPoint, popcount } from '../../../src/boards/morris-engine/bitboard.js';
import { FlyingTable, Workspace } from '../../../src/boards/morris-engine/endgame-table.js';
import { ALL_LINES } from '../../../src/boards/morris-engine/position.js';
import { Rng } from '../../../src/core/rng.js';

/** Whether `trio` fills one of the `live` lines. */
const fills = (trio: number, live: number): boolean =>
  LINE_MASKS.some((line, i) => ((live >>> i) & 1) === 1 && (trio & line) === line);

/** Three random points outside `taken`. */
function trio(rng: Rng, taken: number): number {
  let mask = 0;
  while (popcount(mask) < 3) {
    const p = rng.below(24);
    if (((taken | mask) >>> p) & 1) continue;
    mask |= 1 << p;
  }
  return mask;
}

/** Each move of the side `mover` with trio `own` against `other`: null when it closes a live mill, else its successor's distance. */
function successors(table: FlyingTable, mover: number, own: number, other: number): (number | null)[] {
  const out: (number | null)[] = [];
  const free = ALL_POINTS & ~(own | other);
  for (let m = own; m !== 0; m &= m - 1) {
    for (let f = free; f !== 0; f &= f - 1) {
      const moved = (own & ~(m & -m)) | (1 << lowestPoint(f));
      out.push(fills(moved, table.live[mover]!) ? null : table.probe(1 - mover, other, moved));
    }
  }
  return out;
}

/**
 * The retrograde invariants at sampled positions: a win in d has a move to a loss in d - 1 (or
 * takes at once, d = 1) and none to a shorter loss; a loss in d has only moves to wins, the longest
 * in d - 1; a draw has no move to a loss nor a take, and a move to a draw.
 */
function checkConsistency(table: FlyingTable, samples: number, seed: number): Map<number, number> {
  const rng = new Rng(seed);
  const seen = new Map<number, number>();
  for (let i = 0; i < samples; i++) {
    const mover = table.symmetric ? 0 : rng.below(2);
    const own = trio(rng, 0);
    const other = trio(rng, own);
    const d = table.probe(mover, own, other);
    seen.set(d, (seen.get(d) ?? 0) + 1);
    const next = successors(table, mover, own, other);
    const context = `mover ${mover}, ${own.toString(2)} against ${other.toString(2)}: ${d}`;
    const takes = next.includes(null);
    const losses = next.filter((v): v is number => v !== null && v > 0 && v % 2 === 0);
    const wins = next.filter((v): v is number => v !== null && v % 2 === 1);
    if (d === 1) assert.ok(takes, context);
    else if (d % 2 === 1) {
      assert.ok(!takes, context);
      assert.equal(Math.min(...losses), d - 1, context);
    } else if (d > 0) {
      assert.ok(!takes, context);
      assert.equal(wins.length, next.length, context);
      assert.equal(Math.max(...wins), d - 1, context);
    } else {
      assert.ok(!takes && losses.length === 0, context);
      assert.ok(next.includes(0), context);
    }
  }
  return seen;
}

describe('flying endgames of 3 against 3, solved by retrograde analysis', () => {
  it("Nine Men's Morris (every line live): consistent at 20,000 sampled positions", () => {
    const table = new FlyingTable([ALL_LINES, ALL_LINES]);
    assert.ok(table.solve());
    assert.ok(table.complete && table.symmetric);
    assert.equal(table.longest, 26);
    const seen = checkConsistency(table, 20_000, 1);
    for (const d of [0, 1, 2, 3, 4, 5]) assert.ok((seen.get(d) ?? 0) > 0, `no position at distance ${d}`);
  });

  it('Mills, each side with lines its pieces filled before (no symmetry between the sides): consistent', () => {
    // BLACK's pieces filled the 4 radial lines, WHITE's the outer square's edges (the square's 8
    // symmetries keep both sets, so that the test is quick).
    const radial = 0b1111;
    const outer = (1 << 6) | (1 << 9) | (1 << 12) | (1 << 15);
    const table = new FlyingTable([ALL_LINES & ~radial, ALL_LINES & ~outer]);
    assert.ok(table.solve());
    assert.ok(!table.symmetric);
    checkConsistency(table, 10_000, 2);
  });

  it('solves in a lent workspace as in arrays of its own, one table at a time, the workspace reused after', () => {
    const radial = 0b1111;
    const outer = (1 << 6) | (1 << 9) | (1 << 12) | (1 << 15);
    const own = new FlyingTable([ALL_LINES, ALL_LINES]);
    own.solve();
    const workspace = new Workspace();
    const first = new FlyingTable([ALL_LINES, ALL_LINES]);
    const second = new FlyingTable([ALL_LINES & ~radial, ALL_LINES & ~outer]);
    assert.equal(first.solve(performance.now() + 1, workspace), false, 'solved within 1 ms');
    assert.throws(() => second.solve(Infinity, workspace), /in use by another table/);
    assert.ok(first.solve(Infinity, workspace));
    assert.ok(second.solve(Infinity, workspace), 'the workspace is free again once the first is solved');
    const rng = new Rng(4);
    for (let i = 0; i < 2000; i++) {
      const mine = trio(rng, 0);
      const theirs = trio(rng, mine);
      assert.equal(first.probe(0, mine, theirs), own.probe(0, mine, theirs));
    }
    checkConsistency(second, 2000, 5);
  });

  it("cuts tables' values from the workspace's pool while it lasts, then gives them arrays of their own", () => {
    const workspace = new Workspace(0, 10);
    const first = workspace.values(6);
    const beyond = workspace.values(6);
    const last = workspace.values(4);
    first.fill(1);
    assert.equal(first.buffer, last.buffer);
    assert.notEqual(beyond.buffer, first.buffer);
    assert.deepEqual([...last], [0, 0, 0, 0], 'a cut overlaps the one before');
  });

  it('can stop at any time and go on: what it knows part way is final', () => {
    const whole = new FlyingTable([ALL_LINES, ALL_LINES]);
    whole.solve();
    const parts = new FlyingTable([ALL_LINES, ALL_LINES]);
    let slices = 0;
    const rng = new Rng(3);
    while (!parts.solve(performance.now() + 5)) {
      slices++;
      for (let i = 0; i < 200; i++) {
        const own = trio(rng, 0);
        const other = trio(rng, own);
        const d = parts.probe(0, own, other);
        if (d !== 0) assert.equal(d, whole.probe(0, own, other));
      }
    }
    assert.ok(slices > 1, 'solved in one slice');
    assert.ok(parts.complete);
  });
});
