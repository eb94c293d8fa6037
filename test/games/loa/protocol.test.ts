import assert from 'node:assert/strict';
import { it } from 'node:test';
import { seat } from '../../../src/core/units.js';
import { BLACK, WHITE } from '../../../src/games/loa/position.js';
import { protocol } from '../../../src/games/loa/protocol.js';
import { boardRows, formatMove, rules, stateAt } from '../../../src/games/loa/rules.js';
import { board, move, parseError, playLines, SAMPLE, start } from './helpers.js';

const B = seat(BLACK);
const W = seat(WHITE);

it("each seat's first exchange starts with its colour; then it reads the opponent's last move", () => {
  const s0 = start();
  assert.deepEqual(protocol.turnInput(s0, B, true), ['0'], 'black reads only its colour, then moves');
  const s1 = playLines(s0, '8 2 6 4');
  assert.deepEqual(protocol.turnInput(s1, W, true), ['1', '8 2 6 4']);
  const s2 = playLines(s1, '6 1 8 3');
  assert.deepEqual(protocol.turnInput(s2, B, false), ['6 1 8 3']);
  assert.deepEqual(protocol.turnInput(playLines(s2, '1 2 3 4'), W, false), ['1 2 3 4']);
  assert.throws(() => protocol.turnInput(s2, W, false), /not WHITE's turn/);
});

it('the final input relays the last move to the seat that did not make it', () => {
  const won = playLines(
    stateAt(
      board(`
    b.......
    .w..b..w
    .......w
    ........
    ........
    ........
    ........
    ........`),
      10,
    ),
    '2 5 2 2',
  );
  assert.ok(won.outcome);
  assert.deepEqual(protocol.finalInput!(won, W), ['2 5 2 2']);
  assert.deepEqual(protocol.finalInput!(won, B), []);

  const limit = playLines(start({ 'max-moves': '4' }), '8 2 6 4', '6 1 8 3', '1 2 3 4', '6 8 8 6');
  assert.equal(limit.outcome?.reason, 'move limit: 4 moves without a winner');
  assert.deepEqual(protocol.finalInput!(limit, B), ['6 8 8 6']);
  assert.deepEqual(protocol.finalInput!(limit, W), []);
});

it('a seat never asked to move gets its colour first in the final input', () => {
  const one = playLines(start({ 'max-moves': '1' }), '8 2 6 4');
  assert.deepEqual(protocol.finalInput!(one, W), ['1', '8 2 6 4']);
  assert.deepEqual(protocol.finalInput!(one, B), []);
  const blackFailed = rules.forfeit(start(), B);
  assert.deepEqual(protocol.finalInput!(blackFailed, W), ['1']);
  const whiteFailedLater = rules.forfeit(playLines(start(), '8 2 6 4', '6 1 8 3', '1 2 3 4'), W);
  assert.deepEqual(protocol.finalInput!(whiteFailedLater, B), [], 'black made the last move itself');
});

it('a move is four numbers 1..8; spaces and tabs around them are accepted', () => {
  const s = start();
  for (const line of ['8 2 6 4', '  8 2 6 4 ', '8\t2  6 4', '08 2 6 4']) {
    const parsed = protocol.parseOutput(s, B, line);
    assert.ok(parsed.ok, line);
    assert.equal(formatMove(parsed.value.move), '8 2 6 4');
  }
});

it('malformed and illegal moves are rejected with what is wrong', () => {
  const s = start();
  const cases: [string, string][] = [
    ['', 'empty line: expected a move "r1 c1 r2 c2"'],
    ['   ', 'empty line: expected a move "r1 c1 r2 c2"'],
    ['8 2 6', 'expected 4 numbers "r1 c1 r2 c2", got 3 fields'],
    ['8 2 6 4 extra', 'expected 4 numbers "r1 c1 r2 c2", got 5 fields'],
    ['8,2,6,4', 'expected 4 numbers "r1 c1 r2 c2", got 1 field'],
    ['8 2 six 4', '"six" is not a number for r2'],
    ['8 2 6 -4', '"-4" is not a number for c2'],
    ['8 2 6 9', 'c2 9 is out of range 1..8'],
    ['0 2 6 4', 'r1 0 is out of range 1..8'],
    ['8 2 6 41234567890123456789012', 'c2 41234567890123456789… is out of range 1..8'],
    ['4 4 5 5', 'there is no piece at row 4 column 4'],
    ['2 1 2 3', "the piece at row 2 column 1 is WHITE's, and BLACK is to move"],
    ['8 2 7 2', 'the piece at row 8 column 2 must move 2 squares north, not 1: its column holds 2 pieces'],
  ];
  for (const [line, error] of cases) assert.equal(parseError(s, line), error, JSON.stringify(line));
  assert.throws(() => protocol.parseOutput(s, W, '2 1 2 3'), /not WHITE's turn/);
});

it("the statement's sample: 13 legal moves, then a 14th that moves 4 squares along a row of 3", () => {
  const before = playLines(start(), ...SAMPLE.slice(0, 13));
  assert.equal(before.outcome, null);
  assert.equal(
    parseError(before, SAMPLE[13]),
    'the piece at row 8 column 2 must move 3 squares east, not 4: its row holds 3 pieces',
  );
  // Forced through anyway, as the sample shows it, the 15th move connects all 8 black pieces.
  const forced = before.position.clone();
  forced.make(move(SAMPLE[13]));
  const after = playLines(stateAt(forced, 14), SAMPLE[14]);
  assert.equal(after.outcome?.winner, BLACK);
  assert.equal(after.outcome?.reason, 'BLACK has connected its 8 pieces');
  assert.deepEqual(boardRows(after.position), [
    '..w..w..',
    'w......w',
    '...bb...',
    'w.bb...w',
    'w.bb...w',
    '...bb...',
    '......ww',
    '..w..w..',
  ]);
});
