/**
 * A contest site of several games (`tabula ladder GAME...`) as real processes: the server, a
 * `tabula worker` playing every contest's games, authors submitting with `tabula submit --game`
 * starters downloaded from the server; RummiKode's tables of two to four stored and rated; a
 * database of the one-contest schema served as before; each mistake said in a line.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { viewProblem } from '../../src/arena/sandbox/file-view.js';
import { root, tabula, tabulaCommand } from '../support/cli.js';
import { api, type RunningLadder, startLadder, until } from '../support/ladder.js';
import { V2_SECRETS, writeV2Contest } from '../support/older-database.js';
import { startRedis } from '../support/redis.js';

const skip = viewProblem() ?? (spawnSync('redis-server', ['--version']).status === 0 ? false : 'needs redis-server');
const work = mkdtempSync(join(tmpdir(), 'tabula-site-test-'));
process.env.XDG_CACHE_HOME = join(work, 'cache');

/** `tabula submit` as `author` does it, from a machine of their own: their config keeps their token. */
const submit = (author: string, url: string, path: string, ...more: string[]) =>
  tabula(['submit', url, path, '--lang', 'python', ...more], '', root, 300_000, {
    XDG_CONFIG_HOME: join(work, 'config', author),
  });

/** The starter the server offers for `game` in Python, unpacked into a folder of `author`'s. */
async function starterFrom(url: string, game: string, author: string): Promise<string> {
  const response = await fetch(new URL(`/api/contests/${game}/starters/python`, url));
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('content-type'), 'application/gzip');
  const into = join(work, author, game);
  mkdirSync(into, { recursive: true });
  const archive = join(into, 'starter.tar.gz');
  writeFileSync(archive, Buffer.from(await response.arrayBuffer()));
  const unpacked = spawnSync('tar', ['xzf', archive, '-C', into], { encoding: 'utf8' });
  assert.equal(unpacked.status, 0, unpacked.stderr);
  const folder = join(into, `${game}-python-bot`);
  assert.match(readFileSync(join(folder, 'README.md'), 'utf8'), /python3 bot\.py/);
  return folder;
}

