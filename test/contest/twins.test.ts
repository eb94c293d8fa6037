import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { instantGames } from '../../bench/instant-games.js';
import { playGame } from '../../src/arena/game-loop.js';
import type { Replay } from '../../src/arena/replay.js';
import type { Contest, ContestSettings } from '../../src/contest/contest.js';
import { FIRST_RATING } from '../../src/contest/ratings.js';
import { ContestSite } from '../../src/contest/site.js';
import type { Verdict } from '../../src/contest/verdict.js';
import { millis } from '../../src/core/units.js';
import { findGame } from '../../src/games/registry.js';
import { Store } from '../../src/runs/store/store.js';
import { packFiles } from '../../src/runs/workers/bot-files.js';

/**
 * A contest of `gameId` whose games are instant (the bench's), five authors' first versions active,
 * 150 to 390 Elo (the bosses 0, 400, 1000); `base(seats)` is a real replay stored with each game.
 */
async function instantContest(gameId: string) {
  const dir = await mkdtemp(join(tmpdir(), 'tabula-twins-'));
  const store = new Store(join(dir, 'contest.db'));
  const game = await findGame(gameId);
  const bases = new Map<number, Replay>();
  // Limits no busy machine reaches: a base game lost on time would void every game stored from it.
  const timeLimits = { firstTurn: millis(60_000), turn: millis(60_000) };
  for (const seats of [2, 3, 4].filter((n) => n >= game.seats.min && n <= game.seats.max))
    bases.set(seats, (await playGame(game, Array(seats).fill('builtin:random'), { seed: 3, timeLimits })).replay);
  const open = async (executor?: ContestSettings['executor']) =>
    (
      await ContestSite.open(
        store,
        [game],
        { concurrency: 2, cache: dir, log: () => {}, ...(executor && { executor }) },
        findGame,
      )
    ).site;
  const site = await open();
  const [contest] = site.contests as [Contest];
  const elo = new Map<number, number>();
  for (const e of contest.tables.entrants()) elo.set(e.id, [0, 400, 1000][e.league]!);
  const build = packFiles([{ path: 'bot.py', mode: 0o644, data: '' }]);
  /** A new version of the author's, active at once, `strength` Elo. */
  const enter = (authorId: number, strength: number) => {
    const version = contest.tables.submit(authorId, 'python', build.packed, FIRST_RATING);
    contest.tables.setBuild(version.id, build.hash, build.packed);
    contest.tables.activate(version.id);
    elo.set(version.id, strength);
    return version.id;
  };
  const authors = ['alice', 'bob', 'carol', 'dave', 'erin'].map((name) => site.join(site.invite(1)[0]!, name).author);
  const first = authors.map((a, i) => enter(a.id, 150 + 60 * i));
  site.stop();
  /** Plays instant games until `stop` says so after one. */
  const play = async (stop: (count: number) => boolean): Promise<void> => {
    const running = await open(
      instantGames(
        (seats) => bases.get(seats)!,
        (id) => elo.get(id)!,
        (count) => {
          if (stop(count)) running.stop();
        },
      ),
    );
    await running.run();
  };
  return { store, contest, authors, first, enter, play };
}

/** A version's verdict, known: its games played until then. */
async function judged(
  contest: Contest,
  play: (stop: (count: number) => boolean) => Promise<void>,
  id: number,
): Promise<Verdict> {
  const verdict = () => contest.verdict(contest.tables.entrant(id)!)!;
  await play((count) => count >= 3000 || verdict().result !== 'not yet known');
  return verdict();
}

