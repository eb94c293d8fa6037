/**
 * The strong bot against its clock: games of `builtin:strong` against itself under the statement's
 * limits as the arena enforces them (2000 ms for a first move, 1000 ms after, 10 s in all per
 * player), each bot a process of its own as in matches, several games at once. Every game starts
 * from its own random opening (the bots play the first 4 moves at random from their seeds, see
 * src/games/loa/bots/opening.ts). Prints the timeouts and other failures, the longest move and the
 * most time a player used in a game, against their limits; exits 1 if any player failed.
 *
 *   npm run build && node dist/scripts/loa-timeouts.js [GAMES] [CONCURRENCY] [SEED]
 *
 * The check is 1000 games at concurrency 2 on the project's 2-core machine.
 */
import { playGame } from '../src/arena/game-loop.js';
import { game } from '../src/games/loa/index.js';

const games = Number(process.argv[2] ?? 1000);
const concurrency = Number(process.argv[3] ?? 2);
const seed = Number(process.argv[4] ?? 1);
const OPENING_PLIES = 4;
const limits = game.timeLimits;

const failures: string[] = [];
let longestMove = 0;
let longestFirstMove = 0;
let mostPerGame = 0;
let moves = 0;
let finished = 0;
const started = performance.now();

async function playOne(k: number): Promise<void> {
  const bot = `builtin:strong(opening=${OPENING_PLIES})`;
  const { result, replay } = await playGame(game, [bot, bot], {
    seed: seed + k,
    connect: { builtinsAsProcesses: true },
  });
  for (const p of result.players)
    if (p.status !== 'ok') failures.push(`game ${k + 1} (seed ${seed + k}), seat ${p.seat}: ${p.status}: ${p.message}`);
  const used = [0, 0];
  const seen = [false, false];
  for (const t of replay.turns) {
    used[t.seat]! += t.timeMs;
    if (seen[t.seat]) longestMove = Math.max(longestMove, t.timeMs);
    else longestFirstMove = Math.max(longestFirstMove, t.timeMs);
    seen[t.seat] = true;
    moves++;
  }
  mostPerGame = Math.max(mostPerGame, ...used);
  if (++finished % 50 === 0) console.error(`${finished} of ${games} games, ${failures.length} failures so far`);
}

let next = 0;
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < games) await playOne(next++);
  }),
);

const ms = (x: number) => `${x.toFixed(0)} ms`;
console.log(
  `${games} games of builtin:strong against itself, ${concurrency} at a time, seeds ${seed}..${seed + games - 1}, ${moves} moves`,
);
console.log(`failures: ${failures.length}`);
console.log(
  `longest first move: ${ms(longestFirstMove)} (limit ${ms(limits.firstTurn)}); longest later move: ${ms(longestMove)} (limit ${ms(limits.turn)})`,
);
console.log(`most time a player used in a game: ${ms(mostPerGame)} (limit ${ms(limits.game!)})`);
console.log(`${((performance.now() - started) / 1000).toFixed(0)} s in all`);
for (const f of failures.slice(0, 20)) console.log(`failed: ${f}`);
process.exitCode = failures.length === 0 ? 0 : 1;
