import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fieldName, pointAt, pointOfField } from '../../../src/boards/morris.js';
import { Evaluator, WIN_SCORE } from '../../../src/boards/morris-engine/evaluation.js';
import { moveFrom, moveTake1, moveTo, NONE } from '../../../src/boards/morris-engine/moves.js';
import { MAX_MOVES } from '../../../src/boards/morris-engine/position.js';
import { Search } from '../../../src/boards/morris-engine/search.js';
import { MILLS_WEIGHTS } from '../../../src/games/mills/bots/strong.js';
import { MillsPosition } from '../../../src/games/mills/position.js';
import { millKey } from '../../../src/games/mills/rules.js';
import { MORRIS_WEIGHTS } from '../../../src/games/morris/bots/strong.js';
import { MorrisPosition } from '../../../src/games/morris/position.js';

const unlimited = (depth: number) => ({ depth, softDeadline: Infinity, hardDeadline: Infinity });
const fields = (...names: string[]): number => names.reduce((mask, name) => mask | (1 << pointOfField(name)!), 0);
const morrisSearch = () => new Search(new Evaluator(MORRIS_WEIGHTS), null, 16);
const millsSearch = () => new Search(new Evaluator(MILLS_WEIGHTS), null, 16);
/** Mills pieces at "direction radius" slots: BLACK's get odd ids, WHITE's even ones. */
const millsAt = (black: string[], white: string[], ply: number, history: number[] = []): MillsPosition =>
  MillsPosition.of(
    [black, white].flatMap((slots, seat) =>
      slots.map((slot, i) => {
        const [d, r] = slot.split(' ').map(Number) as [number, number];
        return { id: 2 * i + 1 + seat, point: pointAt(d, r) };
      }),
    ),
    [0, 0],
    ply,
    history,
  );

describe('the search finds mill wins', () => {
  it("Nine Men's Morris: a mill that takes the opponent's seventh stone, at once", () => {
    // Player 0 steps G4-G1 to close A1-D1-G1; player 1 is down to 3 stones.
    const p = MorrisPosition.of([fields('A1', 'D1', 'G4', 'B6'), fields('C3', 'E5', 'F2')], [9, 9], 60);
    const { move, score } = morrisSearch().run(p, unlimited(4));
    assert.equal(score, WIN_SCORE - 1);
    assert.deepEqual([fieldName(moveFrom(move) as never), fieldName(moveTo(move) as never)], ['G4', 'G1']);
  });

  it("Nine Men's Morris: two threats in one flight, then the mill the opponent could not block", () => {
    // Player 0 flies F6 to A1: A1-D1 waits for G1, A1-A4 for A7; player 1 blocks one only.
    const p = MorrisPosition.of([fields('D1', 'A4', 'F6'), fields('B6', 'F2', 'E4')], [9, 9], 60);
    const { move, score } = morrisSearch().run(p, unlimited(4));
    assert.equal(score, WIN_SCORE - 3);
    assert.equal(fieldName(moveTo(move) as never), 'A1');
  });

  it('Mills: a new mill that leaves the opponent two pieces, at once', () => {
    // BLACK steps 3 0 to 2 0: 0 0, 1 0 and 2 0 are a new mill; WHITE has 3 pieces.
    const p = millsAt(['0 0', '1 0', '3 0', '5 2'], ['0 2', '4 1', '6 1'], 100);
    const { move, score } = millsSearch().run(p, unlimited(4));
    assert.equal(score, WIN_SCORE - 1);
    assert.equal(moveTo(move), pointAt(2, 0));
    assert.notEqual(moveTake1(move), NONE);
  });

  it('Mills: two threats in one jump, then the new mill', () => {
    // BLACK jumps 2 1 to 6 2: 6 2-5 2 waits for 4 2, 6 2-7 2 for 0 2.
    const p = millsAt(['5 2', '7 2', '2 1'], ['0 1', '4 1', '3 0'], 100);
    const { move, score } = millsSearch().run(p, unlimited(4));
    assert.equal(score, WIN_SCORE - 3);
    assert.equal(moveTo(move), pointAt(6, 2));
  });

  it('Mills: a mill its pieces filled before takes nothing, so it is no win', () => {
    // As in the first, but pieces 1, 3 and 5 filled 0 0-1 0-2 0 (line 4) before.
    const p = millsAt(['0 0', '1 0', '3 0', '5 2'], ['0 2', '4 1', '6 1'], 100, [millKey(4, 0b10101)]);
    const moves = new Int32Array(MAX_MOVES);
    const n = p.generate(moves, 0);
    assert.ok(n > 0 && moves.subarray(0, n).every((m) => moveTake1(m) === NONE));
    assert.ok(millsSearch().run(p, unlimited(4)).score < WIN_SCORE - 100);
  });
});
