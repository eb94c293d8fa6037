/**
 * `npm run strength -- rummikode [--games N] [--seed S] [--pairing TEXT] [--params P]`: the strong bot at tables of
 * 2, 3 and 4 against the random and the greedy bot. Each deal (seed) is played once from every seat
 * (seats rotated); the bots are limited by search nodes, not time, so the games do not depend on the
 * machine's load. Prints, per table, the strong bot's first places (alone) with a 95% Wilson interval
 * against its share of the seats; how the games ended: a hand emptied (by whom, and the share of
 * games so ended with its interval) or the 250-command cap; the games with a command refused (a
 * player disqualified) or with a planned command the strong bot found refused before sending it (its
 * log); its mean place; and the games in which its hand never held a first PUSH of 25, where it could
 * only WAIT whatever it played. RummiKode is played by more than two, so this is not a pair gauntlet.
 * `--params P` gives the strong bot more parameters, as `open=0` or `keep=0,open=16`.
 */
import { parseBotSpec } from '../../src/arena/bot-spec.js';
import { playGame } from '../../src/arena/game-loop.js';
import type { ReplayTurn } from '../../src/arena/replay.js';
import { BotStartError } from '../../src/core/connection.js';
import { millis } from '../../src/core/units.js';
import { game } from '../../src/games/rummikode/index.js';
import { readTurn } from '../../src/games/rummikode/input.js';
import { hasMove } from '../../src/games/rummikode/moves.js';
import { gauntletOptions, OptionError, ownOption } from './gauntlet.js';

/** The strong bot on a node budget (not time), so that the tables do not depend on the machine's load. */
const STRONG_PARAMS = 'time=0,nodes=5000';

interface Table {
  readonly name: string;
  readonly opponent: string;
  readonly players: number;
}

const TABLES: readonly Table[] = [
  { name: '3 players, 2 random', opponent: 'builtin:random', players: 3 },
  { name: '2 players, greedy', opponent: 'builtin:greedy', players: 2 },
  { name: '3 players, 2 greedy', opponent: 'builtin:greedy', players: 3 },
  { name: '4 players, 3 greedy', opponent: 'builtin:greedy', players: 4 },
];

/** The 95% Wilson interval of `k` successes in `n`. */
function wilson(k: number, n: number): [number, number] {
  const z = 1.96;
  const p = k / n;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / (1 + (z * z) / n);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

const percent = (x: number): string => `${(100 * x).toFixed(1)}%`;

/** Whether any input sent to `seat` showed it a first PUSH of 25 in its hand. */
async function everCouldOpen(turns: readonly ReplayTurn[], seat: number): Promise<boolean> {
  for (const { seat: to, input } of turns) {
    if (to !== seat) continue;
    let next = 0;
    const turn = await readTurn({ readLine: async () => input[next++] ?? null, writeLine: () => {}, log: () => {} });
    const hand = turn!.players[turn!.me]!.hand;
    if (hasMove({ stacks: [], hand, actionsLeft: 0, opened: false }, 'PUSH')) return true;
  }
  return false;
}

export async function main(args: readonly string[]): Promise<void> {
  const { value, rest } = ownOption(
    args,
    'params',
    /^[a-z]+=[0-9.]+(,[a-z]+=[0-9.]+)*$/,
    "the strong bot's parameters as name=value,...",
  );
  const strong = `builtin:strong(${STRONG_PARAMS}${value === null ? '' : `,${value}`})`;
  try {
    parseBotSpec(game, strong);
  } catch (e) {
    if (e instanceof BotStartError) throw new OptionError(`--params: ${e.message}`);
    throw e;
  }
  const options = gauntletOptions(rest);
  const games = options.games ?? 300;
  // Generous limits: the bots are node-limited, and a timeout on a loaded machine would change a game.
  const timeLimits = { firstTurn: millis(60_000), turn: millis(60_000) };
  console.log(`rummikode: ${strong}, seats rotated, ${games} games a table, seeds from ${options.seed}`);
  console.log(
    'table                   games  first (alone) [95%]        share  place  no opening  emptied by strong / others  hand emptied [95%]         cap  failed',
  );
  for (const table of TABLES.filter((t) => options.only === undefined || t.name.includes(options.only))) {
    let first = 0;
    let strongOut = 0;
    let othersOut = 0;
    let capped = 0;
    let failed = 0;
    let places = 0;
    let noOpening = 0;
    for (let g = 0; g < games; g++) {
      const at = g % table.players;
      const bots = Array.from({ length: table.players }, (_, s) => (s === at ? strong : table.opponent));
      const { result, replay } = await playGame(game, bots, {
        seed: options.seed + Math.floor(g / table.players),
        timeLimits,
      });
      const firsts = result.players.filter((p) => p.rank === 1).length;
      if (result.players[at]!.rank === 1 && firsts === 1) first++;
      places += result.players[at]!.rank;
      if (!(await everCouldOpen(replay.turns, at))) noOpening++;
      if (/thrown all its cards/.test(result.reason)) result.winner === at ? strongOut++ : othersOut++;
      else if (/commands played/.test(result.reason)) capped++;
      if (result.players.some((p) => p.status !== 'ok') || replay.turns.some((t) => t.stderr !== '')) failed++;
    }
    const rate = (k: number): string => {
      const [low, high] = wilson(k, games);
      return `${percent(k / games)} [${percent(low)}, ${percent(high)}]`;
    };
    console.log(
      `${table.name.padEnd(22)}  ${String(games).padStart(5)}  ${rate(first).padEnd(25)}  ${percent(1 / table.players).padStart(5)}  ${(places / games).toFixed(2).padStart(5)}  ${String(noOpening).padStart(10)}  ${`${strongOut} / ${othersOut}`.padEnd(26)}  ${rate(strongOut + othersOut).padEnd(25)}  ${String(capped).padStart(3)}  ${failed}`,
    );
  }
}
