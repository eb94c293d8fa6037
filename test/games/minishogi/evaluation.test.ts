import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Rng } from '../../../src/core/rng.js';
import { evaluate, KING_DROPS, TEMPO, WEIGHT_COUNT } from '../../../src/games/minishogi/engine/evaluation.js';
import { WEIGHTS } from '../../../src/games/minishogi/engine/weights.js';
import { formatSfen, parseSfen, START_SFEN } from '../../../src/games/minishogi/sfen.js';

describe('evaluate', () => {
  it("reads the weights through its tables to the value the fitting's feature counts give", () => {
    const rng = new Rng(31);
    const random = Int16Array.from({ length: WEIGHT_COUNT }, () => rng.below(201) - 100);
    const trace = new Float64Array(WEIGHT_COUNT);
    let positions = 0;
    for (let g = 0; g < 40; g++) {
      const pos = parseSfen(START_SFEN);
      for (let ply = 0; ply < 100 && pos.legalMoves().length > 0; ply++) {
        for (const w of [WEIGHTS, random]) {
          trace.fill(0);
          const traced = evaluate(pos, w, trace);
          const counted = trace.reduce((sum, count, i) => sum + count * w[i]!, 0);
          const value = evaluate(pos, w, null);
          assert.equal(value, traced, formatSfen(pos));
          assert.equal(value, pos.side === 0 ? counted : -counted, formatSfen(pos));
          // The king attacks all its neighbours, so none is a drop square it leaves undefended.
          for (let i = KING_DROPS; i < TEMPO; i++) assert.equal(trace[i], 0);
        }
        positions++;
        pos.make(rng.pick(pos.legalMoves()));
      }
    }
    assert.ok(positions > 2000, `${positions} positions`);
  });
});
