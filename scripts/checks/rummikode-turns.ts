/**
 * `node dist/scripts/checks/rummikode-turns.js [GAMES] [SEED] [STRONG]`: where the strong bot's turns go at
 * 3-player tables against two random bots, seats rotated, the deals of `npm run strength -- rummikode`
 * (game g: seed SEED + g/3, the strong bot in seat g%3). Prints the games its hand emptied, by the
 * turn of its first push; its turns a game; the commands a turn of each player; its hand at the end.
 */
import { playGame } from '../../src/arena/game-loop.js';
import { millis } from '../../src/core/units.js';
import { game } from '../../src/games/rummikode/index.js';
import type { RummiSnapshot } from '../../src/games/rummikode/view.js';

const games = Number(process.argv[2] ?? 150);
const seed = Number(process.argv[3] ?? 1);
const strong = process.argv[4] ?? 'builtin:strong(time=0,nodes=5000)';
const PLAYERS = 3;
const timeLimits = { firstTurn: millis(60_000), turn: millis(60_000) };

const mean = (xs: readonly number[]): string => (xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length)).toFixed(1);
/** `value:count ...`, ascending. */
function counts(xs: readonly number[]): string {
  const seen = new Map<number, number>();
  for (const x of xs) seen.set(x, (seen.get(x) ?? 0) + 1);
  return [...seen.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([value, count]) => `${value}:${count}`)
    .join(' ');
}

const turnsPerGame: number[] = [];
const strongCommands: number[] = [];
const otherCommands: number[] = [];
const handAtEnd: number[] = [];
/** Per band of 3 turns of the first push: games, and games its hand emptied. */
const byOpening = new Map<number, [number, number]>();
let emptied = 0;
for (let g = 0; g < games; g++) {
  const at = g % PLAYERS;
  const bots = Array.from({ length: PLAYERS }, (_, s) => (s === at ? strong : 'builtin:random'));
  const { result, replay } = await playGame(game, bots, { seed: seed + Math.floor(g / PLAYERS), timeLimits });
  const out = /thrown all its cards/.test(result.reason) && result.winner === at;
  if (out) emptied++;
  let turns = 0;
  let opening = 0;
  let commands = 0;
  let mover = -1;
  for (const t of replay.turns) {
    const state = t.state as RummiSnapshot;
    if (t.seat !== mover) {
      mover = t.seat;
      commands = 0;
      if (mover === at) turns++;
    }
    commands++;
    if (t.seat === at && opening === 0 && t.output[0]?.startsWith('PUSH')) opening = turns;
    // The turn ends when another seat is to move, or the game ends.
    if (state.toMove !== t.seat || state.outcome) {
      (t.seat === at ? strongCommands : otherCommands).push(commands);
      mover = -1;
    }
  }
  const last = replay.turns.at(-1)!.state as RummiSnapshot;
  handAtEnd.push(last.players[at]!.hand.length);
  turnsPerGame.push(turns);
  const band = opening === 0 ? -1 : Math.floor((opening - 1) / 3);
  const [n, k] = byOpening.get(band) ?? [0, 0];
  byOpening.set(band, [n + 1, k + (out ? 1 : 0)]);
}
console.log(`${strong} against two random bots, ${games} games, seeds from ${seed}: its hand emptied in ${emptied}`);
for (const [band, [n, k]] of [...byOpening.entries()].sort((a, b) => a[0] - b[0]))
  console.log(
    `  first push on its turn ${band < 0 ? 'never' : `${3 * band + 1}-${3 * band + 3}`}: ${k} emptied of ${n}`,
  );
console.log(`its turns a game: mean ${mean(turnsPerGame)}`);
console.log(`commands a turn: strong bot ${mean(strongCommands)}, random bots ${mean(otherCommands)}`);
console.log(`its cards at the end: ${counts(handAtEnd)}`);
