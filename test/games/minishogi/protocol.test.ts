import assert from 'node:assert/strict';
import { it } from 'node:test';
import { Rng } from '../../../src/core/rng.js';
import { seat } from '../../../src/core/units.js';
import { SQUARES, squareAt } from '../../../src/games/minishogi/board.js';
import { boardMove, dropKind, dropMove, formatAction, isDrop, type Move } from '../../../src/games/minishogi/moves.js';
import { GOLD, HAND_KINDS, PAWN } from '../../../src/games/minishogi/pieces.js';
import { listedActions, protocol } from '../../../src/games/minishogi/protocol.js';
import { type MinishogiState, rules } from '../../../src/games/minishogi/rules.js';
import { parseError, playLines, start, stateAt } from './helpers.js';

const lines = (text: string): string[] =>
  text
    .trim()
    .split('\n')
    .map((line) => line.trim());

it("golden input: player 0's first turn", () => {
  assert.deepEqual(
    protocol.turnInput(start(1), seat(0), true),
    lines(`
      0
      5
      rbsgk
      ....p
      .....
      P....
      KGSBR
      -
      -
      none
      14
      1513
      5544
      2514
      2552
      3524
      1514
      4534
      1512
      2543
      3544
      2534
      3534
      5453
      4544`),
  );
});

it("golden input: player 1's first turn starts with its id and the board size, then the last action", () => {
  const s = playLines(start(1), '4534');
  const input = protocol.turnInput(s, seat(1), true);
  assert.deepEqual(
    input.slice(0, 11),
    lines(`
    1
    5
    rbsgk
    ....p
    .....
    P.G..
    K.SBR
    -
    -
    4534
    14`),
  );
  assert.equal(input.length, 11 + 14);
  assert.deepEqual(protocol.turnInput(s, seat(1), false), input.slice(2), 'later turns have no initialisation');
});

