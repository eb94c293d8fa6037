/** The test games' share of a site's slots: so many at once, the others in the order they were asked for. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TestLanes } from '../../src/contest/test-lanes.js';

describe('the lanes of test games', () => {
  it('holds so many at once, and hands a lane given back to the longest waiting', async () => {
    const lanes = new TestLanes(2);
    const order: number[] = [];
    const take = (id: number) => lanes.take(id).then((taken) => taken && order.push(id));
    await Promise.all([take(1), take(2)]);
    const waiting = [take(3), take(4), take(5)];
    await Promise.resolve();
    assert.deepEqual(order, [1, 2]);
    assert.deepEqual([lanes.ahead(3), lanes.ahead(4), lanes.ahead(5), lanes.ahead(1)], [0, 1, 2, null]);
    lanes.give();
    await waiting[0];
    assert.deepEqual(order, [1, 2, 3]);
    assert.equal(lanes.ahead(5), 1);
    lanes.give();
    lanes.give();
    await Promise.all(waiting);
    assert.deepEqual(order, [1, 2, 3, 4, 5]);
  });

  it('tells those waiting that the site stopped, and takes none after', async () => {
    const lanes = new TestLanes(1);
    assert.equal(await lanes.take(1), true);
    const waiting = lanes.take(2);
    lanes.stop();
    assert.equal(await waiting, false);
    assert.equal(await lanes.take(3), false);
  });

  it('takes none where the organiser turned test games off', async () => {
    assert.equal(await new TestLanes(0).take(1), false);
  });
});