describe('a contest site of two games (tabula ladder mills rummikode)', { skip, timeout: 900_000 }, () => {
  const db = join(work, 'site.db');
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let ladder: RunningLadder;
  let worker: ChildProcess;

  before(async () => {
    redis = await startRedis(false);
    ladder = await startLadder(['mills', 'rummikode', '--db', db, '--port', '0', '--redis', redis.url], true);
    // One worker, which plays whichever contest's game comes.
    worker = spawn(...tabulaCommand(['worker', '--redis', redis.url, '--concurrency', '2']), {
      cwd: root,
      stdio: 'ignore',
      env: { ...process.env, XDG_CACHE_HOME: join(work, 'worker-cache') },
    });
  });
  after(async () => {
    await ladder?.stop();
    worker?.kill('SIGKILL');
    await redis?.stop();
  });

  it('lists its contests, each with its API’s base and its pages', async () => {
    const { status, body } = await api(ladder.url, '/api/contests');
    assert.equal(status, 200);
    assert.deepEqual(
      // biome-ignore lint/suspicious/noExplicitAny: the API's JSON
      body.map((c: any) => ({ game: c.game, title: c.title, seats: c.seats, api: c.api, pages: c.pages })),
      ['mills', 'rummikode'].map((game, i) => ({
        game,
        title: ['Mills', 'RummiKode'][i],
        seats: { min: 2, max: i === 0 ? 2 : 4 },
        api: `/api/contests/${game}`,
        pages: {
          leaderboard: `/contests/${game}`,
          rules: `/rules/${game}`,
          submit: `/contests/${game}/submit`,
          starters: `/contests/${game}/starters`,
          editor: `/contests/${game}/editor`,
        },
      })),
    );
    const board = await api(ladder.url, '/api/contests/rummikode/leaderboard');
    assert.deepEqual(
      // biome-ignore lint/suspicious/noExplicitAny: the API's JSON
      board.body.rows.map((r: any) => r.name),
      ['gold-boss', 'bronze-boss', 'wood-boss'],
    );
    const none = await api(ladder.url, '/api/contests/chess/leaderboard');
    assert.deepEqual([none.status, none.body.error], [404, 'no contest of "chess" here (contests: mills, rummikode)']);
    const starter = await api(ladder.url, '/api/contests/mills/starters/cobol');
    assert.equal(starter.status, 404);
    assert.match(starter.body.error, /^Mills has no starter in "cobol" \(languages: python, /);
  });

  it('plays RummiKode at tables of 2, 3 and 4, each stored and rated from its whole ranking; one author in both contests', async () => {
    const invites = (await tabula(['ladder', 'invite', '--db', db, '--count', '3'])).stdout.trim().split('\n');
    const names = ['alice', 'bob', 'carol'];
    const joined = await Promise.all(
      names.map(async (name, i) => {
        const folder = await starterFrom(ladder.url, 'rummikode', name);
        return submit(name, ladder.url, folder, '--game', 'rummikode', '--invite', invites[i]!, '--as', name);
      }),
    );
    for (const run of joined) assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(
      joined[0]!.stdout,
      /active: alice\.v1 plays in the wood league \(http:\S+\/contests\/rummikode\/submissions\/\d+\)/,
    );

    // Alice's account is good in the other contest too; her token was kept for the server.
    const mills = await starterFrom(ladder.url, 'mills', 'alice');
    const unnamed = await submit('alice', ladder.url, mills);
    assert.deepEqual(
      [unnamed.code, unnamed.stderr],
      [2, `tabula: ${ladder.url.replace(/\/$/, '')} holds contests of mills, rummikode: say which with --game\n`],
    );
    const unknown = await submit('alice', ladder.url, mills, '--game', 'chess');
    assert.match(unknown.stderr, /^tabula: \S+ holds no contest of chess \(contests: mills, rummikode\)\n$/);
    const inMills = await submit('alice', ladder.url, mills, '--game', 'mills');
    assert.equal(inMills.code, 0, inMills.stdout + inMills.stderr);
    assert.match(inMills.stdout, /active: alice\.v1 plays in the wood league/, 'versions are counted in each contest');

    // Every rotation of a table's seats is played on the table's seed; a table's rotations finish
    // at different times, so wait for one table of four to have all of its four.
    const sizes = await until(
      'rated RummiKode games at tables of 2, 3 and 4, one of four in all its rotations',
      600_000,
      async () => {
        const found = new Set(rated(db, 'rummikode').map((g) => g.seats.length));
        const whole = tablesOf(db, 'rummikode').some((t) => t.size === 4 && t.n === 4);
        return found.size === 3 && whole ? [...found].sort() : undefined;
      },
    );
    assert.deepEqual(sizes, [2, 3, 4]);
    await until('a rated Mills game', 120_000, async () => (rated(db, 'mills').length > 0 ? true : undefined));
    const millsGame = gameIdOf(db, 'mills');
    assert.equal((await api(ladder.url, `/api/contests/mills/games/${millsGame}`)).status, 200);
    const elsewhere = await api(ladder.url, `/api/contests/rummikode/games/${millsGame}`);
    assert.deepEqual(
      [elsewhere.status, elsewhere.body.error],
      [404, `no game ${millsGame}`],
      'not under another’s base',
    );
    checkTallies(db);
    const tables = tablesOf(db, 'rummikode');
    assert.ok(tables.every((t) => t.seeds === 1 && t.n <= t.size));
    // The leaderboard shows where each stands: mean place, the tables played by size.
    const board = await api(ladder.url, '/api/contests/rummikode/leaderboard');
    // biome-ignore lint/suspicious/noExplicitAny: the API's JSON
    const alice = board.body.rows.find((r: any) => r.name === 'alice.v1');
    assert.ok(alice.meanPlace >= 1 && alice.meanPlace <= 4);
    assert.equal(
      Object.values(alice.tableSizes as Record<string, number>).reduce((a, b) => a + b, 0),
      alice.games,
    );
  });

  it('says each mistake in a line: an unknown game, a table size the game is not played at', async () => {
    const unknown = await tabula(['ladder', 'chess', '--db', join(work, 'other.db'), '--port', '0']);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /^tabula: unknown game "chess" \(known games: [a-z, ]+\)\n$/);
    const key = { token: ladder.adminKey };
    const five = await api(ladder.url, '/api/contests/rummikode/admin/tables', { ...key, json: { mix: '2,5' } });
    assert.deepEqual([five.status, five.body], [400, { error: 'RummiKode is played by 2 to 4 players, not 5' }]);
    const three = await api(ladder.url, '/api/contests/mills/admin/tables', { ...key, json: { mix: '3' } });
    assert.deepEqual([three.status, three.body], [400, { error: 'Mills is played by 2 players, not 3' }]);
    const set = await api(ladder.url, '/api/contests/rummikode/admin/tables', { ...key, json: { mix: '4:3, 2' } });
    assert.deepEqual(set.body.tableMix, [
      { size: 2, weight: 1 },
      { size: 4, weight: 3 },
    ]);
    const info = await api(ladder.url, '/api/contests/rummikode/contest');
    assert.deepEqual(info.body.tableMix, set.body.tableMix);
  });
});

