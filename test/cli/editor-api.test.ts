/**
 * Drafts and test games through the API, as the editor page and scripts call it, on a real
 * `tabula ladder` of Mills and RummiKode: drafts kept per author and language and seen by no other
 * author; a test game built in the sandbox and played against a boss, its build kept by content, its
 * compiler's words at their line, rating nobody, stored apart; one in hand at a time; the per-minute
 * limit with its wait; a table of four; and after a restart, test games past their time deleted.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { viewProblem } from '../../src/arena/sandbox/file-view.js';
import { TESTS_PER_MINUTE } from '../../src/contest/test-games.js';
import type { EditorData, TestGameData } from '../../src/server/contest-wire.js';
import { api, joinAuthors, type RunningLadder, startLadder, until } from '../support/ladder.js';

const work = mkdtempSync(join(tmpdir(), 'tabula-editor-api-'));
process.env.XDG_CACHE_HOME = join(work, 'cache');
const MILLS = '/api/contests/mills';
const BROKEN = 'import sys\n\ndef (:\n    pass\n';

describe('drafts and test games through the API (tabula ladder mills rummikode)', {
  skip: viewProblem() ?? false,
  timeout: 600_000,
}, () => {
  const db = join(work, 'site.db');
  let ladder: RunningLadder;
  let admin: string;
  const tokens: Record<string, string> = {};
  const asked: TestGameData[] = [];

  before(async () => {
    ladder = await startLadder(['mills', 'rummikode', '--db', db, '--port', '0', '--concurrency', '2'], true);
    admin = ladder.adminKey!;
    Object.assign(tokens, await joinAuthors(ladder.url, db, ['alice', 'bob']));
  });
  after(async () => {
    await ladder?.stop();
  });

  const as = (author: string) => ({ token: tokens[author]! });
  /** Asks for a test game and follows it until it is played or failed. */
  const play = async (author: string, base: string, request: object): Promise<TestGameData> => {
    const started = await api(ladder.url, `${base}/tests`, { ...as(author), json: request });
    assert.equal(started.status, 202, JSON.stringify(started.body));
    asked.push(started.body);
    return until('the test game is over', 120_000, async () => {
      const { body } = await api(ladder.url, `${base}/tests/${started.body.id}`, as(author));
      return body.status === 'played' || body.status === 'failed' ? (body as TestGameData) : undefined;
    });
  };

  it('opens a starter, keeps a draft per author, shows it to no other author', async () => {
    const editor = await api(ladder.url, `${MILLS}/editor`, as('alice'));
    assert.equal(editor.status, 200);
    const data = editor.body as EditorData;
    assert.equal(data.lang, null);
    assert.equal(data.opponents[0]!.name, 'wood-boss');
    assert.equal(data.limits.perMinute, TESTS_PER_MINUTE);

    const starter = await api(ladder.url, `${MILLS}/drafts/python`, as('alice'));
    assert.equal(starter.body.from, 'starter');
    assert.equal(starter.body.file, 'bot.py');
    assert.match(starter.body.text, /def choose/);

    const saved = await api(ladder.url, `${MILLS}/drafts/python`, {
      ...as('alice'),
      method: 'PUT',
      json: { text: '# alice was here\n' },
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    const again = await api(ladder.url, `${MILLS}/drafts/python`, as('alice'));
    assert.deepEqual([again.body.from, again.body.text], ['draft', '# alice was here\n']);
    assert.equal((await api(ladder.url, `${MILLS}/editor`, as('alice'))).body.lang, 'python');

    // Bob reads his own (the starter), whatever he names; the admin reads alice's by name.
    const bobs = await api(ladder.url, `${MILLS}/drafts/python?author=alice`, as('bob'));
    assert.equal(bobs.body.from, 'starter');
    assert.doesNotMatch(bobs.body.text, /alice was here/);
    const adminReads = await api(ladder.url, `${MILLS}/drafts/python?author=alice`, { token: admin });
    assert.equal(adminReads.body.text, '# alice was here\n');
    // Nobody logged in, and the admin's own editor.
    assert.equal((await api(ladder.url, `${MILLS}/drafts/python`)).status, 401);
    assert.equal((await api(ladder.url, `${MILLS}/editor`, { token: admin })).status, 403);
    // Another contest's draft is another draft.
    assert.equal((await api(ladder.url, '/api/contests/rummikode/drafts/python', as('alice'))).body.from, 'starter');
    const tooBig = await api(ladder.url, `${MILLS}/drafts/python`, {
      ...as('alice'),
      method: 'PUT',
      json: { text: 'x'.repeat(data.limits.draftBytes + 1) },
    });
    assert.equal(tooBig.status, 400);
    assert.match(tooBig.body.error, /at most 1048576/);
  });

  it('plays the starter against the lowest boss, rating nobody; the same text again builds nothing', async () => {
    const { text } = (await api(ladder.url, `${MILLS}/drafts/python?author=bob`, { token: admin })).body;
    const first = await play('alice', MILLS, { lang: 'python', text, opponent: 1, seat: 1, seed: 7 });
    assert.equal(first.status, 'played', JSON.stringify(first));
    assert.deepEqual([first.seat, first.seed, first.opponent, first.build?.cached], [1, 7, 'wood-boss', false]);
    assert.ok(first.outcome && first.outcome.place >= 1);
    // The draft is what was played.
    assert.equal((await api(ladder.url, `${MILLS}/drafts/python`, as('alice'))).body.text, text);

    const game = await api(ladder.url, `/api/games/${first.gameId}`, as('alice'));
    assert.equal(game.status, 200);
    assert.deepEqual(
      game.body.record.players.map((p: { name: string }) => p.name),
      ['wood-boss', 'alice.draft'],
    );
    assert.equal((await api(ladder.url, `${MILLS}/games/${first.gameId}`, as('alice'))).status, 200);
    for (const [who, status] of [
      [as('bob'), 404],
      [{ token: null }, 401],
    ] as const) {
      assert.equal((await api(ladder.url, `/api/games/${first.gameId}`, who)).status, 404);
      assert.equal((await api(ladder.url, `${MILLS}/tests/${first.id}`, who)).status, status);
    }
    // Nobody was rated, and the ladder's games do not hold it.
    const board = (await api(ladder.url, `${MILLS}/leaderboard`)).body;
    assert.equal(board.rows.find((r: { name: string }) => r.name === 'wood-boss').games, 0);

    const second = await play('alice', MILLS, { lang: 'python', text, opponent: 1, seat: 0, seed: 7 });
    assert.equal(second.status, 'played');
    assert.equal(second.build?.cached, true);
  });

  it("fails a draft that does not compile, with the compiler's words at its line", async () => {
    const failed = await play('alice', MILLS, { lang: 'python', text: BROKEN, opponent: 1 });
    assert.equal(failed.status, 'failed');
    assert.match(failed.reason, /the build failed/);
    assert.equal(failed.build?.ok, false);
    assert.equal(failed.build?.diagnostics[0]?.line, 3);
    assert.match(failed.build!.diagnostics[0]!.message, /SyntaxError/);
    assert.equal(failed.gameId, null);
  });

  it('takes one test game in hand at a time, and so many a minute, saying how long to wait', async () => {
    // A C++ build takes a while: the next Play meanwhile is refused.
    const slow = await api(ladder.url, `${MILLS}/tests`, {
      ...as('alice'),
      json: { lang: 'cpp', text: (await api(ladder.url, `${MILLS}/drafts/cpp`, as('alice'))).body.text, opponent: 1 },
    });
    assert.equal(slow.status, 202, JSON.stringify(slow.body));
    const busy = await api(ladder.url, `${MILLS}/tests`, {
      ...as('alice'),
      json: { lang: 'python', text: BROKEN, opponent: 1 },
    });
    assert.equal(busy.status, 409);
    assert.match(busy.body.error, new RegExp(`your test game ${slow.body.id} is still`));
    await until('the C++ test game is over', 180_000, async () => {
      const { body } = await api(ladder.url, `${MILLS}/tests/${slow.body.id}`, as('alice'));
      return body.status === 'played' || body.status === 'failed' ? body : undefined;
    });
    // Played one after the other, fast (each fails at its build), until the minute holds too many.
    let over: Awaited<ReturnType<typeof api>> | undefined;
    for (let tries = 0; tries <= TESTS_PER_MINUTE && over === undefined; tries++) {
      const answer = await api(ladder.url, `${MILLS}/tests`, {
        ...as('alice'),
        json: { lang: 'python', text: BROKEN, opponent: 1 },
      });
      if (answer.status === 429) over = answer;
      else {
        assert.equal(answer.status, 202, JSON.stringify(answer.body));
        await until('the test game is over', 60_000, async () => {
          const { body } = await api(ladder.url, `${MILLS}/tests/${answer.body.id}`, as('alice'));
          return body.status === 'failed' ? body : undefined;
        });
      }
    }
    assert.ok(over, `no refusal after ${TESTS_PER_MINUTE + 1} test games`);
    assert.ok(over.body.retryAfter >= 1 && over.body.retryAfter <= 60, JSON.stringify(over.body));
    assert.equal(over.headers.get('retry-after'), `${over.body.retryAfter}`);
    assert.match(over.body.error, new RegExp(`at most ${TESTS_PER_MINUTE} test games a minute: try again in \\d+ s`));
    // Bob's minute is his own.
    const bobs = await play('bob', MILLS, { lang: 'python', text: BROKEN, opponent: 1 });
    assert.equal(bobs.status, 'failed');
  });

  it('plays a table of four of RummiKode, the draft at the seat chosen, and refuses a table the game lacks', async () => {
    const base = '/api/contests/rummikode';
    const { text } = (await api(ladder.url, `${base}/drafts/python`, as('bob'))).body;
    const boss = ((await api(ladder.url, `${base}/editor`, as('bob'))).body as EditorData).opponents[0]!;
    assert.equal(boss.name, 'wood-boss');
    const refused = await api(ladder.url, `${base}/tests`, {
      ...as('bob'),
      json: { lang: 'python', text, opponent: boss.id, players: 5 },
    });
    assert.equal(refused.status, 400);
    assert.match(refused.body.error, /2 to 4 players/);
    const table = await play('bob', base, { lang: 'python', text, opponent: boss.id, players: 4, seat: 2 });
    assert.equal(table.status, 'played', JSON.stringify(table));
    const game = await api(ladder.url, `/api/games/${table.gameId}`, as('bob'));
    assert.deepEqual(
      game.body.record.players.map((p: { name: string }) => p.name),
      ['wood-boss', 'wood-boss', 'bob.draft', 'wood-boss'],
    );
  });

  it('deletes test games past their time at the next start, and refuses Play where the organiser turned it off', async () => {
    await ladder.stop();
    const first = asked[0]!;
    const file = new Database(db);
    file.prepare("UPDATE test_games SET created_at = '2000-01-01T00:00:00.000Z' WHERE id = ?").run(first.id);
    file.close();
    ladder = await startLadder(['--db', db, '--port', '0', '--concurrency', '2', '--test-games', '0'], false);
    assert.equal((await api(ladder.url, `${MILLS}/tests/${first.id}`, as('alice'))).status, 404);
    assert.equal((await api(ladder.url, `/api/games/${first.gameId}`, as('alice'))).status, 404);
    assert.equal((await api(ladder.url, `${MILLS}/tests/${asked[1]!.id}`, as('alice'))).status, 200);
    const off = await api(ladder.url, `${MILLS}/tests`, {
      ...as('bob'),
      json: { lang: 'python', text: BROKEN, opponent: 1 },
    });
    assert.equal(off.status, 400);
    assert.match(off.body.error, /turned test games off/);
    assert.equal((await api(ladder.url, `${MILLS}/editor`, as('bob'))).body.limits.slots, 0);
  });
});
