import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pointOfField } from '../../../src/boards/morris.js';
import { canonical, encodeEntry, mapMove, OpeningBook } from '../../../src/boards/morris-engine/book.js';
import { moveFrom, NO_MOVE, NONE, packMove } from '../../../src/boards/morris-engine/moves.js';
import { MAX_MOVES } from '../../../src/boards/morris-engine/position.js';
import { mapMask, SYMMETRY_COUNT } from '../../../src/boards/morris-engine/symmetry.js';
import { BOOK_DATA, BOOK_PLIES } from '../../../src/games/morris/bots/book-data.js';
import { MorrisPosition } from '../../../src/games/morris/position.js';

const mask = (...fields: string[]): number => fields.reduce((m, f) => m | (1 << pointOfField(f)!), 0);
const at = (field: string): number => pointOfField(field)!;

describe('the opening book', () => {
  // Player 0 to move, three stones each placed, none taken; no symmetry maps it onto itself.
  const own = mask('A1', 'D2', 'F4');
  const opp = mask('D6', 'G7', 'C3');
  const position = (s: number) => MorrisPosition.of([mapMask(s, own), mapMask(s, opp)], [3, 3], 6);

  it('finds a position under each of its 16 images, and maps the move onto each', () => {
    const { key, symmetry } = canonical(own, opp);
    const move = packMove(NONE, at('B4'));
    const book = new OpeningBook(encodeEntry(key, mapMove(symmetry, move)));
    assert.equal(book.size, 1);
    for (let s = 0; s < SYMMETRY_COUNT; s++) assert.equal(book.lookup(position(s)), mapMove(s, move), `symmetry ${s}`);
  });

  it('keeps a take, and holds nothing else', () => {
    const { key, symmetry } = canonical(own, opp);
    const move = packMove(NONE, at('D1'), at('D6'));
    const book = new OpeningBook(encodeEntry(key, mapMove(symmetry, move)));
    assert.equal(book.lookup(position(0)), move);
    assert.equal(book.lookup(MorrisPosition.of([own, opp], [4, 3], 7)), NO_MOVE, 'a stone was taken');
    assert.equal(book.lookup(MorrisPosition.of([own, mask('D6', 'G7')], [3, 2], 5)), NO_MOVE, 'another position');
  });

  it(`as shipped, has a legal put for every position of the first ${BOOK_PLIES} moves`, () => {
    const book = new OpeningBook(BOOK_DATA);
    const moves = Array.from({ length: BOOK_PLIES }, () => new Int32Array(MAX_MOVES));
    const p = MorrisPosition.of([0, 0], [0, 0], 0);
    let positions = 0;
    const walk = (ply: number): void => {
      if (ply >= BOOK_PLIES) return;
      const legal = Array.from(moves[ply]!.subarray(0, p.generate(moves[ply]!, 0)));
      const m = book.lookup(p);
      assert.ok(legal.includes(m) && moveFrom(m) === NONE, `ply ${ply}: ${m}`);
      positions++;
      for (const next of legal) {
        p.make(next);
        walk(ply + 1);
        p.unmake();
      }
    };
    walk(0);
    assert.ok(positions > 0);
  });
});
