import assert from 'node:assert/strict';
import { it } from 'node:test';
import { seat } from '../../../src/core/units.js';
import { squareAt } from '../../../src/games/minishogi/board.js';
import { dropMove, formatAction } from '../../../src/games/minishogi/moves.js';
import { PAWN, ROOK, SILVER } from '../../../src/games/minishogi/pieces.js';
import { protocol } from '../../../src/games/minishogi/protocol.js';
import { MAX_PLIES, rules } from '../../../src/games/minishogi/rules.js';
import { parseSfen, START_SFEN } from '../../../src/games/minishogi/sfen.js';
import { actions, parseError, playLines, start, stateAt } from './helpers.js';

it('the start: the 14 moves the published referee lists', () => {
  assert.deepEqual(actions(start()), [
    '1512',
    '1513',
    '1514',
    '2514',
    '2534',
    '2543',
    '2552',
    '3524',
    '3534',
    '3544',
    '4534',
    '4544',
    '5453',
    '5544',
  ]);
});

it("nifu: no pawn drop on a file with an unpromoted pawn of one's own; a tokin does not count", () => {
  const black = stateAt('4k/5/5/P4/K4 b P 1');
  assert.equal(parseError(black, 'P*53'), 'illegal action: you already have an unpromoted pawn on file 5');
  playLines(black, 'P*43');
  playLines(stateAt('4k/5/5/+P4/K4 b P 1'), 'P*53');
  const white = stateAt('4k/4p/5/5/K4 w p 1');
  assert.equal(parseError(white, 'p*13'), 'illegal action: you already have an unpromoted pawn on file 1');
  playLines(white, 'p*23');
  playLines(stateAt('4k/5/5/p4/4K b P 1'), 'P*52'); // the opponent's pawn does not count
});

it('no pawn drop on the last rank; other pieces may be dropped there, unpromoted', () => {
  assert.equal(
    parseError(stateAt('4k/5/5/5/K4 b P 1'), 'P*31'),
    'illegal action: a pawn may not be dropped on its last rank',
  );
  assert.equal(
    parseError(stateAt('4k/5/5/5/K4 w p 1'), 'p*35'),
    'illegal action: a pawn may not be dropped on its last rank',
  );
  const dropped = playLines(stateAt('4k/5/5/5/K4 b S 1'), 'S*31');
  assert.equal(dropped.position.typeAt(squareAt(3, 1)), SILVER);
  assert.ok(!actions(stateAt('4k/5/5/5/K4 b S 1')).includes('S*31+'));
});

it('pawn-drop mate is illegal; a pawn drop that checks, or a pawn move that mates, is not', () => {
  const mate = stateAt('4k/2S2/3G1/5/K4 b P 1');
  assert.equal(parseError(mate, 'P*12'), 'illegal action: a pawn drop may not give checkmate');
  assert.ok(actions(mate).includes('P*22'));
  // The engine option behind Fairy-Stockfish's perft tables allows it.
  const allowed = parseSfen('4k/2S2/3G1/5/K4 b P 1');
  allowed.allowPawnDropMate = true;
  assert.ok(allowed.legalMoves().includes(dropMove(PAWN, squareAt(1, 2))));

  const check = playLines(stateAt('4k/5/3G1/5/K4 b P 1'), 'P*12');
  assert.ok(check.position.inCheck(), 'the pawn gives check');
  assert.equal(rules.outcome(check), null, 'the king escapes to 21');

  const pushed = playLines(stateAt('4k/2S2/3GP/5/K4 b - 1'), '1312');
  assert.deepEqual(rules.outcome(pushed), { winner: 0, reason: 'player 1 is checkmated', scores: [1, -1] });
});

it('a pawn reaching the last rank must promote; silver, bishop and rook may, into, within or out of it', () => {
  const pawn = stateAt('4k/P4/5/5/K4 b - 1');
  assert.equal(parseError(pawn, '5251'), 'illegal action: a pawn reaching its last rank must promote: 5251+');
  assert.ok(actions(pawn).includes('5251+'));
  assert.deepEqual(
    actions(stateAt('4k/5/5/p4/2K2 w - 1')).filter((a) => a.startsWith('54')),
    ['5455+'],
  );

  const into = actions(stateAt('4k/S4/5/5/K4 b - 1'));
  for (const a of ['5251', '5251+', '5241', '5241+', '5243']) assert.ok(into.includes(a), a);
  assert.ok(!into.includes('5243+'), 'from rank 2 to rank 3 stays outside the zone');
  const outOf = actions(stateAt('S3k/5/5/5/K4 b - 1'));
  for (const a of ['5142', '5142+']) assert.ok(outOf.includes(a), a);
  const rook = actions(stateAt('R4/5/5/4k/K4 b - 1'));
  for (const a of ['5141', '5141+', '5152', '5152+', '5153', '5153+']) assert.ok(rook.includes(a), a);
  const bishop = actions(stateAt('4k/5/1B3/5/K4 b - 1'));
  for (const a of ['4321+', '4321', '4352']) assert.ok(bishop.includes(a), a);
  assert.ok(!bishop.includes('4352+'));

  assert.equal(parseError(stateAt('G3k/5/5/5/K4 b - 1'), '5152+'), 'illegal action: a gold cannot promote');
  assert.equal(
    parseError(stateAt('4k/5/R4/5/K4 b - 1'), '5343+'),
    'illegal action: a piece promotes only when it moves into, within or out of its last rank (rank 1)',
  );
  const promoted = playLines(stateAt('4k/S4/5/5/K4 b - 1'), '5251+');
  assert.equal(promoted.position.typeAt(squareAt(5, 1)), 7, 'a promoted silver');
});

