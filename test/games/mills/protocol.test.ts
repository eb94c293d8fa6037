import assert from 'node:assert/strict';
import { it } from 'node:test';
import { slotOf } from '../../../src/games/mills/board.js';
import { formatMove, protocol } from '../../../src/games/mills/protocol.js';
import { type MillsState, pieceId, rules } from '../../../src/games/mills/rules.js';
import { BLACK, parseError, playLines, position, start, WHITE } from './helpers.js';

const input = (state: MillsState, firstTurn = false): string[] =>
  protocol.turnInput(state, rules.toMove(state), firstTurn);
const lines = (text: string): string[] =>
  text
    .trim()
    .split('\n')
    .map((line) => line.trim());

it('turn input at the start: no pieces, 24 puts', () => {
  assert.deepEqual(
    input(start(), true),
    lines(`
      BLACK 200 0 0 9 9
      0
      24
      PUT 0 0 0 0
      PUT 0 1 0 0
      PUT 0 2 0 0
      PUT 1 0 0 0
      PUT 1 1 0 0
      PUT 1 2 0 0
      PUT 2 0 0 0
      PUT 2 1 0 0
      PUT 2 2 0 0
      PUT 3 0 0 0
      PUT 3 1 0 0
      PUT 3 2 0 0
      PUT 4 0 0 0
      PUT 4 1 0 0
      PUT 4 2 0 0
      PUT 5 0 0 0
      PUT 5 1 0 0
      PUT 5 2 0 0
      PUT 6 0 0 0
      PUT 6 1 0 0
      PUT 6 2 0 0
      PUT 7 0 0 0
      PUT 7 1 0 0
      PUT 7 2 0 0`),
  );
});

it('turn input during placement: owners relative to the reader', () => {
  const s = playLines(start(), 'PUT 0 0', 'PUT 1 0', 'PUT 3 2');
  assert.deepEqual(
    input(s),
    lines(`
      WHITE 199 1 2 8 7
      3
      1 1 0 0
      2 0 1 0
      3 1 3 2
      21
      PUT 0 1 0 0
      PUT 0 2 0 0
      PUT 1 1 0 0
      PUT 1 2 0 0
      PUT 2 0 0 0
      PUT 2 1 0 0
      PUT 2 2 0 0
      PUT 3 0 0 0
      PUT 3 1 0 0
      PUT 4 0 0 0
      PUT 4 1 0 0
      PUT 4 2 0 0
      PUT 5 0 0 0
      PUT 5 1 0 0
      PUT 5 2 0 0
      PUT 6 0 0 0
      PUT 6 1 0 0
      PUT 6 2 0 0
      PUT 7 0 0 0
      PUT 7 1 0 0
      PUT 7 2 0 0`),
  );
  assert.deepEqual(
    input(playLines(s, 'PUT 7 2')).slice(0, 6),
    lines(`
    BLACK 198 2 2 7 7
    4
    1 0 0 0
    2 1 1 0
    3 0 3 2
    4 1 7 2`),
  );
});

// BLACK 1 0 0, 3 1 0, 5 3 1, 7 5 2; WHITE 2 2 0, 4 7 1, 6 6 2, 8 4 1.
const movement = () => position({ black: ['0 0', '1 0', '3 1', '5 2'], white: ['2 0', '7 1', '6 2', '4 1'] });

it('turn input during movement: by piece, then by target', () => {
  assert.deepEqual(
    input(movement()),
    lines(`
      BLACK 180 4 4 0 0
      8
      1 0 0 0
      2 1 2 0
      3 0 1 0
      4 1 7 1
      5 0 3 1
      6 1 6 2
      7 0 5 2
      8 1 4 1
      7
      MOVE 1 7 0 0 0
      MOVE 3 1 1 0 0
      MOVE 5 2 1 0 0
      MOVE 5 3 0 0 0
      MOVE 5 3 2 0 0
      MOVE 7 4 2 0 0
      MOVE 7 5 1 0 0`),
  );
});

it('turn input when jumping: only the adjacent moves while there are some', () => {
  const s = position({ black: ['0 0', '2 2', '4 1'], white: ['1 0', '7 0', '1 2', '3 2'] });
  assert.deepEqual(
    input(s),
    lines(`
      BLACK 180 3 4 0 0
      7
      1 0 0 0
      2 1 1 0
      3 0 2 2
      4 1 7 0
      5 0 4 1
      6 1 1 2
      8 1 3 2
      2
      MOVE 5 3 1 0 0
      MOVE 5 5 1 0 0`),
  );
});

