/**
 * A verdict in a real contest: real bots as processes in their sandbox, a real `tabula ladder`, the
 * author reading it through the API as a script would.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { exportBuiltinBot } from '../../src/arena/builtin/export.js';
import { viewProblem } from '../../src/arena/sandbox/file-view.js';
import { findGame } from '../../src/games/registry.js';
import { root, tabula } from '../support/cli.js';
import { api, joinAuthors, type RunningLadder, startLadder, until } from '../support/ladder.js';
import { browser, browserSkip, pageErrors, screenshot } from '../support/web.js';

const work = mkdtempSync(join(tmpdir(), 'tabula-verdict-test-'));
process.env.XDG_CACHE_HOME = join(work, 'cache');

/** A folder holding Mills's built-in bot `bot`, exported as one JavaScript file: an author's submission. */
async function exported(bot: string): Promise<string> {
  const dir = join(work, bot);
  mkdirSync(dir, { recursive: true });
  await exportBuiltinBot(await findGame('mills'), bot, {}, join(dir, 'bot.js'));
  return dir;
}

describe('a verdict in a real contest (tabula ladder mills)', {
  skip: viewProblem() ?? false,
  timeout: 900_000,
}, () => {
  const db = join(work, 'site.db');
  let ladder: RunningLadder;
  const tokens: Record<string, string> = {};

  before(async () => {
    // One game at a time: a validation game then has the machine to itself. A 50 ms turn on a loaded
    // 2-core machine can stall past its limit in ways no CPU measure sees, and such a stall is ruled
    // the bot's (core/time-control.ts), which would reject the test's second version.
    ladder = await startLadder(['mills', '--db', db, '--port', '0', '--concurrency', '1'], true);
    Object.assign(tokens, await joinAuthors(ladder.url, db, ['alice', 'bob']));
  });
  after(async () => {
    await ladder?.stop();
  });

  const submit = async (author: string, bot: string): Promise<number> => {
    const run = await tabula(
      ['submit', ladder.url, await exported(bot), '--lang', 'javascript', '--token', tokens[author]!],
      '',
      root,
      300_000,
      { XDG_CONFIG_HOME: join(work, 'config', author) },
    );
    assert.equal(run.code, 0, run.stdout + run.stderr);
    return Number(/\/submissions\/(\d+)\)$/m.exec(run.stdout)![1]);
  };
  const submission = (id: number, author: string) =>
    api(ladder.url, `/api/submissions/${id}`, { token: tokens[author]! });

  it('judges a clearly stronger second version better, from twin games of its first; only its author reads it', async () => {
    const first = await submit('alice', 'random');
    await submit('bob', 'greedy');
    assert.equal((await submission(first, 'alice')).body.verdict, null, 'a first version has none');
    await until('forty rated games of alice.v1', 600_000, async () =>
      (await submission(first, 'alice')).body.games >= 40 ? true : undefined,
    );
    const second = await submit('alice', 'greedy');
    const verdict = await until('the verdict of alice.v2', 600_000, async () => {
      const { verdict } = (await submission(second, 'alice')).body;
      return verdict.result === 'not yet known' ? undefined : verdict;
    });
    assert.equal(verdict.result, 'better', JSON.stringify(verdict));
    assert.equal(verdict.against, 'alice.v1');
    assert.ok(verdict.games >= 5 && verdict.interval[0] > 0, JSON.stringify(verdict));
    assert.ok(verdict.llr.better >= verdict.bounds.upper, JSON.stringify(verdict));
    const other = await submission(second, 'bob');
    assert.deepEqual([other.status, other.body], [404, { error: `no submission ${second} of yours` }]);

    if (browserSkip) return;
    const context = await browser();
    try {
      const page = await context.newPage();
      const errors = pageErrors(page);
      await page.goto(new URL('login', ladder.url).href);
      await page.getByLabel('Your token, or the admin key').fill(tokens.alice!);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL((u) => u.pathname !== '/login');
      await page.goto(new URL(`submissions/${second}`, ladder.url).href);
      const section = page.getByTestId('verdict');
      await section.getByText('Against alice.v1').waitFor();
      assert.equal(await page.getByTestId('verdict-result').textContent(), 'Better');
      assert.match((await section.textContent()) ?? '', /\d+ twin games?, score 0\.\d{3}, Elo \+\d/);
      await screenshot(section, 'contest-verdict');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
