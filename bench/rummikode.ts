/**
 * RummiKode: move generation and the rules' speed, whole games through the protocol, and the strong
 * bot's turn planner on the turns of recorded games (its time per turn and how often it proved its
 * plan the best are printed once, before the table).
 */
import { playGame } from '../src/arena/game-loop.js';
import { Rng } from '../src/core/rng.js';
import { millis } from '../src/core/units.js';
import { Planner } from '../src/games/rummikode/engine/planner.js';
import { game } from '../src/games/rummikode/index.js';
import { readTurn } from '../src/games/rummikode/input.js';
import type { Table } from '../src/games/rummikode/moves.js';
import type { Case } from './case.js';

const { rules } = game;

/** Whole games of uniformly random legal commands, 2 to 4 players: move generation and play. */
function playouts(): number {
  const rng = new Rng(2);
  let commands = 0;
  for (let g = 0; g < 60; g++) {
    let state = rules.initial({ seats: 2 + (g % 3), seed: g, options: {} });
    while (!rules.outcome(state)) {
      state = rules.play(state, rng.pick(rules.legalMoves(state)));
      commands++;
    }
  }
  return commands;
}

/** Games between the built-in random bots, through the protocol text, as `tabula play` runs them. */
async function games(): Promise<number> {
  let turns = 0;
  for (let seed = 0; seed < 3; seed++) {
    const bots = Array<string>(2 + seed).fill('builtin:random');
    turns += (await playGame(game, bots, { seed })).result.turns;
  }
  return turns;
}

/**
 * The first command of each of the strong bot's turns in seeded games (2 to 4 players, against the
 * greedy and the random bot), as it read them: what the planner starts from.
 */
async function turnStarts(): Promise<Table[]> {
  const tables: Table[] = [];
  const timeLimits = { firstTurn: millis(60_000), turn: millis(60_000) };
  for (let seed = 0; seed < 6; seed++) {
    const players = 2 + (seed % 3);
    const bots = Array.from({ length: players }, (_, s) =>
      s === 0 ? 'builtin:strong(time=0,nodes=3000)' : s % 2 === 1 ? 'builtin:greedy' : 'builtin:random',
    );
    const { replay } = await playGame(game, bots, { seed, timeLimits });
    let opened = false;
    let previous = -1;
    for (const turn of replay.turns) {
      if (turn.seat === 0 && previous !== 0) {
        const lines = [...turn.input];
        const read = (await readTurn({
          readLine: async () => lines.shift() ?? null,
          writeLine: () => {},
          log: () => {},
        }))!;
        const me = read.players[read.me]!;
        tables.push({ stacks: read.stacks, hand: me.hand, actionsLeft: me.actionsLeft, opened });
      }
      if (turn.seat === 0 && turn.output[0]?.startsWith('PUSH')) opened = true;
      previous = turn.seat;
    }
  }
  return tables;
}

let starts: Table[] | null = null;
let reported = false;

/** Plans every turn start with the strong bot's budget under the statement's 100 ms (20 ms); reports once. */
async function plans(): Promise<number> {
  starts ??= await turnStarts();
  const planner = new Planner();
  const budget = { nodes: 200_000, ms: 20 };
  const times: number[] = [];
  let proved = 0;
  let nodes = 0;
  for (const t of starts) {
    const start = performance.now();
    const plan = planner.plan(t.stacks, t.hand, t.actionsLeft, t.opened, budget);
    times.push(performance.now() - start);
    if (plan.proved) proved++;
    nodes += plan.nodes;
  }
  const total = times.reduce((a, b) => a + b, 0);
  if (!reported) {
    reported = true;
    times.sort((a, b) => a - b);
    const at = (q: number): string => times[Math.min(times.length - 1, Math.floor(times.length * q))]!.toFixed(2);
    console.log(
      `rummikode planner, ${times.length} turns, 20 ms at most: median ${at(0.5)} ms, 99th percentile ${at(0.99)} ms, max ${times.at(-1)!.toFixed(2)} ms; ` +
        `proved the best plan in ${proved} (${((100 * proved) / times.length).toFixed(1)}%); ${Math.round(nodes / total)} nodes per ms`,
    );
  }
  return starts.length;
}

export const cases: Case[] = [
  { name: 'rummikode random playouts, rules only', unit: 'commands', run: playouts },
  { name: 'rummikode games, built-in bots through the protocol', unit: 'turns', run: games },
  { name: 'rummikode planner, turns of strong-bot games', unit: 'turns', run: plans },
];