it('turn input when jumping with no adjacent move: every jump, by target then piece', () => {
  const s = position({ black: ['0 2', '2 2', '4 2'], white: ['1 2', '3 2', '5 2', '7 2'] });
  const got = input(s);
  assert.deepEqual(
    got.slice(0, 9),
    lines(`
    BLACK 180 3 4 0 0
    7
    1 0 0 2
    2 1 1 2
    3 0 2 2
    4 1 3 2
    5 0 4 2
    6 1 5 2
    8 1 7 2`),
  );
  const empty = [
    '0 0',
    '0 1',
    '1 0',
    '1 1',
    '2 0',
    '2 1',
    '3 0',
    '3 1',
    '4 0',
    '4 1',
    '5 0',
    '5 1',
    '6 0',
    '6 1',
    '6 2',
    '7 0',
    '7 1',
  ];
  assert.equal(got[9], '51');
  assert.deepEqual(
    got.slice(10),
    empty.flatMap((to) => [1, 3, 5].map((id) => `MOVE ${id} ${to} 0 0`)),
  );
});

it("TURNS_LEFT counts down to 1 on each player's last turn", () => {
  const ws = ['0 2', '2 2', '4 2', '6 2'];
  const bs = ['0 0', '2 0', '4 0', '6 0'];
  assert.equal(input(position({ black: bs, white: ws, ply: 398 }))[0], 'BLACK 1 4 4 0 0');
  assert.equal(input(position({ black: bs, white: ws, ply: 399 }))[0], 'WHITE 1 4 4 0 0');
  assert.equal(input(playLines(start(), 'PUT 0 0'))[0], 'WHITE 200 0 1 9 8');
});

it('parses PUT with zero, one or two removal ids, a message, trailing spaces', () => {
  const s = start();
  const parse = (line: string) => protocol.parseOutput(s, BLACK, line);
  const to = slotOf(6, 2);
  assert.deepEqual(parse('PUT 6 2'), { ok: true, value: { move: { kind: 'PUT', to, remove: [0, 0] } } });
  assert.deepEqual(parse('PUT 6 2 12'), { ok: true, value: { move: { kind: 'PUT', to, remove: [12, 0] } } });
  assert.deepEqual(parse('PUT 6 2 12 7'), { ok: true, value: { move: { kind: 'PUT', to, remove: [12, 7] } } });
  assert.deepEqual(parse('PUT 6 2 0 0;  hello; there '), {
    ok: true,
    value: { move: { kind: 'PUT', to, remove: [0, 0] }, comment: 'hello; there' },
  });
  assert.deepEqual(parse('PUT 6 2   '), { ok: true, value: { move: { kind: 'PUT', to, remove: [0, 0] } } });
  assert.deepEqual(parse('PUT 6 2 ;hi'), {
    ok: true,
    value: { move: { kind: 'PUT', to, remove: [0, 0] }, comment: 'hi' },
  });
  assert.deepEqual(parse('PUT 6 2;'), { ok: true, value: { move: { kind: 'PUT', to, remove: [0, 0] } } });
  assert.deepEqual(parse('PUT 06 2 018'), { ok: true, value: { move: { kind: 'PUT', to, remove: [18, 0] } } });
});

it('parses MOVE with zero, one or two removal ids', () => {
  const s = movement();
  const parse = (line: string) => protocol.parseOutput(s, BLACK, line);
  const move = (remove: [number, number]) => ({ kind: 'MOVE', piece: 1, to: slotOf(7, 0), remove });
  assert.deepEqual(parse('MOVE 1 7 0'), { ok: true, value: { move: move([0, 0]) } });
  assert.deepEqual(parse('MOVE 1 7 0 2'), { ok: true, value: { move: move([2, 0]) } });
  assert.deepEqual(parse('MOVE 1 7 0 2 4;go'), { ok: true, value: { move: move([2, 4]), comment: 'go' } });
  assert.deepEqual(
    parse('MOVE 1 7 0 17 18'),
    { ok: true, value: { move: move([17, 18]) } },
    'ids naming no piece are fine',
  );
});

