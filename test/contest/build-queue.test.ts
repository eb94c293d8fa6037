import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BuildQueue, defaultBuilds } from '../../src/contest/build-queue.js';

/** A queue whose builds end when the test says (or when their signal aborts), with what each saw. */
function queue(slots: number) {
  const ends = new Map<number, () => void>();
  const aborted = new Map<number, unknown>();
  const started: number[] = [];
  const q = new BuildQueue(slots, (id, signal) => {
    started.push(id);
    return new Promise<void>((resolve) => {
      ends.set(id, resolve);
      signal.addEventListener('abort', () => {
        aborted.set(id, signal.reason);
        resolve();
      });
    });
  });
  /** Ends build `id`, then lets the queue start the next. */
  const finish = async (id: number) => {
    ends.get(id)!();
    await new Promise((r) => setImmediate(r));
  };
  return { q, started, aborted, finish };
}

describe('the build queue', () => {
  it('builds up to its slots at once, and an author’s submissions one after the other', async () => {
    const { q, started, finish } = queue(2);
    q.add(1, 100); // alice's first, which hangs
    q.add(2, 100); // alice's second: waits behind her first
    q.add(3, 200); // bob's: beside alice's first
    q.add(4, 300); // carol's: no slot left
    assert.deepEqual(started, [1, 3]);
    assert.deepEqual(
      q.building().map((b) => [b.id, b.author]),
      [
        [1, 100],
        [3, 200],
      ],
    );
    assert.ok(q.building().every((b) => !Number.isNaN(Date.parse(b.since))));
    assert.equal(q.ahead(2), 1, 'alice’s second waits behind her first');
    assert.equal(q.ahead(4), 1, 'carol’s waits behind alice’s second');
    assert.equal(q.ahead(1), null, 'one being built waits no more');
    await finish(3);
    assert.deepEqual(started, [1, 3, 4], 'bob’s slot goes to carol, not to alice’s second');
    await finish(1);
    assert.deepEqual(started, [1, 3, 4, 2]);
    assert.deepEqual(q.queued(), []);
  });

  it('cancels one waiting or one being built, whose signal says why', async () => {
    const { q, started, aborted } = queue(1);
    q.add(1, 100);
    q.add(2, 200);
    q.add(3, 300);
    assert.equal(q.cancel(2, 'cancelled'), 'waiting');
    assert.equal(q.ahead(3), 0);
    assert.equal(q.cancel(1, 'cancelled'), 'building');
    assert.equal(aborted.get(1), 'cancelled');
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(started, [1, 3], 'the cancelled one never starts; the next takes the slot');
    assert.equal(q.cancel(9, 'cancelled'), null);
  });

  it('stops: none starts any more, those in hand are ended', async () => {
    const { q, started, aborted } = queue(1);
    q.add(1, 100);
    q.add(2, 200);
    q.stop('stopped');
    await q.idle();
    assert.equal(aborted.get(1), 'stopped');
    q.add(3, 300);
    assert.deepEqual(started, [1]);
  });

  it('takes a submission once, and builds two at least by default', () => {
    const { q, started } = queue(2);
    q.add(1, 100);
    q.add(1, 100);
    assert.deepEqual(started, [1]);
    assert.ok(defaultBuilds() >= 2);
  });
});
