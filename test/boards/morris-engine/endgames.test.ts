import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LINE_MASKS } from '../../../src/boards/morris.js';
import { popcount } from '../../../src/boards/morris-engine/bitboard.js';
import { FlyingTable } from '../../../src/boards/morris-engine/endgame-table.js';
import { Endgames } from '../../../src/boards/morris-engine/endgames.js';
import { DECIDED, Evaluator, WIN_SCORE } from '../../../src/boards/morris-engine/evaluation.js';
import { ALL_LINES, type BoardPosition, MAX_MOVES, ONGOING } from '../../../src/boards/morris-engine/position.js';
import { Search } from '../../../src/boards/morris-engine/search.js';
import { Rng } from '../../../src/core/rng.js';
import { MILLS_WEIGHTS } from '../../../src/games/mills/bots/strong.js';
import { MillsPosition } from '../../../src/games/mills/position.js';
import { millKey } from '../../../src/games/mills/rules.js';
import { MORRIS_WEIGHTS } from '../../../src/games/morris/bots/strong.js';
import { MorrisPosition } from '../../../src/games/morris/position.js';

/** Three random points outside `taken`. */
function trio(rng: Rng, taken: number): number {
  let mask = 0;
  while (popcount(mask) < 3) {
    const p = rng.below(24);
    if (!(((taken | mask) >>> p) & 1)) mask |= 1 << p;
  }
  return mask;
}

const unlimited = (depth: number) => ({ depth, softDeadline: Infinity, hardDeadline: Infinity });

/** The distance the tables give to the side to move at `p`. */
function distanceOf(endgames: Endgames, p: BoardPosition): number {
  return endgames.table(Endgames.liveOf(p)).probe(p.side, p.stones[p.side]!, p.stones[1 - p.side]!);
}

/**
 * A search without tables, 5 moves deep (and its takes beyond), against the table: every win or
 * loss it proves, the table has too, as fast or faster (the search's line is a proof, not always
 * the shortest, since it searches late quiet moves shallower); and it proves every win or loss in
 * 3 moves or less, at the table's distance. Returns how many positions the search decided.
 */
function checkAgainstSearch(endgames: Endgames, positions: readonly BoardPosition[], evaluator: Evaluator): number {
  let decided = 0;
  for (const p of positions) {
    const d = distanceOf(endgames, p);
    const { score } = new Search(evaluator, null, 14).run(p, unlimited(5));
    const context = `${p.stones[p.side]!.toString(2)} against ${p.stones[1 - p.side]!.toString(2)}: table ${d}, search ${score}`;
    if (Math.abs(score) > DECIDED) {
      decided++;
      const distance = WIN_SCORE - Math.abs(score);
      assert.ok(d > 0 && d % 2 === (score > 0 ? 1 : 0) && d <= distance, context);
    }
    if (d >= 1 && d <= 3) assert.equal(score, d % 2 === 1 ? WIN_SCORE - d : -WIN_SCORE + d, context);
  }
  return decided;
}

