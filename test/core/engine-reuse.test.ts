import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EngineReuse } from '../../src/core/engine-reuse.js';

/** Engine that count their clearings. */
class Counted {
  cleared = 0;
  constructor(readonly id: number) {}
  clear(): void {
    this.cleared++;
  }
}

describe('an engine reused from game to game', () => {
  let made = 0;
  const make = () => new Counted(++made);
  const used = async (reuse: EngineReuse<Counted>, use: Partial<Parameters<EngineReuse<Counted>['play']>[0]> = {}) => {
    let seen: Counted | null = null;
    await reuse.play({ make, ...use }, async (engine) => {
      seen = engine;
    });
    return seen!;
  };

  it('gives the next game the last game’s engine, cleared; a first game new ones, as they are', async () => {
    const reuse = new EngineReuse<Counted>();
    const first = await used(reuse);
    assert.equal(first.cleared, 0);
    const second = await used(reuse);
    assert.equal(second, first);
    assert.equal(second.cleared, 1);
  });

  it('makes new ones where the kept do not fit, and keeps nothing of a game that says so', async () => {
    const reuse = new EngineReuse<Counted>();
    const first = await used(reuse);
    const unfit = await used(reuse, { fits: (w) => w.id !== first.id });
    assert.notEqual(unfit, first);
    assert.equal(first.cleared, 0);
    const unkept = await used(reuse, { keep: false });
    assert.equal(unkept, unfit, 'the kept engine serves it');
    assert.notEqual(await used(reuse), unfit, 'nothing kept after it');
  });

  it('never lends one set to two games at once, and takes it back from a game that failed', async () => {
    const reuse = new EngineReuse<Counted>();
    const kept = await used(reuse);
    let release!: () => void;
    const seen: Counted[] = [];
    const failing = reuse.play({ make }, async (engine) => {
      seen.push(engine);
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      throw new Error('the bot failed');
    });
    const beside = await used(reuse);
    assert.equal(seen[0], kept);
    assert.notEqual(beside, kept, 'the game beside it has new ones');
    release();
    await assert.rejects(failing, /the bot failed/);
    assert.equal(await used(reuse), kept, 'the failed game’s engine kept: the last to end');
  });
});
