/**
 * Compares two Lines of Action players quickly, for tuning the strong bot's search and evaluation:
 * paired games from random openings (both players play the same first moves, seats swapped within
 * a pair), on the rules directly, without the protocol or clocks, so that depth- or node-limited
 * games are deterministic and independent of the machine's load.
 *
 *   npm run build && node dist/scripts/tuning/loa.js A B [PAIRS] [OPENING_PLIES] [SEED]
 *
 * A player is `random`, `greedy`, `planner`, or `engine(...)` with any of depth=N, nodes=N, ms=N
 * (a move's planned time, as the time manager gives it: no new iteration after half of it, a
 * deadline at three times it; such games depend on the machine's load, alike for both players) and
 * a weight of evaluation.ts (`engine(depth=3,links=60)`), the rest as in `DEFAULT_WEIGHTS`. Prints
 * A's score with its 95% interval (from the pairs), the Elo difference, wins, draws and losses per
 * seat, and the mean game length.
 */
import { deriveSeed, Rng } from '../../src/core/rng.js';
import { Greedy } from '../../src/games/loa/bots/greedy.js';
import { withOpening } from '../../src/games/loa/bots/opening.js';
import { Planner } from '../../src/games/loa/bots/planner.js';
import { DEFAULT_WEIGHTS, type Weights } from '../../src/games/loa/engine/evaluation.js';
import { Search } from '../../src/games/loa/engine/search.js';
import type { Chooser } from '../../src/games/loa/input.js';
import { MAX_MOVES, type Move, Position } from '../../src/games/loa/position.js';
import { DEFAULT_MAX_MOVES, rules, stateAt } from '../../src/games/loa/rules.js';

function player(spec: string, seed: number): Chooser {
  const rng = new Rng(seed);
  if (spec === 'random') {
    const moves = new Int32Array(MAX_MOVES);
    return (p) => moves[rng.below(p.generate(moves))]! as Move;
  }
  if (spec === 'greedy') {
    const g = new Greedy(rng);
    return (p) => g.choose(p);
  }
  if (spec === 'planner') {
    const planner = new Planner();
    return (p) => planner.choose(p, (k) => rng.below(k));
  }
  const match = /^engine\((.*)\)$/.exec(spec);
  if (!match) throw new Error(`unknown player ${spec}`);
  const settings: Record<string, number> = {};
  for (const part of match[1]!.split(',').filter((s) => s !== '')) {
    const [name, value] = part.split('=');
    settings[name!] = Number(value);
  }
  const { depth = 64, nodes = Infinity, ms = Infinity, ...rest } = settings;
  for (const name of Object.keys(rest)) if (!(name in DEFAULT_WEIGHTS)) throw new Error(`no weight ${name}`);
  const search = new Search({ ...DEFAULT_WEIGHTS, ...rest } as Weights);
  // As the time manager plans: no new iteration after half the time, a deadline at three times it.
  return (p, ply) => search.search(p, ply, DEFAULT_MAX_MOVES, { depth, nodes, softMs: ms / 2, hardMs: ms * 3 }).move;
}

/** One game; returns the winner's seat or null, and its length. */
function play(black: Chooser, white: Chooser): { winner: number | null; plies: number } {
  let state = stateAt(Position.start());
  while (state.outcome === null) {
    const chooser = state.position.toMove === 0 ? black : white;
    state = rules.play(state, chooser(state.position.clone(), state.ply));
  }
  return { winner: state.outcome.winner, plies: state.ply };
}

const [a = 'engine()', b = 'greedy', pairsText = '50', openingText = '4', seedText = '1'] = process.argv.slice(2);
const pairs = Number(pairsText);
const params = { opening: openingText };
const seed = Number(seedText);
const tally = {
  points: 0,
  games: 0,
  seat: [
    [0, 0, 0],
    [0, 0, 0],
  ] as number[][],
  plies: 0,
};
const pairScores: number[] = [];
const started = performance.now();
for (let k = 0; k < pairs; k++) {
  // As the arena seeds bots: by the pair's seed and the seat, so that both games open alike.
  const seatSeeds = [0, 1].map((s) => deriveSeed(deriveSeed(seed, k), s));
  const seated = (spec: string, s: number) => withOpening(params, seatSeeds[s]!, player(spec, seatSeeds[s]!));
  let pairScore = 0;
  for (const seatOfA of [0, 1]) {
    const { winner, plies } = seatOfA === 0 ? play(seated(a, 0), seated(b, 1)) : play(seated(b, 0), seated(a, 1));
    const score = winner === null ? 0.5 : winner === seatOfA ? 1 : 0;
    tally.seat[seatOfA]![score === 1 ? 0 : score === 0.5 ? 1 : 2]!++;
    tally.points += score;
    tally.games++;
    tally.plies += plies;
    pairScore += score;
  }
  pairScores.push(pairScore / 2);
}
const mean = tally.points / tally.games;
const variance = pairScores.reduce((s, x) => s + (x - mean) ** 2, 0) / Math.max(1, pairScores.length - 1);
const margin = 1.96 * Math.sqrt(variance / pairScores.length);
const elo = (s: number) => (s <= 0 ? -Infinity : s >= 1 ? Infinity : -400 * Math.log10(1 / s - 1));
const wdl = (s: number[]) => `+${s[0]} =${s[1]} -${s[2]}`;
console.log(
  `${a} vs ${b}: ${tally.games} games, score ${(100 * mean).toFixed(1)}% ± ${(100 * margin).toFixed(1)}, Elo ${elo(mean).toFixed(0)}, ` +
    `as black ${wdl(tally.seat[0]!)}, as white ${wdl(tally.seat[1]!)}, mean plies ${(tally.plies / tally.games).toFixed(1)}, ` +
    `${((performance.now() - started) / 1000).toFixed(1)} s`,
);
