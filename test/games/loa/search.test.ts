import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Rng } from '../../../src/core/rng.js';
import { DEFAULT_WEIGHTS } from '../../../src/games/loa/engine/evaluation.js';
import { type Limits, Search, WIN } from '../../../src/games/loa/engine/search.js';
import { BLACK, EMPTY, MAX_MOVES, type Move, Position } from '../../../src/games/loa/position.js';
import { boardRows, formatMove, rules, stateAt } from '../../../src/games/loa/rules.js';
import { board } from './helpers.js';

const depth = (d: number): Limits => ({ depth: d, nodes: Infinity, softMs: Infinity, hardMs: Infinity });
const search = (p: Position, limits: Limits, ply = 0, maxMoves = 100) =>
  new Search(DEFAULT_WEIGHTS, 16).search(p, ply, maxMoves, limits);

const replies = new Int32Array(MAX_MOVES);

/** Whether the side to move at `p` can connect at once. */
function canWinAtOnce(p: Position): boolean {
  const n = p.generate(replies);
  for (let i = 0; i < n; i++) {
    const m = replies[i]! as Move;
    const captured = p.make(m);
    const wins = p.moverConnected(m);
    p.unmake(m, captured);
    if (wins) return true;
  }
  return false;
}

/** The moves after which the opponent can connect at once (or is connected by a capture). */
function givingMoves(p: Position): Move[] {
  const moves = new Int32Array(MAX_MOVES);
  return Array.from(moves.subarray(0, p.generate(moves)), (m) => m as Move).filter((m) => {
    const captured = p.make(m);
    const gives = !p.moverConnected(m) && ((captured !== EMPTY && p.isConnected(p.toMove)) || canWinAtOnce(p));
    p.unmake(m, captured);
    return gives;
  });
}

// Black 1 1 and 2 5; white 2 2, 2 8, 3 8. Black 2 5 moves 3 west (row 2 holds 3) and captures 2 2.
const simultaneous = `
  b.......
  .w..b..w
  .......w
  ........
  ........
  ........
  ........
  ........`;

describe("the strong bot's search", () => {
  it('finds a win in one move, and leaves the position as it was', () => {
    // Black 3 2 joins 1 3 and 2 4 by moving 2 north-east... any connecting move will do: check by the rules.
    const p = board(`
      ..b.....
      ...b....
      .b......
      ........
      ....w...
      ........
      .w....w.
      ........`);
    const before = boardRows(p);
    for (const d of [1, 3]) {
      const report = search(p, depth(d));
      assert.equal(report.score, WIN - 1, `depth ${d}`);
      assert.equal(
        rules.play(stateAt(p), report.move).outcome?.winner,
        BLACK,
        `depth ${d}: ${formatMove(report.move)} wins`,
      );
    }
    assert.deepEqual(boardRows(p), before);
  });

  it('finds a win in two moves against every defence', () => {
    // Black has no connecting move, but 1 3 4 6 or 4 7 2 5 connects on its next move whatever white does.
    const p = board(`
      .wbb....
      ........
      bb..b...
      ..b...b.
      w..b....
      ..b....w
      ........
      .w...w..`);
    assert.equal(canWinAtOnce(p), false);
    const report = search(p, depth(3));
    assert.equal(report.score, WIN - 3);
    assert.ok(['1 3 4 6', '4 7 2 5'].includes(formatMove(report.move)), formatMove(report.move));
    assert.equal(search(p, depth(5)).score, WIN - 3, 'deeper, the same win');
  });

  it('wins with a move that connects both sides: the mover wins', () => {
    const report = search(board(simultaneous), depth(2));
    assert.deepEqual([formatMove(report.move), report.score], ['2 5 2 2', WIN - 1]);
  });

  it('never plays a capture that connects only the opponent', () => {
    // With a black piece far away, the same capture connects white alone: white wins.
    const p = board(simultaneous.replace(/\.\s*$/, 'b'));
    for (const d of [1, 2, 4]) assert.notEqual(formatMove(search(p, depth(d)).move), '2 5 2 2', `depth ${d}`);
  });

  it('never lets the opponent connect at once when another move exists, even at its shallowest', () => {
    const rng = new Rng(11);
    const moves = new Int32Array(MAX_MOVES);
    let checked = 0;
    for (let game = 0; checked < 30 && game < 2000; game++) {
      const p = Position.start();
      for (let ply = 0; ply < 60; ply++) {
        const n = p.generate(moves);
        if (n === 0 || p.isConnected(BLACK) || p.isConnected(1)) break;
        // Look where the opponent threatens to connect now (were it to move): that is where the moves that let it are.
        p.passTurn();
        const threat = canWinAtOnce(p);
        p.passTurn();
        const giving = threat ? givingMoves(p) : [];
        if (giving.length > 0 && giving.length < n) {
          // Time is up at once: the search still completes the depths that see a loss in one.
          const { move } = search(p, { depth: 64, nodes: 1, softMs: 0, hardMs: 0 });
          assert.ok(!giving.includes(move), `${boardRows(p).join('/')}: ${formatMove(move)} lets the opponent win`);
          checked++;
        }
        p.make(moves[rng.below(n)]! as Move);
      }
    }
    assert.equal(checked, 30);
  });

  it('knows the move limit: no win within reach is a draw, worth 0 to a side that is behind', () => {
    // Black is spread out, white nearly gathered: a bad position for black, far from the limit.
    const p = board(`
      b......b
      ........
      ...ww...
      ...w....
      .....w..
      ........
      ........
      b......b`);
    assert.ok(search(p, depth(2)).score < 0);
    // Two moves before the limit white still has a move, and connects with it: black loses.
    assert.equal(search(p, depth(4), 98, 100).score, -(WIN - 2));
    // Black makes the last move of the game, and cannot connect with it: a draw.
    assert.equal(search(p, depth(4), 99, 100).score, 0);
  });

  it('plays the only legal move at once, whatever it searched before', () => {
    // Black's corner pieces are boxed in by white's, but for 8 8 along the diagonal of 3 pieces.
    const p = board(`
      bw......
      ww......
      ........
      ........
      ........
      ........
      .......w
      ......wb`);
    const engine = new Search(DEFAULT_WEIGHTS, 16);
    engine.search(Position.start(), 0, 100, depth(2));
    const report = engine.search(p, 0, 100, depth(6));
    assert.deepEqual([formatMove(report.move), report.nodes], ['8 8 5 5', 0]);
  });

  it('takes a win on the last move of the game: it counts', () => {
    const report = search(board(simultaneous), depth(3), 99, 100);
    assert.deepEqual([formatMove(report.move), report.score], ['2 5 2 2', WIN - 1]);
  });

  it('cleared after other searches, searches as a new one (a bot process keeps it game after game)', () => {
    const used = new Search(DEFAULT_WEIGHTS, 16);
    const p = Position.start();
    const rng = new Rng(7);
    for (let ply = 0; ply < 6; ply++) {
      used.search(p, ply, 100, depth(3));
      p.make(replies[rng.below(p.generate(replies))]! as Move);
    }
    used.search(Position.start(), 0, 100, depth(4));
    const again = used.search(Position.start(), 0, 100, depth(4));
    used.clear();
    assert.notDeepEqual(again, new Search(DEFAULT_WEIGHTS, 16).search(Position.start(), 0, 100, depth(4)));
    assert.deepEqual(
      used.search(Position.start(), 0, 100, depth(4)),
      new Search(DEFAULT_WEIGHTS, 16).search(Position.start(), 0, 100, depth(4)),
    );
  });
});
