import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SHUT_IN_CASES, shutInPosition } from '../../../scripts/strength/boards/morris-shut-in.js';
import { Evaluator } from '../../../src/boards/morris-engine/evaluation.js';
import { MAX_MOVES } from '../../../src/boards/morris-engine/position.js';
import { Search } from '../../../src/boards/morris-engine/search.js';
import { MORRIS_WEIGHTS } from '../../../src/games/morris/bots/strong.js';
import { formatMove, unpackCommand } from '../../../src/games/morris/rules.js';

const DEPTH = 9;
/**
 * The case the search at DEPTH does not pass (the strength script reports them all): only D2 of its
 * 15 moves is safe, and A7 and F4 are shut in 13 moves later.
 */
const BEYOND = new Set(['game 10 against level 14, ply 13']);

describe("Nine Men's Morris: placing positions where the bot must not be shut in", () => {
  it('list every legal command of each position, as losing or safe, and each once', () => {
    const moves = new Int32Array(MAX_MOVES);
    for (const c of SHUT_IN_CASES) {
      const p = shutInPosition(c);
      const legal = Array.from(moves.subarray(0, p.generate(moves, 0)), (m) => formatMove(unpackCommand(m))).sort();
      assert.deepEqual([...c.losing, ...c.safe].sort(), legal, c.from);
      assert.ok(c.losing.includes(c.played), `${c.from}: the bot's move loses`);
    }
  });

  it(`are passed by the strong bot's search at depth ${DEPTH}`, () => {
    for (const c of SHUT_IN_CASES) {
      if (BEYOND.has(c.from)) continue;
      const search = new Search(new Evaluator(MORRIS_WEIGHTS), null, 18);
      const { move } = search.run(shutInPosition(c), { depth: DEPTH, softDeadline: Infinity, hardDeadline: Infinity });
      const command = formatMove(unpackCommand(move));
      assert.ok(c.safe.includes(command), `${c.from}: ${command} lets the bot be shut in`);
    }
  });
});
