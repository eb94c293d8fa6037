import assert from 'node:assert/strict';
import { it } from 'node:test';
import { SetupError } from '../../../src/core/game.js';
import { seat } from '../../../src/core/units.js';
import { LINE_OF, squareAt } from '../../../src/games/loa/board.js';
import { game } from '../../../src/games/loa/index.js';
import { BLACK, fromOf, Position, piecesOf, toOf, WHITE } from '../../../src/games/loa/position.js';
import { boardRows, checkMove, formatMove, perft, rules } from '../../../src/games/loa/rules.js';
import { board, destinations, move, playLines, start, stateAt } from './helpers.js';

it('the start: black on rows 1 and 8, white on columns 1 and 8, black to move with 36 moves', () => {
  const s = start();
  assert.deepEqual(boardRows(s.position), [
    '.bbbbbb.',
    'w......w',
    'w......w',
    'w......w',
    'w......w',
    'w......w',
    'w......w',
    '.bbbbbb.',
  ]);
  assert.equal(rules.toMove(s), BLACK);
  assert.equal(rules.legalMoves(s).length, 36);
  assert.equal(s.outcome, null);
});

it('a piece moves as far as its line holds pieces, jumping its own: the corner pieces at the start', () => {
  const s = start();
  // Column 2 holds 2 pieces, row 1 six (jumped, all black), the falling diagonal 2 (with the white piece at 7 8).
  assert.deepEqual(destinations(s, '1 2'), ['1 8', '3 2', '3 4']);
  assert.deepEqual(destinations(s, '1 4'), ['3 2', '3 4', '3 6']);
  // After 1 2 3 2, white's 2 1: north-east to the square just left, south over its own column,
  // east along a row of 2; south-east would take 3 steps over the black piece now on 3 2.
  const white = playLines(s, '1 2 3 2');
  assert.deepEqual(destinations(white, '2 1'), ['1 2', '2 3', '8 1']);
});

// Black at 2 6, 3 7, 4 1, 4 6, 4 8; white at 4 4 and 6 8.
const lines = () =>
  stateAt(
    board(`
      ........
      .....b..
      ......b.
      b..w.b.b
      ........
      .......w
      ........
      ........`),
  );

it('move generation on a hand-made position: counts, own jumps, enemy blocks, captures, edges', () => {
  const s = lines();
  // 4 6: row of 4 (east off the board, west over the white 4 4), column of 2 (north on its own 2 6),
  // falling diagonal of 2 (captures 6 8), rising diagonal of 2 (jumps its own 3 7 to 2 8).
  assert.deepEqual(destinations(s, '4 6'), ['2 4', '2 8', '6 4', '6 6', '6 8']);
  // 4 8 on the edge: west jumps its own 4 6 and captures 4 4; northwest jumps 3 7 and 2 6.
  assert.deepEqual(destinations(s, '4 8'), ['1 5', '2 8', '4 4', '5 7', '6 8']);
  // 2 6: 2 5, 2 7, and 4 4 (a capture); 3 7: five single steps or own jumps; 4 1: four single steps.
  assert.deepEqual(destinations(s, '2 6'), ['2 5', '2 7', '4 4']);
  assert.deepEqual(destinations(s, '3 7'), ['2 7', '3 6', '3 8', '4 7', '5 5']);
  assert.deepEqual(destinations(s, '4 1'), ['3 1', '3 2', '5 1', '5 2']);
  assert.equal(rules.legalMoves(s).length, 22);
});

it('why a move is illegal', () => {
  const s = lines();
  const error = (line: string) => {
    const m = move(line);
    const checked = checkMove(s, fromOf(m), toOf(m));
    return checked.ok ? null : checked.error;
  };
  assert.equal(error('4 6 6 6'), null);
  assert.equal(error('5 5 6 6'), 'there is no piece at row 5 column 5');
  assert.equal(error('4 4 4 2'), "the piece at row 4 column 4 is WHITE's, and BLACK is to move");
  assert.equal(error('4 6 4 6'), 'the piece does not move');
  assert.equal(error('4 6 5 8'), 'row 5 column 8 is not on a row, column or diagonal through row 4 column 6');
  assert.equal(
    error('4 6 5 6'),
    'the piece at row 4 column 6 must move 2 squares south, not 1: its column holds 2 pieces',
  );
  assert.equal(error('4 6 4 2'), "the move jumps over WHITE's piece at row 4 column 4");
  assert.equal(error('4 6 2 6'), "row 2 column 6 holds one of BLACK's own pieces");
  assert.equal(error('4 1 4 5'), "the move jumps over WHITE's piece at row 4 column 4");
});

it('a capture takes the piece off the board and off its lines', () => {
  const s = rules.play(lines(), move('4 8 4 4'));
  assert.deepEqual(piecesOf(s.position, WHITE), [squareAt(6, 8)]);
  assert.equal(s.position.counts[WHITE], 1);
  assert.equal(s.position.lineCounts[LINE_OF[squareAt(4, 1) * 4 + 2]!], 3, 'row 4 holds 4 1, 4 4 and 4 6');
  assert.equal(s.outcome?.winner, WHITE, 'one piece left is connected: white wins');
});