describe('a database of the one-contest schema, served by tabula ladder', { skip: viewProblem() ?? false }, () => {
  it('opens as a site of its one contest, every route it had answering as before', async () => {
    const path = join(work, 'v2.db');
    writeV2Contest(path);
    const ladder = await startLadder(['--db', path, '--port', '0', '--concurrency', '1'], false);
    try {
      const listed = await api(ladder.url, '/api/contests');
      assert.deepEqual(
        listed.body.map((c: { game: string }) => c.game),
        ['morris'],
      );
      const before = await api(ladder.url, '/api/leaderboard');
      const under = await api(ladder.url, '/api/contests/morris/leaderboard');
      assert.equal(before.status, 200);
      // biome-ignore lint/suspicious/noExplicitAny: the API's JSON
      const names = (rows: any[]) => rows.map((r) => r.name).sort();
      assert.deepEqual(names(before.body.rows), ['alice.v1', 'bronze-boss', 'gold-boss', 'wood-boss']);
      assert.deepEqual(names(under.body.rows), names(before.body.rows));
      const session = await api(ladder.url, '/api/session', {
        json: { token: V2_SECRETS.aliceToken },
        headers: { origin: new URL(ladder.url).origin },
      });
      assert.equal(session.body.author, 'alice', 'its authors’ tokens stand');
      const game = await api(ladder.url, '/api/games/1');
      assert.deepEqual([game.status, game.body.contest?.game], [200, 'morris']);
      const underBase = await api(ladder.url, '/api/contests/morris/games/1');
      assert.deepEqual(underBase.body.record, game.body.record, 'a game under its contest’s base too');
    } finally {
      await ladder.stop();
    }
  });
});

