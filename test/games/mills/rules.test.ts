import assert from 'node:assert/strict';
import { it } from 'node:test';
import { slotOf } from '../../../src/games/mills/board.js';
import { checkMove, type MillsState, perft, pieceId, rules } from '../../../src/games/mills/rules.js';
import type { MillsSnapshot } from '../../../src/games/mills/view.js';
import { BLACK, parseError, playLines, position, start, WHITE } from './helpers.js';

const removedBy = (state: MillsState, line: string): number[] => [...playLines(state, line).removed];

it('a mill re-filled by the same pieces is not new; one closed by another piece is', () => {
  // BLACK 1 at 0 0, 3 at 1 0, 5 at 3 0, 7 at 4 0; WHITE shuffles 10 between 5 1 and 5 0.
  let s = position({ black: ['0 0', '1 0', '3 0', '4 0'], white: ['0 2', '2 2', '4 2', '6 2', '5 1'] });
  const step = (black: string, white: string): number[] => {
    s = playLines(s, black);
    const removed = [...s.removed];
    s = playLines(s, white);
    return removed;
  };
  assert.deepEqual(step('MOVE 5 2 0 2', 'MOVE 10 5 0'), [2], 'closing 1-3-5 removes');
  assert.deepEqual(step('MOVE 5 3 0', 'MOVE 10 5 1'), []);
  assert.deepEqual(step('MOVE 5 2 0 4', 'MOVE 10 5 0'), [], 'moving out and back in is not new');
  assert.deepEqual(step('MOVE 5 3 0', 'MOVE 10 5 1'), []);
  assert.deepEqual(step('MOVE 5 3 1', 'MOVE 10 5 0'), []);
  assert.deepEqual(step('MOVE 7 3 0', 'MOVE 10 5 1'), []);
  assert.deepEqual(step('MOVE 7 2 0 4', 'MOVE 10 5 0'), [4], 'closing the line with another piece is new');
  assert.deepEqual(s.onBoard, [4, 3]);
});

it('the same three pieces are new on another line, and never twice on one line', () => {
  // BLACK jumps its top outer mill 1-3-5 to the left outer edge (6-7-0) and back.
  let s = position({ black: ['0 2', '1 2', '2 2'], white: ['3 0', '7 0', '1 1', '5 1'] });
  s = playLines(s, 'MOVE 3 7 2', 'MOVE 8 5 0');
  assert.deepEqual(removedBy(s, 'MOVE 5 6 2 6'), [6], 'the left-edge mill 6-7-0 works');
  s = playLines(s, 'MOVE 5 6 2 6', 'MOVE 8 5 1', 'MOVE 3 1 2', 'MOVE 8 5 0');
  assert.deepEqual(removedBy(s, 'MOVE 5 2 2'), [], 'the top edge was filled by 1-3-5 before');
});

// BLACK 1 0 0, 3 1 0, 5 3 0, 7 4 0 can put at 2 0 and close two mills; WHITE has 2, 4, 6, 8.
const doubleMill = () =>
  position({ black: ['0 0', '1 0', '3 0', '4 0'], white: ['0 2', '2 2', '4 2', '6 2'], stock: [5, 5], ply: 8 });

it('a double mill removes two pieces, the requested ones', () => {
  const s = playLines(doubleMill(), 'PUT 2 0 8 6');
  assert.deepEqual(s.removed, [8, 6]);
  assert.deepEqual(s.onBoard, [5, 2]);
  assert.equal(s.board[slotOf(2, 0)], 9, 'the tenth piece put gets id 9');
  assert.equal(rules.outcome(s), null, 'WHITE still has stock, so 2 pieces do not lose yet');
  assert.deepEqual(removedBy(doubleMill(), 'PUT 2 0'), [2, 4], 'no requests: the lowest ids');
  assert.deepEqual(removedBy(doubleMill(), 'PUT 2 0 0 6'), [2, 6], 'the second id serves the second mill');
  assert.deepEqual(removedBy(doubleMill(), 'PUT 2 0 6'), [6, 2]);
});

