import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext } from 'playwright-core';
import { loadGames } from '../../src/games/registry.js';
import {
  browser,
  browserSkip,
  databaseWithMatch,
  pageErrors,
  type Served,
  scratch,
  screenshot,
  serving,
} from '../support/web.js';

describe("a game's rules on the web arena", () => {
  let served: Served;
  before(async () => {
    served = await serving(['serve', '--db', await databaseWithMatch(scratch(), 2), '--port', '0']);
  });
  after(async () => {
    await served?.stop();
  });

  it('answers each game its rules as HTML, and an unknown game a 404 naming the games', async () => {
    const answer = await fetch(`${served.url}api/rules/rummikode`);
    assert.equal(answer.status, 200);
    const rules = (await answer.json()) as { game: string; title: string; html: string };
    assert.equal(rules.game, 'rummikode');
    assert.equal(rules.title, 'RummiKode');
    assert.match(rules.html, /^<h1 id="rummikode-the-rules">RummiKode: the rules<\/h1>/);
    const none = await fetch(`${served.url}api/rules/chess`);
    assert.equal(none.status, 404);
    assert.deepEqual(await none.json(), {
      error: 'no game "chess" (games: loa, mills, minishogi, morris, rummikode)',
    });
  });

  describe('in a browser', { skip: browserSkip }, () => {
    let context: BrowserContext;
    before(async () => {
      context = await browser();
    });
    after(async () => {
      await context?.close();
    });

    it("shows a game's rules from the viewer's link, its sections found by their anchors", async () => {
      const page = await context.newPage();
      const errors = pageErrors(page);
      await page.goto(`${served.url}games/1`);
      await page.getByRole('link', { name: 'the rules' }).click();
      await page.waitForURL(/\/rules\/morris$/);
      await page.getByRole('heading', { level: 1, name: "Nine Men's Morris: the rules" }).waitFor();
      assert.equal(await page.title(), "Nine Men's Morris: the rules");
      assert.ok((await page.locator('article.rules h2').count()) >= 5, 'its sections');
      await screenshot(page, 'rules-morris');
      await page.goto(`${served.url}rules/rummikode#output`);
      await page.getByRole('heading', { level: 1, name: 'RummiKode: the rules' }).waitFor();
      assert.ok(await page.locator('#output').isVisible(), 'the section the anchor names');
      await screenshot(page, 'rules-rummikode');
      assert.deepEqual(errors, []);
    });

    it('renders every game’s rules, each with its sections', async () => {
      const page = await context.newPage();
      const errors = pageErrors(page);
      for (const game of await loadGames()) {
        await page.goto(`${served.url}rules/${game.id}`);
        await page.getByRole('heading', { level: 1, name: `${game.title}: the rules` }).waitFor();
        assert.ok((await page.locator('article.rules h2').count()) >= 5, `${game.id}: its sections`);
        await screenshot(page, `rules-${game.id}`);
      }
      assert.deepEqual(errors, []);
    });
  });
});