describe('the demo (tabula ladder --demo, what npm start runs)', {
  skip: viewProblem() ?? false,
  timeout: 600_000,
}, () => {
  it('enters demo authors with the built-in bots once, through the normal path, and prints an invite at each start', async () => {
    const db = join(work, 'demo.db');
    const args = ['mills', 'rummikode', '--demo', '--db', db, '--port', '0', '--concurrency', '2'];
    const first = await startLadder(args, true);
    try {
      await until('every demo version active in both contests, and rated games', 300_000, async () => {
        const boards = await Promise.all(
          ['mills', 'rummikode'].map(async (g) => (await api(first.url, `/api/contests/${g}/leaderboard`)).body.rows),
        );
        // biome-ignore lint/suspicious/noExplicitAny: the API's JSON
        const versions = boards.map((rows: any[]) => rows.filter((r) => r.author !== null));
        const ready = versions.every((v) => v.length === 3 && v.some((r) => r.games > 0));
        // biome-ignore lint/suspicious/noExplicitAny: the API's JSON
        return ready ? versions.map((v: any[]) => v.map((r) => r.name).sort()) : undefined;
      });
      assert.match(first.stderr(), /submission \d+ \(rummikode ada\.v1, javascript\): validated/);
      assert.match(first.stderr(), /submission \d+ \(mills ada\.v1, javascript\): retired: replaced by version 2/);
    } finally {
      assert.equal(await first.stop(), 0);
    }
    const again = await startLadder(args, false);
    try {
      const joinLine = /^join: an invite for you, (tbl_invite_\S+) \(on http:/m;
      assert.match(first.stdout(), joinLine);
      const invite = await until('the second start’s invite', 30_000, async () => joinLine.exec(again.stdout())?.[1]);
      const joined = await api(again.url, '/api/authors', { json: { invite, name: 'newcomer' } });
      assert.equal(joined.status, 201, 'the invite printed is good');
      const authors = new Database(db, { readonly: true });
      try {
        assert.deepEqual(
          (authors.prepare('SELECT name FROM authors ORDER BY id').all() as { name: string }[]).map((a) => a.name),
          ['ada', 'grace', 'alan', 'newcomer'],
          'started again, it goes on: no second set of demo authors',
        );
      } finally {
        authors.close();
      }
    } finally {
      await again.stop();
    }
  });
});

/** A contest's rated games, stored, with their seats. */
function rated(db: string, game: string): { seats: number[] }[] {
  const reader = new Database(db, { readonly: true });
  try {
    return (
      reader
        .prepare(
          `SELECT c.seats FROM contest_games c JOIN contests k ON k.id = c.contest_id
           WHERE k.game = ? AND c.rated = 1 AND c.game_id IS NOT NULL`,
        )
        .all(game) as { seats: string }[]
    ).map((r) => ({ seats: JSON.parse(r.seats) as number[] }));
  } finally {
    reader.close();
  }
}

/** A contest's tables of rated games: how many seatings each was played in, on how many seeds, at what size. */
function tablesOf(db: string, game: string): { n: number; seeds: number; size: number }[] {
  const reader = new Database(db, { readonly: true });
  try {
    return reader
      .prepare(
        `SELECT pair, count(DISTINCT seats) AS n, count(DISTINCT seed) AS seeds, max(json_array_length(seats)) AS size
         FROM contest_games c JOIN contests k ON k.id = c.contest_id
         WHERE k.game = ? AND kind = 'rated' AND game_id IS NOT NULL GROUP BY pair`,
      )
      .all(game) as { n: number; seeds: number; size: number }[];
  } finally {
    reader.close();
  }
}

/** A stored game of a contest's. */
function gameIdOf(db: string, game: string): number {
  const reader = new Database(db, { readonly: true });
  try {
    return (
      reader
        .prepare(
          `SELECT c.game_id AS id FROM contest_games c JOIN contests k ON k.id = c.contest_id
           WHERE k.game = ? AND c.game_id IS NOT NULL LIMIT 1`,
        )
        .get(game) as { id: number }
    ).id;
  } finally {
    reader.close();
  }
}

/** Each entrant's tallies against the games: its rated games, the sum of its places, its tables by size. */
function checkTallies(db: string): void {
  const reader = new Database(db, { readonly: true });
  try {
    const entrants = reader.prepare('SELECT id, games, places, table_sizes FROM entrants').all() as {
      id: number;
      games: number;
      places: number;
      table_sizes: string;
    }[];
    const games = reader
      .prepare(
        `SELECT c.seats, json_extract(g.result, '$.players') AS players FROM contest_games c
         JOIN games g ON g.id = c.game_id WHERE c.rated = 1`,
      )
      .all() as { seats: string; players: string }[];
    for (const e of entrants) {
      let count = 0;
      let places = 0;
      const sizes: Record<string, number> = {};
      for (const g of games) {
        const seats = JSON.parse(g.seats) as number[];
        const seat = seats.indexOf(e.id);
        if (seat < 0) continue;
        count++;
        places += (JSON.parse(g.players) as { seat: number; rank: number }[]).find((p) => p.seat === seat)!.rank;
        sizes[seats.length] = (sizes[seats.length] ?? 0) + 1;
      }
      assert.deepEqual(
        [e.games, e.places, JSON.parse(e.table_sizes)],
        [count, places, sizes],
        `entrant ${e.id}: its tallies are its rated games’`,
      );
    }
  } finally {
    reader.close();
  }
}
