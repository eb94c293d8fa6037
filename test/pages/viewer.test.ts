import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import type { Replay } from '../../src/arena/replay.js';
import { Store } from '../../src/runs/store/store.js';
import { root, slack, tabula } from '../support/cli.js';
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

const slowBot = `python3 ${root}test/fixtures/bots/morris_slow.py 0.001`;

describe('the viewer in a browser', { skip: browserSkip }, () => {
  let served: Served;
  let context: BrowserContext;
  let replay: Replay;
  before(async () => {
    const db = await databaseWithMatch(scratch(), 2);
    const run = await tabula([
      'match',
      'morris',
      slowBot,
      'builtin:random',
      '--games',
      '2',
      '--seed',
      '3',
      '--db',
      db,
      '--json',
      ...slack,
    ]);
    assert.equal(run.code, 0, run.stderr);
    replay = JSON.parse((await tabula(['replay', '3', '--db', db])).stdout) as Replay;
    // Run 3: one game whose bot sleeps past its limit on its second turn (game 5); and, as if the
    // machine had made it late instead, an earlier play of it kept for the record (game 6).
    const late = await tabula([
      'match',
      'morris',
      `python3 ${root}test/fixtures/bots/morris_late.py sleep 200`,
      'builtin:random',
      '--games',
      '1',
      '--turn-ms',
      '100',
      '--first-turn-ms',
      slack[3]!,
      '--db',
      db,
    ]);
    assert.equal(late.code, 0, late.stderr);
    const store = new Store(db);
    const [sleeper] = store.games(3);
    const slept = store.replay(sleeper!.id)!;
    const turns = slept.turns.map((t) =>
      t.failure?.status === 'timeout' ? { ...t, answeredMs: 130, waitMs: 45, cpuMs: 21 } : t,
    );
    const { id: _, finishedAt: _at, ...game } = sleeper!;
    store.recordGame({ ...game, earlierPlay: 1 }, { ...slept, turns });
    store.close();
    served = await serving(['serve', '--db', db, '--port', '0']);
    context = await browser();
  });
  after(async () => {
    await context?.close();
    await served?.stop();
  });

  const turnShown = async (page: Page) => Number(await page.getByLabel('turn number').inputValue());
  /** The page shows turn `n`, in its turn number field and its URL's hash (both follow a render). */
  const showsTurn = (page: Page, n: number) =>
    page.waitForFunction(
      `document.querySelector('.turn-number').value === '${n}' && location.hash === '#turn=${n}'`,
      undefined,
      { timeout: 5000 },
    );

  it('follows the keys and the URL hash', async () => {
    const page = await context.newPage();
    const errors = pageErrors(page);
    await page.goto(`${served.url}games/3#turn=5`);
    await page.getByText('Seat 0', { exact: false }).first().waitFor();
    await showsTurn(page, 5);
    const last = replay.turns.length;

    await page.keyboard.press('ArrowRight');
    await showsTurn(page, 6);
    const pane = page.locator('.pane').first(); // the acting seat's
    assert.equal(await pane.locator('.lines.input').textContent(), replay.turns[5]!.input.join('\n'));
    assert.equal(await pane.locator('.lines.output').textContent(), replay.turns[5]!.output.join('\n'));
    // Where the arena measures them, the turn's CPU time and its wait for a CPU.
    const { cpuMs, waitMs } = replay.turns[5]!;
    if (cpuMs !== undefined) {
      assert.notEqual(waitMs, undefined, 'a turn whose CPU time is measured has its wait for a CPU too');
      const shown = await pane.getByTestId('turn-use').textContent();
      assert.match(shown ?? '', /^CPU [\d.]+ ms · waited for a CPU [\d.]+ ms$/);
    }

    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await showsTurn(page, 4);
    await page.keyboard.press('End');
    await showsTurn(page, last);
    await page.keyboard.press('Home');
    await showsTurn(page, 0);

    await page.getByLabel('turn number').fill('12');
    await page.getByLabel('turn number').press('Enter');
    await showsTurn(page, 12);

    await page.getByRole('button', { name: 'seat 1' }).click();
    await showsTurn(page, replay.turns.find((t) => t.seat === 1 && t.turn > 12)!.turn);

    await page.getByRole('button', { name: 'slowest turn' }).click();
    await showsTurn(page, replay.turns.reduce((a, b) => (b.timeMs > a.timeMs ? b : a)).turn);

    // A link's hash opens its turn. (Page code as text: the tests are compiled without the DOM's types.)
    await page.evaluate("location.hash = '#turn=2'");
    await showsTurn(page, 2);

    await page.keyboard.press(' ');
    await page.waitForFunction("Number(document.querySelector('.turn-number').value) > 3");
    await page.keyboard.press(' ');
    await page.waitForTimeout(300);
    const paused = await turnShown(page);
    await page.waitForTimeout(600);
    assert.equal(await turnShown(page), paused, 'Space pauses');

    await page.goto(`${served.url}games/3#turn=9`);
    await page.locator('.chart').first().waitFor();
    await screenshot(page, 'viewer');
    assert.deepEqual(errors, []);
  });

  it('says whose doing a timeout was, and why; and that an earlier play was not counted', async () => {
    const page = await context.newPage();
    const errors = pageErrors(page);
    await page.goto(`${served.url}games/5`);
    const ruling = page.getByTestId('ruling');
    await ruling.waitFor();
    // The bot slept 200 ms against its 100 ms: past its limit by more than it waited, or never answered.
    assert.match(
      (await ruling.textContent()) ?? '',
      /^Ruled the bot's: seat 0 (answered [\d.]+ ms past its 100 ms, having waited [\d.]+ ms for a CPU \(CPU time [\d.]+ ms; load average [\d.]+ on \d+ cores\): its wait does not cover that|gave no answer in the 200 ms it was watched past its 100 ms)/,
    );
    assert.equal(await page.getByTestId('note').count(), 0);
    await ruling.getByRole('link').click();
    await showsTurn(page, Number(/#turn=(\d+)/.exec((await ruling.getByRole('link').getAttribute('href')) ?? '')![1]));

    await page.goto(`${served.url}games/6`);
    await page.getByTestId('ruling').waitFor();
    assert.match(
      (await page.getByTestId('ruling').textContent()) ?? '',
      /^Ruled the machine's: seat 0 answered 30 ms past its 100 ms, having waited 45 ms for a CPU \(CPU time 21 ms; load average [\d.]+ on \d+ cores\) \(turn \d+\)$/,
    );
    assert.match(
      (await page.getByTestId('note').textContent()) ?? '',
      /^An earlier play \(play 1\) of the run's game at index 0, played again .*counted nowhere\.$/,
    );
    await screenshot(page, 'game-ruling');
    assert.deepEqual(errors, []);
  });

  it('charts the values bots print on stderr', async () => {
    const page = await context.newPage();
    await page.goto(`${served.url}games/3#turn=1`);
    await page.getByText('[TDATA] options (stderr)').waitFor();
  });

  it("shows the run's report with its games", async () => {
    const page = await context.newPage();
    const errors = pageErrors(page);
    await page.goto(`${served.url}runs/2`);
    await page.getByRole('heading', { name: 'Bots', exact: true }).waitFor();
    await screenshot(page, 'run');
    await page.getByRole('link', { name: 'game 3', exact: true }).click();
    await page.waitForURL(/\/games\/3/);
    await page.goto(served.url);
    await page.getByRole('link', { name: 'run 2' }).waitFor();
    await screenshot(page, 'runs');
    await page.getByRole('link', { name: 'Play a game against a bot' }).click();
    await page.getByRole('button', { name: 'Start' }).waitFor();
    await screenshot(page, 'play');
    assert.deepEqual(errors, []);
  });
});