it('a double mill never counts one piece twice', () => {
  const s = playLines(doubleMill(), 'PUT 2 0 8 8');
  assert.deepEqual(s.removed, [8, 2]);
  assert.deepEqual(s.onBoard, [5, 2]);
  assert.equal([...s.board].filter((id) => id % 2 === 0 && id !== 0).length, 2);
});

it('removal falls back to the lowest removable id', () => {
  // WHITE 2-4-6 fill the top outer edge; 8 and 10 are free. BLACK 5 closes 1-3-5 at 2 0.
  const s = position({ black: ['0 0', '1 0', '3 0', '5 0'], white: ['0 2', '1 2', '2 2', '5 2', '6 1'] });
  assert.deepEqual(removedBy(s, 'MOVE 5 2 0 10'), [10], 'a removable request is honoured');
  assert.deepEqual(removedBy(s, 'MOVE 5 2 0'), [8], '0 means any');
  assert.deepEqual(removedBy(s, 'MOVE 5 2 0 3'), [8], 'own piece');
  assert.deepEqual(removedBy(s, 'MOVE 5 2 0 9'), [8], 'id not on the board');
  assert.deepEqual(removedBy(s, 'MOVE 5 2 0 18'), [8], 'id never put');
  assert.deepEqual(removedBy(s, 'MOVE 5 2 0 4'), [8], 'piece in a mill');
});

it('when every opponent piece is in a mill, any of them may go', () => {
  const s = position({ black: ['0 0', '1 0', '3 0', '5 0'], white: ['0 2', '1 2', '2 2', '4 2', '5 2', '6 2'] });
  assert.deepEqual(removedBy(s, 'MOVE 5 2 0 8'), [8]);
  assert.deepEqual(removedBy(s, 'MOVE 5 2 0 3'), [2]);
});

it('a player with three pieces may jump; with four it may not', () => {
  const three = position({ black: ['0 0', '2 2', '4 1'], white: ['1 0', '7 0', '1 2', '3 2'] });
  const jumped = playLines(three, 'MOVE 1 6 0');
  assert.equal(jumped.board[slotOf(6, 0)], 1);
  assert.equal(jumped.board[slotOf(0, 0)], 0);
  assert.equal(rules.legalMoves(three).length, 3 * 17);
  const four = position({ black: ['0 0', '2 2', '4 1', '5 2'], white: ['1 0', '7 0', '1 2', '3 2'] });
  assert.equal(parseError(four, 'MOVE 1 6 0'), 'slot 6 0 is not adjacent to piece 1 at 0 0');
  assert.throws(
    () => rules.play(four, { kind: 'MOVE', piece: pieceId(1), to: slotOf(6, 0), remove: [0, 0] }),
    /not adjacent/,
  );
});

it('a player down to two pieces loses at once', () => {
  const s = playLines(position({ black: ['0 0', '1 0', '3 0', '6 1'], white: ['0 2', '4 2', '6 2'] }), 'MOVE 5 2 0');
  assert.deepEqual(rules.outcome(s), { winner: BLACK, reason: 'WHITE is down to 2 pieces', scores: [4, 2] });
  assert.deepEqual(rules.legalMoves(s), []);
  assert.deepEqual(checkMove(s, { kind: 'MOVE', piece: pieceId(4), to: slotOf(5, 2), remove: [0, 0] }), {
    ok: false,
    error: 'the game is over',
  });
});

it('putting the last piece with two on the board loses', () => {
  const s = playLines(position({ black: ['0 0'], white: ['2 2', '4 2'], stock: [1, 1], ply: 16 }), 'PUT 7 1');
  assert.deepEqual(rules.outcome(s), { winner: WHITE, reason: 'BLACK is down to 2 pieces', scores: [2, 2] });
});

it('a player who cannot move loses', () => {
  // WHITE's corners are walled in once BLACK 7 steps from 7 1 to 7 2.
  const before = position({ black: ['1 2', '3 2', '5 2', '7 1'], white: ['0 2', '2 2', '4 2', '6 2'] });
  assert.equal(rules.outcome(before), null);
  const s = playLines(before, 'MOVE 7 7 2');
  assert.deepEqual(rules.outcome(s), { winner: BLACK, reason: 'WHITE cannot move', scores: [4, 4] });
});