it("a move may not leave one's own king in check: pins, and the king itself", () => {
  const pinned = stateAt('4k/5/5/r1B1K/5 b - 1');
  assert.equal(parseError(pinned, '3443'), 'illegal action: it leaves your king in check');
  assert.ok(!actions(pinned).some((a) => a.startsWith('34')), 'the pinned bishop cannot move');
  const checked = stateAt('4k/5/5/5/K3r b - 1');
  assert.equal(parseError(checked, '5545'), 'illegal action: it leaves your king in check');
  assert.deepEqual(actions(checked), ['5544', '5554']);
  assert.equal(parseError(checked, '5553'), 'illegal action: your king on 55 cannot move to 53');
});

it("captured pieces go to the captor's hand unpromoted, in capture order; a drop takes the first", () => {
  let s = stateAt('4k/g4/p4/b4/R3K b - 1');
  s = playLines(s, '5554', '1112', '5453', '1211', '5352');
  assert.deepEqual(protocol.turnInput(s, seat(1), false).slice(5, 7), ['BPG', '-']);
  s = playLines(s, '1121', 'P*33', '2111');
  assert.deepEqual(protocol.turnInput(s, seat(0), false).slice(5, 7), ['BG', '-']);
  const dragon = playLines(stateAt('4k/5/5/+r4/R3K b - 1'), '5554');
  assert.equal(dragon.position.handCount(0, ROOK), 1);
  assert.deepEqual(protocol.turnInput(dragon, seat(1), false).slice(5, 7), ['R', '-']);
});

it('threefold repetition without check: player 0 loses, whoever repeats', () => {
  const shuffle = ['4544', '2122', '4445', '2221'];
  const seven = playLines(start(), ...shuffle, ...shuffle.slice(0, 3));
  assert.equal(rules.outcome(seven), null);
  const eight = playLines(seven, '2221');
  assert.deepEqual(rules.outcome(eight), {
    winner: 1,
    reason: 'third repetition without check: player 0 loses',
    scores: [-1, 1],
  });

  // Player 1 to move at the third occurrence, not in check: player 0 still loses.
  const white = ['2122', '4544', '2221', '4445'];
  const ended = playLines(stateAt('rbsgk/4p/5/P4/KGSBR w - 1'), ...white, ...white);
  assert.equal(ended.position.side, 1);
  assert.equal(rules.outcome(ended)?.winner, 1);
});

it('threefold repetition with the side to move in check: the checking player loses', () => {
  // The rook checks on files 5 and 4 in turn; the king steps between 51 and 41.
  const cycle = ['5141', '5444', '4151', '4454'];
  const s = playLines(stateAt('k4/5/5/2R2/4K b - 1'), '3454', ...cycle, ...cycle.slice(0, 3));
  assert.equal(rules.outcome(s), null);
  const third = playLines(s, '4454');
  assert.deepEqual(rules.outcome(third), {
    winner: 1,
    reason: 'third repetition with player 1 in check: player 0, who gives check, loses',
    scores: [-1, 1],
  });
});

it('stalemate loses; checkmate loses', () => {
  const stalemate = playLines(stateAt('4k/2S2/5/3G1/K4 b - 1'), '2423');
  assert.equal(stalemate.position.inCheck(), false);
  assert.deepEqual(rules.outcome(stalemate), {
    winner: 0,
    reason: 'player 1 has no legal move (stalemate)',
    scores: [1, -1],
  });
  assert.deepEqual(rules.legalMoves(stalemate), []);
  const mate = playLines(stateAt('4k/5/4P/5/K4 b G 1'), 'G*12');
  assert.deepEqual(rules.outcome(mate), { winner: 0, reason: 'player 1 is checkmated', scores: [1, -1] });
});

it('300 moves in all, then a draw; a mate on the 300th move still wins', () => {
  assert.equal(MAX_PLIES, 300);
  assert.equal(rules.outcome(playLines(stateAt(START_SFEN, 298), '4544')), null);
  assert.deepEqual(rules.outcome(playLines(stateAt(START_SFEN, 299), '4544')), {
    winner: null,
    reason: '300 moves played without a result',
    scores: [0, 0],
  });
  assert.equal(rules.outcome(playLines(stateAt('4k/5/4P/5/K4 b G 1', 299), 'G*12'))?.winner, 0);
});

it('forfeit, and play refusing illegal moves and moves after the end', () => {
  assert.deepEqual(rules.outcome(rules.forfeit(start(), seat(0))), {
    winner: 1,
    reason: 'player 0 forfeits',
    scores: [-1, 1],
  });
  assert.deepEqual(rules.outcome(rules.forfeit(start(), seat(1)))?.winner, 0);
  assert.throws(() => rules.play(start(), dropMove(PAWN, squareAt(3, 3))), /illegal move P\*33/);
  const over = rules.forfeit(start(), seat(0));
  assert.throws(() => rules.play(over, rules.legalMoves(start())[0]!), /the game is over/);
  assert.deepEqual(rules.legalMoves(over), []);
  assert.equal(formatAction(rules.legalMoves(start())[0]!, 0).length, 4);
});
