/**
 * A contest server's builds, with real processes: `tabula ladder` building two submissions at once,
 * authors who submit through the API and with `tabula submit`. A build that hangs holds up its own
 * author alone, whose next submission shows where it waits, and the admin cancels it; a build that
 * writes past its bytes is told so first; a fault of the server's is told plainly to the author and
 * in one line to the organiser; the server says on stderr, a line each, what becomes of every
 * submission, and once, run as root, what that means.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { viewProblem } from '../../src/arena/sandbox/file-view.js';
import { processIds } from '../../src/core/proc.js';
import { root, tabula } from '../support/cli.js';
import { api, type RunningLadder, startLadder, until } from '../support/ladder.js';

const fixtures = join(root, 'test', 'fixtures', 'contest');
const skip = viewProblem() ?? (spawnSync('g++', ['--version']).status === 0 ? false : 'needs g++');
const work = mkdtempSync(join(tmpdir(), 'tabula-ladder-builds-'));
process.env.XDG_CACHE_HOME = join(work, 'cache');

/** A C++ bot whose build never ends: the compiler reads a terminal that never answers. */
const HANGING = (marker: string) => `// ${marker}\n#include "/dev/ptmx"\nint main() {}\n`;
/** A C++ bot whose assembler writes 300 MB, past what a build may write. */
const WRITING = 'asm(".data\\n.fill 300000000, 1, 1\\n.text");\nint main() {}\n';

/** A file of the test's own, with `text`. */
function source(name: string, text: string): string {
  const path = join(work, name);
  writeFileSync(path, text);
  return path;
}

/** Submits one file through the API, as a script does: the submission's id. */
async function submitted(url: string, token: string, lang: string, file: string, name: string): Promise<number> {
  const form = new FormData();
  form.set('lang', lang);
  form.append('files', new Blob([readFileSync(file)]), name);
  const sent = await api(url, '/api/submissions', { body: form, token });
  assert.equal(sent.status, 201, JSON.stringify(sent.body));
  return sent.body.id;
}

/** `tabula submit` with `author`'s token. */
const submit = (url: string, path: string, lang: string, token: string) =>
  tabula(['submit', url, path, '--lang', lang, '--token', token], '', root, 300_000, {
    XDG_CONFIG_HOME: join(work, 'config'),
  });

/** The processes building a source that holds `marker` (their folder's bot.cpp does). */
function buildingWith(marker: string): number[] {
  return (processIds() ?? []).filter((pid) => {
    try {
      const cwd = readlinkSync(`/proc/${pid}/cwd`);
      return cwd.includes('tabula-build-') && readFileSync(join(cwd, 'bot.cpp'), 'utf8').includes(marker);
    } catch {
      return false;
    }
  });
}

/** The lines the server wrote on stderr about submission `id`. */
const logOf = (ladder: RunningLadder, id: number): string[] =>
  ladder
    .stderr()
    .split('\n')
    .filter((l) => l.startsWith(`tabula: submission ${id} (`));

