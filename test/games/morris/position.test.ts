import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { moveTake1, NONE } from '../../../src/boards/morris-engine/moves.js';
import { perft } from '../../../src/boards/morris-engine/perft.js';
import { DRAWN, LOST, MAX_MOVES, ONGOING, type Status, WON } from '../../../src/boards/morris-engine/position.js';
import { Rng } from '../../../src/core/rng.js';
import { MorrisPosition } from '../../../src/games/morris/position.js';
import { formatMove, type MorrisState, packCommand, rules, unpackCommand } from '../../../src/games/morris/rules.js';
import { start } from './helpers.js';

function statusOf(state: MorrisState): Status {
  const outcome = rules.outcome(state);
  if (outcome === null) return ONGOING;
  if (outcome.winner === null) return DRAWN;
  return outcome.winner === rules.toMove(state) ? WON : LOST;
}

const picture = (p: MorrisPosition) => ({
  stones: [...p.stones],
  stock: [...p.stock],
  side: p.side,
  ply: p.ply,
  status: p.status,
  hash: [p.hashLo, p.hashHi],
});
const fresh = (state: MorrisState) => picture(MorrisPosition.of(state.stones, state.placed, state.ply));

describe("Nine Men's Morris: the fast position against rules.ts", () => {
  it('counts the published numbers of commands from the start, depths 1 to 4', () => {
    const p = MorrisPosition.of([0, 0], [0, 0], 0);
    assert.deepEqual(
      [1, 2, 3, 4].map((depth) => perft(p, depth)),
      [24, 552, 12144, 255024],
    );
  });

  it('agrees on commands, results, hashes and undo along 300 random games', () => {
    const rng = new Rng(15);
    const moves = new Int32Array(MAX_MOVES);
    const endings = new Set<string>();
    for (let game = 0; game < 300; game++) {
      let state = start();
      const p = MorrisPosition.of([0, 0], [0, 0], 0);
      while (true) {
        assert.equal(p.status, statusOf(state), `ply ${state.ply}`);
        if (p.status !== ONGOING) break;
        const n = p.generate(moves, 0);
        const listed = [...moves.subarray(0, n)];
        assert.deepEqual([...listed].sort(), rules.legalMoves(state).map(packCommand).sort(), `ply ${state.ply}`);
        const takes = listed.filter((m) => moveTake1(m) !== NONE);
        const m =
          takes.length > 0 && game % 2 === 0 && rng.below(10) < 7
            ? takes[rng.below(takes.length)]!
            : listed[rng.below(n)]!;
        const other = listed[rng.below(n)]!;
        for (const tried of other === m ? [m] : [other, m]) {
          const before = picture(p);
          const next = rules.play(state, unpackCommand(tried));
          p.make(tried);
          assert.deepEqual(picture(p), fresh(next), `${formatMove(unpackCommand(tried))} at ply ${state.ply}`);
          p.unmake();
          assert.deepEqual(picture(p), before);
          if (tried !== m) continue;
          p.make(m);
          state = next;
        }
      }
      endings.add(rules.outcome(state)!.reason.replace(/player [01]/, 'player N'));
    }
    assert.deepEqual([...endings].sort(), [
      'draw after 200 turns',
      'player N cannot move',
      'player N is down to 2 stones',
    ]);
  });
});
