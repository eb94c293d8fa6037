import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ACTIONS_PER_TURN, formatMove } from '../../../src/games/rummikode/moves.js';
import { rules } from '../../../src/games/rummikode/rules.js';
import { handText, parseError, playLines, position, table } from './helpers.js';

// Every command, valid and refused, each refusal naming the rule it breaks.

describe('PUSH', () => {
  const s = position({
    hands: [
      '05_BLUE 06_BLUE 07_BLUE 08_BLUE 05_BLACK 05_GREEN 05_YELLOW 03_BLUE 04_BLUE 09_BLUE',
      '00_BLACK 01_BLACK 02_BLACK',
    ],
  });

  it('puts a sequence or a colour group on the table, the cards in any order', () => {
    const pushed = playLines(s, 'PUSH 07_BLUE 05_BLUE 06_BLUE', 'PUSH 5_green 05_BLACK 05_Yellow');
    assert.deepEqual(table(pushed), ['05_BLUE 06_BLUE 07_BLUE', '05_BLACK 05_GREEN 05_YELLOW']);
    assert.equal(handText(pushed, 0), '08_BLUE 03_BLUE 04_BLUE 09_BLUE');
    assert.equal(rules.toMove(pushed), 0, 'PUSH is free: the turn goes on');
    assert.equal(pushed.actionsLeft, ACTIONS_PER_TURN);
    assert.deepEqual(pushed.played, [0, 0], 'PUSH is not counted as an action played');
  });

  it('refuses fewer than 3 cards, a card twice, and cards that make no stack', () => {
    assert.equal(parseError(s, 'PUSH 05_BLUE 06_BLUE'), 'a stack needs at least 3 cards, not 2');
    assert.equal(parseError(s, 'PUSH 05_BLUE'), 'a stack needs at least 3 cards, not 1');
    assert.equal(
      parseError(s, 'PUSH 05_BLUE 05_blue 06_BLUE'),
      'a stack cannot hold the same card twice (05_BLUE is given twice)',
    );
    assert.equal(
      parseError(s, 'PUSH 05_BLUE 07_BLUE 08_BLUE'),
      'a sequence needs consecutive numbers: BLUE 5, 7, 8 are not',
    );
    assert.equal(
      parseError(s, 'PUSH 05_BLUE 06_BLUE 05_BLACK'),
      'the cards are neither a sequence (one colour, consecutive numbers) nor a colour group (one number, different colours)',
    );
    assert.equal(parseError(s, 'PUSH 10_BLUE 11_BLUE 12_BLUE'), 'you do not hold 10_BLUE');
  });

  it('refuses the same card twice even when the player holds both copies', () => {
    const twice = position({ hands: ['05_BLUE 05_BLUE 06_BLUE', '01_BLACK'] });
    assert.match(parseError(twice, 'PUSH 05_BLUE 05_BLUE 06_BLUE'), /cannot hold the same card twice/);
  });

  it('needs a total of 25 for the first push, and not after', () => {
    const closed = position({
      hands: ['03_BLUE 04_BLUE 05_BLUE 06_BLUE 07_BLUE 08_BLUE 09_BLUE 01_GREEN 02_GREEN 03_GREEN', '01_BLACK'],
      opened: [false, false],
    });
    assert.equal(
      parseError(closed, 'PUSH 07_BLUE 08_BLUE 09_BLUE'),
      'your first PUSH must total at least 25: 7 + 8 + 9 = 24',
    );
    assert.equal(
      parseError(closed, 'PUSH 01_GREEN 02_GREEN 03_GREEN'),
      'your first PUSH must total at least 25: 1 + 2 + 3 = 6',
    );
    const opened = playLines(closed, 'PUSH 03_BLUE 04_BLUE 05_BLUE 06_BLUE 07_BLUE');
    assert.deepEqual(opened.opened, [true, false], 'exactly 25 is enough');
    assert.deepEqual(
      table(playLines(opened, 'PUSH 01_GREEN 02_GREEN 03_GREEN')).length,
      2,
      'later pushes have no minimum total',
    );
  });

  it('is, with WAIT, the only command before the first push', () => {
    const closed = position({
      hands: ['04_BLUE 12_GREEN', '01_BLACK'],
      stacks: ['05_BLUE 06_BLUE 07_BLUE 08_BLUE'],
      opened: [false, true],
    });
    for (const line of ['ADD 0 04_BLUE', 'TAKE 0 05_BLUE', 'MOVE 0 0 05_BLUE', 'SPLIT 0 05_BLUE 06_BLUE', 'JOIN 0 0'])
      assert.equal(
        parseError(closed, line),
        `${line.split(' ')[0]} is allowed only after your first PUSH (until then, PUSH or WAIT)`,
      );
    assert.deepEqual(
      rules.legalMoves(closed).map((m) => m.kind),
      ['WAIT'],
    );
  });
});

