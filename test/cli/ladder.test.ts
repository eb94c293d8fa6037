/**
 * A contest server end to end, with real processes: `tabula ladder` on a free port, authors who join
 * and submit with `tabula submit` (Python and C++: one that does not compile, one that crashes in
 * validation, a weak one and a strong one, a hostile one), the leaderboard settling, a resubmission,
 * a SIGKILL and a restart, and every security rule tried by a client that misbehaves.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { viewProblem } from '../../src/arena/sandbox/file-view.js';
import { STRANGER_IDS } from '../../src/arena/sandbox/identity.js';
import { processIds } from '../../src/core/proc.js';
import { root, tabula, tabulaCommand } from '../support/cli.js';
import { api, type RunningLadder, startLadder, until } from '../support/ladder.js';
import { startRedis } from '../support/redis.js';

const fixtures = join(root, 'test', 'fixtures', 'contest');
const skip = viewProblem() ?? (spawnSync('g++', ['--version']).status === 0 ? false : 'needs g++');
const work = mkdtempSync(join(tmpdir(), 'tabula-ladder-test-'));
// Where the ladder unpacks builds: this test's own.
process.env.XDG_CACHE_HOME = join(work, 'cache');

/** A bot's folder of its own, as `tabula new` makes one: `main` holds the fixture. */
function botFolder(name: string, fixture: string, main: string, extra: Record<string, string> = {}): string {
  const dir = join(work, name);
  mkdirSync(dir, { recursive: true });
  copyFileSync(join(fixtures, fixture), join(dir, main));
  for (const [file, text] of Object.entries(extra)) writeFileSync(join(dir, file), text);
  return dir;
}

/** `tabula submit` as `author` does it, from a machine of their own: their config keeps their token. */
const submit = (author: string, url: string, path: string, lang: string, ...who: string[]) =>
  tabula(['submit', url, path, '--lang', lang, ...who], '', root, 300_000, { XDG_CONFIG_HOME: configOf(author) });
const configOf = (author: string): string => join(work, 'config', author);

type Row = { name: string; league: string; rating: number; settled: boolean; games: number; submission: number };
const rows = async (url: string): Promise<Row[]> => (await api(url, '/api/leaderboard')).body.rows;

