/**
 * `tabula submit` as an author runs it, a real child process against a real contest server
 * (`tabula ladder`): a folder holding symbolic links (to a secret file, to a system folder, to
 * nothing), a server that moved to another port, and the viewer's line that plays a game again.
 */
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { viewProblem } from '../../src/arena/sandbox/file-view.js';
import { root, tabula } from '../support/cli.js';
import { api, type RunningLadder, startLadder } from '../support/ladder.js';
import { scratch } from '../support/web.js';

const weak = join(root, 'test', 'fixtures', 'contest', 'weak.py');

describe('tabula submit, as an author runs it', { skip: viewProblem() ?? false, timeout: 600_000 }, () => {
  const work = scratch();
  const db = join(work, 'contest.db');
  const cache = { XDG_CACHE_HOME: join(work, 'cache') };
  let ladder: RunningLadder;
  let invites: string[];
  /** Printed once, on the first start. */
  let adminKey: string;

  before(async () => {
    ladder = await startLadder(['morris', '--db', db, '--port', '0', '--concurrency', '1'], true, cache);
    adminKey = ladder.adminKey!;
    const made = await tabula(['ladder', 'invite', '--db', db, '--count', '4']);
    assert.equal(made.code, 0, made.stderr);
    invites = made.stdout.trim().split('\n');
  });
  after(async () => {
    await ladder?.stop();
  });

  /** `tabula submit` from `author`'s machine: their config keeps their tokens. */
  const submit = (author: string, url: string, path: string, ...more: string[]) =>
    tabula(['submit', url, path, '--lang', 'python', ...more], '', root, 300_000, configOf(author));
  const configOf = (author: string) => ({ XDG_CONFIG_HOME: join(work, 'config', author) });
  const keptFile = (author: string) => join(work, 'config', author, 'tabula', 'contests.json');
  const kept = (author: string): Record<string, { author: string; token: string }> =>
    JSON.parse(readFileSync(keptFile(author), 'utf8'));
  const origin = (url: string) => url.replace(/\/$/, '');

  it('sends no symbolic link, to a file, a folder or nothing: names each one left out, once, and sends the rest', async () => {
    const secrets = join(work, 'secrets');
    mkdirSync(secrets);
    writeFileSync(join(secrets, 'contests.json'), '{"http://other:8080": {"author": "bob", "token": "SECRET-TOKEN"}}');
    const bot = join(work, 'alice-bot');
    mkdirSync(join(bot, 'lib'), { recursive: true });
    copyFileSync(weak, join(bot, 'bot.py'));
    writeFileSync(join(bot, 'lib', 'util.py'), 'HELPER = 1\n');
    symlinkSync(join(secrets, 'contests.json'), join(bot, 'tokens.json'));
    symlinkSync(secrets, join(bot, 'lib', 'secrets'));
    symlinkSync('/etc', join(bot, 'etc'));
    symlinkSync(join(work, 'nothing-here'), join(bot, 'gone.py'));
    const run = await submit('alice', ladder.url, bot, '--invite', invites.shift()!, '--as', 'alice');
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.deepEqual(
      run.stderr.split('\n').filter((l) => l !== ''),
      [
        'tabula: left out etc: a symbolic link',
        'tabula: left out gone.py: a symbolic link',
        'tabula: left out lib/secrets: a symbolic link',
        'tabula: left out tokens.json: a symbolic link',
      ],
    );
    assert.match(run.stdout, /^submitted 2 files of /m);
    const id = /submission (\d+)/.exec(run.stdout)![1];
    const source = await api(ladder.url, `/api/submissions/${id}/source`, {
      token: kept('alice')[origin(ladder.url)]!.token,
    });
    assert.deepEqual(
      source.body.files.map((f: { path: string }) => f.path),
      ['bot.py', 'lib/util.py'],
    );
    assert.doesNotMatch(JSON.stringify(source.body), /SECRET-TOKEN/);
  });

  it('sends the token kept for the server after it moved to another port of its host, saying so, and keeps it for the new one', async () => {
    const before = origin(ladder.url);
    await ladder.stop();
    ladder = await startLadder(['morris', '--db', db, '--port', '0', '--concurrency', '1'], false, cache);
    const now = origin(ladder.url);
    assert.notEqual(now, before, 'another port');
    const moved = await submit('alice', ladder.url, weak);
    assert.equal(moved.code, 0, moved.stdout + moved.stderr);
    assert.equal(
      moved.stderr,
      `tabula: no token is kept for ${now}: sending alice's, kept for ${before} (the same host)\n` +
        `tabula: alice's token is kept for ${now} from now on\n`,
    );
    assert.deepEqual(Object.keys(kept('alice')), [now]);
    const again = await submit('alice', ladder.url, weak);
    assert.equal(again.code, 0, again.stdout + again.stderr);
    assert.equal(again.stderr, '', 'found at once');
    // Two tokens for the host: which one is this server's is not known, and none is sent.
    mkdirSync(join(work, 'config', 'zed', 'tabula'), { recursive: true });
    writeFileSync(
      keptFile('zed'),
      JSON.stringify({
        'http://127.0.0.1:1': { author: 'zed', token: 'tbl_token_one' },
        'http://127.0.0.1:2': { author: 'zed', token: 'tbl_token_two' },
      }),
    );
    const unsure = await submit('zed', ladder.url, weak);
    assert.equal(unsure.code, 2, unsure.stdout + unsure.stderr);
    assert.equal(
      unsure.stderr,
      `tabula: no token of yours for ${now}, and tokens for http://127.0.0.1:1 and http://127.0.0.1:2 on its host: give --token\n`,
    );
  });

  it("offers the line that plays a game again only to one who can run each of its bots: no other author's", async () => {
    const alice = Object.values(kept('alice')).find((k) => k.author === 'alice')!.token;
    const [newest] = (await api(ladder.url, '/api/authors/alice')).body.versions;
    const validation = (await api(ladder.url, `/api/submissions/${newest.id}`, { token: alice })).body.validation;
    const game = validation[0].id as number;
    const joined = await api(ladder.url, '/api/authors', { json: { invite: invites.shift(), name: 'bob' } });
    const lineFor = async (token: string | null) =>
      (await api(ladder.url, `/api/games/${game}`, { token })).body.playCommand as string;
    // Alice's own bot (run in its folder) and the boss, built in: hers to run.
    for (const [token, who] of [
      [alice, 'its author'],
      [adminKey, 'the admin, who reads every source'],
    ] as const) {
      const line = await lineFor(token);
      assert.match(line, /^tabula play morris .* --seed \d+/, who);
      assert.match(line, / 'alice\.v\d+=python3 bot\.py' /, who);
      assert.match(line, / wood-boss=builtin:random /, who);
    }
    assert.equal(await lineFor(joined.body.token), '', 'not for another author');
    assert.equal(await lineFor(null), '', 'not for anyone');
  });
});
