/**
 * Verdicts in simulated contests (contest/verdict.ts): Nine Men's Morris contests of instant games
 * (instant-games.ts), eight authors whose ratings have settled; then one of them submits a second
 * version, as strong as the first, or stronger or weaker by a given Elo, and its twin games are
 * played until the verdict is known (or the cap stops them). Per strength: how often each result
 * came, and the twin pairs to a result. The unit tests check the error rates and the power on twin
 * pairs alone; this is the whole contest's path, the pool and the scheduler included.
 */
import type { Contest } from '../src/contest/contest.js';
import { FIRST_RATING } from '../src/contest/ratings.js';
import { ContestSite } from '../src/contest/site.js';
import { ContestTables } from '../src/contest/store/tables.js';
import { VERDICT_GAMES, type VerdictResult } from '../src/contest/verdict.js';
import { game as morris } from '../src/games/morris/index.js';
import { findGame } from '../src/games/registry.js';
import { packFiles } from '../src/runs/workers/bot-files.js';
import type { Case } from './case.js';
import { simulated } from './contest.js';

const AUTHORS = 8;
const CONTESTS = 40;
/** The second version's strength over the first's, on the Elo scale of the instant games. */
const DELTAS = [0, 100, -100, 300];

let details: string[] = [];

/** One contest's verdict on a second version `delta` Elo stronger than the first. */
async function verdictIn(seed: number, delta: number): Promise<{ result: VerdictResult; games: number; elo: number }> {
  const contest = await simulated(AUTHORS, seed);
  const tables = new ContestTables(contest.store, 1);
  await contest.run((played) => played >= 600);
  const first = tables.entrants().filter((e) => e.authorId !== null)[AUTHORS / 2]!;
  const build = packFiles([{ path: 'bot.py', mode: 0o644, data: '' }]);
  const second = tables.submit(first.authorId!, 'python', build.packed, FIRST_RATING);
  tables.setBuild(second.id, build.hash, build.packed);
  tables.activate(second.id);
  contest.elo.set(second.id, contest.elo.get(first.id)! + delta);
  const { site } = await ContestSite.open(contest.store, [morris], { concurrency: 1, log: () => {} }, findGame);
  const [reader] = site.contests as [Contest];
  const verdict = () => reader.verdict(tables.entrant(second.id)!)!;
  await contest.run(
    (played) => played % 10 === 0 && (verdict().result !== 'not yet known' || verdict().stopped !== null),
  );
  const { result, games, elo } = verdict();
  contest.store.close();
  return { result, games, elo };
}

export const cases: Case[] = [
  {
    name: `contest: verdicts of second versions (${CONTESTS * DELTAS.length} simulated contests)`,
    unit: 'contests',
    long: true,
    run: async () => {
      details = [];
      for (const delta of DELTAS) {
        const counts: Record<VerdictResult, number> = { better: 0, worse: 0, neither: 0, 'not yet known': 0 };
        const games: number[] = [];
        let elo = 0;
        for (let i = 0; i < CONTESTS; i++) {
          const verdict = await verdictIn(1 + i + 100 * (delta + 1000), delta);
          counts[verdict.result]++;
          games.push(verdict.games);
          elo += verdict.elo / CONTESTS;
        }
        games.sort((a, b) => a - b);
        const said = Object.entries(counts)
          .map(([result, n]) => `${result} ${n}`)
          .join(', ');
        details.push(
          `second version ${delta >= 0 ? '+' : ''}${delta} Elo: ${said}; twin pairs to a result: median ${games[games.length >> 1]}, most ${games.at(-1)} (cap ${VERDICT_GAMES} games); mean verdict Elo ${elo.toFixed(1)}`,
        );
      }
      return CONTESTS * DELTAS.length;
    },
    details: () => details,
  },
];
