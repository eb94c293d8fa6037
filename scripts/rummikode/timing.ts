/**
 * The strong bot under the statement's clock, as matches run it: every built-in bot a process of
 * its own, 1000 ms for each player's first command and 100 ms for each later one, several games at
 * once. Tables of 2, 3 and 4 seats in turn, the strong bot in one seat (rotating) against the greedy
 * and the random bot. Prints the timeouts and other failures, and the strong bot's answer times
 * (the arena's measure, from the last byte of its input to its answer).
 *
 *   npm run build && node dist/scripts/rummikode/timing.js [GAMES=1000] [CONCURRENCY=2] [SEED=1]
 *
 * Exits 1 if any game had a failure.
 */
import { playGame } from '../../src/arena/game-loop.js';
import { game } from '../../src/games/rummikode/index.js';

const games = Number(process.argv[2] ?? 1000);
const concurrency = Number(process.argv[3] ?? 2);
const base = Number(process.argv[4] ?? 1);
const OTHERS = ['builtin:greedy', 'builtin:random'];

const firstTimes: number[] = [];
const laterTimes: number[] = [];
const failures: string[] = [];
let done = 0;
const started = performance.now();

async function play(i: number): Promise<void> {
  const players = 2 + (i % 3);
  const at = Math.floor(i / 3) % players;
  const bots = Array.from({ length: players }, (_, s) =>
    s === at ? 'builtin:strong' : OTHERS[(i + s) % OTHERS.length]!,
  );
  const seed = base + i;
  const { result, replay } = await playGame(game, bots, { seed, connect: { builtinsAsProcesses: true } });
  const seen = new Set<number>();
  for (const turn of replay.turns) {
    if (turn.seat !== at) continue;
    (seen.has(turn.seat) ? laterTimes : firstTimes).push(turn.timeMs);
    seen.add(turn.seat);
  }
  for (const [s, p] of result.players.entries())
    if (p.status !== 'ok')
      failures.push(`seed ${seed}, ${bots.join(' ')}: seat ${s} (${bots[s]}) ${p.status}: ${p.message ?? ''}`);
  if (++done % 50 === 0)
    console.error(`${done} games, ${failures.length} failures, ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

let next = 0;
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < games) await play(next++);
  }),
);

const stats = (times: number[]): string => {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number): string =>
    (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0).toFixed(1);
  return `${sorted.length} answers: median ${at(0.5)} ms, 99th percentile ${at(0.99)} ms, 99.9th ${at(0.999)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms`;
};
console.log(
  `${games} games of 2 to 4 players at concurrency ${concurrency}, seeds ${base}..${base + games - 1}, ${((performance.now() - started) / 1000).toFixed(0)} s`,
);
console.log(`builtin:strong, first command (limit 1000 ms): ${stats(firstTimes)}`);
console.log(`builtin:strong, later commands (limit 100 ms): ${stats(laterTimes)}`);
console.log(`failures: ${failures.length}`);
for (const f of failures.slice(0, 20)) console.log(`  ${f}`);
process.exitCode = failures.length === 0 ? 0 : 1;
