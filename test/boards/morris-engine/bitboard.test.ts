import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LINE_MASKS, LINES, NEIGHBOUR_MASKS, POINT_COUNT } from '../../../src/boards/morris.js';
import {
  ALL_POINTS,
  canStep,
  filledLines,
  keyStones,
  LINE_AT_ANCHOR,
  millTargets,
  neighboursOf,
  openLines,
  popcount,
  stepCount,
  takable,
} from '../../../src/boards/morris-engine/bitboard.js';
import { Rng } from '../../../src/core/rng.js';

/** `count` pairs of disjoint random sets of points, from sparse boards (15% of points taken) to full ones (85%). */
function boards(count: number): [number, number][] {
  const rng = new Rng(2026);
  const found: [number, number][] = [];
  for (let i = 0; i < count; i++) {
    let own = 0;
    let opp = 0;
    const density = 0.15 + 0.7 * (i / count);
    for (let p = 0; p < POINT_COUNT; p++) {
      const r = rng.nextU32() / 2 ** 32;
      if (r < density / 2) own |= 1 << p;
      else if (r < density) opp |= 1 << p;
    }
    found.push([own, opp]);
  }
  return found;
}

const points = (mask: number): number[] => [...Array(POINT_COUNT).keys()].filter((p) => ((mask >>> p) & 1) === 1);
/** The lines, each as a mask, that `test` picks: the definitions, one line at a time. */
const linesWhere = (test: (line: number) => boolean): number[] => [...LINE_MASKS].filter(test);

describe('morris bitboard: every line and neighbour at once, against one point or line at a time', () => {
  const cases = boards(3000);

  it('neighbours, steps and whether a side can step', () => {
    for (const [own, opp] of cases) {
      const free = ALL_POINTS & ~(own | opp);
      const around = points(own).reduce((m, p) => m | NEIGHBOUR_MASKS[p]!, 0);
      assert.equal(neighboursOf(own), around);
      assert.equal(
        stepCount(own, free),
        points(own).reduce((n, p) => n + popcount(NEIGHBOUR_MASKS[p]! & free), 0),
      );
      assert.equal(canStep(own, free), (around & free) !== 0);
    }
  });

  it('filled lines, lines of two with the third free, and the points that fill a line', () => {
    for (const [own, opp] of cases) {
      const free = ALL_POINTS & ~(own | opp);
      const filled = linesWhere((line) => (line & own) === line);
      const named = points(filledLines(own)).map((anchor) => LINE_MASKS[LINE_AT_ANCHOR[anchor]!]!);
      assert.deepEqual(new Set(named), new Set(filled));
      assert.equal(named.length, filled.length);
      const open = linesWhere((line) => popcount(line & own) === 2 && popcount(line & free) === 1);
      assert.equal(popcount(openLines(own, free)), open.length);
      const targets = linesWhere((line) => popcount(line & own) === 2).reduce((m, line) => m | (line & ~own), 0);
      assert.equal(millTargets(own), targets);
    }
  });

  it('stones that a mill may take, and the key stones to take', () => {
    for (const [own, opp] of cases) {
      const inMills = linesWhere((line) => (line & opp) === line).reduce((m, line) => m | line, 0);
      assert.equal(takable(opp), opp & ~inMills || opp);
      const key = linesWhere(
        (line) =>
          (popcount(line & opp) === 2 && (line & own) === 0) || (popcount(line & own) === 2 && (line & opp) !== 0),
      ).reduce((m, line) => m | (line & opp), 0);
      assert.equal(keyStones(own, opp), key);
    }
  });

  it('each line has one anchor, its first point', () => {
    const anchors = LINES.map((_, i) => LINE_AT_ANCHOR.indexOf(i));
    assert.equal(new Set(anchors).size, LINES.length);
    for (const [i, line] of LINES.entries()) assert.equal(anchors[i], line[0]);
  });
});
