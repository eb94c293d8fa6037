import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Rng } from '../../../src/core/rng.js';
import { seat } from '../../../src/core/units.js';
import { CARD_KINDS, COPIES, cardText } from '../../../src/games/rummikode/cards.js';
import { ACTIONS_PER_TURN, canAct, formatMove, hasMove, KINDS } from '../../../src/games/rummikode/moves.js';
import { protocol } from '../../../src/games/rummikode/protocol.js';
import { HAND_SIZE, MAX_COMMANDS, type RummiState, rules, tableOf } from '../../../src/games/rummikode/rules.js';
import { cardsOf, sizeOf } from '../../../src/games/rummikode/stacks.js';
import { handText, playLines, position, start } from './helpers.js';

/** Every card in the game, hands, pile and stacks together, as counts by card. */
function census(s: RummiState): number[] {
  const counts = Array<number>(CARD_KINDS).fill(0);
  for (const card of [...s.hands.flat(), ...s.pile, ...s.stacks.flatMap((st) => (st ? cardsOf(st) : []))])
    counts[card]!++;
  return counts;
}

describe('the deal', () => {
  it('gives 14 cards to each player from the 104, the rest to the pile, the same for the same seed', () => {
    for (const players of [2, 3, 4]) {
      const s = start(players, 9);
      assert.deepEqual(
        s.hands.map((h) => h.length),
        Array(players).fill(HAND_SIZE),
      );
      assert.equal(s.pile.length, 104 - players * HAND_SIZE);
      assert.deepEqual(census(s), Array(CARD_KINDS).fill(COPIES));
      assert.deepEqual(start(players, 9), s);
    }
    assert.notDeepEqual(start(2, 9).hands, start(2, 10).hands);
    assert.throws(() => start(5), { name: 'SetupError', message: 'RummiKode is played by 2 to 4 players, not 5' });
    assert.throws(() => start(1), { name: 'SetupError', message: 'RummiKode is played by 2 to 4 players, not 1' });
  });

  it('starts with seat 0, 5 actions, no stack, nobody opened', () => {
    const s = start(3);
    assert.deepEqual(
      [rules.toMove(s), s.actionsLeft, s.stacks.length, s.opened, s.commands],
      [0, ACTIONS_PER_TURN, 0, [false, false, false], 0],
    );
  });
});

describe('a turn of several commands', () => {
  it('keeps the same player until WAIT, actions spent only on TAKE, MOVE, SPLIT and JOIN', () => {
    let s = position({
      hands: ['03_GREEN 04_GREEN 05_GREEN 09_BLUE 12_YELLOW', '00_BLACK', '01_BLACK'],
      stacks: ['05_BLUE 06_BLUE 07_BLUE 08_BLUE', '09_BLACK 09_GREEN 09_YELLOW'],
    });
    const steps: [string, number][] = [
      ['PUSH 03_GREEN 04_GREEN 05_GREEN', 5],
      ['ADD 1 09_BLUE', 5],
      ['TAKE 0 08_BLUE', 4],
      ['ADD 0 08_BLUE', 4],
      ['MOVE 1 0 09_BLUE', 3],
      ['TAKE 0 09_BLUE', 2],
    ];
    for (const [line, actionsLeft] of steps) {
      s = playLines(s, line);
      assert.deepEqual([rules.toMove(s), s.actionsLeft], [0, actionsLeft], line);
    }
    assert.deepEqual(s.played, [3, 0, 0]);
    s = playLines(s, 'WAIT');
    assert.deepEqual([rules.toMove(s), s.actionsLeft, s.played, s.commands], [1, ACTIONS_PER_TURN, [4, 0, 0], 7]);
    assert.equal(handText(s, 0), '12_YELLOW 09_BLUE', 'cards were thrown: no draw');
  });

  it('ends by itself when the player can do nothing more, actions left or not', () => {
    // After this push: no card fits, no stack has 4 cards, nothing joins: the turn is over.
    const closed = position({ hands: ['08_BLUE 09_BLUE 10_BLUE 12_GREEN', '01_BLACK'], opened: [false, true] });
    const pushed = playLines(closed, 'PUSH 08_BLUE 09_BLUE 10_BLUE');
    assert.deepEqual(
      [rules.toMove(pushed), pushed.actionsLeft, handText(pushed, 0)],
      [1, ACTIONS_PER_TURN, '12_GREEN'],
    );

    // No actions left, but the card just taken fits back: the turn goes on until it is added.
    let s = position({
      hands: ['12_GREEN 11_GREEN', '01_BLACK'],
      stacks: ['01_BLUE 02_BLUE 03_BLUE 04_BLUE'],
      actionsLeft: 1,
    });
    s = playLines(s, 'TAKE 0 04_BLUE');
    assert.deepEqual([rules.toMove(s), s.actionsLeft], [0, 0]);
    assert.deepEqual(rules.legalMoves(s).map(formatMove), ['WAIT', 'ADD 0 04_BLUE']);
    s = playLines(s, 'ADD 0 04_BLUE');
    assert.equal(rules.toMove(s), 1);
  });
});