describe('a new version’s twin games (instant games)', () => {
  it('replay its predecessor’s seeds and seats against its opponents, first, until the verdict is known', async () => {
    const { store, contest, authors, first, enter, play } = await instantContest('morris');
    await play((count) => count >= 300);
    assert.equal(contest.verdict(contest.tables.entrant(first[0]!)!), null, 'a first version has no verdict');

    // Alice's second version, far stronger; a little later Bob's, as strong as his first: two verdicts
    // at once, Bob's twinning his first version's games against Alice's second.
    const before = store.db.prepare('SELECT max(idx) AS idx FROM contest_games').get() as { idx: number };
    const second = enter(authors[0]!.id, 900);
    assert.equal(contest.verdict(contest.tables.entrant(second)!)!.result, 'not yet known');
    const met = (a: number, b: number) =>
      (
        store.db
          .prepare(
            `SELECT count(*) AS n FROM entrant_games x JOIN entrant_games y ON y.idx = x.idx AND y.entrant_id = ?
             JOIN contest_games c ON c.idx = x.idx AND c.rated = 1 WHERE x.entrant_id = ?`,
          )
          .get(a, b) as { n: number }
      ).n > 0;
    await play((count) => count >= 500 || met(first[1]!, second));
    const bobs = enter(authors[1]!.id, 210);
    const verdict = await judged(contest, play, second);
    assert.equal(verdict.result, 'better', JSON.stringify(verdict));
    assert.equal(verdict.against, 'alice.v1');
    assert.ok(verdict.games >= 5 && verdict.elo > 0 && verdict.interval[0] > 0, JSON.stringify(verdict));

    const games = store.db
      .prepare('SELECT idx, seats, seed, twin_of FROM contest_games WHERE idx > ? ORDER BY idx')
      .all(before.idx) as { idx: number; seats: string; seed: number; twin_of: number | null }[];
    /** The twin games of a version's verdict: its games twinning its predecessor's. */
    const twinsOf = (version: number, predecessor: number) =>
      games.filter(
        (g) =>
          g.twin_of !== null &&
          JSON.parse(g.seats).includes(version) &&
          contest.tables.planned(g.twin_of)!.seats.includes(predecessor),
      );
    const twins = twinsOf(second, first[0]!);
    assert.ok(twins.length >= verdict.games, 'each pair counted had its twin game');
    const all = games.filter((g) => g.twin_of !== null).length;
    assert.ok(all >= (games.length * 2) / 3, `twin games first: ${all} of ${games.length}`);
    const pool = new Set(
      JSON.parse(
        (store.db.prepare('SELECT pool FROM verdicts WHERE entrant_id = ?').get(second) as { pool: string }).pool,
      ) as number[],
    );
    for (const twin of twins) {
      const of = contest.tables.planned(twin.twin_of!)!;
      assert.equal(twin.seed, of.seed, 'the predecessor’s seed');
      assert.deepEqual(
        JSON.parse(twin.seats),
        of.seats.map((id) => (id === first[0] ? second : id)),
        'its seats, the version in the predecessor’s',
      );
      assert.ok(
        of.seats.every((id) => id === first[0] || pool.has(id)),
        'opponents of the pool fixed at activation',
      );
    }
    // Bob's verdict counts his twin games alone, not Alice's in which his version sat.
    const bob = contest.verdict(contest.tables.entrant(bobs)!)!;
    const rated = (g: { idx: number }) => contest.tables.planned(g.idx)!.rated;
    if (bob.result === 'not yet known') assert.equal(bob.games, twinsOf(bobs, first[1]!).filter(rated).length);
    assert.ok(
      games.some(
        (g) => g.twin_of !== null && JSON.parse(g.seats).includes(bobs) && JSON.parse(g.seats).includes(second),
      ),
      'the versions met in twin games',
    );
    assert.ok(Number.isFinite(bob.meanPlace.predecessor) && Number.isFinite(verdict.meanPlace.predecessor));

    // Decided, Alice's version plays no more twin games than the table in hand.
    await play((count) => count >= 100);
    const after = store.db
      .prepare(
        'SELECT count(*) AS n FROM contest_games c JOIN entrant_games p ON p.idx = c.twin_of AND p.entrant_id = ?',
      )
      .get(first[0]) as { n: number };
    assert.ok(after.n <= twins.length + 2, `${after.n - twins.length} twin games after the verdict`);
    store.close();
  });

  it('at tables of 2 to 4 (RummiKode), twin every rotation of a table and judge on places', async () => {
    const { store, contest, authors, first, enter, play } = await instantContest('rummikode');
    await play((count) => count >= 300);
    const second = enter(authors[0]!.id, 1200);
    const verdict = await judged(contest, play, second);
    assert.equal(verdict.result, 'better', JSON.stringify(verdict));
    assert.ok(verdict.meanPlace.version < verdict.meanPlace.predecessor, JSON.stringify(verdict.meanPlace));
    const twins = store.db
      .prepare('SELECT pair, seats, twin_of FROM contest_games WHERE twin_of IS NOT NULL ORDER BY idx')
      .all() as { pair: number; seats: string; twin_of: number }[];
    const sizes = new Set(twins.map((t) => JSON.parse(t.seats).length));
    assert.ok(sizes.size > 1 && [...sizes].some((n) => n > 2), `twin tables of ${[...sizes]}`);
    // A twin table holds a twin of each rated game of the predecessor's table: its every rotation
    // (but those in play when the predecessor was replaced, which rated nobody).
    const tables = new Map<number, typeof twins>();
    for (const twin of twins) tables.set(twin.pair, [...(tables.get(twin.pair) ?? []), twin]);
    const ratedAt = (pair: number) =>
      (
        store.db.prepare('SELECT count(*) AS n FROM contest_games WHERE pair = ? AND rated = 1').get(pair) as {
          n: number;
        }
      ).n;
    let whole = 0;
    for (const games of tables.values()) {
      const of = contest.tables.planned(games[0]!.twin_of)!;
      assert.equal(games.length, ratedAt(of.pair), 'every rated rotation');
      if (games.length === of.seats.length) whole++;
      assert.ok(games.every((g) => contest.tables.planned(g.twin_of)!.pair === of.pair));
      assert.ok(games.every((g) => JSON.parse(g.seats).includes(second) && !JSON.parse(g.seats).includes(first[0])));
    }
    assert.ok(whole >= tables.size - 2, `${whole} of ${tables.size} twin tables in every rotation`);
    store.close();
  });
});
