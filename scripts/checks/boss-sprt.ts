/**
 * How the boss test of `tabula judge` behaves: simulated submissions of a given strength against a
 * boss, their games drawn at random (a win, a draw or a loss, independently; real pairs share their
 * seed's luck, which only makes the test faster), each run stopped by the judge's SPRT or its cap,
 * exactly as `judgeByBoss` reads it (after whole pairs). Prints, per strength and draw rate, how often
 * the submission is accepted and how many games the verdict took.
 *
 *   node dist/scripts/checks/boss-sprt.js [--runs N]
 */
import { parseArgs } from 'node:util';
import { Rng } from '../../src/core/rng.js';
import { BOSS_GAMES, BOSS_SPRT } from '../../src/runs/judge.js';
import { PENTANOMIAL_VALUES, scoreOfElo } from '../../src/runs/stats/elo.js';
import { sprt } from '../../src/runs/stats/sprt.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '400' } } });
const runs = Number(values.runs);
const rng = new Rng(2024);

const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

console.log(
  `SPRT elo0=${BOSS_SPRT.elo0} elo1=${BOSS_SPRT.elo1} alpha=${BOSS_SPRT.alpha} beta=${BOSS_SPRT.beta}, cap ${BOSS_GAMES} games, ${runs} runs each`,
);
for (const elo of [100, 50, 0, -50, -100, -200]) {
  for (const drawRate of [0.1, 0.4]) {
    const score = scoreOfElo(elo);
    // A draw rate the score allows: a submission scoring s cannot draw more than 2 min(s, 1 - s).
    const draws = Math.min(drawRate, 2 * Math.min(score, 1 - score));
    const win = score - draws / 2;
    const game = (): number => {
      const x = rng.below(1_000_000) / 1_000_000;
      return x < win ? 1 : x < win + draws ? 0.5 : 0;
    };
    let accepted = 0;
    let capped = 0;
    const games: number[] = [];
    for (let r = 0; r < runs; r++) {
      const counts = [0, 0, 0, 0, 0];
      let pairs = 0;
      let verdict: 'H0' | 'H1' | null = null;
      while (verdict === null && 2 * pairs < BOSS_GAMES) {
        counts[Math.round((game() + game()) * 2)]!++;
        pairs++;
        verdict = sprt(BOSS_SPRT, PENTANOMIAL_VALUES, counts).verdict;
      }
      if (verdict === 'H1') accepted++;
      if (verdict === null) capped++;
      games.push(2 * pairs);
    }
    games.sort((a, b) => a - b);
    console.log(
      `Elo ${String(elo).padStart(4)}, draws ${drawRate}: accepted ${((100 * accepted) / runs).toFixed(1)}%, ` +
        `undecided at the cap ${((100 * capped) / runs).toFixed(1)}%, games: median ${percentile(games, 0.5)}, ` +
        `90% within ${percentile(games, 0.9)}, 99% within ${percentile(games, 0.99)}`,
    );
  }
}
