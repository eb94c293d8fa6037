import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Keeper } from '../../src/core/keeper.js';

/** Workings that count their clearings. */
class Counted {
  cleared = 0;
  constructor(readonly id: number) {}
  clear(): void {
    this.cleared++;
  }
}

describe('a keeper of workings', () => {
  let made = 0;
  const make = () => new Counted(++made);
  const used = async (keeper: Keeper<Counted>, use: Partial<Parameters<Keeper<Counted>['play']>[0]> = {}) => {
    let seen: Counted | null = null;
    await keeper.play({ make, ...use }, async (workings) => {
      seen = workings;
    });
    return seen!;
  };

  it('gives the next game the last game’s workings, cleared; a first game new ones, as they are', async () => {
    const keeper = new Keeper<Counted>();
    const first = await used(keeper);
    assert.equal(first.cleared, 0);
    const second = await used(keeper);
    assert.equal(second, first);
    assert.equal(second.cleared, 1);
  });

  it('makes new ones where the kept do not fit, and keeps nothing of a game that says so', async () => {
    const keeper = new Keeper<Counted>();
    const first = await used(keeper);
    const unfit = await used(keeper, { fits: (w) => w.id !== first.id });
    assert.notEqual(unfit, first);
    assert.equal(first.cleared, 0);
    const unkept = await used(keeper, { keep: false });
    assert.equal(unkept, unfit, 'the kept workings serve it');
    assert.notEqual(await used(keeper), unfit, 'nothing kept after it');
  });

  it('never lends one set to two games at once, and takes it back from a game that failed', async () => {
    const keeper = new Keeper<Counted>();
    const kept = await used(keeper);
    let release!: () => void;
    const seen: Counted[] = [];
    const failing = keeper.play({ make }, async (workings) => {
      seen.push(workings);
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      throw new Error('the bot failed');
    });
    const beside = await used(keeper);
    assert.equal(seen[0], kept);
    assert.notEqual(beside, kept, 'the game beside it has new ones');
    release();
    await assert.rejects(failing, /the bot failed/);
    assert.equal(await used(keeper), kept, 'the failed game’s workings kept: the last to end');
  });
});