describe('ADD', () => {
  const s = position({
    hands: ['04_BLUE 08_BLUE 09_BLUE 08_BLACK 05_GREEN 08_BLUE', '01_BLACK'],
    stacks: ['05_BLUE 06_BLUE 07_BLUE', '08_BLACK 08_GREEN 08_YELLOW'],
  });

  it('adds a card at either end of a sequence, or a missing colour to a group, for free', () => {
    const added = playLines(s, 'ADD 0 04_BLUE', 'ADD 0 8_Blue', 'ADD 1 08_BLUE');
    assert.deepEqual(table(added), ['04_BLUE 05_BLUE 06_BLUE 07_BLUE 08_BLUE', '08_BLACK 08_BLUE 08_GREEN 08_YELLOW']);
    assert.equal(handText(added, 0), '09_BLUE 08_BLACK 05_GREEN', 'one copy of 08_BLUE left the hand each time');
    assert.deepEqual([added.actionsLeft, added.played[0], rules.toMove(added)], [ACTIONS_PER_TURN, 0, 0]);
  });

  it('refuses a card that does not fit, or that the player does not hold, or a stack that does not exist', () => {
    assert.equal(
      parseError(s, 'ADD 0 09_BLUE'),
      '09_BLUE does not fit sequence 0 (05_BLUE..07_BLUE): a card goes at either end of a sequence: 04_BLUE or 08_BLUE',
    );
    assert.equal(
      parseError(s, 'ADD 0 05_GREEN'),
      '05_GREEN does not fit sequence 0 (05_BLUE..07_BLUE): a sequence is of one colour: it takes BLUE cards only',
    );
    assert.equal(
      parseError(s, 'ADD 1 08_BLACK'),
      '08_BLACK does not fit colour group 1 (08_BLACK 08_GREEN 08_YELLOW): a colour group holds each colour once, and this one holds 08_BLACK',
    );
    assert.equal(
      parseError(s, 'ADD 1 05_GREEN'),
      '05_GREEN does not fit colour group 1 (08_BLACK 08_GREEN 08_YELLOW): a colour group is of one number: it takes 08 cards only',
    );
    assert.equal(parseError(s, 'ADD 0 03_BLUE'), 'you do not hold 03_BLUE');
    assert.equal(parseError(s, 'ADD 7 04_BLUE'), 'there is no stack 7 (stacks: 0, 1)');
  });

  it('knows a full sequence takes nothing', () => {
    const full = position({
      hands: ['05_BLUE', '01_BLACK'],
      stacks: [
        '00_BLUE 01_BLUE 02_BLUE 03_BLUE 04_BLUE 05_BLUE 06_BLUE 07_BLUE 08_BLUE 09_BLUE 10_BLUE 11_BLUE 12_BLUE',
      ],
    });
    assert.match(parseError(full, 'ADD 0 05_BLUE'), /the sequence runs from 00 to 12: nothing can be added$/);
  });
});

// Stack 0 BLUE 1..7, 1 a group of four 05, 2 GREEN 8..10, 3 BLACK 1..6, 4 a group of three 07.
const stacks = [
  '01_BLUE 02_BLUE 03_BLUE 04_BLUE 05_BLUE 06_BLUE 07_BLUE',
  '05_BLACK 05_BLUE 05_GREEN 05_YELLOW',
  '08_GREEN 09_GREEN 10_GREEN',
  '01_BLACK 02_BLACK 03_BLACK 04_BLACK 05_BLACK 06_BLACK',
  '07_BLACK 07_GREEN 07_YELLOW',
];
const board = (actionsLeft = ACTIONS_PER_TURN) =>
  position({ hands: ['12_YELLOW 11_YELLOW', '12_BLACK'], stacks, actionsLeft });