it('golden input: promoted pieces take two characters, hands in upper and lower case', () => {
  const s = playLines(
    start(1),
    '2514',
    '4132',
    '1432',
    '3132',
    'B*23',
    '3223',
    '5453',
    'b*43',
    '5352',
    '2122',
    '5251+',
  );
  const input = protocol.turnInput(s, seat(1), false);
  assert.deepEqual(
    input.slice(0, 9),
    lines(`
    +P...k
    ...gp
    .b.s.
    .....
    KGS.R
    R
    b
    5251+
    32`),
  );
  assert.deepEqual(input.slice(9).sort(), [
    ...'1121 1213 2213 2221 2232 2233 2314 2324 2332 2334 4321 4325 4325+ 4332 4334 4352 4354'.split(' '),
    ...'b*13 b*14 b*21 b*24 b*25 b*31 b*32 b*33 b*34 b*41 b*42 b*44 b*52 b*53 b*54'.split(' '),
  ]);
  assert.throws(() => protocol.turnInput(s, seat(0), false), /not player 0's turn/);
});

it("the listed actions are shuffled by the game's seed: the same set, an order fixed by the seed", () => {
  const orders = [1, 2, 3].map((seed) => listedActions(start(seed)).join(' '));
  assert.equal(new Set(orders).size, 3);
  assert.deepEqual(
    orders.map((o) => o.split(' ').sort().join(' ')),
    Array(3).fill(orders[0]!.split(' ').sort().join(' ')),
  );
  assert.equal(listedActions(start(2)).join(' '), orders[1]);
});

it('valid output: trimmed, any case, with a message after a space, or random', () => {
  const parse = (state: MinishogiState, line: string) => protocol.parseOutput(state, rules.toMove(state), line);
  const s = start(5);
  assert.deepEqual(parse(s, '4534'), { ok: true, value: { move: boardMove(squareAt(4, 5), squareAt(3, 4), false) } });
  assert.deepEqual(parse(s, '  4534\t'), parse(s, '4534'), 'Java trim: spaces and control characters');
  assert.deepEqual(parse(s, '4534 Take this!'), {
    ok: true,
    value: { move: boardMove(squareAt(4, 5), squareAt(3, 4), false), comment: 'Take this!' },
  });
  assert.deepEqual(parse(s, '4534  two spaces'), {
    ok: true,
    value: { move: boardMove(squareAt(4, 5), squareAt(3, 4), false), comment: 'two spaces' },
  });

  const drops = stateAt('4k/5/5/5/K4 b G 1');
  assert.deepEqual(
    parse(drops, 'g*33'),
    { ok: true, value: { move: dropMove(GOLD, squareAt(3, 3)) } },
    'P0 may write its drops in lower case',
  );
  assert.deepEqual(parse(stateAt('4k/5/5/5/K4 w g 1'), 'G*33'), {
    ok: true,
    value: { move: dropMove(GOLD, squareAt(3, 3)) },
  });

  const random = parse(s, 'RANDOM');
  assert.ok(random.ok && rules.legalMoves(s).includes(random.value.move));
  assert.deepEqual(parse(s, 'random'), random, 'random is fixed by the seed and the move number');
  const others = new Set(
    [6, 7, 8, 9, 10].map((seed) => parse(start(seed), 'random')).map((p) => (p.ok ? p.value.move : -1)),
  );
  assert.ok(others.size > 1, 'random varies with the seed');
  assert.deepEqual(
    parse(s, 'random why not'),
    random.ok ? { ok: true, value: { move: random.value.move, comment: 'why not' } } : null,
  );
});

it('invalid output: each error says what is wrong', () => {
  const notAction = (text: string) =>
    `${JSON.stringify(text)} is not an action: expected a move such as 4534 or 1425+ (file and rank from 1 to 5), a drop such as G*33, or random`;
  const s = playLines(start(1), '4534', '4132');
  const cases: [string, string][] = [
    ['', 'empty line: expected an action'],
    ['   ', 'empty line: expected an action'],
    ['hello', notAction('hello')],
    ['4534\tx', notAction('4534\tx')],
    ['9934', notAction('9934')],
    ['45 34', notAction('45')],
    ['4534++', notAction('4534++')],
    ['K*33', notAction('K*33')],
    ['+P*33', notAction('+P*33')],
    ['P*3', notAction('P*3')],
    ['4434', 'illegal action: square 44 is empty'],
    ['2122', "illegal action: the gold on 21 is your opponent's"],
    ['5554', 'illegal action: square 54 holds your own pawn'],
    ['3533', 'illegal action: your silver on 35 cannot move to 33'],
    ['3424+', 'illegal action: a gold cannot promote'],
    ['P*33', 'illegal action: you have no pawn in hand'],
    ['random-ish', notAction('random-ish')],
  ];
  for (const [line, error] of cases) assert.equal(parseError(s, line), error, JSON.stringify(line));
  assert.equal(parseError(stateAt('4k/5/5/5/K4 b G 1'), 'G*55'), 'illegal action: square 55 is not empty');
});

/** Every string the action syntax allows: each board move with and without promotion, each drop. */
function everyAction(): Move[] {
  const all: Move[] = [];
  for (let from = 0; from < SQUARES; from++)
    for (let to = 0; to < SQUARES; to++) all.push(boardMove(from, to, false), boardMove(from, to, true));
  for (let kind = 0; kind < HAND_KINDS; kind++) for (let to = 0; to < SQUARES; to++) all.push(dropMove(kind, to));
  return all;
}

it('along random games, every written action is accepted exactly when legal, and refused with its reason', () => {
  const rng = new Rng(3);
  const candidates = everyAction();
  let checked = 0;
  for (let game = 0; game < 4 && checked < 25; game++) {
    let s = start(game);
    for (let ply = 0; rules.outcome(s) === null; ply++) {
      if (ply % 7 === 3) {
        const legal = new Set(rules.legalMoves(s));
        for (const move of candidates) {
          const text = formatAction(move, s.position.side);
          const parsed = protocol.parseOutput(s, rules.toMove(s), text);
          assert.equal(parsed.ok, legal.has(move), text);
          if (parsed.ok) continue;
          assert.match(parsed.error, /^illegal action: /);
          if (parsed.error.endsWith('may not give checkmate')) assert.ok(isDrop(move) && dropKind(move) === PAWN, text);
        }
        checked++;
      }
      s = rules.play(s, rng.pick(rules.legalMoves(s)));
    }
  }
  assert.ok(checked >= 15, `${checked} positions`);
});
