import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import type { SubmissionData } from '../../src/server/contest-wire.js';
import { tabula } from '../support/cli.js';
import { askAs, browser, browserSkip, pageErrors, type Served, scratch, screenshot, serving } from '../support/web.js';

/** Waits up to `ms` for `check` to give something other than null or false (the machine is shared: generously). */
async function until<T>(what: string, check: () => Promise<T | null | false> | T | null | false, ms = 90_000) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== null && value !== false) return value;
    if (Date.now() > end) throw new Error(`waited ${ms} ms for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The starter of `tabula new morris --lang python`, changed: each turn `change` runs first (Python, in main's loop). */
function pythonBot(starter: string, change: string): string {
  const answer = '        print(choose(init, turn), flush=True)';
  assert.ok(starter.includes(answer), 'the starter answers as this test expects');
  return starter.replace(answer, `${change.replace(/^/gm, '        ')}\n${answer}`);
}

describe('a contest server’s pages in a browser', { skip: browserSkip }, () => {
  let dir: string;
  let db: string;
  let served: Served;
  let url: string;
  let adminKey: string;
  let invites: string[];
  let context: BrowserContext;
  let errors: string[][];
  /** The leaderboard, opened first and never reloaded. */
  let board: Page;
  /** Everything else, logged in as whoever the test is. */
  let page: Page;
  const bots = { chatty: '', crashing: '', plain: '' };
  const ids = { alice: 0, bobCrash: 0, bob: 0, carol: 0 };
  const tokens = { alice: '', bob: '', carol: '' };

  const api = <T>(path: string, token: string, body?: unknown): Promise<T> => askAs<T>(url, path, token, body);
  const joinAs = async (invite: string, name: string): Promise<string> => {
    const response = await fetch(`${url}api/authors`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ invite, name }),
    });
    assert.equal(response.status, 201);
    return ((await response.json()) as { token: string }).token;
  };
  /** Sends a bot through the API (as tabula submit does) and waits until it is judged. */
  const submitted = async (token: string, source: string): Promise<SubmissionData> => {
    const form = new FormData();
    form.set('lang', 'python');
    form.append('files', new Blob([source]), 'bot.py');
    const { id } = await api<{ id: number }>('/api/submissions', token, form);
    return until(`submission ${id} judged`, async () => {
      const s = await api<SubmissionData>(`/api/submissions/${id}`, token);
      return s.status === 'active' || s.status === 'rejected' ? s : null;
    });
  };
  const logIn = async (token: string) => {
    await page.goto(`${url}login`);
    await page.getByLabel('Your token, or the admin key').fill(token);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((u) => u.pathname !== '/login');
  };
  const logOut = async () => {
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByTestId('who').getByText('Log in').waitFor();
  };

  before(async () => {
    dir = scratch();
    db = join(dir, 'ladder.db');
    served = await serving(['ladder', 'morris', '--db', db, '--port', '0', '--concurrency', '1']);
    url = served.url;
    adminKey = await until('the admin key', () => /admin key: (\S+)/.exec(served.output())?.[1] ?? null, 20_000);
    const invited = await tabula(['ladder', 'invite', '--db', db, '--count', '1']);
    assert.equal(invited.code, 0, invited.stderr);
    invites = invited.stdout.trim().split('\n');
    const made = await tabula(['new', 'morris', '--lang', 'python', join(dir, 'starter')]);
    assert.equal(made.code, 0, made.stderr);
    const starter = readFileSync(join(dir, 'starter', 'bot.py'), 'utf8');
    bots.plain = starter;
    bots.chatty = pythonBot(starter, 'debug(f"NAME thinks about {len(turn.commands)} moves")');
    bots.crashing = pythonBot(
      starter,
      'main.turns = getattr(main, "turns", 0) + 1\nif main.turns == 3:\n    raise SystemExit("crashing on purpose, on my third turn")',
    );
    // Alice's bot, as a folder made by tabula new, with a file that tabula submit leaves out.
    writeFileSync(join(dir, 'starter', 'bot.py'), bots.chatty.replace('NAME', 'alice'));
    writeFileSync(join(dir, 'starter', '.notes'), 'not sent\n');
    context = await browser();
    board = await context.newPage();
    page = await context.newPage();
    page.setDefaultTimeout(60_000);
    board.setDefaultTimeout(60_000);
    errors = [pageErrors(board), pageErrors(page)];
  });
  after(async () => {
    await context?.close();
    await served?.stop();
  });

  it('shows the leagues and their bosses, and how to take part', async () => {
    await board.goto(url);
    for (const boss of ['wood-boss', 'bronze-boss', 'gold-boss'])
      await board.getByText(boss, { exact: true }).waitFor();
    assert.deepEqual(
      await board.locator('section.league').evaluateAll((leagues) => leagues.map((l) => l.getAttribute('data-league'))),
      ['legend', 'gold', 'bronze', 'wood'],
      'the highest league first',
    );
    await board.getByText(`tabula submit ${url} my-bot --lang python --invite CODE --as NAME`).waitFor();
    await board.evaluate('window.neverReloaded = true');
  });

  it('lets the admin make invites and freeze the games', async () => {
    await page.goto(`${url}admin`);
    await page.getByText('the admin key is needed').waitFor();
    await logIn(adminKey);
    assert.equal(new URL(page.url()).pathname, '/admin');
    await page.getByLabel('how many').fill('2');
    await page.getByRole('button', { name: 'Make invites' }).click();
    const codes = await page.getByTestId('codes').locator('code').allTextContents();
    assert.equal(codes.length, 2);
    invites.push(...codes);
    // Frozen, no game starts: the versions to come all start in the lowest league, and meet there.
    await page.getByRole('button', { name: 'Freeze the games' }).click();
    await page.getByText('Frozen: no new game starts.').waitFor();
    await screenshot(page, 'contest-admin-frozen');
    await logOut();
  });

  it('lets an author join, and submit a folder through the form until it is active', async () => {
    await page.goto(`${url}login`);
    await screenshot(page, 'contest-login');
    await page.getByLabel('Invite code').fill(invites[0]!);
    await page.getByLabel('Your name').fill('alice');
    await page.getByRole('button', { name: 'Join' }).click();
    tokens.alice = (await page.getByTestId('new-token').textContent())!;
    assert.match(tokens.alice, /^tbl_token_/);
    await page.getByTestId('who').getByText('alice').waitFor();
    await screenshot(page, 'contest-joined');

    await page.getByRole('link', { name: 'Submit your first bot' }).click();
    await page.getByLabel('Language').selectOption('python');
    await page.getByLabel('a folder').check();
    await page.getByTestId('files').setInputFiles(join(dir, 'starter'));
    await page
      .getByTestId('chosen')
      .getByText(/left out/)
      .waitFor();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByTestId('following').getByText('active', { exact: true }).waitFor({ timeout: 90_000 });
    await screenshot(page, 'contest-submit');
    ids.alice = Number((await page.getByRole('link', { name: 'Its page' }).getAttribute('href'))!.split('/').pop());

    // The leaderboard, open all along, shows the new version without a reload.
    await board.locator('section[data-league="wood"]').getByText('alice.v1').waitFor();
    assert.equal(await board.evaluate('window.neverReloaded'), true);
  });

  it('takes bots through the API: a crashing one is rejected at its turn, the others play', async () => {
    tokens.bob = await joinAs(invites[1]!, 'bob');
    tokens.carol = await joinAs(invites[2]!, 'carol');
    const crashed = await submitted(tokens.bob, bots.crashing);
    assert.equal(crashed.status, 'rejected');
    assert.match(crashed.reason, /^crash at turn \d+ of validation game 1 .*\(\/games\/\d+#turn=\d+\)$/s);
    ids.bobCrash = crashed.id;
    const bob = await submitted(tokens.bob, bots.chatty.replace('NAME', 'bob'));
    assert.equal(bob.status, 'active', bob.reason);
    ids.bob = bob.id;
    const carol = await submitted(tokens.carol, bots.plain);
    assert.equal(carol.status, 'active', carol.reason);
    ids.carol = carol.id;
    await board.locator('section[data-league="wood"]').getByText('carol.v1').waitFor();
  });

  it('shows an author their versions and a submission whole, and nobody else’s', async () => {
    await page.goto(`${url}authors/alice`);
    await screenshot(page, 'contest-author');
    await page.getByRole('link', { name: 'alice.v1' }).click();
    await page.waitForURL(`${url}submissions/${ids.alice}`);
    await page.getByRole('heading', { name: 'alice.v1 active' }).waitFor();
    assert.equal(
      await page.locator('table.contest-games').first().locator('tbody tr').count(),
      2,
      'its validation games',
    );
    // Its source, as sent: not the file tabula submit leaves out.
    await page.getByText('debug(f"alice thinks about').waitFor();
    assert.equal(await page.getByText('.notes').count(), 0);
    await screenshot(page, 'contest-submission');

    await page.goto(`${url}submissions/${ids.bobCrash}`);
    await page.getByText(`no submission ${ids.bobCrash} of yours`).waitFor();
    await screenshot(page, 'contest-not-yours');
    await page.goto(`${url}authors/bob`);
    await page.getByText('bob.v2').waitFor();
    assert.equal(await page.locator('table.versions a').count(), 0, 'no links to pages of bob’s');
  });

  it('lets the admin unfreeze, see a rejected version’s failure at its turn, retire a version and start a final', async () => {
    await logOut();
    await logIn(adminKey);
    await page.getByRole('button', { name: 'Unfreeze the games' }).click();
    await page.getByText('Running: games are played without end.').waitFor();
    // Alice's and Bob's bots meet in the lowest league.
    const met = await until('a game between alice.v1 and bob.v2', async () => {
      const s = await api<SubmissionData>(`/api/submissions/${ids.alice}`, adminKey);
      return s.playedGames.find((g) => g.id !== null && g.seats.includes('bob.v2')) ?? null;
    });
    await page.getByRole('button', { name: 'Freeze the games' }).click();
    await page.getByText('Frozen: no new game starts.').waitFor();

    await page.goto(`${url}submissions/${ids.bobCrash}`);
    await page.getByTestId('reason').getByText('crash at turn').waitFor();
    const failure = page.getByTestId('failures').locator('a').first();
    assert.match((await failure.getAttribute('href'))!, /^\/games\/\d+#turn=\d+$/);
    await page.getByText('crashing on purpose, on my third turn').first().waitFor();
    await screenshot(page, 'contest-rejected');

    await page.goto(`${url}admin`);
    const carolRow = page.locator(`tr[data-submission="${ids.carol}"]`);
    await carolRow.getByRole('button', { name: 'Retire' }).click();
    await carolRow.getByRole('button', { name: 'Yes, retire' }).click();
    await carolRow.getByText('retired', { exact: true }).waitFor();
    await screenshot(page, 'contest-admin');
    await page.getByLabel('rounds').fill('1');
    await page.getByRole('button', { name: 'Start a final' }).click();
    await page.waitForURL(/\/finals\/1$/);
    await page.getByRole('heading', { name: 'Final 1 over' }).waitFor({ timeout: 90_000 });
    const standings = await page.locator('table.final-standings tbody tr td:nth-child(2)').allTextContents();
    assert.deepEqual(standings.sort(), ['alice.v1', 'bob.v2']);
    assert.equal(await page.locator('table.contest-games tbody tr').count(), 2, 'one round: a pair, seats swapped');
    await screenshot(page, 'contest-final');
    await screenshot(board, 'contest-leaderboard');

    // The viewer shows the admin every bot's stderr; an author, their own bot's alone.
    await page.goto(`${url}games/${met.id}#turn=4`);
    // The other seat's pane is there, folded.
    await page.locator('.panes').getByText('bob thinks about').first().waitFor({ state: 'attached' });
    await logOut();
    await logIn(tokens.alice);
    await page.goto(`${url}games/${met.id}#turn=4`);
    await page.locator('.panes').getByText('alice thinks about').first().waitFor({ state: 'attached' });
    assert.doesNotMatch((await page.locator('.panes').textContent())!, /bob thinks/);
    await page.getByRole('link', { name: 'Leaderboard' }).first().waitFor();
    await screenshot(page, 'contest-game');
    assert.deepEqual(errors.flat(), []);
  });

  it('keeps the admin page within the window, however long a word of a rejection', async () => {
    const word = 'unbroken'.repeat(60);
    const rejected = await submitted(tokens.carol, pythonBot(bots.plain, `raise SystemExit("${word}")`));
    assert.equal(rejected.status, 'rejected');
    assert.ok(rejected.reason.includes(word), rejected.reason);
    await logOut();
    await logIn(adminKey);
    await page.setViewportSize({ width: 1280, height: 720 });
    try {
      await page.goto(`${url}admin`);
      await page
        .locator(`tr[data-submission="${rejected.id}"] td.reason`)
        .getByText(/unbroken/)
        .waitFor();
      await screenshot(page, 'contest-admin-long-reason');
      const [scrolled, window] = (await page.evaluate('[document.documentElement.scrollWidth, innerWidth]')) as [
        number,
        number,
      ];
      assert.ok(scrolled <= window, `the page is ${scrolled} px wide in a window of ${window} px`);
      const table = await page.locator('table.submissions').boundingBox();
      assert.ok(table!.x + table!.width <= 1280, `the table ends at ${table!.x + table!.width} px`);
    } finally {
      await page.setViewportSize({ width: 1300, height: 950 });
    }
    assert.deepEqual(errors.flat(), []);
  });

  it('shows an author where their next submission waits, and lets the admin cancel a build that hangs', {
    skip: spawnSync('g++', ['--version']).status === 0 ? false : 'needs g++',
  }, async () => {
    // The compiler reads a terminal that never answers.
    const form = new FormData();
    form.set('lang', 'cpp');
    form.append('files', new Blob(['#include "/dev/ptmx"\nint main() {}\n']), 'bot.cpp');
    const hanging = await api<{ id: number }>('/api/submissions', tokens.alice, form);
    const next = new FormData();
    next.set('lang', 'python');
    next.append('files', new Blob([bots.plain]), 'bot.py');
    const waiting = await api<{ id: number }>('/api/submissions', tokens.alice, next);

    await page.goto(`${url}admin`);
    const row = page.locator(`tr[data-build="${hanging.id}"]`);
    await row.getByText(/^being built since /).waitFor();
    await row.getByText('alice', { exact: true }).waitFor();
    await page.locator(`tr[data-build="${waiting.id}"]`).getByText('waiting to be built: 1 ahead of it').waitFor();
    await screenshot(page, 'contest-admin-builds');
    await logOut();
    await logIn(tokens.alice);
    await page.goto(`${url}submissions/${waiting.id}`);
    await page.getByTestId('where').getByText('waiting to be built: 1 ahead of it').waitFor();
    await logOut();
    await logIn(adminKey);
    await page.goto(`${url}admin`);
    await row.getByRole('button', { name: 'Cancel' }).click();
    await row.getByRole('button', { name: 'Yes, cancel' }).click();
    await row.waitFor({ state: 'detached' });
    await page.locator(`tr[data-submission="${hanging.id}"]`).getByText('cancelled by the admin').waitFor();
    // Alice's next is built now, and plays.
    await page.locator(`tr[data-submission="${waiting.id}"]`).getByText('active', { exact: true }).waitFor();
    assert.deepEqual(errors.flat(), []);
  });
});
