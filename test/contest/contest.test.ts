import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { playGame } from '../../src/arena/game-loop.js';
import { type Contest, type ContestSettings, SUBMISSIONS_PER_HOUR } from '../../src/contest/contest.js';
import { ContestError } from '../../src/contest/contest-error.js';
import { FIRST_RATING } from '../../src/contest/ratings.js';
import { ContestSite } from '../../src/contest/site.js';
import { seat } from '../../src/core/units.js';
import { findGame } from '../../src/games/registry.js';
import type { RunInPlay } from '../../src/runs/scheduled-game.js';
import { Store } from '../../src/runs/store/store.js';
import { packFiles } from '../../src/runs/workers/bot-files.js';
import { V2_SECRETS, writeV2Contest } from '../support/older-database.js';

const QUIET: ContestSettings = { concurrency: 1, log: () => {} };

async function openSite(store: Store, games: readonly string[], settings: ContestSettings = QUIET) {
  return ContestSite.open(store, await Promise.all(games.map(findGame)), settings, findGame);
}

async function newContest(settings: ContestSettings = QUIET) {
  const store = new Store(join(await mkdtemp(join(tmpdir(), 'tabula-contest-')), 'contest.db'));
  // Nothing is built or played here, nor said on stderr: submissions are only kept.
  const { site, adminKey } = await openSite(store, ['morris'], settings);
  site.stop();
  return { store, site, contest: site.contests[0] as Contest, adminKey };
}

const refusal = (kind: ContestError['kind'], message: RegExp) => (err: unknown) =>
  err instanceof ContestError && err.kind === kind && message.test(err.message);