describe('the draw', () => {
  const pile = '00_YELLOW 01_YELLOW 02_YELLOW';
  const s = position({
    hands: ['12_GREEN 11_GREEN 05_BLUE', '01_BLACK'],
    stacks: ['06_BLUE 07_BLUE 08_BLUE 09_BLUE'],
    pile,
  });

  it('gives one card from the pile to a player who threw none this turn', () => {
    const waited = playLines(s, 'WAIT');
    assert.equal(waited.hands[0]!.length, 4);
    assert.equal(waited.pile.length, 2);
    assert.ok(waited.drawn !== null && pile.includes(cardText(waited.drawn)));
    assert.equal(
      handText(waited, 0),
      `12_GREEN 11_GREEN 05_BLUE ${cardText(waited.drawn)}`,
      'the drawn card goes last',
    );
    assert.deepEqual(playLines(s, 'WAIT'), waited, 'the draw is fixed by the state');
    assert.equal(playLines(s, 'TAKE 0 09_BLUE', 'WAIT').pile.length, 2, 'taking is not throwing');
  });

  it('gives nothing to a player who threw a card, or when the pile is empty', () => {
    const threw = playLines(s, 'ADD 0 05_BLUE', 'WAIT');
    assert.deepEqual([threw.pile.length, threw.drawn, handText(threw, 0)], [3, null, '12_GREEN 11_GREEN']);
    const empty = playLines(position({ hands: ['12_GREEN', '01_BLACK'] }), 'WAIT');
    assert.deepEqual([handText(empty, 0), empty.drawn, rules.toMove(empty)], ['12_GREEN', null, 1]);
  });

  it('also follows a turn that ended by itself', () => {
    // The move leaves no legal command but WAIT; nothing was thrown, so the player draws.
    const moved = playLines(
      position({
        hands: ['12_GREEN 10_GREEN', '01_BLACK'],
        stacks: ['05_BLUE 06_BLUE 07_BLUE 08_BLUE', '05_BLACK 05_GREEN 05_YELLOW'],
        actionsLeft: 1,
        pile,
      }),
      'MOVE 0 1 05_BLUE',
    );
    assert.deepEqual([rules.toMove(moved), moved.hands[0]!.length, moved.pile.length], [1, 3, 2]);
  });
});

