import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LineQueue } from '../../../src/arena/process/line-streams.js';
import { MAX_MOVES } from '../../../src/boards/morris-engine/position.js';
import { type Chooser, playMills } from '../../../src/games/mills/bots/play.js';
import { game } from '../../../src/games/mills/index.js';
import { protocol } from '../../../src/games/mills/protocol.js';
import { type MillsState, millKey, rules } from '../../../src/games/mills/rules.js';
import { describeGreedyAndStrong } from '../../support/morris-bots.js';
import { playLines, position } from './helpers.js';

describeGreedyAndStrong(game);

describe('mills: the bots read the protocol into the engine position', () => {
  it('remember every mill closed before, across turns, though the input shows only the board', async () => {
    // BLACK's 1, 3, 5 fill 0 0-1 0-2 0 (line 4); BLACK then steps 5 out and WHITE moves.
    let state = position({ black: ['0 0', '1 0', '2 0', '5 2'], white: ['0 2', '4 1', '6 1', '7 2'], ply: 100 });
    const seen: { mills: number[]; at: number }[] = [];
    const moves = new Int32Array(MAX_MOVES);
    const chooser: Chooser = (p) => {
      seen.push({ mills: p.mills(), at: p.ply });
      p.generate(moves, 0);
      return moves[0]!;
    };
    const input = new LineQueue();
    const done = playMills({ readLine: () => input.read(), writeLine: () => {}, log: () => {} }, chooser);
    const send = (s: MillsState) => {
      for (const line of protocol.turnInput(s, rules.toMove(s), false)) input.push(line);
    };
    send(state);
    state = playLines(state, 'MOVE 5 3 0', 'MOVE 8 6 2');
    send(state);
    input.end();
    await done;
    assert.deepEqual(seen, [
      { mills: [millKey(4, 0b10101)], at: 100 },
      { mills: [millKey(4, 0b10101)], at: 102 },
    ]);
  });
});