it('connectivity is 8-connected, and does not wrap from one row to the next', () => {
  const p = board(`
    w.......
    ........
    .......b
    b.......
    .......b
    b.......
    ........
    ........`);
  // 3 8 and 4 1, 4 1 and 5 8, 5 8 and 6 1 are next to each other in square order, but not on the board.
  assert.equal(p.isConnected(BLACK), false);
  const diagonal = board(`
    ........
    ........
    ........
    ...b....
    ....b...
    ...b....
    ..b.....
    .w......`);
  assert.equal(diagonal.isConnected(BLACK), true, 'rows 4 and 5 lie in different halves of the bit sets');
  assert.equal(diagonal.isConnected(WHITE), true, 'a single piece is connected');
  assert.deepEqual([Position.start().isConnected(BLACK), Position.start().isConnected(WHITE)], [false, false]);
  const ring = board(`
    ........
    ..bbb...
    ..b.b...
    ..bbb...
    ........
    ........
    ........
    w......w`);
  assert.equal(ring.isConnected(BLACK), true, 'a ring around an empty square');
  assert.equal(ring.isConnected(WHITE), false);
});

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

it('a move that connects both sides wins for the mover', () => {
  const s = stateAt(board(simultaneous));
  assert.equal(s.outcome, null);
  const after = playLines(s, '2 5 2 2');
  assert.deepEqual(after.outcome, {
    winner: BLACK,
    reason: 'BLACK has connected its 2 pieces (and so has WHITE: the mover wins)',
    scores: [1, 0],
  });
  assert.deepEqual(rules.legalMoves(after), [], 'a finished game has no moves');
});

it('a capture that connects only the opponent makes the opponent win', () => {
  const s = stateAt(board(simultaneous.replace(/\.\s*$/, 'b')));
  const after = playLines(s, '2 5 2 2');
  assert.equal(after.outcome?.winner, WHITE);
  assert.equal(after.outcome?.reason, 'WHITE has connected its 2 pieces');
});

it('the move limit: a draw after max-moves moves, but a win on the last move counts', () => {
  const s = playLines(start({ 'max-moves': '2' }), '1 2 3 2', '2 1 2 3');
  assert.deepEqual(s.outcome, { winner: null, reason: 'move limit: 2 moves without a winner', scores: [0, 0] });
  assert.equal(start().maxMoves, 100, 'the statement: 100 moves, both sides counted');
  const last = playLines(stateAt(board(simultaneous), 8, 9), '2 5 2 2');
  assert.equal(last.outcome?.winner, BLACK);
  assert.equal(last.ply, 9);
});

it('a side to move with no legal move: a draw', () => {
  // After 4 2 2 2, the white pieces in the corners are boxed in by black ones.
  const s = stateAt(
    board(`
      wb......
      b.......
      ........
      .b......
      ........
      ........
      ......bb
      ......bw`),
  );
  assert.equal(s.outcome, null);
  const after = playLines(s, '4 2 2 2');
  assert.deepEqual(after.outcome, { winner: null, reason: 'WHITE has no legal move', scores: [0, 0] });
});

it('the max-moves option is checked', () => {
  for (const bad of ['0', '-3', 'ten', '1.5', '']) {
    assert.throws(
      () => start({ 'max-moves': bad }),
      (err: Error) => err instanceof SetupError && /max-moves must be a whole number/.test(err.message),
    );
  }
  assert.equal(start({ 'max-moves': '200' }).maxMoves, 200);
  assert.deepEqual(
    game.options?.map((o) => [o.name, o.default]),
    [['max-moves', '100']],
  );
});

it('forfeit: the other side wins, the forfeiting side scores -1', () => {
  const s = rules.forfeit(start(), seat(WHITE));
  assert.deepEqual(s.outcome, { winner: BLACK, reason: 'WHITE forfeits', scores: [1, -1] });
});

it('states are never changed by play', () => {
  const s = start();
  const before = boardRows(s.position);
  rules.play(s, move('1 2 3 2'));
  assert.deepEqual(boardRows(s.position), before);
});

it('perft from the start, depths 1 to 4: 36, 1244, 44952, 1563208', () => {
  assert.deepEqual(
    [1, 2, 3, 4].map((d) => game.perft!.count(d)),
    [36, 1244, 44952, 1563208],
  );
  const divided = game.perft!.divide(2);
  assert.equal(divided.length, 36);
  assert.equal(
    divided.reduce((sum, d) => sum + d.count, 0),
    1244,
  );
  assert.deepEqual(
    divided.map((d) => d.move),
    rules.legalMoves(start()).map(formatMove),
  );
});

it('perft from a position, and a decided position has no moves', () => {
  const startText = '.bbbbbb./w......w/w......w/w......w/w......w/w......w/w......w/.bbbbbb. b';
  assert.equal(game.perft!.count(3, startText), 44952);
  assert.equal(game.perft!.count(1, startText.replace(/ b$/, ' w')), 36, 'white has the same moves, turned');
  assert.equal(game.perft!.count(1, '.......b/......b./......w./w......./......../......../......../........ w'), 0);
  assert.throws(() => game.perft!.count(1, 'bbbb'), SetupError);
  assert.throws(
    () => game.perft!.count(1, '......../......../......../......../......../......../......../.......b b'),
    /WHITE has no piece/,
  );
  const p = Position.start();
  perft(p, 3);
  assert.deepEqual(boardRows(p), boardRows(Position.start()), 'perft takes back every move it makes');
  assert.equal(formatMove(move('8 2 6 4')), '8 2 6 4');
});
