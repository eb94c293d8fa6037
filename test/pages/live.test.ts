import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext } from 'playwright-core';
import { root, slack, tabula } from '../support/cli.js';
import { browser, browserSkip, pageErrors, type Served, scratch, screenshot, serving } from '../support/web.js';

// Slow enough (0.1 s a turn) that its games are live for seconds.
const slowBot = `python3 ${root}test/fixtures/bots/morris_slow.py 0.1`;

describe('a live game in a browser', { skip: browserSkip }, () => {
  let served: Served;
  let context: BrowserContext;
  let db: string;
  before(async () => {
    db = join(scratch(), 'tabula.db');
    served = await serving(['serve', '--db', db, '--port', '0']);
    context = await browser();
  });
  after(async () => {
    await context?.close();
    await served?.stop();
  });

  it('appears without reloading while another process plays it, and turns into the stored game', async () => {
    const page = await context.newPage();
    const errors = pageErrors(page);
    await page.goto(served.url);
    await page.getByText('No game is being played now.').waitFor();

    const match = tabula([
      'match',
      'morris',
      slowBot,
      'builtin:random',
      '--games',
      '1',
      '--db',
      db,
      '--json',
      ...slack,
    ]);
    const live = page.locator('.live-list a').first();
    await live.waitFor({ timeout: 15_000 });
    await screenshot(page, 'live-runs');
    await live.click();
    await page.waitForURL(/\/games\/live-\d+/);
    // The turns come in as the game goes on: the turn count grows on the page by itself.
    const count = async () => Number((await page.locator('.controls label').first().textContent())!.split('/')[1]);
    // Null-safe: the game's page may not have drawn its result line yet, and a predicate that throws fails the wait.
    await page.waitForFunction("document.querySelector('.result')?.textContent.includes('Being played')");
    const seen = await count();
    await page.waitForFunction(
      `Number(document.querySelector('.controls label').textContent.split('/')[1]) > ${seen}`,
      undefined,
      { timeout: 10_000 },
    );
    await screenshot(page, 'live-game');

    const finished = await match;
    assert.equal(finished.code, 0, finished.stderr);
    await page.waitForURL(/\/games\/1#turn=\d+/, { timeout: 10_000 });
    // The stored game's result line: a win or, with some seeds, a draw (CI met one).
    await page.waitForFunction("/wins|Draw/.test(document.querySelector('.result')?.textContent ?? '')");
    const stored = JSON.parse(finished.stdout.split('\n')[0]!) as { turns: number; winner: number | null };
    assert.equal(await count(), stored.turns, 'the stored game, whole');
    const result = (await page.locator('.result').textContent())!;
    assert.ok(result.startsWith(stored.winner === null ? 'Draw' : `Seat ${stored.winner} wins`), result);
    assert.deepEqual(errors, []);
  });
});