describe('TAKE', () => {
  it('takes an end card into the hand for one action', () => {
    const s = playLines(board(), 'TAKE 0 01_BLUE');
    assert.equal(table(s)[0], '02_BLUE 03_BLUE 04_BLUE 05_BLUE 06_BLUE 07_BLUE');
    assert.equal(handText(s, 0), '12_YELLOW 11_YELLOW 01_BLUE');
    assert.deepEqual([s.actionsLeft, s.played[0], rules.toMove(s)], [ACTIONS_PER_TURN - 1, 1, 0]);
  });

  it('takes a middle card by splitting the sequence: the upper part gets the smallest free id', () => {
    const s = playLines(board(), 'TAKE 0 04_BLUE');
    assert.deepEqual(table(s), ['01_BLUE 02_BLUE 03_BLUE', ...table(board()).slice(1, 5), '05_BLUE 06_BLUE 07_BLUE']);
    const gap = position({ hands: ['12_YELLOW'], stacks: [stacks[0]!, null, stacks[2]!] });
    assert.deepEqual(table(playLines(gap, 'TAKE 0 04_BLUE')), [
      '01_BLUE 02_BLUE 03_BLUE',
      '05_BLUE 06_BLUE 07_BLUE',
      stacks[2]!,
    ]);
  });

  it('takes a colour from a group of four', () => {
    assert.equal(table(playLines(board(), 'TAKE 1 05_GREEN'))[1], '05_BLACK 05_BLUE 05_YELLOW');
  });

  it('never leaves a stack with fewer than 3 cards', () => {
    assert.equal(
      parseError(board(), 'TAKE 2 08_GREEN'),
      'cannot take 08_GREEN from sequence 2 (08_GREEN..10_GREEN): it would leave 2 cards: a stack keeps at least 3',
    );
    assert.equal(
      parseError(board(), 'TAKE 3 03_BLACK'),
      'cannot take 03_BLACK from sequence 3 (01_BLACK..06_BLACK): it would split the sequence into 2 and 3 cards: each part keeps at least 3',
    );
    assert.equal(
      parseError(board(), 'TAKE 4 07_GREEN'),
      'cannot take 07_GREEN from colour group 4 (07_BLACK 07_GREEN 07_YELLOW): it would leave 2 cards: a stack keeps at least 3',
    );
  });

  it('refuses a card the stack does not hold, and a player without actions', () => {
    assert.equal(parseError(board(), 'TAKE 2 07_GREEN'), 'sequence 2 (08_GREEN..10_GREEN) does not hold 07_GREEN');
    assert.equal(parseError(board(), 'TAKE 9 07_GREEN'), 'there is no stack 9 (stacks: 0, 1, 2, 3, 4)');
    assert.equal(parseError(board(0), 'TAKE 0 01_BLUE'), 'no actions left: TAKE costs one of the 5 actions of a turn');
  });
});

describe('MOVE', () => {
  it('moves a card from one stack to another for one action', () => {
    const s = playLines(board(), 'MOVE 0 4 07_BLUE');
    assert.deepEqual(table(s).slice(0, 5), [
      '01_BLUE 02_BLUE 03_BLUE 04_BLUE 05_BLUE 06_BLUE',
      stacks[1],
      stacks[2],
      stacks[3],
      '07_BLACK 07_BLUE 07_GREEN 07_YELLOW',
    ]);
    assert.deepEqual([s.actionsLeft, s.played[0], handText(s, 0)], [ACTIONS_PER_TURN - 1, 1, '12_YELLOW 11_YELLOW']);
  });

  it('splits the source when the card comes from the middle of a sequence', () => {
    const s = position({ hands: ['12_YELLOW'], stacks: [stacks[0]!, '04_BLACK 04_GREEN 04_YELLOW'] });
    assert.deepEqual(table(playLines(s, 'MOVE 0 1 04_BLUE')), [
      '01_BLUE 02_BLUE 03_BLUE',
      '04_BLACK 04_BLUE 04_GREEN 04_YELLOW',
      '05_BLUE 06_BLUE 07_BLUE',
    ]);
  });

  it('refuses a source left with fewer than 3 cards, a target that does not take the card, one stack twice', () => {
    assert.equal(
      parseError(board(), 'MOVE 4 2 07_GREEN'),
      'cannot move 07_GREEN from colour group 4 (07_BLACK 07_GREEN 07_YELLOW): it would leave 2 cards: a stack keeps at least 3',
    );
    assert.equal(
      parseError(board(), 'MOVE 1 2 05_GREEN'),
      '05_GREEN does not fit sequence 2 (08_GREEN..10_GREEN): a card goes at either end of a sequence: 07_GREEN or 11_GREEN',
    );
    assert.equal(parseError(board(), 'MOVE 3 3 01_BLACK'), 'MOVE needs two different stacks');
    assert.equal(parseError(board(), 'MOVE 0 8 01_BLUE'), 'there is no stack 8 (stacks: 0, 1, 2, 3, 4)');
    assert.equal(
      parseError(board(0), 'MOVE 0 4 07_BLUE'),
      'no actions left: MOVE costs one of the 5 actions of a turn',
    );
  });
});

