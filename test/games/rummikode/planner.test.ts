import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cardText } from '../../../src/games/rummikode/cards.js';
import { Planner } from '../../../src/games/rummikode/engine/planner.js';
import {
  applyMove,
  checkMove,
  costsAction,
  formatMove,
  type RummiMove,
  type Table,
} from '../../../src/games/rummikode/moves.js';
import { cardsOf } from '../../../src/games/rummikode/stacks.js';
import { mostThrown } from './exhaustive.js';
import { cards, stack } from './helpers.js';
import { positions } from './positions.js';
import { withinBound } from './unlimited.js';

const unlimited = { nodes: 10_000_000, ms: 0 };
const describeTable = (t: Table): string =>
  `hand ${t.hand.map(cardText).join(' ')}; table ${t.stacks.map((s) => (s ? cardsOf(s).map(cardText).join(' ') : '-')).join(' / ')}; actions ${t.actionsLeft}; opened ${t.opened}`;

/** Plays `moves` from `table`, each checked by the referee's rules; the table after them. */
function replay(table: Table, moves: readonly RummiMove[]): Table {
  let current = table;
  for (const move of moves) {
    const checked = checkMove(current, move);
    assert.ok(checked.ok, `${formatMove(move)} at ${describeTable(current)}: ${checked.ok ? '' : checked.error}`);
    const after = applyMove(current, move);
    current = {
      ...after,
      actionsLeft: current.actionsLeft - (costsAction(move.kind) ? 1 : 0),
      opened: current.opened || move.kind === 'PUSH',
    };
  }
  return current;
}

const table = (hand: string, stacks: readonly string[], actionsLeft = 5, opened = true): Table => ({
  hand: cards(hand),
  stacks: stacks.map(stack),
  actionsLeft,
  opened,
});

describe('the planner', () => {
  const planner = new Planner();
  const plan = (t: Table) => planner.plan(t.stacks, t.hand, t.actionsLeft, t.opened, unlimited);

  it('takes a card to make a stack with a pair of the hand', () => {
    const t = table('05_BLUE 05_BLACK 11_GREEN', ['01_BLACK 02_BLACK 03_BLACK', '05_GREEN 06_GREEN 07_GREEN 08_GREEN']);
    const p = plan(t);
    assert.deepEqual([p.thrown, p.actions, p.proved], [2, 1, true]);
    assert.deepEqual(p.moves.map(formatMove), ['TAKE 1 05_GREEN']);
  });

  it('adds the missing colour to a group of three so as to take another', () => {
    const t = table('04_YELLOW 03_BLUE 02_BLUE', ['04_BLACK 04_BLUE 04_GREEN']);
    const p = plan(t);
    assert.deepEqual([p.thrown, p.actions], [3, 1]);
    assert.deepEqual(p.moves.map(formatMove), ['ADD 0 04_YELLOW', 'TAKE 0 04_BLUE']);
  });

  it('joins two runs of three, so as to take an end card', () => {
    const t = table('06_BLACK 06_YELLOW 12_GREEN', ['01_BLUE 02_BLUE 03_BLUE', '04_BLUE 05_BLUE 06_BLUE']);
    const p = plan(t);
    assert.deepEqual([p.thrown, p.actions], [2, 2]);
    assert.deepEqual(p.moves.map(formatMove), ['JOIN 0 1', 'TAKE 0 06_BLUE']);
  });

  it("splits a run so that the hand's copies of the cards at the cut fit both parts", () => {
    const t = table('04_BLUE 03_BLUE 12_GREEN', ['00_BLUE 01_BLUE 02_BLUE 03_BLUE 04_BLUE 05_BLUE 06_BLUE']);
    const p = plan(t);
    // Or takes 03_BLUE out of the middle, which leaves the same: both 03s and the 04 fit the parts.
    assert.deepEqual([p.thrown, p.actions], [2, 1]);
  });

  it('opens with a stack totalling 25 before it rearranges, or not at all', () => {
    const t = table(
      '07_BLUE 08_BLUE 09_BLUE 10_BLUE 01_GREEN 02_GREEN',
      ['03_GREEN 04_GREEN 05_GREEN 06_GREEN'],
      5,
      false,
    );
    const p = plan(t);
    assert.equal(p.moves[0]!.kind, 'PUSH');
    assert.ok(replay(t, p.moves).opened);
    assert.equal(p.thrown, 6, 'then the two greens go on the table');
    assert.deepEqual(plan(table('07_BLUE 08_BLUE 09_BLUE 01_GREEN', [], 5, false)).moves, [], '7 + 8 + 9 is 24');
  });

  // The exhaustive search is the referee's rules tried in every order: it finishes on small positions.
  it('throws as many cards as every sequence of commands can, wherever the exhaustive search finishes', () => {
    let checked = 0;
    let rearranged = 0;
    for (const t of positions(1)) {
      const most = mostThrown(t, 300);
      if (most === null) continue;
      const p = plan(t);
      assert.equal(p.thrown, most, describeTable(t));
      assert.ok(p.proved, describeTable(t));
      if (p.actions > 0) rearranged++;
      if (++checked === 150) break;
    }
    assert.ok(rearranged >= 20, `only ${rearranged} of the positions needed rearranging`);
  });

  it('plays valid commands that throw what it says', () => {
    let count = 0;
    for (const t of positions(2)) {
      const p = planner.plan(t.stacks, t.hand, t.actionsLeft, t.opened, { nodes: 3000, ms: 0 });
      const after = replay(t, p.moves);
      const free = planner.plan(after.stacks, after.hand, 0, after.opened, unlimited).thrown;
      assert.equal(t.hand.length - after.hand.length + free, p.thrown, describeTable(t));
      if (++count === 300) break;
    }
  });

  it('never throws more than unlimited rearrangement could (an integer program)', () => {
    let count = 0;
    for (const t of positions(3)) {
      const p = planner.plan(t.stacks, t.hand, t.actionsLeft, t.opened, { nodes: 3000, ms: 0 });
      assert.ok(withinBound(t, p.thrown), describeTable(t));
      assert.ok(!withinBound(t, p.bound + 1), `the planner's bound ${p.bound} is wrong at ${describeTable(t)}`);
      if (++count === 60) break;
    }
  });
});