describe('a contest server (tabula ladder)', { skip, timeout: 900_000 }, () => {
  const db = join(work, 'contest.db');
  let ladder: RunningLadder;
  let invites: string[];

  before(async () => {
    // The server's environment holds a secret, which no submission may read.
    ladder = await startLadder(['morris', '--db', db, '--port', '0', '--concurrency', '2'], true, {
      TEACHER_SECRET: 'do-not-tell',
    });
    const made = await tabula(['ladder', 'invite', '--db', db, '--count', '8']);
    assert.equal(made.code, 0, made.stderr);
    invites = made.stdout.trim().split('\n');
  });
  after(async () => {
    await ladder?.stop();
  });

  /** Joins as `name` with the next invite, through the API: the token. */
  const join_ = async (name: string): Promise<string> => {
    const joined = await api(ladder.url, '/api/authors', { json: { invite: invites.shift(), name } });
    assert.equal(joined.status, 201, JSON.stringify(joined.body));
    return joined.body.token;
  };

  it('prints its URL, then the admin key once; invites are one-time codes; one server a contest', async () => {
    const second = await tabula(['ladder', 'morris', '--db', db, '--port', '0']);
    assert.equal(second.code, 2);
    assert.match(
      second.stderr,
      /^tabula: the morris contest in \S+contest\.db is already being served by process \d+ on /,
    );
    assert.equal(second.stdout, '');
    assert.match(ladder.url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
    assert.match(ladder.adminKey ?? '', /^tbl_admin_/);
    assert.equal(invites.length, 8);
    for (const code of invites) assert.match(code, /^tbl_invite_[\w-]{43}$/);
  });

  it('rejects a submission that does not compile, with the compiler’s output (exit 1)', async () => {
    const run = await submit(
      'carol',
      ladder.url,
      join(fixtures, 'broken.cpp'),
      'cpp',
      '--invite',
      invites.shift()!,
      '--as',
      'carol',
    );
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stdout, /^joined http:\/\/127\.0\.0\.1:\d+ as carol; your token: tbl_token_/m);
    assert.match(run.stdout, /^rejected: the build failed \(exit code 1\)$/m);
    assert.match(run.stdout, /bot\.cpp:2:21: error: .undeclared_name. was not declared in this scope/);
  });

  it('rejects one that crashes in validation, naming the turn and linking the replay', async () => {
    const run = await submit(
      'dave',
      ladder.url,
      join(fixtures, 'crash.py'),
      'python',
      '--invite',
      invites.shift()!,
      '--as',
      'dave',
    );
    assert.equal(run.code, 1, run.stderr);
    const link =
      /^rejected: crash at turn (\d+) of validation game 1 \(seat 0\): .*\((http:\S+\/games\/(\d+)#turn=(\d+))\)$/m.exec(
        run.stdout,
      );
    assert.ok(link, run.stdout);
    assert.equal(link[1], link[4], 'the link goes to the failing turn');
    // Its author reads what it wrote on stderr there; anyone else reads the game without it.
    const token = keptToken('dave');
    const own = await api(ladder.url, `/api/games/${link[3]}`, { token });
    const failing = own.body.record.turns.find((t: { failure?: unknown }) => t.failure);
    assert.match(failing.failure.message, /RuntimeError: the crash bot's third turn/);
    const other = await api(ladder.url, `/api/games/${link[3]}`);
    const hidden = other.body.record.turns.find((t: { failure?: unknown }) => t.failure);
    assert.doesNotMatch(JSON.stringify(other.body), /RuntimeError/);
    assert.equal(hidden.failure.status, 'crash');
  });

  it('ranks a strong and a weak version: the strong one first, promoted, both ratings settled', async () => {
    const weak = await submit(
      'alice',
      ladder.url,
      botFolder('alice', 'weak.py', 'bot.py'),
      'python',
      '--invite',
      invites.shift()!,
      '--as',
      'alice',
    );
    assert.equal(weak.code, 0, weak.stdout + weak.stderr);
    assert.match(weak.stdout, /^active: alice\.v1 plays in the wood league/m);
    const strong = await submit(
      'bob',
      ladder.url,
      join(fixtures, 'strong.cpp'),
      'cpp',
      '--invite',
      invites.shift()!,
      '--as',
      'bob',
    );
    assert.equal(strong.code, 0, strong.stdout + strong.stderr);
    const settled = await until('the leaderboard settles', 600_000, async () => {
      const board = await rows(ladder.url);
      const [bob, alice] = ['bob.v1', 'alice.v1'].map((n) => board.find((r) => r.name === n));
      return bob && alice && bob.league !== 'wood' && bob.settled && alice.settled ? board : undefined;
    });
    const versions = settled.filter((r) => r.name.includes('.v'));
    assert.deepEqual(
      versions.map((r) => r.name),
      ['bob.v1', 'alice.v1'],
      'the strong one first',
    );
  });

  it('retires a version its author replaces: its games kept, no longer rated', async () => {
    const before = (await rows(ladder.url)).find((r) => r.name === 'alice.v1')!;
    // The token was kept the first time: no --token needed.
    const again = await submit('alice', ladder.url, botFolder('alice2', 'weak.py', 'bot.py'), 'python');
    assert.equal(again.code, 0, again.stdout + again.stderr);
    assert.match(again.stdout, /^active: alice\.v2/m);
    const author = await api(ladder.url, '/api/authors/alice');
    assert.deepEqual(
      author.body.versions.map((v: { name: string; status: string }) => `${v.name} ${v.status}`),
      ['alice.v2 active', 'alice.v1 retired'],
    );
    const board = await rows(ladder.url);
    assert.equal(
      board.some((r) => r.name === 'alice.v1'),
      false,
      'a retired version leaves the leaderboard',
    );
    const v1 = await api(ladder.url, `/api/submissions/${before.submission}`, { token: keptToken('alice') });
    assert.ok(v1.body.games >= before.games, 'its games are kept');
    const tallied = v1.body.opponents.reduce((sum: number, o: { games: number }) => sum + o.games, 0);
    assert.ok(tallied >= before.games, 'and tallied by opponent');
  });

  it('keeps a hostile submission in its sandbox: no database, no other build, no home, no network', async () => {
    const token = await join_('eve');
    const cache = join(process.env.XDG_CACHE_HOME!, 'tabula', 'bot-files');
    const port = new URL(ladder.url).port;
    const targets = [
      `read ${db}`,
      `list ${cache}`,
      `list ${process.env.HOME ?? '/root'}`,
      'read /etc/hostname',
      'read /etc/shadow',
      'env TEACHER_SECRET',
      `connect 127.0.0.1 ${port}`,
      'connect 1.1.1.1 80',
    ];
    const dir = botFolder('eve', 'spy.py', 'bot.py', { 'targets.txt': targets.join('\n') });
    const run = await submit('eve', ladder.url, dir, 'python', '--token', token);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    const mine = await api(ladder.url, `/api/submissions/${/submission (\d+)/.exec(run.stdout)![1]}`, { token });
    const game = await api(ladder.url, `/api/games/${mine.body.validation.at(-1).id}`, { token });
    const said = game.body.record.turns.map((t: { stderr: string }) => t.stderr).join('');
    assert.match(said, new RegExp(`read ${db}: (refused|GOT b'')`));
    // Above its own build, its view shows its own folder alone: no other build, of its author's or another's.
    assert.match(said, new RegExp(`list ${cache}: (refused|GOT \\['\\w+'\\])\n`));
    assert.match(said, /list \S+: refused/);
    assert.match(said, /read \/etc\/hostname: GOT/, 'the system’s files are there, read only');
    assert.match(said, new RegExp(`connect 127\\.0\\.0\\.1 ${port}: refused`));
    assert.match(said, /connect 1\.1\.1\.1 80: refused/);
    assert.match(
      said,
      /read \/etc\/shadow: refused \((PermissionError|FileNotFoundError)\)/,
      'root’s files are not its',
    );
    assert.match(said, /env TEACHER_SECRET: refused \(KeyError\)/, 'nothing of the server’s environment');
    const [uid, gid] = /uid (\d+) gid (\d+)/.exec(said)!.slice(1).map(Number);
    if (process.getuid?.() === 0) {
      assert.ok(uid! >= STRANGER_IDS.first && uid! < STRANGER_IDS.first + STRANGER_IDS.count, `uid ${uid}`);
      assert.equal(gid, uid, 'a group of its own');
    } else assert.equal(uid, process.getuid?.());
  });

  it('refuses what is not one’s own: 401 without a good token, 404 for another author’s submission, 403 for the admin’s routes', async () => {
    const alice = keptToken('alice');
    const bob = (await api(ladder.url, '/api/authors/bob')).body.versions[0].id as number;
    const aliceSubmission = (await api(ladder.url, '/api/authors/alice')).body.versions[0].id as number;
    const form = new FormData();
    form.set('lang', 'python');
    form.append('files', new Blob(['print(1)']), 'bot.py');
    assert.equal((await api(ladder.url, '/api/submissions', { body: form })).status, 401);
    assert.equal((await api(ladder.url, '/api/submissions', { body: form, token: 'tbl_token_nobody' })).status, 401);
    assert.equal((await api(ladder.url, `/api/submissions/${bob}`)).status, 401);
    const others = await api(ladder.url, `/api/submissions/${bob}`, { token: alice });
    assert.equal(others.status, 404);
    assert.doesNotMatch(JSON.stringify(others.body), /log|strong/);
    assert.equal((await api(ladder.url, `/api/submissions/${bob}/source`, { token: alice })).status, 404);
    const source = await api(ladder.url, `/api/submissions/${aliceSubmission}/source`, { token: alice });
    assert.match(
      source.body.files.find((f: { path: string }) => f.path === 'bot.py').text,
      /weak Nine Men's Morris bot/,
    );
    assert.equal((await api(ladder.url, '/api/admin')).status, 401);
    assert.equal((await api(ladder.url, '/api/admin', { token: alice })).status, 403);
    assert.equal((await api(ladder.url, '/api/admin', { token: ladder.adminKey })).status, 200);
    const admin = await api(ladder.url, `/api/submissions/${bob}/source`, { token: ladder.adminKey });
    assert.equal(admin.status, 200, 'the admin reads every source');
  });

  it('refuses a body over its size (413) and takes a web session only with its CSRF token and origin', async () => {
    const alice = keptToken('alice');
    assert.equal(await announcedTooBig(ladder.url, alice), 413);
    const login = await api(ladder.url, '/api/session', { json: { token: alice } });
    assert.equal(login.status, 200);
    const cookie = login.headers.get('set-cookie')!;
    assert.match(cookie, /tabula_session=[\w-]+;.*HttpOnly/i);
    assert.match(cookie, /SameSite=Strict/i);
    const session = cookie.split(';')[0]!;
    const origin = ladder.url.replace(/\/$/, '');
    const freeze = (headers: Record<string, string>) =>
      api(ladder.url, '/api/admin/freeze', { json: { frozen: true }, headers });
    const post = (headers: Record<string, string>) =>
      api(ladder.url, '/api/session', { method: 'DELETE', headers: { cookie: session, ...headers } });
    assert.equal((await post({ origin })).status, 403, 'without the CSRF token');
    assert.equal(
      (await post({ origin: 'http://evil.example', 'x-csrf-token': login.body.csrf })).status,
      403,
      'from another site',
    );
    assert.equal(
      (await freeze({ cookie: session, origin, 'x-csrf-token': login.body.csrf })).status,
      403,
      'an author is no admin',
    );
    assert.equal((await post({ origin, 'x-csrf-token': login.body.csrf })).status, 200, 'logged out');
    assert.equal((await api(ladder.url, '/api/session', { headers: { cookie: session } })).body.author, null);
  });

  it('keeps every game through a SIGKILL and a restart: nothing lost, nothing counted twice', async () => {
    const before = storedGames(db);
    assert.ok(before.length > 0);
    await ladder.kill();
    // The watchdog ends the killed server's bots.
    const cache = process.env.XDG_CACHE_HOME!;
    await until('its bots are gone', 10_000, async () => (runningIn(cache).length === 0 ? true : undefined));
    ladder = await startLadder(['morris', '--db', db, '--port', '0', '--concurrency', '2'], false);
    await until('games go on', 120_000, async () => (storedGames(db).length > before.length + 4 ? true : undefined));
    const after = storedGames(db);
    for (const id of before) assert.ok(after.includes(id), `game ${id} is still there`);
    checkCounts(db);
  });

  it('says on stderr, once, that it serves beyond this machine', async () => {
    const wide = await startLadder(['morris', '--db', join(work, 'wide.db'), '--host', '0.0.0.0', '--port', '0'], true);
    await until('the warning', 10_000, async () => (wide.stderr().includes('warning') ? true : undefined));
    assert.equal(wide.stderr().match(/warning: serving on 0\.0\.0\.0, beyond this machine/g)?.length, 1);
    assert.equal(await wide.stop(), 0);
  });
});

describe('a contest whose games workers play (tabula ladder --redis)', {
  skip: skip || (spawnSync('redis-server', ['--version']).status === 0 ? false : 'needs redis-server'),
  timeout: 300_000,
}, () => {
  it('queues its games for `tabula worker`s, which get each build by its content hash', async () => {
    const redis = await startRedis(false);
    const db = join(work, 'workers.db');
    const ladder = await startLadder(['morris', '--db', db, '--port', '0', '--redis', redis.url], true);
    const workerCache = join(work, 'worker-cache');
    const worker = spawnWorker(redis.url, workerCache);
    try {
      const [invite] = (await tabula(['ladder', 'invite', '--db', db])).stdout.trim().split('\n');
      const joined = await api(ladder.url, '/api/authors', { json: { invite, name: 'wanda' } });
      const run = await submit('wanda', ladder.url, join(fixtures, 'weak.py'), 'python', '--token', joined.body.token);
      assert.equal(run.code, 0, run.stdout + run.stderr);
      await until('the worker plays rated games', 120_000, async () => {
        const wanda = (await rows(ladder.url)).find((r) => r.name === 'wanda.v1');
        return wanda && wanda.games >= 4 ? true : undefined;
      });
      const hash = new Database(db, { readonly: true })
        .prepare("SELECT build_hash AS h FROM entrants WHERE lang = 'python'")
        .get() as { h: string };
      assert.ok(
        spawnSync('ls', [join(workerCache, 'tabula', 'bot-files', hash.h)]).status === 0,
        'the worker unpacked the build by its hash',
      );
      checkCounts(db);
    } finally {
      await ladder.stop();
      worker.kill('SIGKILL');
      await redis.stop();
    }
  });
});

/** A `tabula worker` of the test's, with its own cache of bot files. */
function spawnWorker(redis: string, cache: string): ChildProcess {
  return spawn(...tabulaCommand(['worker', '--redis', redis, '--concurrency', '2']), {
    cwd: root,
    stdio: 'ignore',
    env: { ...process.env, XDG_CACHE_HOME: cache },
  });
}

/**
 * The status of a submission whose body announces 5 MiB: the server answers before taking it (and
 * then closes the connection, so the body is not sent whole: a client sending it all would meet a
 * closed connection instead of the answer).
 */
function announcedTooBig(url: string, token: string): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(new URL('/api/submissions', url), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(5 << 20),
      },
    });
    request.on('response', (response) => {
      resolve(response.statusCode);
      request.destroy();
    });
    request.on('error', reject);
    request.write(Buffer.alloc(1024));
  });
}

