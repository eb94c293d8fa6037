/**
 * The issue's measurement of the strong bot: N games (1000 by default) against the judge's random
 * player, alternating colours as `tabula judge` does (game k: seed S + k - 1, the strong bot black
 * in odd games), played in process through the protocol. Prints wins, the mean and maximum of the
 * strong bot's own moves, and its time per move; exits 1 unless every game is won within 40 own
 * moves and 15 on average.
 *
 *   npm run build && node dist/scripts/loa-strong.js [GAMES] [SEED]
 */
import { playGame } from '../src/arena/game-loop.js';
import { game } from '../src/games/loa/index.js';

const games = Number(process.argv[2] ?? 1000);
const base = Number(process.argv[3] ?? 1);
const MAX_OWN = 40;
const MAX_MEAN = 15;

const own: number[] = [];
const failures: string[] = [];
const thinking: number[] = [];
const started = performance.now();
for (let i = 0; i < games; i++) {
  const at = i % 2;
  const seed = base + i;
  const bots = at === 0 ? ['builtin:strong', 'builtin:random'] : ['builtin:random', 'builtin:strong'];
  const { result, replay } = await playGame(game, bots, { seed });
  const moves = replay.turns.filter((t) => t.seat === at).length;
  for (const t of replay.turns) if (t.seat === at) thinking.push(t.timeMs);
  if (result.winner !== at || moves > MAX_OWN)
    failures.push(
      `seed ${seed} (seat ${at}): ${result.winner === at ? 'won' : 'not won'} in ${moves} own moves: ${result.reason}`,
    );
  else own.push(moves);
}
const seconds = (performance.now() - started) / 1000;

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const histogram = new Map<number, number>();
for (const n of own) histogram.set(n, (histogram.get(n) ?? 0) + 1);
const sorted = [...thinking].sort((a, b) => a - b);
console.log(`${games} games against builtin:random, seeds ${base}..${base + games - 1}, colours alternating`);
console.log(`won ${own.length} of ${games} within ${MAX_OWN} own moves`);
console.log(`own moves per won game: mean ${mean(own).toFixed(2)}, max ${Math.max(...own)}`);
console.log(
  `own moves: ${[...histogram]
    .sort((a, b) => a[0] - b[0])
    .map(([n, k]) => `${n}: ${k}`)
    .join(', ')}`,
);
console.log(
  `time per own move: mean ${mean(thinking).toFixed(2)} ms, 99th percentile ${sorted[Math.floor(sorted.length * 0.99)]!.toFixed(2)} ms, max ${sorted.at(-1)!.toFixed(2)} ms`,
);
console.log(`${seconds.toFixed(1)} s in all`);
for (const f of failures.slice(0, 20)) console.log(`failed: ${f}`);
process.exitCode = failures.length === 0 && mean(own) <= MAX_MEAN ? 0 : 1;
