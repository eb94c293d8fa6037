import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Placement } from '../../../src/games/rummikode/engine/placement.js';
import { Position } from '../../../src/games/rummikode/engine/position.js';
import type { Table } from '../../../src/games/rummikode/moves.js';
import { mostThrown } from './exhaustive.js';
import { cards, stack } from './helpers.js';
import { positions } from './positions.js';

const position = new Position();
const placement = new Placement();
/** The most the hand throws at `table` by PUSH and ADD, by the dynamic program. */
function free(table: Table): number {
  position.load(table.stacks, table.hand, 0);
  position.fillFree(placement);
  return placement.best();
}
const table = (hand: string, stacks: readonly string[] = []): Table => ({
  hand: cards(hand),
  stacks: stacks.map(stack),
  actionsLeft: 0,
  opened: true,
});

describe('the placement by PUSH and ADD', () => {
  it('lays runs of 3 or more, and colour groups, from the hand', () => {
    assert.equal(free(table('01_BLUE 02_BLUE 03_BLUE 04_BLUE 07_GREEN 07_BLACK 07_YELLOW 09_GREEN')), 7);
    assert.equal(free(table('01_BLUE 02_BLUE 04_BLUE 05_BLUE')), 0, 'two pairs are no run');
    assert.equal(free(table('01_BLUE 01_BLUE 02_BLUE 02_BLUE 03_BLUE 03_BLUE')), 6, 'two copies make two runs');
    assert.equal(free(table('05_BLUE 05_BLUE 05_GREEN 05_GREEN 05_BLACK 05_YELLOW')), 6, 'and two groups');
    assert.equal(
      free(table('05_BLUE 05_BLUE 05_GREEN 05_GREEN 05_BLACK')),
      3,
      'but not without a third colour for each',
    );
  });

  it('adds chains of cards to either end of a table run, and missing colours to a group', () => {
    assert.equal(free(table('02_BLUE 03_BLUE 08_BLUE 09_BLUE 12_BLUE', ['04_BLUE 05_BLUE 06_BLUE 07_BLUE'])), 4);
    assert.equal(
      free(table('03_BLUE', ['00_BLUE 01_BLUE 02_BLUE', '04_BLUE 05_BLUE 06_BLUE'])),
      1,
      'between two runs, on either',
    );
    assert.equal(
      free(table('03_BLUE 03_BLUE', ['00_BLUE 01_BLUE 02_BLUE', '04_BLUE 05_BLUE 06_BLUE'])),
      2,
      'one on each',
    );
    assert.equal(
      free(table('06_YELLOW 06_YELLOW', ['06_BLACK 06_BLUE 06_GREEN', '06_BLACK 06_BLUE 06_GREEN'])),
      2,
      'a copy in each group',
    );
    assert.equal(free(table('06_YELLOW 06_BLUE', ['06_BLACK 06_BLUE 06_GREEN'])), 1, 'a group takes a colour once');
  });

  it('throws as many cards as every sequence of PUSH and ADD', () => {
    let count = 0;
    for (const t of positions(4)) {
      if (!t.opened) continue;
      const still = { ...t, actionsLeft: 0 };
      const most = mostThrown(still, 20_000);
      if (most === null) continue;
      assert.equal(free(still), most);
      if (++count === 300) break;
    }
  });
});
