import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { moveTake1, moveTake2, NONE } from '../../../src/boards/morris-engine/moves.js';
import { perft } from '../../../src/boards/morris-engine/perft.js';
import { DRAWN, LOST, MAX_MOVES, ONGOING, type Status, WON } from '../../../src/boards/morris-engine/position.js';
import { Rng } from '../../../src/core/rng.js';
import { MillsPosition } from '../../../src/games/mills/position.js';
import {
  formatMove,
  type MillsMove,
  type MillsState,
  pieceId,
  type Removal,
  rules,
} from '../../../src/games/mills/rules.js';
import { start } from './helpers.js';

/** The rules' outcome as the engine's status for the side to move. */
function statusOf(state: MillsState): Status {
  const outcome = rules.outcome(state);
  if (outcome === null) return ONGOING;
  if (outcome.winner === null) return DRAWN;
  return outcome.winner === rules.toMove(state) ? WON : LOST;
}

/** Everything a position holds, as plain values. */
const picture = (p: MillsPosition) => ({
  idAt: [...p.idAt],
  stones: [...p.stones],
  stock: [...p.stock],
  side: p.side,
  ply: p.ply,
  status: p.status,
  hash: [p.hashLo, p.hashHi],
  mills: p.mills().sort(),
});

/** The position of `state` as the engine builds it from scratch. */
const fresh = (state: MillsState) => picture(MillsPosition.fromState(state));

/** Each distinct set of pieces the rules remove for a move head (kind, piece, target), over every request. */
function removalSets(state: MillsState, head: MillsMove): string[] {
  const opponent = 1 - rules.toMove(state);
  const ids = [
    0,
    ...Array.from({ length: 18 }, (_, i) => i + 1).filter(
      (id) => state.owners[id] === opponent && state.slots[id]! >= 0,
    ),
  ];
  const request = (id: number): Removal => (id === 0 ? 0 : pieceId(id));
  const sets = new Set<string>();
  for (const a of ids)
    for (const b of ids) {
      const removed = rules.play(state, { ...head, remove: [request(a), request(b)] }).removed;
      sets.add([...removed].sort((x, y) => x - y).join(' '));
    }
  return [...sets].sort();
}

/** The states after each legal move of `state`, one for each distinct set of pieces it can remove. */
function successors(state: MillsState): MillsState[] {
  return rules.legalMoves(state).flatMap((head) => {
    const plain = rules.play(state, head);
    if (plain.removed.length === 0) return [plain];
    return removalSets(state, head).map((set) => {
      const ids = set.split(' ').map(Number);
      return rules.play(state, { ...head, remove: [pieceId(ids[0]!), ids[1] === undefined ? 0 : pieceId(ids[1])] });
    });
  });
}

/** rules.ts's count of move sequences, each choice of removals a move of its own. */
function rulesPerft(state: MillsState, depth: number): number {
  if (depth === 0) return 1;
  return successors(state).reduce((sum, next) => sum + rulesPerft(next, depth - 1), 0);
}

describe('Mills: the fast position against rules.ts', () => {
  it('counts the same move sequences, each choice of removals its own, from the start and from sampled games', () => {
    assert.deepEqual(
      [1, 2, 3, 4].map((depth) => perft(MillsPosition.fromState(start()), depth)),
      [24, 552, 12144, 255024],
    );
    const rng = new Rng(16);
    let withTakes = 0;
    for (let game = 0; game < 12; game++) {
      let state = start();
      for (let ply = 0; ply < 10 + 3 * game && rules.outcome(state) === null; ply++)
        state = rng.pick(successors(state));
      if (rules.outcome(state) !== null) continue;
      assert.equal(perft(MillsPosition.fromState(state), 3), rulesPerft(state, 3), `after ${state.ply} moves`);
      if (successors(state).some((next) => next.removed.length > 0)) withTakes++;
    }
    assert.ok(withTakes > 1, 'sampled positions with a move that removes');
  });

  it('agrees on moves, takes, results, hashes and undo along 120 random games', () => {
    const rng = new Rng(15);
    const moves = new Int32Array(MAX_MOVES);
    let captures = 0;
    let doubles = 0;
    const endings = new Set<string>();
    for (let game = 0; game < 120; game++) {
      let state = start();
      const p = MillsPosition.fromState(state);
      while (true) {
        assert.equal(p.status, statusOf(state), `ply ${state.ply}`);
        if (p.status !== ONGOING) break;
        const n = p.generate(moves, 0);
        const listed = moves.subarray(0, n);
        const heads = (ms: Iterable<MillsMove>) =>
          [...new Set([...ms].map((m) => formatMove({ ...m, remove: [0, 0] })))].sort();
        assert.deepEqual(
          heads(Array.from(listed, (m) => p.moveOf(m))),
          heads(rules.legalMoves(state)),
          `ply ${state.ply}`,
        );
        assert.equal(new Set(listed).size, n, 'each move once');
        // Every move with takes: the takes are exactly the rules' possible removals.
        const byHead = new Map<string, string[]>();
        for (const m of listed) {
          if (moveTake1(m) === NONE) continue;
          const key = formatMove({ ...p.moveOf(m), remove: [0, 0] });
          const taken = [moveTake1(m), moveTake2(m)]
            .filter((t) => t !== NONE)
            .map((t) => p.idAt[t]!)
            .sort((x, y) => x - y);
          byHead.set(key, [...(byHead.get(key) ?? []), taken.join(' ')]);
        }
        for (const [key, sets] of byHead) {
          const head = rules.legalMoves(state).find((m) => formatMove(m) === key)!;
          assert.deepEqual(sets.sort(), removalSets(state, head), key);
        }
        // Each take, one other move, and the move played (a take most of the time in even games, to reach
        // the endgame): made, compared, unmade.
        const takes = listed.filter((m) => moveTake1(m) !== NONE);
        const m =
          takes.length > 0 && game % 2 === 0 && rng.below(10) < 7
            ? takes[rng.below(takes.length)]!
            : listed[rng.below(n)]!;
        for (const tried of [...takes, listed[rng.below(n)]!].filter((t) => t !== m).concat(m)) {
          const move = p.moveOf(tried);
          const before = picture(p);
          const next = rules.play(state, move);
          p.make(tried);
          assert.deepEqual(picture(p), fresh(next), `${formatMove(move)} at ply ${state.ply}`);
          assert.equal(next.removed.length, moveTake1(tried) === NONE ? 0 : moveTake2(tried) === NONE ? 1 : 2);
          p.unmake();
          assert.deepEqual(picture(p), before, `undo ${formatMove(move)}`);
          if (tried !== m) continue;
          p.make(m);
          state = next;
          if (next.removed.length > 0) captures++;
          if (next.removed.length > 1) doubles++;
        }
      }
      endings.add(rules.outcome(state)!.reason.replace(/[0-9]+/g, 'N'));
    }
    assert.ok(captures > 0 && doubles > 0, `${captures} captures, ${doubles} double takes`);
    assert.ok(endings.size >= 2, [...endings].join(', '));
  });
});
