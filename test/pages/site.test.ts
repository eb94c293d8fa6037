import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import type { Leaderboard, SubmissionData } from '../../src/server/contest-wire.js';
import type { GameData } from '../../src/server/wire.js';
import { tabula } from '../support/cli.js';
import { askAs, browser, browserSkip, pageErrors, type Served, scratch, screenshot, serving } from '../support/web.js';

/** Waits up to `ms` for `check` to give something other than null or false (the machine is shared: generously). */
async function until<T>(what: string, check: () => Promise<T | null | false> | T | null | false, ms = 120_000) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== null && value !== false) return value;
    if (Date.now() > end) throw new Error(`waited ${ms} ms for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('a contest site of several contests in a browser', { skip: browserSkip }, () => {
  let dir: string;
  let served: Served;
  let url: string;
  let adminKey: string;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  /** The API as a script sees it, with a Bearer token. */
  const api = <T>(path: string, token: string, body?: unknown): Promise<T> => askAs<T>(url, path, token, body);

  before(async () => {
    dir = scratch();
    served = await serving([
      'ladder',
      'mills',
      'rummikode',
      '--db',
      join(dir, 'site.db'),
      '--port',
      '0',
      '--concurrency',
      '1',
    ]);
    url = served.url;
    adminKey = await until('the admin key', () => /admin key: (\S+)/.exec(served.output())?.[1] ?? null, 20_000);
    context = await browser();
    page = await context.newPage();
    page.setDefaultTimeout(60_000);
    errors = pageErrors(page);
  });
  after(async () => {
    await context?.close();
    await served?.stop();
  });

  it('lists its contests on the home page, each with its table sizes and links that work', async () => {
    await page.goto(url);
    const mills = page.locator('section[data-contest="mills"]');
    const rummikode = page.locator('section[data-contest="rummikode"]');
    await mills.getByRole('link', { name: 'Mills', exact: true }).waitFor();
    await rummikode.getByText('2–4 players: tables of 2, 3, 4').waitFor();
    await mills.getByText('2 players', { exact: true }).waitFor();
    await rummikode.getByText('0 active versions, 0 games played').waitFor();
    await page.getByRole('link', { name: 'Log in, or join with an invite' }).waitFor();
    await screenshot(page, 'site-home');

    const links = async (card: typeof mills) =>
      Object.fromEntries(
        await card.locator('.card-links a').evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('href')])),
      ) as Record<string, string>;
    assert.deepEqual(await links(mills), {
      Leaderboard: '/contests/mills',
      Rules: '/rules/mills',
      Starters: '/contests/mills/starters',
      Submit: '/contests/mills/submit',
    });
    assert.deepEqual(await links(rummikode), {
      Leaderboard: '/contests/rummikode',
      Rules: '/rules/rummikode',
      Starters: '/contests/rummikode/starters',
      Submit: '/contests/rummikode/submit',
    });
    // Each opens its page.
    await mills.getByRole('link', { name: 'Leaderboard' }).click();
    await page.waitForURL(`${url}contests/mills`);
    await page.getByRole('heading', { name: 'Mills contest' }).waitFor();
    await page.getByText('wood-boss', { exact: true }).waitFor();
    assert.equal(await page.getByTestId('table-mix').count(), 0, 'a contest of two seats says nothing of tables');
    assert.equal(await page.getByRole('columnheader', { name: 'mean place' }).count(), 0);
    await page.getByRole('link', { name: 'All contests' }).click();
    await page.waitForURL(url);
    await rummikode.getByRole('link', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'Submit a bot' }).waitFor();
    await page.getByText('Log in with your token first').waitFor();
    await page.goto(url);
    await rummikode.getByRole('link', { name: 'Starters' }).click();
    await page.getByRole('heading', { name: 'Starters' }).waitFor();
    await page.goto(url);
    await mills.getByRole('link', { name: 'Rules' }).click();
    await page.locator('article.rules h1').getByText('Mills').waitFor();
    assert.deepEqual(errors, []);
  });

  it('shows the RummiKode leaderboard under its own address, with its bosses and its table mix', async () => {
    await page.goto(`${url}contests/rummikode`);
    await page.getByRole('heading', { name: 'RummiKode contest' }).waitFor();
    for (const boss of ['wood-boss', 'bronze-boss', 'gold-boss']) await page.getByText(boss, { exact: true }).waitFor();
    await page.getByTestId('table-mix').getByText('tables of 2, 3 and 4 players, as many of each').waitFor();
    await page.locator('section[data-league="wood"]').getByRole('columnheader', { name: 'mean place' }).waitFor();
    // A submit command names the contest, the site holding several.
    await page
      .getByText(`tabula submit ${url} my-bot --lang python --game rummikode --invite CODE --as NAME`)
      .waitFor();
    const nav = page.locator('header.site-head nav');
    assert.deepEqual(await nav.locator('a').allTextContents(), ['Leaderboard', 'Rules', 'Starters', 'All contests']);
    await screenshot(page, 'site-rummikode-leaderboard');
    assert.deepEqual(errors, []);
  });

  it('offers a starter in each language, as a .tar.gz', async () => {
    await page.goto(`${url}contests/rummikode`);
    await page.locator('header.site-head nav').getByRole('link', { name: 'Starters' }).click();
    await page.waitForURL(`${url}contests/rummikode/starters`);
    await page.getByRole('heading', { name: 'Starters' }).waitFor();
    const langs = await page
      .locator('tr[data-lang]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-lang')));
    assert.ok(langs.includes('python') && langs.length >= 2, `languages: ${langs.join(', ')}`);
    await page.getByText('--game rummikode').waitFor();
    await screenshot(page, 'site-starters');
    const href = (await page.locator('tr[data-lang="python"] a').getAttribute('href'))!;
    assert.equal(href, '/api/contests/rummikode/starters/python');
    const response = await fetch(new URL(href, url));
    assert.equal(response.status, 200);
    const body = new Uint8Array(await response.arrayBuffer());
    assert.ok(body.length > 100, `${body.length} bytes`);
    assert.deepEqual([body[0], body[1]], [0x1f, 0x8b], 'gzip');
    assert.deepEqual(errors, []);
  });

  it('opens the rules from a contest’s header, under that header', async () => {
    await page.goto(`${url}contests/rummikode/starters`);
    await page.locator('header.site-head nav').getByRole('link', { name: 'Rules' }).click();
    await page.waitForURL(`${url}rules/rummikode`);
    await page.locator('article.rules h1').getByText('RummiKode').waitFor();
    await page.locator('header.site-head').getByText('RummiKode contest').waitFor();
    assert.deepEqual(errors, []);
  });

  it('lets the admin set RummiKode’s table sizes, and refuses sizes its game does not take', async () => {
    await page.goto(`${url}contests/rummikode/admin`);
    await page.getByText('the admin key is needed').waitFor();
    await page.getByRole('link', { name: 'Log in' }).first().click();
    await page.getByLabel('Your token, or the admin key').fill(adminKey);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${url}contests/rummikode/admin`);
    await page.getByRole('heading', { name: 'Table sizes' }).waitFor();
    const mix = page.getByLabel('sizes');
    assert.equal(await mix.inputValue(), '2:1,3:1,4:1');
    await mix.fill('2:1,9:1');
    await page.getByRole('button', { name: 'Set the table sizes' }).click();
    const refusal = await page.getByRole('alert').textContent();
    assert.ok(refusal && refusal.length > 0);
    await mix.fill('2:1,4:1');
    await page.getByRole('button', { name: 'Set the table sizes' }).click();
    await page.getByTestId('table-mix-now').getByText('tables of 2 and 4 players, as many of each').waitFor();
    assert.equal(await page.getByRole('alert').count(), 0);
    assert.equal(await mix.inputValue(), '2:1,4:1');
    await screenshot(page, 'site-rummikode-admin');

    await page.locator('header.site-head nav').getByRole('link', { name: 'Leaderboard' }).click();
    await page.getByTestId('table-mix').getByText('tables of 2 and 4 players, as many of each').waitFor();
    await page.goto(url);
    await page.locator('section[data-contest="rummikode"]').getByText('2–4 players: tables of 2, 4').waitFor();
    // Mills is played by two alone: nothing to set.
    await page.goto(`${url}contests/mills/admin`);
    await page.getByRole('heading', { name: 'Invites' }).waitFor();
    assert.equal(await page.getByRole('heading', { name: 'Table sizes' }).count(), 0);
    await page.getByRole('button', { name: 'Freeze the games' }).click();
    await page.getByText('Frozen: no new game starts.').waitFor();
    await page.goto(url);
    await page.locator('section[data-contest="mills"]').getByText('frozen', { exact: true }).waitFor();
    await page.locator('section[data-contest="mills"]').getByText('frozen: no new game starts').waitFor();
    assert.deepEqual(errors, []);
  });

  it('shows a RummiKode version’s mean place and its tables, and its games name their contest', async () => {
    const { codes } = await api<{ codes: string[] }>('/api/admin/invites', adminKey, { count: 1 });
    const joined = await fetch(`${url}api/authors`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ invite: codes[0], name: 'alice' }),
    });
    assert.equal(joined.status, 201);
    const { token } = (await joined.json()) as { token: string };
    const made = await tabula(['new', 'rummikode', '--lang', 'python', join(dir, 'bot')]);
    assert.equal(made.code, 0, made.stderr);
    const form = new FormData();
    form.set('lang', 'python');
    form.append('files', new Blob([readFileSync(join(dir, 'bot', 'bot.py'))]), 'bot.py');
    const { id } = await api<{ id: number }>('/api/contests/rummikode/submissions', token, form);
    const judged = await until(`submission ${id} judged`, async () => {
      const s = await api<SubmissionData>(`/api/contests/rummikode/submissions/${id}`, token);
      return s.status === 'active' || s.status === 'rejected' ? s : null;
    });
    assert.equal(judged.status, 'active', judged.reason);
    const rated = await until('a rated game of alice.v1', async () => {
      const board = await api<Leaderboard>('/api/contests/rummikode/leaderboard', token);
      const row = board.rows.find((r) => r.name === 'alice.v1');
      return row && row.meanPlace !== null ? row : null;
    });

    await page.goto(`${url}contests/rummikode`);
    const row = page.locator('tr', { hasText: 'alice.v1' });
    await row
      .locator('td.table-sizes')
      .getByText(/^\d×\d+/)
      .waitFor();
    // The mean place, the ninth column, after the games.
    await row
      .locator('td')
      .nth(8)
      .getByText(/^[1-4]\.\d\d$/)
      .waitFor();
    await page.goto(`${url}contests/rummikode/authors/alice`);
    await page
      .locator('table.versions td.table-sizes')
      .getByText(/^\d×\d+/)
      .waitFor();
    await screenshot(page, 'site-rummikode-author');
    await page.getByRole('link', { name: 'alice.v1' }).click();
    await page.waitForURL(`${url}contests/rummikode/submissions/${id}`);
    await page.locator('table.facts').getByText('mean place').waitFor();
    await page
      .locator('table.facts td.table-sizes')
      .getByText(/^\d×\d+/)
      .waitFor();
    await page.locator('table.opponents').getByText('ahead / level / behind').waitFor();
    await page
      .getByTestId('where')
      .getByText(/^python, submitted/)
      .waitFor();
    await screenshot(page, 'site-rummikode-submission');

    const game = (await api<SubmissionData>(`/api/contests/rummikode/submissions/${id}`, token)).playedGames.find(
      (g) => g.id !== null,
    )!;
    const data = await api<GameData>(`/api/games/${game.id}`, token);
    assert.deepEqual(data.contest, { game: 'rummikode', title: 'RummiKode', leaderboard: '/contests/rummikode' });
    await page.goto(`${url}games/${game.id}`);
    await page.locator('.crumbs').getByRole('link', { name: 'RummiKode contest' }).click();
    await page.waitForURL(`${url}contests/rummikode`);
    assert.ok(rated.games > 0);
    assert.deepEqual(errors, []);
  });

  it('says so of a contest or a page it does not have', async () => {
    await page.goto(`${url}contests/nope`);
    await page.getByRole('heading', { name: 'No such contest' }).waitFor();
    await page.getByText('This site holds no contest of “nope”').waitFor();
    await page.getByRole('link', { name: 'All contests' }).first().waitFor();
    await page.goto(`${url}nowhere`);
    await page.getByText('No such page.').waitFor();
    await page.getByRole('link', { name: 'All contests' }).click();
    await page.waitForURL(url);
    assert.deepEqual(errors, []);
  });
});