describe('SPLIT', () => {
  it('cuts a sequence between two consecutive cards, given in any order, 3 or more on each side', () => {
    const s = playLines(board(), 'SPLIT 0 04_BLUE 03_BLUE');
    assert.deepEqual([table(s)[0], table(s)[5]], ['01_BLUE 02_BLUE 03_BLUE', '04_BLUE 05_BLUE 06_BLUE 07_BLUE']);
    assert.deepEqual([s.actionsLeft, s.played[0]], [ACTIONS_PER_TURN - 1, 1]);
    const six = playLines(board(), 'SPLIT 3 03_BLACK 04_BLACK');
    assert.deepEqual(
      [table(six)[3], table(six)[5]],
      ['01_BLACK 02_BLACK 03_BLACK', '04_BLACK 05_BLACK 06_BLACK'],
      'a 6-card sequence splits 3 | 3',
    );
  });

  it('refuses a side under 3 cards, cards that are not consecutive or not in the stack, and colour groups', () => {
    assert.equal(
      parseError(board(), 'SPLIT 0 02_BLUE 03_BLUE'),
      'cannot split sequence 0 (01_BLUE..07_BLUE): it would leave 2 and 5 cards: each side keeps at least 3',
    );
    assert.equal(
      parseError(board(), 'SPLIT 0 03_BLUE 05_BLUE'),
      'cannot split sequence 0 (01_BLUE..07_BLUE): the two cards must have consecutive numbers, not 3 and 5',
    );
    assert.equal(
      parseError(board(), 'SPLIT 2 07_GREEN 08_GREEN'),
      'sequence 2 (08_GREEN..10_GREEN) does not hold 07_GREEN',
    );
    assert.equal(
      parseError(board(), 'SPLIT 1 05_BLACK 05_BLUE'),
      'cannot split colour group 1 (05_BLACK 05_BLUE 05_GREEN 05_YELLOW): a colour group cannot be split, only a sequence',
    );
    assert.equal(
      parseError(board(0), 'SPLIT 0 03_BLUE 04_BLUE'),
      'no actions left: SPLIT costs one of the 5 actions of a turn',
    );
  });
});

