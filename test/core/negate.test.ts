import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { negate } from '../../src/core/negate.js';

describe('negate', () => {
  it('turns a score for the other side, and 0 into 0, never -0 (a double to V8)', () => {
    assert.ok(Object.is(negate(0), 0));
    assert.ok(Object.is(negate(-0), 0));
    assert.equal(negate(120), -120);
    assert.equal(negate(-29_990), 29_990);
  });
});
