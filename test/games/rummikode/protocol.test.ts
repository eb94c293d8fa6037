import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { seat } from '../../../src/core/units.js';
import { protocol } from '../../../src/games/rummikode/protocol.js';
import { type RummiState, rules } from '../../../src/games/rummikode/rules.js';
import { parseError, playLines, position, start, table } from './helpers.js';

const input = (state: RummiState, firstTurn = false): string[] =>
  protocol.turnInput(state, rules.toMove(state), firstTurn);
const lines = (text: string): string[] =>
  text
    .trim()
    .split('\n')
    .map((line) => line.trim());

// Seat 1 to move with 3 actions left; stack id 1 is free.
const middle = () =>
  position({
    hands: ['05_BLUE 01_GREEN', '08_BLUE 08_BLUE 12_YELLOW', '00_BLACK'],
    stacks: ['01_BLUE 02_BLUE 03_BLUE', null, '07_YELLOW 07_BLACK 07_BLUE'],
    mover: 1,
    actionsLeft: 3,
    pile: '04_GREEN 05_GREEN',
  });

describe('turn input', () => {
  it('at the start: one value per line, three lines per player, every hand in full', () => {
    assert.deepEqual(
      input(start(3, 1), true),
      lines(`
        0
        3
        0
        62
        14
        5
        02_GREEN;05_YELLOW;10_BLUE;12_BLUE;04_BLUE;00_GREEN;05_BLACK;01_BLUE;08_BLACK;12_BLUE;04_BLACK;07_GREEN;06_GREEN;03_GREEN
        14
        0
        06_BLACK;02_YELLOW;03_BLUE;12_YELLOW;04_GREEN;01_YELLOW;09_BLACK;08_GREEN;10_YELLOW;09_YELLOW;06_YELLOW;11_BLACK;03_YELLOW;10_BLACK
        14
        0
        02_YELLOW;12_GREEN;01_GREEN;07_BLACK;07_YELLOW;00_YELLOW;11_YELLOW;10_YELLOW;05_BLUE;08_BLUE;02_BLUE;12_BLACK;05_YELLOW;04_BLUE`),
    );
  });

  it('in the middle of a game: the stacks by ascending id, sequences by number, groups by colour', () => {
    assert.deepEqual(
      input(middle()),
      lines(`
        1
        3
        2
        2
        2
        0
        05_BLUE;01_GREEN
        3
        3
        08_BLUE;08_BLUE;12_YELLOW
        1
        0
        00_BLACK
        0 0 01_BLUE 02_BLUE 03_BLUE
        2 1 07_BLACK 07_BLUE 07_YELLOW`),
    );
  });

  it('lists only the players still in, the reader indexed among them', () => {
    const s = rules.forfeit(middle(), seat(0));
    assert.deepEqual(
      input(s),
      lines(`
        0
        2
        2
        4
        3
        3
        08_BLUE;08_BLUE;12_YELLOW
        1
        0
        00_BLACK
        0 0 01_BLUE 02_BLUE 03_BLUE
        2 1 07_BLACK 07_BLUE 07_YELLOW`),
    );
    assert.throws(() => protocol.turnInput(s, seat(2), false), /not seat 2's turn/);
  });
});

describe('output parsing', () => {
  const s = position({ hands: ['04_BLUE 08_BLUE 12_GREEN', '00_BLACK'], stacks: ['05_BLUE 06_BLUE 07_BLUE'] });

  it('takes one- or two-digit numbers, colours in any case, and trailing spaces', () => {
    for (const line of ['ADD 0 4_blue', 'ADD 0 04_Blue', 'ADD 00 04_BLUE', 'ADD 0 04_BLUE  '])
      assert.deepEqual(table(playLines(s, line)), ['04_BLUE 05_BLUE 06_BLUE 07_BLUE']);
    assert.equal(rules.toMove(playLines(s, 'WAIT ')), 1);
  });

  it('says what is wrong with a line that does not parse', () => {
    const cases: [string, string][] = [
      ['', 'empty line'],
      ['   ', 'empty line'],
      [' WAIT', 'leading space at character 1'],
      ['ADD  0 04_BLUE', 'double space at character 5'],
      [
        'add 0 04_BLUE',
        'unknown command "add" (commands are upper case): expected WAIT, PUSH, ADD, TAKE, MOVE, SPLIT, JOIN',
      ],
      ['WAITING', 'unknown command "WAITING": expected WAIT, PUSH, ADD, TAKE, MOVE, SPLIT, JOIN'],
      ['PUSH', 'PUSH needs the cards of the new stack: PUSH card1 card2 card3 ...'],
      ['ADD 0', 'ADD takes 2 fields, not 1: ADD stackID card'],
      ['MOVE 0 1', 'MOVE takes 3 fields, not 2: MOVE stackFrom stackTo cardToTake'],
      ['SPLIT 0 05_BLUE', 'SPLIT takes 3 fields, not 2: SPLIT stackID card1 card2'],
      ['JOIN 0 1 2', 'JOIN takes 2 fields, not 3: JOIN stackID_1 stackID_2'],
      ['TAKE x 05_BLUE', '"x" is not a number for stackID'],
      ['ADD +0 04_BLUE', '"+0" is not a number for stackID'],
      ['MOVE 0 -1 05_BLUE', '"-1" is not a number for stackTo'],
      ['ADD 0 04-BLUE', '"04-BLUE" is not a card: expected NUMBER_COLOUR, such as 08_BLUE'],
      ['ADD 0 004_BLUE', '"004_BLUE" is not a card: expected NUMBER_COLOUR, such as 08_BLUE'],
      ['ADD 0 BLUE_04', '"BLUE_04" is not a card: expected NUMBER_COLOUR, such as 08_BLUE'],
      ['ADD 0 04_BLUE_X', '"04_BLUE_X" is not a card: expected NUMBER_COLOUR, such as 08_BLUE'],
      ['ADD 0 13_BLUE', '"13_BLUE": card numbers run from 0 to 12'],
      ['PUSH 04_RED 05_RED 06_RED', '"04_RED": the colours are BLACK, BLUE, GREEN, YELLOW'],
      [
        'PUSH 04_BLUE,05_BLUE,06_BLUE',
        '"04_BLUE,05_BLUE,06_B…" is not a card: expected NUMBER_COLOUR, such as 08_BLUE',
      ],
    ];
    for (const [line, error] of cases) assert.equal(parseError(s, line), error, JSON.stringify(line));
  });

  it('is asked only for the player to move', () => {
    assert.throws(() => protocol.parseOutput(s, seat(1), 'WAIT'), /not seat 1's turn/);
  });
});
