import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { findGame } from '../../src/games/registry.js';
import { browser, browserSkip, pageErrors, type Served, screenshot, serving } from '../support/web.js';

/** Morris sends the seat its legal commands: a count line, then one command a line. */
function legalCommands(input: readonly string[]): string[] {
  const at = input.findIndex((line, i) => /^\d+$/.test(line) && i >= 2 && input.length - i - 1 === Number(line));
  return input.slice(at + 1);
}

/** Plays the person's seat to the end of the game, one move per turn through `move`; the number of moves made. */
async function playToTheEnd(page: Page, move: (page: Page, input: string[]) => Promise<void>): Promise<number> {
  let moves = 0;
  for (;;) {
    await page.waitForFunction(
      "document.querySelector('#your-move') !== null || document.querySelector('.result').textContent.includes('wins') || document.querySelector('.result').textContent.startsWith('Draw')",
      undefined,
      { timeout: 20_000 },
    );
    if ((await page.locator('#your-move').count()) === 0) return moves;
    const text = (await page.getByTestId('person-input').textContent())!;
    await move(page, text.split('\n'));
    moves++;
    // The move is taken when the field goes (the bot's turn, or the end) or asks the next move with new input.
    await page.waitForFunction(
      `document.querySelector('#your-move') === null || document.querySelector('[data-testid="person-input"]')?.textContent !== ${JSON.stringify(text)}`,
    );
  }
}

async function personGame(args: readonly string[]): Promise<Served> {
  return serving(['play', 'morris', 'human', 'builtin:random', '--seed', '11', ...args]);
}

describe('a person playing Nine Men’s Morris in a browser', { skip: browserSkip }, () => {
  let context: BrowserContext;
  before(async () => {
    context = await browser();
  });
  after(() => context?.close());

  it('plays a whole game against builtin:random by typing into "Your move"', async () => {
    const game = await personGame([]);
    try {
      assert.match(game.url, /^http:\/\/127\.0\.0\.1:\d+\/games\/play-1$/);
      const page = await context.newPage();
      const errors = pageErrors(page);
      await page.goto(game.url);
      await page.getByLabel('Your move').waitFor();
      await screenshot(page, 'person-typing');
      // A line that is not legal is refused, and the person keeps the turn.
      await page.getByLabel('Your move').fill('PLACE;Z9');
      await page.getByLabel('Your move').press('Enter');
      await page.getByText('Not sent:').waitFor();
      const moves = await playToTheEnd(page, async (p, input) => {
        const line = legalCommands(input)[0]!;
        await p.getByLabel('Your move').fill(line);
        await p.getByRole('button', { name: 'Send' }).click();
      });
      assert.ok(moves > 5, `${moves} moves`);
      await screenshot(page, 'person-end');
      assert.equal(await game.exited, 0, 'tabula play ends with the game');
      assert.match(game.output(), /seat 0 {2}human +rank [12]/);
      assert.deepEqual(errors, []);
    } finally {
      await game.stop();
    }
  });

  it('starts a game from /play: the page posts and watches with its own Origin, which the server requires', async () => {
    const served = await serving(['serve', '--db', ':memory:', '--port', '0']);
    try {
      const page = await context.newPage();
      const errors = pageErrors(page);
      await page.goto(`${served.url}play`);
      await page.getByRole('button', { name: 'Start' }).click();
      await page.waitForURL(/\/games\/play-1$/);
      await page.getByLabel('Your move').waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await served.stop();
    }
    assert.equal(served.stderr(), '');
  });

  it('plays a whole game by clicking on the board', async (t) => {
    const morris = await findGame('morris');
    if (!morris.view?.clicks)
      return t.skip("Morris has no view with clicks yet (its view comes from the game's folder)");
    const game = await personGame([]);
    try {
      const page = await context.newPage();
      const errors = pageErrors(page);
      await page.goto(game.url);
      await page.getByLabel('Your move').waitFor();
      let shown = false;
      const moves = await playToTheEnd(page, async (p) => {
        // Click the first clickable element until the move is complete (the field then holds its line).
        for (let clicks = 0; clicks < 4 && (await p.locator('#your-move').count()) > 0; clicks++) {
          const target = p.locator('.board [data-target]').first();
          if ((await target.count()) === 0) break;
          await target.click();
          await p.waitForTimeout(50);
          // A move halfway, once: a stone clicked, its destinations shown.
          if (!shown && (await p.locator('.board [data-target]').count()) > 0 && clicks === 0) {
            const field = p.locator('#your-move');
            if ((await field.count()) > 0 && (await field.inputValue()) === '') {
              shown = true;
              await screenshot(p, 'person-clicking');
            }
          }
        }
      });
      assert.ok(moves > 5, `${moves} moves`);
      await screenshot(page, 'person-clicks-end');
      assert.equal(await game.exited, 0);
      assert.deepEqual(errors, []);
    } finally {
      await game.stop();
    }
  });
});
