/**
 * The editor page in Chromium against a real `tabula ladder mills`: an author writes a bot in the
 * browser, plays it against the lowest boss (the viewer below, their stderr in it), breaks it (the
 * compiler's words at their line), makes it win, submits it; a draft outlives a reload, another
 * author never reaches it, the limit a minute holds, and a narrow window stacks the page.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { exportBuiltinBot } from '../../src/arena/builtin/export.js';
import { viewProblem } from '../../src/arena/sandbox/file-view.js';
import { findGame } from '../../src/games/registry.js';
import type { Draft, EditorData, TestGameData } from '../../src/server/contest-wire.js';
import { tabula } from '../support/cli.js';
import { api, type RunningLadder, startLadder, until } from '../support/ladder.js';
import { browser, browserSkip, pageErrors, screenshot } from '../support/web.js';

const work = mkdtempSync(join(tmpdir(), 'tabula-editor-test-'));
process.env.XDG_CACHE_HOME = join(work, 'cache');

const skip = browserSkip || (viewProblem() ?? false);
const gxx = spawnSync('g++', ['--version']).status === 0;

describe('the editor page (tabula ladder mills, in Chromium)', { skip, timeout: 900_000 }, () => {
  const db = join(work, 'site.db');
  let ladder: RunningLadder;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  const tokens: Record<string, string> = {};
  /** Alice's test games played here, the last first. */
  const played: TestGameData[] = [];

  const as = (author: string, path: string, init: Parameters<typeof api>[2] = {}) =>
    api(ladder.url, path, { ...init, token: tokens[author]! });
  const editorData = async (): Promise<EditorData> => (await as('alice', '/api/editor')).body;
  const draft = async (author: string, lang: string): Promise<Draft> => (await as(author, `/api/drafts/${lang}`)).body;
  const code = () => page.locator('.cm-content');
  const status = () => page.getByTestId('test-status');
  /** The page's refusal of a test game, if it shows one. */
  const refusal = () =>
    page
      .getByTestId('test-error')
      .textContent({ timeout: 100 })
      .catch(() => null);

  /** Replaces the editor's text as a paste does, and waits until the draft is saved. */
  const replaceText = async (text: string) => {
    await code().click();
    await page.keyboard.press('Control+a');
    await page.keyboard.insertText(text);
    await page
      .getByTestId('draft-state')
      .getByText(/^saved \d\d:\d\d:\d\d$/)
      .waitFor();
  };

  /**
   * Presses Play (or its key) and waits for the test game to be done: its data. Past the limit a
   * minute, the page says how long to wait; the test waits that long and presses again.
   */
  const play = async (press: () => Promise<void> = () => page.getByTestId('play').click()): Promise<TestGameData> => {
    const before = (await editorData()).tests[0]?.id ?? 0;
    for (;;) {
      await page.getByTestId('play').and(page.locator(':enabled')).waitFor();
      await press();
      const asked = await until('the test game asked for, or refused', 30_000, async () => {
        const newest = (await editorData()).tests[0];
        if (newest && newest.id > before) return newest.id;
        return (await refusal()) ?? undefined;
      });
      if (typeof asked === 'string') {
        const wait = Number(/try again in (\d+) s/.exec(asked)?.[1]);
        assert.ok(wait > 0, `a refusal that says how long to wait: ${asked}`);
        await new Promise((resolve) => setTimeout(resolve, wait * 1000));
        continue;
      }
      await until(`test game ${asked} done, on the page`, 180_000, async () =>
        new RegExp(`^\\s*Test game ${asked}:.*(played|failed): `).test((await status().textContent()) ?? '')
          ? true
          : undefined,
      );
      const test: TestGameData = (await as('alice', `/api/tests/${asked}`)).body;
      played.unshift(test);
      return test;
    }
  };

  before(async () => {
    ladder = await startLadder(['mills', '--db', db, '--port', '0', '--concurrency', '2'], true);
    const invites = (await tabula(['ladder', 'invite', '--db', db, '--count', '2'])).stdout.trim().split('\n');
    for (const [i, name] of ['alice', 'bob'].entries()) {
      const joined = await api(ladder.url, '/api/authors', { json: { invite: invites[i], name } });
      assert.equal(joined.status, 201, JSON.stringify(joined.body));
      tokens[name] = joined.body.token;
    }
    context = await browser();
    page = await context.newPage();
    page.setDefaultTimeout(60_000);
    await page.setViewportSize({ width: 1280, height: 720 });
    errors = pageErrors(page);
    await page.goto(new URL('login', ladder.url).href);
    await page.getByLabel('Your token, or the admin key').fill(tokens.alice!);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((u) => u.pathname !== '/login');
  });
  after(async () => {
    await context?.close();
    await ladder?.stop();
  });

  it('serves the code editor as a bundle of its own, outside the page’s', async () => {
    const editor = await fetch(new URL('/assets/editor.js', ladder.url));
    assert.equal(editor.headers.get('content-type'), 'text/javascript; charset=utf-8');
    assert.match(await editor.text(), /cm-editor/);
    assert.doesNotMatch(await (await fetch(new URL('/assets/app.js', ladder.url))).text(), /cm-editor/);
  });

  it('opens the starter in Python, plays it against the lowest boss, and shows the game with its stderr', async () => {
    await page.locator('header.site-head nav').getByRole('link', { name: 'Editor' }).click();
    await page.waitForURL((u) => u.pathname === '/editor');
    await code().waitFor();
    assert.equal(await page.title(), 'Mills: editor');
    assert.equal(await page.getByTestId('lang').inputValue(), 'python');
    await page.getByTestId('draft-state').getByText('from the starter').waitFor();
    // The starter's main loop, at the end of its file.
    await code().click();
    await page.keyboard.press('Control+End');
    await code().getByText('print(choose(init, turn), flush=True)').waitFor();
    const starter = await draft('alice', 'python');
    assert.equal(starter.from, 'starter');

    const opponents = (await editorData()).opponents;
    assert.equal(opponents[0]?.name, 'wood-boss', 'the lowest boss first');
    assert.equal(await page.getByTestId('opponent').inputValue(), `${opponents[0]!.id}`);
    await page.getByTestId('opponent').selectOption({ label: 'wood-boss (wood league)' });
    // It says what it thinks on stderr, each turn.
    const answer = '    return turn.options[0]';
    assert.ok(starter.text.includes(answer), 'the starter answers as this test expects');
    const chatty = starter.text.replace(answer, `    debug("thinking about", len(turn.options), "options")\n${answer}`);
    await replaceText(chatty);
    assert.equal((await draft('alice', 'python')).text, chatty, 'the draft, saved as typed');
    await screenshot(page, 'editor-a-starter');

    const test = await play();
    assert.equal(test.status, 'played', JSON.stringify(test));
    assert.equal(test.opponent, 'wood-boss');
    assert.match((await status().textContent()) ?? '', /played: (1st|2nd) of 2 — /);
    const viewer = page.getByTestId('test-viewer');
    await viewer.locator('.viewer').waitFor();
    await viewer
      .getByRole('link', { name: `game ${test.gameId}` })
      .first()
      .waitFor();
    // The author's own seat's first turn, and what it wrote on stderr.
    await viewer
      .locator('.seat-jumps')
      .getByRole('button', { name: `seat ${test.seat}` })
      .click();
    await viewer
      .locator(`.pane[data-seat="${test.seat}"] pre.stderr`)
      .getByText(/thinking about \d+ options/)
      .waitFor();
    await screenshot(page, 'editor-a-played');
  });

  it('marks a syntax error at its line, from the build that failed', async () => {
    await code().click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('def (:');
    await page
      .getByTestId('draft-state')
      .getByText(/^saved/)
      .waitFor();
    const text = (await draft('alice', 'python')).text;
    const line = text.split('\n').findIndex((l) => l.startsWith('def (')) + 1;
    assert.ok(line > 0, text);

    // Played by its key, from inside the editor.
    const test = await play(() => page.keyboard.press('Control+Enter'));
    assert.equal(test.status, 'failed');
    assert.equal(test.build?.ok, false);
    assert.match((await status().textContent()) ?? '', /failed: /);
    const listed = page.getByTestId('diagnostics');
    await listed.getByText(`line ${line}`).waitFor();
    assert.match((await listed.textContent()) ?? '', /SyntaxError/);
    assert.match((await page.getByTestId('build-log').textContent()) ?? '', /SyntaxError/);
    await code().locator('.cm-line', { hasText: 'def (' }).locator('.cm-lintRange-error').first().waitFor();
    // A click on the line's diagnostic puts the cursor there.
    await page.keyboard.press('Control+Home');
    await listed.getByRole('button', { name: `line ${line}` }).click();
    await code().locator('.cm-activeLine', { hasText: 'def (' }).waitFor();
    await screenshot(page, 'editor-b-syntax-error');
  });

  it('switches to JavaScript and beats the boss with a stronger bot, from a seed of its choosing', async () => {
    await page.getByTestId('lang').selectOption('javascript');
    await page.getByTestId('draft-state').getByText('from the starter').waitFor();
    assert.equal((await draft('alice', 'python')).text.includes('def (:'), true, 'the Python draft kept');
    const greedy = join(work, 'greedy.js');
    await exportBuiltinBot(await findGame('mills'), 'greedy', {}, greedy);
    const text = readFileSync(greedy, 'utf8');
    await replaceText(text);
    assert.equal((await draft('alice', 'javascript')).text, text);

    await page.getByTestId('seat').selectOption('0');
    let won: TestGameData | undefined;
    for (const seed of [1, 2, 3]) {
      await page.getByTestId('seed').fill(`${seed}`);
      // Played by its key, from outside the editor.
      const test = await play(() => page.getByTestId('seed').press('Control+Enter'));
      assert.equal(test.status, 'played', JSON.stringify(test));
      assert.deepEqual([test.seed, test.seat, test.lang], [seed, 0, 'javascript']);
      if (test.outcome?.place === 1) {
        won = test;
        break;
      }
    }
    assert.ok(won, 'greedy beats the random boss in one of three games');
    assert.match((await status().textContent()) ?? '', /played: 1st of 2 — /);
    await screenshot(page, 'editor-c-won');
  });

  it('submits the draft, and follows it until it is active', async () => {
    await code().click();
    await page.keyboard.press('Control+Shift+Enter');
    const progress = page.getByTestId('submission-status');
    await progress.locator('.status.active').waitFor({ timeout: 300_000 });
    assert.match((await progress.textContent()) ?? '', /alice\.v1.*active: it plays rated games in the wood league/);
    await progress.getByRole('link', { name: 'Its page' }).waitFor();
    await screenshot(page, 'editor-d-submitted');
    // Its rated games would take the machine from the rest; test games play on, frozen or not.
    const frozen = await api(ladder.url, '/api/admin/freeze', { json: { frozen: true }, token: ladder.adminKey });
    assert.equal(frozen.status, 200, JSON.stringify(frozen.body));
  });

  it('marks a C++ compiler’s error at its line', { skip: gxx ? false : 'no g++' }, async () => {
    await page.getByTestId('lang').selectOption('cpp');
    await page.getByTestId('draft-state').getByText('from the starter').waitFor();
    await replaceText('int main( {\n  return 0;\n}\n');
    const test = await play();
    assert.equal(test.status, 'failed');
    const first = test.build?.diagnostics[0];
    assert.ok(first, JSON.stringify(test.build));
    await page.getByTestId('diagnostics').getByText(`line ${first.line}`).first().waitFor();
    assert.ok((await page.getByTestId('diagnostics').textContent())?.includes(first.message));
    await code().locator('.cm-lintRange-error').first().waitFor();
    await screenshot(page, 'editor-e-cpp');
  });

  it('keeps the draft across a reload', async () => {
    const lang = await page.getByTestId('lang').inputValue();
    const mark = `kept ${Date.now()}`;
    await code().click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(lang === 'python' ? `\n# ${mark}` : `\n// ${mark}`);
    await page
      .getByTestId('draft-state')
      .getByText(/^saved/)
      .waitFor();
    await page.reload();
    await code().waitFor();
    assert.equal(await page.getByTestId('lang').inputValue(), lang, 'the language last saved in');
    await code().click();
    await page.keyboard.press('Control+End');
    await code().getByText(mark).waitFor();
    await page
      .getByTestId('draft-state')
      .getByText(/^from your draft, saved/)
      .waitFor();
    // The last test game's diagnostics, where it was of this language.
    if (lang === 'cpp') await page.getByTestId('diagnostics').waitFor();
  });

  it('keeps an author’s drafts and test games from everyone else', async () => {
    const mine = played[0]!;
    const theirs = await draft('bob', 'python');
    assert.equal(theirs.from, 'starter');
    assert.ok(!theirs.text.includes('thinking about'), 'not alice’s draft');
    assert.equal((await as('bob', `/api/tests/${mine.id}`)).status, 404);
    const game = played.find((t) => t.gameId !== null)!.gameId;
    assert.equal((await as('bob', `/api/games/${game}`)).status, 404);
    assert.ok([401, 404].includes((await api(ladder.url, `/api/games/${game}`)).status));
    assert.equal((await api(ladder.url, `/api/tests/${mine.id}`)).status, 401);
    assert.equal((await api(ladder.url, '/api/drafts/python')).status, 401);
    assert.equal((await api(ladder.url, '/api/editor')).status, 401);
    // The page, to nobody: the way in, back to it.
    const nobody = await browser();
    try {
      const anonymous = await nobody.newPage();
      await anonymous.goto(new URL('editor', ladder.url).href);
      const login = anonymous.locator('.contest').getByRole('link', { name: 'Log in' });
      assert.equal(await login.getAttribute('href'), '/login?next=%2Feditor');
      assert.equal(await anonymous.locator('header.site-head nav').getByRole('link', { name: 'Editor' }).count(), 0);
    } finally {
      await nobody.close();
    }
  });

  it('refuses a test game past the limit a minute, saying how long to wait', async () => {
    const { limits, opponents } = await editorData();
    const broken = { lang: 'python', text: 'def (:\n', opponent: opponents[0]!.id };
    let refused: Awaited<ReturnType<typeof api>> | undefined;
    // A refusal with a few seconds left, for the page to be refused too: one with less is waited out.
    for (let i = 0; i < 3 * (limits.perMinute + 1) && !refused; i++) {
      const asked = await as('alice', '/api/tests', { json: broken });
      if (asked.status === 429) {
        assert.ok(asked.body.retryAfter > 0, JSON.stringify(asked.body));
        assert.equal(asked.headers.get('retry-after'), `${asked.body.retryAfter}`);
        assert.match(asked.body.error, new RegExp(`try again in ${asked.body.retryAfter} s$`));
        if (asked.body.retryAfter >= 5) refused = asked;
        else await new Promise((resolve) => setTimeout(resolve, (asked.body.retryAfter + 1) * 1000));
        continue;
      }
      assert.equal(asked.status, 202, JSON.stringify(asked.body));
      await until('the broken draft’s build to fail', 60_000, async () => {
        const t: TestGameData = (await as('alice', `/api/tests/${asked.body.id}`)).body;
        return t.status === 'failed' ? t : undefined;
      });
    }
    assert.ok(refused, 'refused within three rounds of the limit');
    // The page says it too, with the wait.
    await page.getByTestId('play').click();
    await page
      .getByTestId('test-error')
      .getByText(/^at most \d+ test games a minute: try again in \d+ s$/)
      .waitFor();
    await screenshot(page, 'editor-g-limit');
  });

  it('stacks the rules, the editor and the viewer on a narrow window', async () => {
    await page.setViewportSize({ width: 700, height: 900 });
    await page.reload();
    await code().waitFor();
    await page.getByTestId('test-viewer').locator('.viewer').waitFor();
    const rules = (await page.locator('.editor-rules').boundingBox())!;
    const editor = (await page.locator('.cm-editor').boundingBox())!;
    const viewer = (await page.getByTestId('test-viewer').boundingBox())!;
    assert.ok(rules.y + rules.height <= editor.y, 'the rules above the editor');
    assert.ok(editor.y + editor.height <= viewer.y, 'the viewer below the editor');
    assert.ok(editor.width > 600, `the editor as wide as the window (${editor.width})`);
    await screenshot(page, 'editor-i-narrow');
    assert.deepEqual(errors, []);
  });
});
