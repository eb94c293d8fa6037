import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SlotPool } from '../../src/contest/slots.js';

/** A contest as the pool sees it, with `n` games in play. */
const user = (n: number) => ({
  n,
  inPlay() {
    return this.n;
  },
});

describe('the games a site plays at once', () => {
  it('gives a free slot to the waiting contest with the fewest games in play, the first waiting on a tie', () => {
    const pool = new SlotPool(2);
    const busy = user(1);
    const idle = user(0);
    pool.take(); // busy's game
    pool.want(busy);
    pool.want(idle);
    assert.equal(pool.mayTake(busy), false, 'a contest with fewer games in play waits for the slot');
    assert.equal(pool.mayTake(idle), true);
    pool.take();
    pool.unwant(idle);
    idle.n = 1;
    assert.equal(pool.mayTake(busy), false, 'none free');
    pool.give();
    idle.n = 0;
    pool.want(idle);
    const later = user(0);
    pool.want(later);
    assert.equal(pool.mayTake(later), false, 'equal games in play: the first to wait');
    assert.equal(pool.mayTake(idle), true);
  });

  it('holds a validation’s slot at once, and lets it go only once a game leaves one free', async () => {
    const pool = new SlotPool(1);
    pool.take();
    let held = false;
    const holding = pool.hold().then(() => (held = true));
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(held, false, 'the game in play keeps its slot');
    assert.equal(pool.mayTake(user(0)), false, 'no new game starts meanwhile');
    pool.give();
    await holding;
    assert.equal(held, true);
  });
});