describe('JOIN', () => {
  const s = position({
    hands: ['12_YELLOW 11_YELLOW 10_YELLOW 09_YELLOW', '12_BLACK'],
    stacks: [
      '01_BLUE 02_BLUE 03_BLUE',
      '04_BLUE 05_BLUE 06_BLUE',
      '07_GREEN 08_GREEN 09_GREEN',
      '05_BLACK 05_GREEN 05_YELLOW',
      '08_BLUE 09_BLUE 10_BLUE',
    ],
  });

  it('merges two sequences of one colour with consecutive ends under the first id', () => {
    const joined = playLines(s, 'JOIN 0 1');
    assert.deepEqual(table(joined), ['01_BLUE 02_BLUE 03_BLUE 04_BLUE 05_BLUE 06_BLUE', '-', ...table(s).slice(2)]);
    assert.deepEqual([joined.actionsLeft, joined.played[0]], [ACTIONS_PER_TURN - 1, 1]);
    assert.deepEqual(
      table(playLines(s, 'JOIN 1 0')).slice(0, 2),
      ['-', '01_BLUE 02_BLUE 03_BLUE 04_BLUE 05_BLUE 06_BLUE'],
      'either order',
    );
  });

  it('refuses sequences of two colours, sequences that do not meet, colour groups, one stack twice', () => {
    assert.equal(
      parseError(s, 'JOIN 1 2'),
      'cannot join sequence 1 (04_BLUE..06_BLUE) and sequence 2 (07_GREEN..09_GREEN): a sequence is of one colour: BLUE and GREEN cannot be joined',
    );
    assert.equal(
      parseError(s, 'JOIN 0 4'),
      'cannot join sequence 0 (01_BLUE..03_BLUE) and sequence 4 (08_BLUE..10_BLUE): the sequences do not meet: one must end just below where the other starts',
    );
    assert.match(parseError(s, 'JOIN 3 1'), /: a colour group cannot be joined, only sequences$/);
    assert.equal(parseError(s, 'JOIN 0 0'), 'JOIN needs two different stacks');
    assert.equal(parseError(s, 'JOIN 0 9'), 'there is no stack 9 (stacks: 0, 1, 2, 3, 4)');
    const tired = position({
      hands: ['12_YELLOW', '12_BLACK'],
      stacks: ['01_BLUE 02_BLUE 03_BLUE', '04_BLUE 05_BLUE 06_BLUE'],
      actionsLeft: 0,
    });
    assert.equal(parseError(tired, 'JOIN 0 1'), 'no actions left: JOIN costs one of the 5 actions of a turn');
  });

  it('frees the second id, which the next new stack reuses: ids are the smallest not in use', () => {
    const joined = playLines(s, 'JOIN 0 1', 'PUSH 09_YELLOW 10_YELLOW 11_YELLOW');
    assert.deepEqual(table(joined).slice(0, 2), [
      '01_BLUE 02_BLUE 03_BLUE 04_BLUE 05_BLUE 06_BLUE',
      '09_YELLOW 10_YELLOW 11_YELLOW',
    ]);
    const split = playLines(s, 'JOIN 0 1', 'SPLIT 0 03_BLUE 04_BLUE');
    assert.deepEqual(
      table(split).slice(0, 2),
      ['01_BLUE 02_BLUE 03_BLUE', '04_BLUE 05_BLUE 06_BLUE'],
      'SPLIT reuses the freed id too',
    );
    const two = position({
      hands: ['12_YELLOW 11_YELLOW 10_YELLOW 09_YELLOW', '12_BLACK'],
      stacks: ['01_BLUE 02_BLUE 03_BLUE', '04_BLUE 05_BLUE 06_BLUE'],
    });
    assert.deepEqual(table(playLines(two, 'JOIN 1 0', 'PUSH 09_YELLOW 10_YELLOW 11_YELLOW')), [
      '09_YELLOW 10_YELLOW 11_YELLOW',
      '01_BLUE 02_BLUE 03_BLUE 04_BLUE 05_BLUE 06_BLUE',
    ]);
  });
});

describe('WAIT', () => {
  it('ends the turn and counts as an action played', () => {
    const s = playLines(board(), 'WAIT');
    assert.deepEqual([rules.toMove(s), s.played[0], s.commands], [1, 1, 1]);
  });

  it('refuses anything after it', () => {
    assert.equal(parseError(board(), 'WAIT 1'), 'WAIT takes nothing, not 1: WAIT');
  });
});

describe('the legal commands', () => {
  it('are listed by kind, then by stack id and card, each once', () => {
    assert.deepEqual(rules.legalMoves(board()).map(formatMove), [
      'WAIT',
      'TAKE 0 01_BLUE',
      'TAKE 0 04_BLUE',
      'TAKE 0 07_BLUE',
      'TAKE 1 05_BLACK',
      'TAKE 1 05_BLUE',
      'TAKE 1 05_GREEN',
      'TAKE 1 05_YELLOW',
      'TAKE 3 01_BLACK',
      'TAKE 3 06_BLACK',
      'MOVE 0 4 07_BLUE',
      'SPLIT 0 03_BLUE 04_BLUE',
      'SPLIT 0 04_BLUE 05_BLUE',
      'SPLIT 3 03_BLACK 04_BLACK',
    ]);
    const s = position({
      hands: ['06_GREEN 07_GREEN 08_GREEN 08_GREEN 08_BLUE 08_YELLOW 04_BLUE 03_BLACK', '00_BLACK'],
      stacks: [
        '05_BLUE 06_BLUE 07_BLUE',
        '08_BLACK 08_BLUE 08_GREEN',
        '09_GREEN 10_GREEN 11_GREEN',
        '12_GREEN 11_GREEN 10_GREEN',
      ],
      actionsLeft: 0,
    });
    assert.deepEqual(rules.legalMoves(s).map(formatMove), [
      'WAIT',
      'PUSH 06_GREEN 07_GREEN 08_GREEN',
      'PUSH 08_BLUE 08_GREEN 08_YELLOW',
      'ADD 0 04_BLUE',
      'ADD 0 08_BLUE',
      'ADD 1 08_YELLOW',
      'ADD 2 08_GREEN',
    ]);
    for (const move of rules.legalMoves(s)) assert.doesNotThrow(() => rules.play(s, move), formatMove(move));
  });
});
