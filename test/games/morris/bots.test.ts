import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LineQueue } from '../../../src/arena/process/line-streams.js';
import { greedyMove } from '../../../src/boards/morris-engine/players.js';
import { Rng } from '../../../src/core/rng.js';
import { type Chooser, playMorris } from '../../../src/games/morris/bots/play.js';
import { game } from '../../../src/games/morris/index.js';
import { protocol } from '../../../src/games/morris/protocol.js';
import { rules } from '../../../src/games/morris/rules.js';
import { describeGreedyAndStrong } from '../../support/morris-bots.js';
import { playLines } from './helpers.js';

describeGreedyAndStrong(game, ['book']);

describe('morris: the bots read the protocol into the engine position', () => {
  it('count the moves played and the stones placed, from the start or from an opening the referee played', async () => {
    for (const opening of [0, 1, 5]) {
      let state = rules.initial({ seats: 2, seed: 0, options: {} });
      const rng = new Rng(opening);
      // Openings take no stone: from one that did, the bot would not know whose stones were taken.
      for (let i = 0; i < opening; i++)
        state = rules.play(state, rng.pick(rules.legalMoves(state).filter((m) => m.take === null)));
      const me = rules.toMove(state);
      const seen: string[] = [];
      const chooser: Chooser = (p) => {
        seen.push(`${p.ply} ${9 - p.stock[0]!} ${9 - p.stock[1]!}`);
        return greedyMove(p, rng);
      };
      const input = new LineQueue();
      const written: string[] = [];
      const done = playMorris(
        { readLine: () => input.read(), writeLine: (l) => written.push(l), log: () => {} },
        chooser,
      );
      const expected: string[] = [];
      for (let turn = 0; turn < 14 && rules.outcome(state) === null; turn++) {
        expected.push(`${state.ply} ${state.placed[0]} ${state.placed[1]}`);
        for (const line of protocol.turnInput(state, me, turn === 0)) input.push(line);
        await new Promise((resolve) => setImmediate(resolve));
        state = playLines(state, written[turn]!);
        if (rules.outcome(state) === null) state = rules.play(state, rng.pick(rules.legalMoves(state)));
      }
      input.end();
      await done;
      assert.deepEqual(seen, expected, `opening of ${opening}`);
      assert.ok(seen.length > 9, 'into the moving phase');
    }
  });
});