/** The token `tabula submit` kept in the author's config when they joined. */
function keptToken(author: string): string {
  const kept = JSON.parse(readFileSync(join(configOf(author), 'tabula', 'contests.json'), 'utf8'));
  return (Object.values(kept) as { author: string; token: string }[]).find((k) => k.author === author)!.token;
}

/** The ids of the contest's stored games. */
function storedGames(db: string): number[] {
  const reader = new Database(db, { readonly: true });
  try {
    return (reader.prepare('SELECT id FROM games ORDER BY id').all() as { id: number }[]).map((r) => r.id);
  } finally {
    reader.close();
  }
}

/**
 * Each stored game counted once: linked to one plan, and each entrant's tally of rated games equal to
 * the rated games it sat in.
 */
function checkCounts(db: string): void {
  const reader = new Database(db, { readonly: true });
  try {
    const links = reader
      .prepare(
        'SELECT game_id AS id, count(*) AS n FROM contest_games WHERE game_id IS NOT NULL GROUP BY game_id HAVING n > 1',
      )
      .all();
    assert.deepEqual(links, [], 'no game linked twice');
    const tallies = reader.prepare('SELECT id, games FROM entrants').all() as { id: number; games: number }[];
    const rated = reader.prepare('SELECT seats FROM contest_games WHERE rated = 1').all() as { seats: string }[];
    for (const { id, games } of tallies) {
      const sat = rated.filter((g) => (JSON.parse(g.seats) as number[]).includes(id)).length;
      assert.equal(games, sat, `entrant ${id}: its tally is its rated games`);
    }
  } finally {
    reader.close();
  }
}

/** The processes that run in a folder under `dir` (a bot runs in its build's). */
function runningIn(dir: string): number[] {
  return (processIds() ?? []).filter((pid) => {
    try {
      return readlinkSync(`/proc/${pid}/cwd`).startsWith(dir);
    } catch {
      return false;
    }
  });
}
