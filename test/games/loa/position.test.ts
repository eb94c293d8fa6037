import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Rng } from '../../../src/core/rng.js';
import { NEIGHBOURS_HI, NEIGHBOURS_LO, SQUARES } from '../../../src/games/loa/board.js';
import { BLACK, type Colour, MAX_MOVES, type Move, Position, WHITE } from '../../../src/games/loa/position.js';
import { boardRows, parsePosition } from '../../../src/games/loa/rules.js';
import { board, move } from './helpers.js';

/** Groups of `c`'s pieces minus the holes they enclose, counted square by square: the Euler number's definition. */
function eulerByFloodFill(p: Position, c: Colour): number {
  const own = (sq: number) => p.squares[sq] === c + 1;
  const touching = (sq: number): number[] =>
    SQUARES.filter((t) => (t < 32 ? (NEIGHBOURS_LO[sq]! >>> t) & 1 : (NEIGHBOURS_HI[sq]! >>> (t - 32)) & 1) === 1);
  const seen = new Set<number>();
  let groups = 0;
  for (const sq of SQUARES.filter(own)) {
    if (seen.has(sq)) continue;
    groups++;
    const stack: number[] = [sq];
    seen.add(sq);
    while (stack.length > 0)
      for (const t of touching(stack.pop()!).filter((t) => own(t) && !seen.has(t))) {
        seen.add(t);
        stack.push(t);
      }
  }
  // Holes: the other squares in sideways-connected regions that do not reach the edge.
  const open = new Set<number>();
  let holes = 0;
  for (const sq of SQUARES.filter((s) => !own(s))) {
    if (open.has(sq)) continue;
    let edge = false;
    const stack: number[] = [sq];
    open.add(sq);
    while (stack.length > 0) {
      const s = stack.pop()!;
      const [r, k] = [s >> 3, s & 7];
      if (r === 0 || r === 7 || k === 0 || k === 7) edge = true;
      for (const [dr, dk] of [
        [-1, 0],
        [1, 0],
        [0, -1],
        [0, 1],
      ] as const) {
        const [nr, nk] = [r + dr, k + dk];
        const t = nr * 8 + nk;
        if (nr >= 0 && nr < 8 && nk >= 0 && nk < 8 && !own(t) && !open.has(t)) {
          open.add(t);
          stack.push(t);
        }
      }
    }
    if (!edge) holes++;
  }
  return groups - holes;
}

describe('the position', () => {
  it("knows each side's Euler number: groups minus holes, kept up to date move by move", () => {
    const ring = board(`
      ........
      ..bbb...
      ..b.b...
      ..bbb...
      ........
      .....w.w
      ......w.
      w.......`);
    assert.deepEqual(
      [ring.euler(BLACK), ring.euler(WHITE)],
      [0, 2],
      'a ring has one group and one hole; white touches diagonally',
    );
    assert.deepEqual([Position.start().euler(BLACK), Position.start().euler(WHITE)], [2, 2]);
    const rng = new Rng(7);
    const moves = new Int32Array(MAX_MOVES);
    for (let game = 0; game < 20; game++) {
      const p = Position.start();
      for (let ply = 0; ply < 60 && !p.isConnected(BLACK) && !p.isConnected(WHITE); ply++) {
        const n = p.generate(moves);
        if (n === 0) break;
        p.make(moves[rng.below(n)]! as Move);
        for (const c of [BLACK, WHITE] as const)
          assert.equal(p.euler(c), eulerByFloodFill(p, c), `${boardRows(p).join('/')}: colour ${c}`);
      }
    }
  });

  it('keeps a hash that depends on the pieces and the side to move only, restored by unmake', () => {
    const p = Position.start();
    const start = [p.hashLo, p.hashHi];
    const captured = p.make(move('1 2 3 2'));
    assert.notDeepEqual([p.hashLo, p.hashHi], start);
    p.unmake(move('1 2 3 2'), captured);
    assert.deepEqual([p.hashLo, p.hashHi], start);
    // The same position reached by two orders of moves, and set up from its text.
    const a = Position.start();
    for (const m of ['1 2 3 2', '2 1 2 3', '1 3 3 3', '3 1 3 4']) a.make(move(m));
    const b = Position.start();
    for (const m of ['1 3 3 3', '3 1 3 4', '1 2 3 2', '2 1 2 3']) b.make(move(m));
    assert.deepEqual(boardRows(a), boardRows(b));
    assert.deepEqual([a.hashLo, a.hashHi], [b.hashLo, b.hashHi]);
    const text = parsePosition(`${boardRows(a).join('/')} b`);
    assert.deepEqual([text.hashLo, text.hashHi], [a.hashLo, a.hashHi]);
    text.passTurn();
    assert.notDeepEqual([text.hashLo, text.hashHi], [a.hashLo, a.hashHi], 'the side to move is part of the hash');
    assert.equal(text.toMove, WHITE);
  });
});