describe('the end of the game', () => {
  it('comes when a player has thrown all its cards: it wins, the others rank by cards then actions', () => {
    const s = position({
      hands: [
        '05_BLUE 06_BLUE 07_BLUE 04_BLUE',
        '01_BLACK 02_BLACK',
        '01_GREEN 03_GREEN',
        '01_YELLOW 02_YELLOW 03_YELLOW',
      ],
      played: [4, 9, 7, 0],
    });
    const ended = playLines(s, 'PUSH 05_BLUE 06_BLUE 07_BLUE', 'ADD 0 04_BLUE');
    assert.deepEqual(rules.outcome(ended), {
      winner: 0,
      reason: 'seat 0 has thrown all its cards; cards left 0, 2, 2, 3; actions played 4, 9, 7, 0',
      scores: [4, 2, 3, 1],
      ranks: [1, 3, 2, 4],
    });
    assert.deepEqual(rules.legalMoves(ended), []);
    assert.throws(() => rules.play(ended, { kind: 'WAIT' }), /the game is over/);
  });

  it(`comes after ${MAX_COMMANDS} commands in all`, () => {
    let s = start(3, 4);
    for (let i = 1; i <= MAX_COMMANDS; i++) {
      assert.equal(rules.outcome(s), null, `over before command ${i}`);
      s = rules.play(s, { kind: 'WAIT' });
    }
    assert.equal(s.commands, MAX_COMMANDS);
    const outcome = rules.outcome(s);
    assert.ok(outcome);
    assert.match(outcome.reason, /^250 commands played; cards left \d+, \d+, \d+; actions played 84, 83, 83$/);
    assert.equal(s.pile.length, 0, 'the pile ran out on the way');
  });

  it('ranks equal cards by fewer actions played, and shares a place when both are equal', () => {
    const last = (played: number[]) =>
      rules.outcome(
        playLines(
          position({
            hands: ['01_BLUE 12_GREEN', '01_BLACK 02_BLACK', '01_GREEN 03_GREEN'],
            played,
            commands: MAX_COMMANDS - 1,
          }),
          'WAIT',
        ),
      );
    // Seat 0 draws nothing (the pile is empty): everyone ends with 2 cards, and its WAIT counts.
    assert.deepEqual(last([2, 5, 4]), {
      winner: 0,
      reason: '250 commands played; cards left 2, 2, 2; actions played 3, 5, 4',
      scores: [4, 2, 3],
      ranks: [1, 3, 2],
    });
    assert.deepEqual(last([3, 5, 4]), {
      winner: null,
      reason: '250 commands played; cards left 2, 2, 2; actions played 4, 5, 4',
      scores: [4, 3, 4],
      ranks: [1, 3, 1],
    });
  });

  it('comes when only one player remains; the disqualified rank last, their cards back in the pile', () => {
    let s = start(3, 2);
    const handOf1 = s.hands[1]!;
    s = rules.forfeit(s, seat(1));
    assert.equal(rules.outcome(s), null, 'two players go on');
    assert.equal(s.pile.length, 104 - 3 * HAND_SIZE + HAND_SIZE);
    assert.deepEqual(s.pile.slice(-HAND_SIZE), handOf1);
    assert.deepEqual(census(s), Array(CARD_KINDS).fill(COPIES));
    assert.equal(rules.toMove(s), 0, 'seat 0 was moving and still is');
    s = playLines(s, 'WAIT');
    assert.equal(rules.toMove(s), 2, 'the turn skips the seat that left');
    s = rules.forfeit(s, seat(2));
    assert.deepEqual(rules.outcome(s), {
      winner: 0,
      reason: 'only seat 0 remains',
      scores: [4, -1, -1],
      ranks: [1, 2, 2],
    });
    assert.throws(() => rules.forfeit(s, seat(0)), /over/);
  });

  it('passes the turn on when the player to move is disqualified', () => {
    const s = rules.forfeit(playLines(start(4, 3), 'WAIT'), seat(1));
    assert.deepEqual([rules.toMove(s), s.actionsLeft, s.active], [2, ACTIONS_PER_TURN, [true, false, true, true]]);
    assert.throws(() => rules.forfeit(s, seat(1)), /already left/);
    const two = rules.forfeit(start(2, 3), seat(0));
    assert.deepEqual(rules.outcome(two), { winner: 1, reason: 'only seat 1 remains', scores: [-1, 4], ranks: [2, 1] });
  });

  it('ranks a disqualified player last even with fewer cards', () => {
    let s = position({
      hands: ['01_BLUE 12_GREEN', '01_BLACK 02_BLACK 03_BLACK', '01_GREEN 03_GREEN 05_GREEN 07_GREEN'],
      commands: MAX_COMMANDS - 1,
      mover: 1,
    });
    s = rules.forfeit(s, seat(0));
    s = playLines(s, 'WAIT');
    // Seat 1 drew one of the two cards seat 0 gave back.
    assert.deepEqual(rules.outcome(s), {
      winner: 2,
      reason: '250 commands played; cards left out, 4, 4; actions played out, 1, 0',
      scores: [-1, 3, 4],
      ranks: [3, 2, 1],
    });
  });
});

describe('random playouts', () => {
  it('keep 104 cards, stacks of 3 or more, and agree on which commands exist', () => {
    const rng = new Rng(7);
    for (let g = 0; g < 6; g++) {
      let s = start(2 + (g % 3), 100 + g);
      for (let i = 0; !rules.outcome(s); i++) {
        const moves = rules.legalMoves(s);
        const table = tableOf(s);
        assert.equal(
          canAct(table),
          moves.some((m) => m.kind !== 'WAIT'),
        );
        for (const kind of KINDS)
          assert.equal(
            hasMove(table, kind),
            moves.some((m) => m.kind === kind),
            kind,
          );
        if (i % 10 === 0) {
          for (const move of moves) {
            const parsed = protocol.parseOutput(s, s.mover, formatMove(move));
            assert.deepEqual(parsed, { ok: true, value: { move } }, formatMove(move));
          }
        }
        s = rules.play(s, rng.pick(moves));
        assert.deepEqual(census(s), Array(CARD_KINDS).fill(COPIES));
        for (const stack of s.stacks) assert.ok(stack === null || sizeOf(stack) >= 3);
      }
    }
  });
});