it('rejects malformed output during placement', () => {
  const s = start();
  const cases: [string, string][] = [
    ['', 'empty line'],
    ['   ', 'empty line'],
    [';PUT 0 0', 'no command before ";"'],
    ['put 0 0', 'unknown keyword "put": expected PUT or MOVE'],
    ['JUMP 1 0 0', 'unknown keyword "JUMP": expected PUT or MOVE'],
    ['MOVE 1 0 0', 'expected PUT during placement (stock 9), got MOVE'],
    ['PUT', 'missing DIRECTION'],
    ['PUT 0', 'missing RADIUS'],
    ['PUT 0 0 1 2 3', 'too many fields: at most two removal ids (a message goes after ";")'],
    ['PUT 0 0 0 0 hello', 'too many fields: at most two removal ids (a message goes after ";")'],
    [' PUT 0 0', 'leading space at character 1'],
    ['PUT  0 0', 'double space at character 5'],
    ['PUT 0 0  1', 'double space at character 9'],
    ['PUT 8 0', 'direction 8 is out of range 0..7'],
    ['PUT 0 3', 'radius 3 is out of range 0..2'],
    ['PUT 0 0 19', 'removal id 19 is out of range 0..18'],
    ['PUT 0 0 0 99', 'removal id 99 is out of range 0..18'],
    ['PUT x 0', '"x" is not a number for DIRECTION'],
    ['PUT 0 -1', '"-1" is not a number for RADIUS'],
    ['PUT 0 +1', '"+1" is not a number for RADIUS'],
    ['PUT 0 0 1.5', '"1.5" is not a number for REMOVE_PIECE_ID_1'],
    ['PUT 0 0 0 hello', '"hello" is not a number for REMOVE_PIECE_ID_2'],
    ['PUT\t0 0', 'unknown keyword "PUT\\t0": expected PUT or MOVE'],
  ];
  for (const [line, error] of cases) assert.equal(parseError(s, line), error, JSON.stringify(line));
  assert.equal(parseError(playLines(s, 'PUT 3 1'), 'PUT 3 1'), 'slot 3 1 is occupied by piece 1');
});

it('rejects malformed output during movement', () => {
  const s = movement();
  const cases: [string, string][] = [
    ['PUT 7 0', 'expected MOVE after placement (stock 0), got PUT'],
    ['MOVE', 'missing PIECE_ID'],
    ['MOVE 1 7', 'missing RADIUS'],
    ['MOVE 1 7 0 0 0 0', 'too many fields: at most two removal ids (a message goes after ";")'],
    ['MOVE 0 7 0', 'piece id 0 is out of range 1..18'],
    ['MOVE 19 7 0', 'piece id 19 is out of range 1..18'],
    ['MOVE a 7 0', '"a" is not a number for PIECE_ID'],
    ['MOVE 9 7 0', 'piece 9 is not on the board'],
    ['MOVE 2 7 0', 'piece 2 belongs to the opponent'],
    ['MOVE 1 1 0', 'slot 1 0 is occupied by piece 3'],
    ['MOVE 1 0 0', 'slot 0 0 is occupied by piece 1'],
    ['MOVE 5 6 0', 'slot 6 0 is not adjacent to piece 5 at 3 1'],
    ['MOVE 7 4 1', 'slot 4 1 is occupied by piece 8'],
  ];
  for (const [line, error] of cases) assert.equal(parseError(s, line), error, JSON.stringify(line));
});

it('errors do not repeat a long line', () => {
  const junk = 'x'.repeat(500);
  const error = parseError(start(), junk);
  assert.ok(error.length < 80, error);
  assert.ok(parseError(start(), `PUT ${'9'.repeat(400)} 0`).length < 80);
});

it('parsing is for the player to move', () => {
  assert.throws(() => protocol.parseOutput(start(), WHITE, 'PUT 0 0'), /turn/);
  assert.throws(() => protocol.turnInput(start(), WHITE, true), /turn/);
});

it('formatMove writes the canonical line, which parses back to the move', () => {
  const s = movement();
  const move = { kind: 'MOVE', piece: pieceId(5), to: slotOf(3, 2), remove: [pieceId(4), 0] } as const;
  assert.equal(formatMove(move), 'MOVE 5 3 2 4 0');
  assert.deepEqual(protocol.parseOutput(s, BLACK, formatMove(move)), { ok: true, value: { move } });
  for (const m of rules.legalMoves(s))
    assert.deepEqual(protocol.parseOutput(s, BLACK, formatMove(m)), { ok: true, value: { move: m } });
});