describe('a contest server’s builds (tabula ladder --builds)', { skip, timeout: 600_000 }, () => {
  const db = join(work, 'contest.db');
  let ladder: RunningLadder;
  let admin: string;
  let invites: string[];
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};

  before(async () => {
    ladder = await startLadder(['morris', '--db', db, '--port', '0', '--concurrency', '2', '--builds', '2'], true);
    admin = ladder.adminKey!;
    const made = await tabula(['ladder', 'invite', '--db', db, '--count', '3']);
    assert.equal(made.code, 0, made.stderr);
    invites = made.stdout.trim().split('\n');
    for (const name of ['alice', 'bob', 'carol']) {
      const joined = await api(ladder.url, '/api/authors', { json: { invite: invites.shift(), name } });
      assert.equal(joined.status, 201, JSON.stringify(joined.body));
      tokens[name] = joined.body.token;
    }
  });
  after(async () => {
    await ladder?.stop();
  });

  it('builds beside a build that hangs; shows where its author’s next one waits; the admin cancels it', async () => {
    const marker = `hangs-${process.pid}-${Date.now()}`;
    ids.hanging = await submitted(ladder.url, tokens.alice!, 'cpp', source('hang.cpp', HANGING(marker)), 'bot.cpp');
    await until('the hanging build is being built', 30_000, async () => {
      const { body } = await api(ladder.url, '/api/admin', { token: admin });
      const line = body.builds.find((b: { submission: number }) => b.submission === ids.hanging);
      return line?.since ? line : undefined;
    });
    // Alice's next waits behind her own first; Bob's is built beside it.
    ids.next = await submitted(ladder.url, tokens.alice!, 'python', join(fixtures, 'weak.py'), 'bot.py');
    const waiting = await api(ladder.url, `/api/submissions/${ids.next}`, { token: tokens.alice! });
    assert.equal(waiting.body.status, 'building');
    assert.deepEqual(waiting.body.waiting, { ahead: 1 }, 'behind her build in hand');
    const bob = await submit(ladder.url, join(fixtures, 'strong.cpp'), 'cpp', tokens.bob!);
    assert.equal(bob.code, 0, bob.stdout + bob.stderr);
    assert.match(bob.stdout, /^active: bob\.v1 plays in the wood league/m);
    ids.bob = Number(/submission (\d+)/.exec(bob.stdout)![1]);

    const { body: seen } = await api(ladder.url, '/api/admin', { token: admin });
    assert.equal(seen.buildSlots, 2);
    const [hanging, next] = seen.builds;
    assert.equal(hanging.submission, ids.hanging, 'still being built');
    assert.equal(hanging.author, 'alice');
    assert.equal(hanging.name, 'alice.v1');
    assert.ok(Date.now() - Date.parse(hanging.since) > 0);
    assert.deepEqual([next.submission, next.since, next.ahead], [ids.next, null, 1]);
    assert.ok(buildingWith(marker).length > 0, 'its compiler runs');

    assert.equal((await api(ladder.url, '/api/admin/cancel', { json: { submission: ids.hanging } })).status, 401);
    const refused = await api(ladder.url, '/api/admin/cancel', {
      json: { submission: ids.hanging },
      token: tokens.alice!,
    });
    assert.equal(refused.status, 403);
    const cancelled = await api(ladder.url, '/api/admin/cancel', { json: { submission: ids.hanging }, token: admin });
    assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
    assert.deepEqual(cancelled.body, { id: ids.hanging, status: 'rejected' });
    await until('its processes are gone', 3000, async () => (buildingWith(marker).length === 0 ? true : undefined));
    const rejected = await api(ladder.url, `/api/submissions/${ids.hanging}`, { token: tokens.alice! });
    assert.equal(rejected.body.reason, 'cancelled by the admin');
    const again = await api(ladder.url, '/api/admin/cancel', { json: { submission: ids.hanging }, token: admin });
    assert.equal(again.status, 409);
    assert.match(again.body.error, /is rejected: only a build can be cancelled/);

    // Her next one is built now.
    const active = await until('alice.v2 is active', 60_000, async () => {
      const s = await api(ladder.url, `/api/submissions/${ids.next}`, { token: tokens.alice! });
      return s.body.status === 'active' ? s.body : undefined;
    });
    assert.equal(active.waiting, null);
  });

  it('rejects a build that writes past its 256 MB, saying so first; the compiler’s words in the log', async () => {
    const run = await submit(ladder.url, source('writes.cpp', WRITING), 'cpp', tokens.carol!);
    assert.equal(run.code, 1, run.stdout + run.stderr);
    assert.match(
      run.stdout,
      /^rejected: the build wrote past its 256 MB of files \(what a build may write, in one file or in all\)$/m,
    );
    assert.match(run.stdout, /File size limit exceeded/);
    ids.writes = Number(/submission (\d+)/.exec(run.stdout)![1]);
  });

  it('says on stderr what becomes of each submission, a line each', async () => {
    // Bob's strong bot passes the random boss of the lowest league.
    await until('bob.v1 is promoted', 240_000, async () => {
      const s = await api(ladder.url, `/api/submissions/${ids.bob}`, { token: tokens.bob! });
      return s.body.league !== 'wood' ? true : undefined;
    });
    assert.equal(
      (await api(ladder.url, '/api/admin/retire', { json: { submission: ids.bob }, token: admin })).status,
      200,
    );
    const said = (id: number) => logOf(ladder, id).map((l) => l.replace(/^tabula: submission \d+ \([^)]*\): /, ''));
    // The server's stderr is a pipe, written as the server goes on: its line may follow the answer.
    await until('the retirement is said', 10_000, async () =>
      said(ids.bob!).at(-1) === 'retired by the admin' ? true : undefined,
    );
    assert.deepEqual(said(ids.hanging!), ['received', 'cancelled by the admin']);
    // Alice's weak bot may pass the random boss too.
    assert.deepEqual(
      said(ids.next!).filter((l) => !l.startsWith('promoted to the ')),
      ['received', 'built', 'validated', 'active in the wood league'],
    );
    const bob = said(ids.bob!);
    assert.deepEqual(bob.slice(0, 5), [
      'received',
      'built',
      'validated',
      'active in the wood league',
      'promoted to the bronze league',
    ]);
    // It may have passed the next boss too before the admin retired it.
    assert.deepEqual(bob.slice(5, -1), bob.length > 6 ? ['promoted to the gold league'] : []);
    assert.equal(bob.at(-1), 'retired by the admin');
    assert.deepEqual(said(ids.writes!), [
      'received',
      'rejected: the build wrote past its 256 MB of files (what a build may write, in one file or in all)',
    ]);
    assert.match(logOf(ladder, ids.bob!)[0]!, /^tabula: submission \d+ \(morris bob\.v1, cpp\): received$/);
    assert.match(logOf(ladder, ids.next!)[0]!, /^tabula: submission \d+ \(morris alice\.v2, python\): received$/);
  });

  it('says once, run as root, what that means', () => {
    const warned = ladder.stderr().match(/^tabula: running as root: .*$/gm) ?? [];
    assert.equal(warned.length, process.getuid?.() === 0 ? 1 : 0);
    if (warned.length > 0) assert.match(warned[0]!, /unprivileged user id of its own.*run it as an ordinary user/i);
  });
});