describe('a contest', () => {
  it('is made once, with its bosses by league and an admin key shown that once', async () => {
    const { store, site, contest, adminKey } = await newContest();
    assert.match(adminKey ?? '', /^tbl_admin_[\w-]{43}$/);
    assert.ok(site.isAdminKey(adminKey!));
    assert.equal(site.isAdminKey(`${adminKey}x`), false);
    assert.deepEqual(
      contest.leagues.map((l) => `${l.name}:${l.boss}`),
      ['wood:random', 'bronze:greedy', 'gold:strong', 'legend:null'],
    );
    const again = await openSite(store, ['morris']);
    assert.equal(again.adminKey, null, 'an existing contest shows no key');
    const more = await openSite(store, ['mills', 'rummikode']);
    assert.equal(more.adminKey, null, 'a contest added to a site: the site’s key stands');
    assert.deepEqual(
      more.site.contests.map((c) => [c.game.id, c.tableMix.map((m) => m.size)]),
      [
        ['mills', [2]],
        ['rummikode', [2, 3, 4]],
      ],
      'the games named, each with every table size it allows',
    );
    const held = await openSite(store, []);
    assert.deepEqual(
      held.site.contests.map((c) => c.game.id),
      ['morris', 'mills', 'rummikode'],
      'none named: the database’s contests',
    );
    store.close();
  });

  it('keeps one account an author in every contest of the site, versions counted in each', async () => {
    const store = new Store(join(await mkdtemp(join(tmpdir(), 'tabula-contest-')), 'contest.db'));
    const { site } = await openSite(store, ['morris', 'rummikode']);
    site.stop();
    const [invite] = site.invite(1);
    const { author } = site.join(invite!, 'alice');
    const [morris, rummikode] = site.contests as [Contest, Contest];
    const file = [{ path: 'bot.py', data: Buffer.from('print(1)\n') }];
    const inMorris = morris.submit(author, 'python', file);
    const inRummikode = rummikode.submit(author, 'python', file);
    morris.submit(author, 'python', file);
    assert.deepEqual([inMorris.version, inRummikode.version], [1, 1]);
    assert.deepEqual([morris.nameOf(inMorris), rummikode.nameOf(inRummikode)], ['alice.v1', 'alice.v1']);
    assert.equal(rummikode.tables.entrant(inMorris.id), null, 'each contest sees its own entrants');
    assert.deepEqual(
      rummikode.tables
        .entrants()
        .filter((e) => e.authorId !== null)
        .map((e) => e.id),
      [inRummikode.id],
    );
    store.close();
  });

  it('keeps its secrets as hashes: the database holds no key, invite or token', async () => {
    const { store, site, adminKey } = await newContest();
    const [invite] = site.invite(1);
    const { token } = site.join(invite!, 'alice');
    assert.equal(site.authorOfToken(token)?.name, 'alice');
    store.close();
    const bytes = readFileSync(store.path).toString('latin1');
    for (const secret of [adminKey!, invite!, token]) assert.equal(bytes.includes(secret), false);
  });

  it('refuses a bad name, a used invite, a taken name, in words', async () => {
    const { store, site } = await newContest();
    const [one, two] = site.invite(2);
    assert.throws(() => site.join(one!, 'Alice!'), refusal('refused', /lower case letters/));
    assert.throws(() => site.join(one!, 'contests'), refusal('refused', /kept for the site itself/));
    site.join(one!, 'alice');
    assert.throws(() => site.join(one!, 'bob'), refusal('refused', /invite code is not good: invite used/));
    assert.throws(() => site.join(two!, 'alice'), refusal('conflict', /the name alice is taken/));
    assert.throws(() => site.join('tbl_invite_made_up', 'bob'), refusal('refused', /no such invite/));
    store.close();
  });

  it(`takes ${SUBMISSIONS_PER_HOUR} submissions an hour from an author, then refuses`, async () => {
    const { store, site, contest } = await newContest();
    const [invite] = site.invite(1);
    const { author } = site.join(invite!, 'alice');
    const file = [{ path: 'bot.py', data: Buffer.from('print(1)\n') }];
    for (let i = 1; i <= SUBMISSIONS_PER_HOUR; i++) assert.equal(contest.submit(author, 'python', file).version, i);
    assert.throws(() => contest.submit(author, 'python', file), refusal('too many', /at most 10 submissions an hour/));
    store.close();
  });

  it('cancels a submission waiting to be built, and says what became of it in a line each', async () => {
    const lines: string[] = [];
    const { store, site, contest } = await newContest({ concurrency: 1, log: (l) => lines.push(l) });
    const [invite] = site.invite(1);
    const { author } = site.join(invite!, 'alice');
    const { id } = contest.submit(author, 'python', [{ path: 'bot.py', data: Buffer.from('print(1)\n') }]);
    assert.deepEqual(
      [contest.cancel(id).status, contest.tables.entrant(id)!.reason],
      ['rejected', 'cancelled by the admin'],
    );
    assert.throws(() => contest.cancel(id), refusal('conflict', /is rejected: only a build can be cancelled/));
    assert.throws(() => contest.cancel(1), refusal('not found', /no submission 1/), 'a boss is no submission');
    assert.deepEqual(lines, [
      `tabula: submission ${id} (morris alice.v1, python): received`,
      `tabula: submission ${id} (morris alice.v1, python): cancelled by the admin`,
    ]);
    store.close();
  });

  it('starts a final at tables of the largest size: everyone seated, each table in every rotation on one seed', async () => {
    const store = new Store(join(await mkdtemp(join(tmpdir(), 'tabula-contest-')), 'contest.db'));
    const { site } = await openSite(store, ['rummikode']);
    site.stop();
    const [contest] = site.contests as [Contest];
    const invites = site.invite(5);
    const versions = invites.map((invite, i) => {
      const { author } = site.join(invite, `author${i}`);
      const version = contest.tables.submit(author.id, 'python', Buffer.from('x'), FIRST_RATING);
      contest.tables.activate(version.id);
      return version.id;
    });
    const final = contest.startFinal(2);
    const games = contest.tables.gamesOfKind('final', final);
    const tables = new Map<number, typeof games>();
    for (const g of games) tables.set(g.pair, [...(tables.get(g.pair) ?? []), g]);
    assert.deepEqual(
      [...tables.values()].map((t) => t.length).sort(),
      [2, 2, 3, 3],
      'five versions at tables of four: 3 and 2, each round',
    );
    for (const table of tables.values()) {
      assert.equal(new Set(table.map((g) => g.seed)).size, 1);
      const first = table[0]!.seats;
      assert.deepEqual(
        table.map((g) => g.seats),
        first.map((_, k) => [...first.slice(k), ...first.slice(0, k)]),
      );
    }
    for (const round of [0, 1]) {
      const seated = [...tables.values()].slice(round * 2, round * 2 + 2).flatMap((t) => t[0]!.seats);
      assert.deepEqual([...seated].sort(), [...versions].sort(), `round ${round + 1}: each version once`);
    }
    store.close();
  });

  it('plays a rated game again when the machine caused its timeout, three times in all; a bot’s own timeout stands', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tabula-contest-'));
    const store = new Store(join(dir, 'contest.db'));
    const morris = await findGame('morris');
    const base = (await playGame(morris, ['builtin:random', 'builtin:random'], { seed: 3 })).replay;
    const { site } = await openSite(store, ['morris']);
    const [invite] = site.invite(1);
    const { author } = site.join(invite!, 'alice');
    const [contest] = site.contests as [Contest];
    const build = packFiles([{ path: 'bot.py', mode: 0o644, data: '' }]);
    const version = contest.tables.submit(author.id, 'python', build.packed, FIRST_RATING);
    contest.tables.setBuild(version.id, build.hash, build.packed);
    contest.tables.activate(version.id);
    site.stop();
    /** Plays `count` games, seat 1 timing out in each: the machine's fault (its wait covers it) or its own. */
    const play = async (count: number, machine: boolean): Promise<number[]> => {
      const played: number[] = [];
      const executor = async (run: RunInPlay): Promise<void> => {
        for (let next = run.schedule.next(); next !== null; next = run.schedule.next()) {
          if (next === 'wait') {
            await run.schedule.news?.();
            continue;
          }
          const result = {
            ...base.result,
            winner: seat(0),
            players: base.result.players.map((p) => ({
              ...p,
              rank: p.seat === 0 ? 1 : 2,
              status: p.seat === 1 ? ('timeout' as const) : ('ok' as const),
            })),
          };
          const failing = {
            failure: { status: 'timeout' as const, message: '' },
            answeredMs: 60,
            waitMs: machine ? 12 : 1,
          };
          const turns = base.turns.map((t, i) => (i === 1 ? { ...t, seat: seat(1), limitMs: 50, ...failing } : t));
          const game = {
            runId: run.runId,
            index: next.index,
            round: 0,
            seats: next.seats,
            result,
            times: [],
            durationMs: 1,
          };
          const id = run.store.recordGame(game, { ...base, result, turns: turns.slice(0, 2) })!;
          played.push(next.index);
          run.onGame({ ...game, id, finishedAt: new Date().toISOString() });
          if (played.length === count) running.stop();
        }
      };
      const running = (await openSite(store, [], { concurrency: 1, cache: dir, executor, log: () => {} })).site;
      await running.run();
      return played;
    };
    const first = await play(6, true);
    const games = first.map((index) => contest.tables.planned(index)!);
    assert.deepEqual(
      games.map((g) => g.seats.indexOf(version.id)),
      [0, 0, 0, 1, 1, 1],
      'each seating of the pair played three times, again at once',
    );
    assert.equal(new Set(games.map((g) => `${g.seed}/${g.pair}`)).size, 1, 'on the pair’s seed, as one table');
    assert.deepEqual(
      games.map((g) => [g.rated, g.note.replace(/^.*the machine's fault, not the bot's: /, '')]),
      [
        [false, 'played again (try 2 of 3)'],
        [false, 'played again (try 3 of 3)'],
        [false, 'the last of 3 tries'],
        [false, 'played again (try 2 of 3)'],
        [false, 'played again (try 3 of 3)'],
        [false, 'the last of 3 tries'],
      ],
    );
    assert.equal(contest.tables.entrant(version.id)!.games, 0, 'nobody rated');
    const own = (await play(2, false)).map((index) => contest.tables.planned(index)!);
    assert.deepEqual(
      own.map((g) => [g.rated, g.note]),
      [
        [true, ''],
        [true, ''],
      ],
      'a timeout of its own: the loss stands, not played again',
    );
    store.close();
  });

  it('starts a final only with two active versions, and one at a time', async () => {
    const { store, contest } = await newContest();
    assert.throws(() => contest.startFinal(1), refusal('conflict', /two active versions/));
    store.close();
  });

  it('opens a database of one contest made before sites held several: nothing lost, the same keys', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tabula-contest-'));
    const path = join(dir, 'v2.db');
    writeV2Contest(path);
    const old = new Database(path, { readonly: true });
    const before = old
      .prepare(
        'SELECT id, author_id, version, status, league, mu, sigma, games, wins, draws, losses FROM entrants ORDER BY id',
      )
      .all();
    const games = (old.prepare('SELECT count(*) AS n FROM games').get() as { n: number }).n;
    old.close();
    const store = new Store(path);
    const { site, adminKey } = await openSite(store, []);
    site.stop();
    assert.equal(adminKey, null, 'its admin key stands');
    assert.ok(site.isAdminKey(V2_SECRETS.adminKey));
    assert.equal(site.authorOfToken(V2_SECRETS.aliceToken)?.name, 'alice');
    const [contest] = site.contests as [Contest];
    assert.equal(contest.game.id, 'morris');
    assert.deepEqual(
      contest.tables.entrants().map((e) => ({
        id: e.id,
        author_id: e.authorId,
        version: e.version,
        status: e.status,
        league: e.league,
        mu: e.mu,
        sigma: e.sigma,
        games: e.games,
        wins: e.wins,
        draws: e.draws,
        losses: e.losses,
      })),
      before,
    );
    const alice = contest.tables.entrants().find((e) => e.authorId !== null)!;
    assert.deepEqual(
      [alice.places, alice.tableSizes],
      [alice.games + alice.losses, { 2: alice.games }],
      'its games were of two seats: a win or a draw first, a loss second',
    );
    assert.equal(store.gameCount(contest.runId), games);
    assert.deepEqual(contest.tableMix, [{ size: 2, weight: 1 }]);
    const [invite] = site.invite(1);
    assert.equal(site.join(invite!, 'bob').author.name, 'bob');
    store.close();
  });
});
