import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { it } from 'node:test';
import * as board from '../../../src/boards/morris.js';
import * as millsBoard from '../../../src/games/mills/board.js';
import { FIELD_ORDER, NEIGHBOUR_LINES, STEP_ORDER } from '../../../src/games/morris/board.js';
import { root } from '../../support/cli.js';

const {
  LINES,
  NEIGHBOURS,
  POINTS,
  columnOf,
  directionOf,
  fieldName,
  isAdjacent,
  pointAt,
  pointOfField,
  radiusOf,
  rowOf,
} = board;
const field = (name: string): board.Point => pointOfField(name)!;
const lineName = (line: readonly board.Point[]): string => line.map(fieldName).sort().join('-');

it('one list of points, named both ways', () => {
  assert.equal(POINTS.length, 24);
  assert.equal(new Set(POINTS.map(fieldName)).size, 24);
  for (const p of POINTS) {
    assert.equal(pointAt(directionOf(p), radiusOf(p)), p);
    assert.equal(pointOfField(fieldName(p)), p);
  }
  // Direction 0 is the top left, radius 2 the outer square; rows count upwards from 1.
  const named = (d: number, r: number): string => fieldName(pointAt(d, r));
  assert.deepEqual(
    [0, 1, 2, 3, 4, 5, 6, 7].map((d) => named(d, 2)),
    ['A7', 'D7', 'G7', 'G4', 'G1', 'D1', 'A1', 'A4'],
  );
  assert.deepEqual(
    [0, 1, 2, 3, 4, 5, 6, 7].map((d) => named(d, 0)),
    ['C5', 'D5', 'E5', 'E4', 'E3', 'D3', 'C3', 'C4'],
  );
  assert.deepEqual([named(5, 1), named(7, 1)], ['D2', 'B4']);
  assert.deepEqual([columnOf(field('F2')), rowOf(field('F2'))], [5, 1]);
  for (const name of ['A2', 'D4', 'H1', 'a1', 'A0', 'A8', ' A1', 'A1 ', ''])
    assert.equal(pointOfField(name), undefined, name);
});

it('the published field order: row by row from 1, each left to right', () => {
  assert.deepEqual(
    FIELD_ORDER.map(fieldName).join(' '),
    'A1 D1 G1 B2 D2 F2 C3 D3 E3 A4 B4 C4 E4 F4 G4 C5 D5 E5 B6 D6 F6 A7 D7 G7',
  );
});

it('the 16 mills, standard: D1-D2-D3 and D5-D6-D7 apart, as A4-B4-C4 and E4-F4-G4', () => {
  assert.deepEqual(LINES.map(lineName).sort(), [
    'A1-A4-A7',
    'A1-D1-G1',
    'A4-B4-C4',
    'A7-D7-G7',
    'B2-B4-B6',
    'B2-D2-F2',
    'B6-D6-F6',
    'C3-C4-C5',
    'C3-D3-E3',
    'C5-D5-E5',
    'D1-D2-D3',
    'D5-D6-D7',
    'E3-E4-E5',
    'E4-F4-G4',
    'F2-F4-F6',
    'G1-G4-G7',
  ]);
  for (const p of POINTS) assert.equal(LINES.filter((line) => line.includes(p)).length, 2, fieldName(p));
});

it('adjacency: the steps along the lines, 32 edges, symmetric', () => {
  let edges = 0;
  for (const p of POINTS) {
    for (const q of POINTS) {
      const joined = LINES.some(([a, b, c]) =>
        [
          [a, b],
          [b, c],
        ].some(([x, y]) => (x === p && y === q) || (x === q && y === p)),
      );
      assert.equal(isAdjacent(p, q), joined, `${fieldName(p)} ${fieldName(q)}`);
      assert.equal(isAdjacent(p, q), isAdjacent(q, p));
    }
    edges += NEIGHBOURS[p]!.length;
  }
  assert.equal(edges / 2, 32);
  assert.ok(!isAdjacent(field('D3'), field('D5')), 'no step across the centre');
  assert.ok(!isAdjacent(field('C4'), field('E4')));
  assert.deepEqual(
    STEP_ORDER[field('D2')]!.map(fieldName),
    ['D1', 'B2', 'F2', 'D3'],
    'steps are listed in field order',
  );
});

it('the initialisation lines, exactly as the published referee sends them', () => {
  assert.deepEqual(NEIGHBOUR_LINES, [
    'A1:A4;D1',
    'A4:A1;A7;B4',
    'A7:A4;D7',
    'B2:B4;D2',
    'B4:A4;B2;B6;C4',
    'B6:B4;D6',
    'C3:C4;D3',
    'C4:B4;C3;C5',
    'C5:C4;D5',
    'D1:A1;D2;G1',
    'D2:B2;D1;D3;F2',
    'D3:C3;D2;E3',
    'D5:C5;D6;E5',
    'D6:B6;D5;D7;F6',
    'D7:A7;D6;G7',
    'E3:D3;E4',
    'E4:E3;E5;F4',
    'E5:D5;E4',
    'F2:D2;F4',
    'F4:E4;F2;F6;G4',
    'F6:D6;F4',
    'G1:D1;G4',
    'G4:F4;G1;G7',
    'G7:D7;G4',
  ]);
});

it("Mills and Nine Men's Morris share the one geometry", () => {
  // Mills' slots are the shared points under its own names: the very same objects, not copies.
  assert.equal(millsBoard.SLOTS, board.POINTS);
  assert.equal(millsBoard.LINES, board.LINES);
  assert.equal(millsBoard.LINES_THROUGH, board.LINES_THROUGH);
  assert.equal(millsBoard.NEIGHBOURS, board.NEIGHBOURS);
  assert.equal(millsBoard.isAdjacent, board.isAdjacent);
  assert.equal(millsBoard.slotOf, board.pointAt);
  assert.equal(millsBoard.SLOT_COUNT, board.POINT_COUNT);
  // No game folder builds a geometry of its own: every adjacency, line and name table comes from the
  // shared module, so none of these spellings of a table appears in their sources.
  const sources = ['src/games/mills', 'src/games/morris'].flatMap((dir) =>
    readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      // The code only: comments may name fields.
      .map(
        (file) =>
          [
            join(dir, file),
            readFileSync(join(root, dir, file), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, ''),
          ] as const,
      ),
  );
  assert.ok(sources.length >= 10);
  for (const [file, text] of sources) {
    assert.doesNotMatch(text, /'[A-G][1-7]'|"[A-G][1-7]"|[A-G][1-7]:[A-G][1-7]/, `${file} spells out fields`);
    assert.doesNotMatch(
      text,
      /\b(?:LINES|NEIGHBOURS|NEIGHBOUR_MASKS|LINE_MASKS|DIRECTIONS|RADII)\s*[:=]/,
      `${file} defines geometry`,
    );
  }
});