describe('a contest server’s own fault in a build', { skip, timeout: 300_000 }, () => {
  it('tells the author it was the server’s, and the organiser what, in one line', async () => {
    const db = join(work, 'broken.db');
    // Its cache of builds cannot be made: a file stands where its folder would be.
    const cache = join(work, 'not-a-folder');
    writeFileSync(cache, '');
    const ladder = await startLadder(['morris', '--db', db, '--port', '0'], true, { XDG_CACHE_HOME: cache });
    try {
      const [invite] = (await tabula(['ladder', 'invite', '--db', db])).stdout.trim().split('\n');
      const joined = await api(ladder.url, '/api/authors', { json: { invite, name: 'dora' } });
      const dir = join(work, 'dora');
      mkdirSync(dir);
      copyFileSync(join(fixtures, 'weak.py'), join(dir, 'bot.py'));
      const run = await submit(ladder.url, dir, 'python', joined.body.token);
      assert.equal(run.code, 1, run.stdout + run.stderr);
      assert.match(
        run.stdout,
        /^rejected: Tabula could not build or validate it: an error of the server's, not of the submission; the organiser has the details$/m,
      );
      assert.doesNotMatch(run.stdout, new RegExp(`${work}|\\n\\s+at `), 'no path or stack of the server’s');
      const id = Number(/submission (\d+)/.exec(run.stdout)![1]);
      // Built, it could not be made ready to play: one line says why, with the path, then the rejection.
      const lines = logOf(ladder, id);
      assert.equal(lines.length, 4, lines.join('\n'));
      assert.match(lines[1]!, /^tabula: submission \d+ \(morris dora\.v1, python\): built$/);
      assert.match(
        lines[2]!,
        /^tabula: submission \d+ \(morris dora\.v1, python\): an error of the server's while building or validating it: ENOTDIR/,
      );
      assert.ok(lines[2]!.includes(cache), 'the organiser reads where');
      assert.match(lines[3]!, /: rejected: Tabula could not build or validate it/);
      assert.doesNotMatch(ladder.stderr(), /^\s+at /m, 'no stack on the server’s stderr');
    } finally {
      await ladder.stop();
    }
  });
});
