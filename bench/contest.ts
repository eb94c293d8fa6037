/**
 * A contest's scheduler (`tabula ladder`), without the games' own time: every game it plans is
 * "played" at once (instant-games.ts), stored with a real Nine Men's Morris replay, then rated, as
 * the arena's games are. Two
 * cases: how many games a second the scheduler plans, stores and rates (what it keeps up with, on
 * one thread), and how many games a new version plays before its rating settles (σ below the
 * settled value) among 20 authors whose ratings have settled; with the seconds a real game of two
 * starter-level bots takes here, the minutes that is at a given concurrency.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { playGame } from '../src/arena/game-loop.js';
import type { Replay } from '../src/arena/replay.js';
import type { Contest } from '../src/contest/contest.js';
import { FIRST_RATING, SETTLED_SIGMA } from '../src/contest/ratings.js';
import { ContestSite } from '../src/contest/site.js';
import { ContestTables } from '../src/contest/store/tables.js';
import { game as morris } from '../src/games/morris/index.js';
import { findGame } from '../src/games/registry.js';
import { Store } from '../src/runs/store/store.js';
import { packFiles } from '../src/runs/workers/bot-files.js';
import type { Case } from './case.js';
import { instantGames } from './instant-games.js';

const AUTHORS = 20;
const GAMES = 2000;
/** Strengths on the Elo scale: the bosses (random, greedy, strong) and the authors, spread between. */
const BOSS_ELO = [0, 400, 1000];
const authorElo = (i: number): number => 100 + i * 45;

let replay: Replay | null = null;
/** One real game's replay, stored with every simulated game (what storing one costs). */
async function realReplay(): Promise<Replay> {
  replay ??= (await playGame(morris, ['builtin:random', 'builtin:greedy'], { seed: 7 })).replay;
  return replay;
}

export interface Simulated {
  readonly store: Store;
  readonly elo: Map<number, number>;
  /** Makes a contest of the store, whose games are instant; `stop` ends it after the game it says. */
  run(stop: (played: number) => boolean): Promise<number>;
}

/**
 * A contest of Nine Men's Morris with `authors` active versions, none of whose games has been played;
 * its instant games drawn from `seed` (each run from the next).
 */
export async function simulated(authors: number, seed = 1): Promise<Simulated> {
  const dir = mkdtempSync(join(tmpdir(), 'tabula-bench-contest-'));
  const store = new Store(join(dir, 'contest.db'));
  const { site } = await ContestSite.open(store, [morris], { concurrency: 2, cache: dir, log: () => {} }, findGame);
  const [contest] = site.contests as [Contest];
  const elo = new Map<number, number>();
  for (const e of contest.tables.entrants()) elo.set(e.id, BOSS_ELO[e.league]!);
  const build = packFiles([{ path: 'bot.py', mode: 0o644, data: '' }]);
  for (let i = 0; i < authors; i++) {
    const [invite] = site.invite(1);
    const { author } = site.join(invite!, `author${i}`);
    const version = contest.tables.submit(author.id, 'python', build.packed, FIRST_RATING);
    contest.tables.setBuild(version.id, build.hash, build.packed);
    contest.tables.activate(version.id);
    elo.set(version.id, authorElo(i));
  }
  const base = await realReplay();
  let runs = 0;
  return {
    store,
    elo,
    run: async (stop) => {
      let played = 0;
      const executor = instantGames(
        base,
        (id) => elo.get(id)!,
        (count) => {
          played = count;
          if (stop(count)) running.stop();
        },
        seed * 1000 + runs++,
      );
      const running = (
        await ContestSite.open(store, [morris], { concurrency: 2, cache: dir, executor, log: () => {} }, findGame)
      ).site;
      await running.run();
      return played;
    },
  };
}

let details: string[] = [];

export const cases: Case[] = [
  {
    name: `contest: games the scheduler plans, stores and rates (${AUTHORS} authors)`,
    unit: 'games',
    run: async () => {
      const contest = await simulated(AUTHORS);
      return contest.run((played) => played >= GAMES);
    },
  },
  {
    name: `contest: a new version's rating settles among ${AUTHORS} authors`,
    unit: 'games',
    long: true,
    run: async () => {
      const contest = await simulated(AUTHORS);
      const { store } = contest;
      const tables = new ContestTables(store, 1);
      // Every author's rating settled first, as in a contest that has run a while.
      const versions = () => tables.entrants().filter((e) => e.authorId !== null && e.status === 'active');
      const warm = await contest.run(() => versions().every((e) => e.sigma < SETTLED_SIGMA));
      const { site } = await ContestSite.open(store, [morris], { concurrency: 1, log: () => {} }, findGame);
      const [invite] = site.invite(1);
      const newcomer = site.join(invite!, 'newcomer').author;
      const build = packFiles([{ path: 'bot.py', mode: 0o644, data: '' }]);
      const version = tables.submit(newcomer.id, 'python', build.packed, FIRST_RATING);
      tables.setBuild(version.id, build.hash, build.packed);
      tables.activate(version.id);
      contest.elo.set(version.id, authorElo(AUTHORS / 2));
      const start = performance.now();
      const all = await contest.run(() => tables.entrant(version.id)!.sigma < SETTLED_SIGMA);
      const seconds = (performance.now() - start) / 1000;
      const own = tables.entrant(version.id)!;
      const minutes = (perGame: number, slots: number) => ((all * perGame) / 60 / slots).toFixed(1);
      const weak = await realGameSeconds(
        `python3 ${new URL('../../test/fixtures/contest/weak.py', import.meta.url).pathname}`,
        'builtin:random',
        4,
      );
      const strong = await realGameSeconds('builtin:strong', 'builtin:strong', 2);
      details = [
        `${warm} games until the ${AUTHORS} authors' ratings settled (σ < ${SETTLED_SIGMA})`,
        `then a new version settled after ${own.games} games of its own, ${all} games in all (${seconds.toFixed(2)} s of scheduling)`,
        `its rating then: μ ${own.mu.toFixed(2)}, σ ${own.sigma.toFixed(2)}, ${own.wins}-${own.draws}-${own.losses}`,
        `a real game here: ${weak.toFixed(2)} s of a Python starter-level bot against builtin:random, ` +
          `${strong.toFixed(2)} s of builtin:strong against itself`,
        `so ${all} games take ${minutes(weak, 2)} to ${minutes(strong, 2)} minutes at --concurrency 2, ` +
          `${minutes(weak, 16)} to ${minutes(strong, 16)} on 16 cores; bots that think their whole 50 ms ` +
          `through the 200 turns a game may last take 10 s a game: ${minutes(10, 2)} minutes at --concurrency 2`,
      ];
      return all;
    },
    details: () => details,
  },
];

/** The seconds a game of `a` against `b` takes here, each bot a process in its sandbox, seats alternating. */
async function realGameSeconds(a: string, b: string, games: number): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < games; i++)
    await playGame(morris, i % 2 ? [b, a] : [a, b], { seed: i, connect: { builtinsAsProcesses: true } });
  return (performance.now() - start) / 1000 / games;
}