describe('solved endgames against search, and in play', () => {
  const morris = new Endgames();
  morris.table([ALL_LINES, ALL_LINES]);
  morris.work(Infinity);
  const morrisAt = (own: number, other: number): MorrisPosition => MorrisPosition.of([own, other], [9, 9], 100);

  it("Nine Men's Morris: the table's value is the search's wherever the search reaches the end", () => {
    const rng = new Rng(4);
    const positions = Array.from({ length: 80 }, () => {
      const own = trio(rng, 0);
      return morrisAt(own, trio(rng, own));
    });
    assert.ok(checkAgainstSearch(morris, positions, new Evaluator(MORRIS_WEIGHTS)) > 30);
  });

  it("Mills with lines filled before: the table of that history is the search's too", () => {
    // BLACK's pieces 1, 3, 5 filled the top radial line (0) before, WHITE's 2, 4, 6 the bottom one (2).
    const mills = new Endgames();
    const history = [millKey(0, 0b010101), millKey(2, 0b101010)];
    const live = [ALL_LINES & ~(1 << 0), ALL_LINES & ~(1 << 2)];
    mills.table([live[0]!, live[1]!]);
    mills.work(Infinity);
    const rng = new Rng(5);
    const positions: MillsPosition[] = [];
    while (positions.length < 80) {
      const black = trio(rng, 0);
      const white = trio(rng, black);
      // A trio on a line would have closed it: its history would hold that line too.
      if (LINE_MASKS.some((line) => (black & line) === line || (white & line) === line)) continue;
      const pieces = [black, white].flatMap((mask, seat) =>
        Array.from({ length: 24 }, (_, at) => at)
          .filter((at) => (mask >>> at) & 1)
          .map((point, i) => ({ id: 2 * i + 1 + seat, point })),
      );
      positions.push(MillsPosition.of(pieces, [0, 0], 100 + rng.below(2), history));
    }
    for (const p of positions) assert.deepEqual(Endgames.liveOf(p), live);
    assert.ok(checkAgainstSearch(mills, positions, new Evaluator(MILLS_WEIGHTS)) > 30);
  });

  it("tables made after the first turn's preparation (a rehearsal, values from the pool) are the tables made alone", () => {
    const endgames = new Endgames();
    endgames.prepare(performance.now() + 5);
    const radial = 0b1111;
    const pairs: [number, number][] = [
      [ALL_LINES, ALL_LINES],
      [ALL_LINES & ~radial, ALL_LINES & ~radial],
    ];
    const tables = pairs.map((live) => endgames.table(live));
    assert.ok(endgames.work(Infinity));
    const rng = new Rng(9);
    pairs.forEach((live, i) => {
      const alone = new FlyingTable(live);
      alone.solve();
      for (let k = 0; k < 2000; k++) {
        const own = trio(rng, 0);
        const other = trio(rng, own);
        assert.equal(tables[i]!.probe(0, own, other), alone.probe(0, own, other));
      }
    });
  });

  it('with the tables, the search wins every won position in its distance and holds every drawn one', () => {
    const search = new Search(new Evaluator(MORRIS_WEIGHTS), morris.probe, 16);
    const moves = new Int32Array(MAX_MOVES);
    /** The table's choice for the opponent: the quickest win, else a draw, else the longest loss. */
    const tableMove = (p: BoardPosition): number => {
      const n = p.generate(moves, 0);
      let best = moves[0]!;
      let bestKey = -Infinity;
      for (let i = 0; i < n; i++) {
        p.make(moves[i]!);
        const d = p.status !== ONGOING ? 0 : distanceOf(morris, p);
        const key = p.status !== ONGOING ? 1000 : d === 0 ? 0 : d % 2 === 0 ? 500 - d : -500 + d;
        p.unmake();
        if (key > bestKey) [best, bestKey] = [moves[i]!, key];
      }
      return best;
    };
    const rng = new Rng(6);
    let won = 0;
    let drawn = 0;
    while (won < 10 || drawn < 5) {
      const own = trio(rng, 0);
      const p = morrisAt(own, trio(rng, own));
      const d = distanceOf(morris, p);
      if (d % 2 === 0 && d !== 0) continue;
      if (d === 0 ? drawn >= 5 : won >= 10 || d < 5) continue;
      const bot = p.side;
      for (let ply = 0; ply < (d === 0 ? 20 : d); ply++) {
        assert.equal(p.status, ONGOING, `ply ${ply} of a ${d}`);
        p.make(p.side === bot ? search.run(p, unlimited(2)).move : tableMove(p));
        if (d === 0 && p.status === ONGOING) assert.equal(distanceOf(morris, p), 0, 'the draw is kept');
      }
      if (d === 0) drawn++;
      else {
        assert.equal(p.side, 1 - bot);
        assert.equal(p.status, 2, `won in ${d}`);
        won++;
      }
    }
  });
});