it('at the turn limit the player with fewer pieces loses; equal is a draw', () => {
  const black = ['0 0', '1 1', '2 0', '4 0', '6 1'];
  const white = ['0 2', '2 2', '4 2', '6 2'];
  const last = (b: string[]) => playLines(position({ black: b, white, ply: 399 }), 'MOVE 2 1 2');
  assert.equal(rules.outcome(playLines(position({ black, white, ply: 398 }), 'MOVE 1 7 0')), null);
  assert.deepEqual(rules.outcome(last(black)), {
    winner: BLACK,
    reason: 'turn limit: BLACK has 5 pieces, WHITE 4',
    scores: [5, 4],
  });
  assert.deepEqual(rules.outcome(last(black.slice(0, 3))), {
    winner: WHITE,
    reason: 'turn limit: BLACK has 3 pieces, WHITE 4',
    scores: [3, 4],
  });
  assert.deepEqual(rules.outcome(last(black.slice(0, 4))), {
    winner: null,
    reason: 'turn limit: 4 pieces each',
    scores: [4, 4],
  });
});

it('forfeit: the other player wins, the forfeiter scores -1', () => {
  const s = playLines(start(), 'PUT 0 0', 'PUT 1 1');
  assert.deepEqual(rules.outcome(rules.forfeit(s, BLACK)), {
    winner: WHITE,
    reason: 'BLACK forfeits',
    scores: [-1, 1],
  });
  assert.deepEqual(rules.outcome(rules.forfeit(s, WHITE)), {
    winner: BLACK,
    reason: 'WHITE forfeits',
    scores: [1, -1],
  });
  assert.equal(rules.outcome(s), null);
});

it('play and forfeit never change their input', () => {
  const s = position({
    black: ['0 0', '1 0', '3 0', '4 0'],
    white: ['0 2', '2 2', '4 2', '6 2'],
    stock: [5, 5],
    ply: 8,
  });
  const copy = structuredClone(s);
  playLines(s, 'PUT 2 0 8 6', 'PUT 5 2');
  rules.forfeit(s, WHITE);
  assert.deepEqual(s, copy);
});

it('snapshot: plain JSON of the pieces, stocks, turns and last move, with where it moved and removed', () => {
  const s = playLines(doubleMill(), 'PUT 2 0 8 6');
  const json = JSON.parse(JSON.stringify(rules.snapshot(s)));
  assert.deepEqual(json, {
    ply: 9,
    toMove: 1,
    pieces: [
      { id: 1, owner: 0, direction: 0, radius: 0 },
      { id: 2, owner: 1, direction: 0, radius: 2 },
      { id: 3, owner: 0, direction: 1, radius: 0 },
      { id: 4, owner: 1, direction: 2, radius: 2 },
      { id: 5, owner: 0, direction: 3, radius: 0 },
      { id: 7, owner: 0, direction: 4, radius: 0 },
      { id: 9, owner: 0, direction: 2, radius: 0 },
    ],
    stock: [4, 5],
    turnsLeft: [195, 196],
    lastMove: 'PUT 2 0 8 6',
    removed: [8, 6],
    from: null,
    removedAt: [
      { direction: 6, radius: 2 },
      { direction: 4, radius: 2 },
    ],
    outcome: null,
  });
  const moving = position({ black: ['0 0', '1 0', '3 0', '5 1'], white: ['0 2', '2 2', '4 2', '6 2'] });
  const moved = rules.snapshot(playLines(moving, 'MOVE 1 7 0')) as MillsSnapshot;
  assert.deepEqual([moved.from, moved.lastMove], [{ direction: 0, radius: 0 }, 'MOVE 1 7 0 0 0']);
});

it('perft from the start: placement only, no mill before ply 5', () => {
  const s = start();
  assert.equal(perft(s, 0), 1);
  assert.equal(perft(s, 1), 24);
  assert.equal(perft(s, 2), 24 * 23);
  assert.equal(perft(s, 3), 24 * 23 * 22);
  assert.equal(perft(s, 4), 24 * 23 * 22 * 21);
});
