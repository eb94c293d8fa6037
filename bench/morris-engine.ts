/**
 * The morris engine (src/boards/morris-engine/), for both games on its board: the search's speed
 * in nodes per second from fixed positions of every phase (and the depth it completes there in the
 * default strong bot's time), and the solved endgames' generation,
 * one table a run (the rate in tables per second is the inverse of the time to make one).
 */
import { FlyingTable } from '../src/boards/morris-engine/endgame-table.js';
import { Evaluator } from '../src/boards/morris-engine/evaluation.js';
import { STRONG_PARAMS } from '../src/boards/morris-engine/players.js';
import { ALL_LINES, type BoardPosition } from '../src/boards/morris-engine/position.js';
import { Search, SOFT_SHARE } from '../src/boards/morris-engine/search.js';
import type { Rules } from '../src/core/game.js';
import { Rng } from '../src/core/rng.js';
import { MILLS_WEIGHTS } from '../src/games/mills/bots/strong.js';
import { game as mills } from '../src/games/mills/index.js';
import { MillsPosition } from '../src/games/mills/position.js';
import { MORRIS_WEIGHTS } from '../src/games/morris/bots/strong.js';
import { game as morris } from '../src/games/morris/index.js';
import { MorrisPosition } from '../src/games/morris/position.js';
import type { Case } from './case.js';

/** States of random games after 4, 12, 20, ... plies: placing, moving and flying positions. */
function states<S, M>(rules: Rules<S, M>): S[] {
  const found: S[] = [];
  const rng = new Rng(7);
  for (let g = 0; found.length < 12; g++) {
    let state = rules.initial({ seats: 2, seed: g, options: {} });
    for (let ply = 0; rules.outcome(state) === null && ply < 60; ply++) {
      if (ply % 8 === 4 && found.length < 12) found.push(state);
      state = rules.play(state, rng.pick(rules.legalMoves(state)));
    }
  }
  return found;
}

/**
 * The depth of `searchNodes`: deep enough for a run of 0.1 to 0.5 s, whose rate is the compiled
 * search's and not its warm-up's (at 5 moves, a run was 25,000 nodes and its rate varied threefold).
 */
const BENCH_DEPTH = 7;

/** Nodes searched from each position, BENCH_DEPTH moves deep, each search new (an empty transposition table). */
function searchNodes(positions: readonly (() => BoardPosition)[], evaluator: Evaluator): number {
  let nodes = 0;
  for (const position of positions) {
    const limits = { depth: BENCH_DEPTH, softDeadline: Infinity, hardDeadline: Infinity };
    nodes += new Search(evaluator, null, 16).run(position(), limits).nodes;
  }
  return nodes;
}

/** The default strong bot's thinking time a turn: its time share of the turn's limit (the same in both games). */
const botMs = Number(STRONG_PARAMS.find((s) => s.name === 'time')!.default) * mills.timeLimits.turn;

/**
 * The depth the search completes from each position in the default bot's time, with its deadlines
 * and one transposition table of its size across the positions (not its tables): the depth a
 * half-depth opponent is measured against.
 */
function depthsInTime(positions: readonly (() => BoardPosition)[], evaluator: Evaluator): string[] {
  const search = new Search(evaluator);
  const depths = positions.map((position) => {
    const p = position();
    const start = performance.now();
    const limits = { depth: 64, softDeadline: start + SOFT_SHARE * botMs, hardDeadline: start + botMs };
    return search.run(p, limits).depth;
  });
  return [`depth completed in ${botMs} ms from each position: ${depths.join(' ')}`];
}

const millsPositions = states(mills.rules).map((s) => () => MillsPosition.fromState(s));
const morrisPositions = states(morris.rules).map((s) => () => MorrisPosition.of(s.stones, s.placed, s.ply));

/** Solves one table from nothing: one unit of the case. */
function solve(live: readonly [number, number]): number {
  const table = new FlyingTable(live);
  table.solve();
  return 1;
}
const morrisTable: [number, number] = [ALL_LINES, ALL_LINES];
// A typical Mills endgame: each side's three pieces filled one line before (here the left and right radial lines).
const millsTable: [number, number] = [ALL_LINES & ~(1 << 3), ALL_LINES & ~(1 << 1)];
const entries = (live: readonly [number, number]): string => new FlyingTable(live).size.toLocaleString('en-US');

export const cases: Case[] = [
  {
    name: `mills search, 12 positions to depth ${BENCH_DEPTH}`,
    unit: 'nodes',
    run: () => searchNodes(millsPositions, new Evaluator(MILLS_WEIGHTS)),
    details: () => depthsInTime(millsPositions, new Evaluator(MILLS_WEIGHTS)),
  },
  {
    name: `morris search, 12 positions to depth ${BENCH_DEPTH}`,
    unit: 'nodes',
    run: () => searchNodes(morrisPositions, new Evaluator(MORRIS_WEIGHTS)),
    details: () => depthsInTime(morrisPositions, new Evaluator(MORRIS_WEIGHTS)),
  },
  {
    name: `morris endgame table, 3 against 3, every line live (${entries(morrisTable)} entries)`,
    unit: 'tables',
    run: () => solve(morrisTable),
  },
  {
    name: `mills endgame table, 3 against 3, one line filled before on each side (${entries(millsTable)} entries)`,
    unit: 'tables',
    run: () => solve(millsTable),
  },
];
