/**
 * `npm run bench`: throughput of the hot paths. The machines are shared and noisy, so every case
 * is reported as a ratio to a fixed reference workload measured in the same run, between cases.
 */
import { performance } from 'node:perf_hooks';
import { playGame } from '../src/core/game-loop.js';
import { Rng } from '../src/core/rng.js';
import { game as mills } from '../src/games/mills/index.js';
import { perft } from '../src/games/mills/rules.js';

interface Case {
  readonly name: string;
  readonly unit: string;
  /** Runs once; returns how many units it did. */
  readonly run: () => number | Promise<number>;
}

/** The reference: integer hashing and sorting, the kind of work the cases do, fixed forever. */
function reference(): number {
  const rng = new Rng(1);
  const values = Int32Array.from({ length: 200_000 }, () => rng.nextU32() | 0);
  values.sort();
  return values.length;
}

function millsPlayouts(): number {
  const rng = new Rng(2);
  let plies = 0;
  for (let g = 0; g < 20; g++) {
    let state = mills.rules.initial({ players: 2, seed: g, options: {} });
    while (!mills.rules.outcome(state)) {
      state = mills.rules.play(state, rng.pick(mills.rules.legalMoves(state)));
      plies++;
    }
  }
  return plies;
}

async function millsGames(): Promise<number> {
  let turns = 0;
  for (let seed = 0; seed < 5; seed++) turns += (await playGame(mills, ['builtin:random', 'builtin:random'], { seed })).result.turns;
  return turns;
}

const cases: Case[] = [
  { name: 'mills perft 4 (placement)', unit: 'nodes', run: () => perft(mills.rules.initial({ players: 2, seed: 0, options: {} }), 4) },
  { name: 'mills random playouts, rules only', unit: 'plies', run: millsPlayouts },
  { name: 'mills games, built-in bots through the protocol', unit: 'turns', run: millsGames },
];

/** Best rate of `repeats` runs: the least disturbed by the machine's other work. */
async function rate(run: () => number | Promise<number>, repeats = 5): Promise<number> {
  let best = 0;
  for (let i = 0; i < repeats; i++) {
    const start = performance.now();
    const units = await run();
    best = Math.max(best, units / ((performance.now() - start) / 1000));
  }
  return best;
}

const fmt = (n: number): string => (n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toPrecision(3));

await rate(reference); // warm-up
console.log('case'.padEnd(50), 'rate'.padStart(22), 'x reference'.padStart(12));
for (const c of cases) {
  await rate(c.run, 2); // warm-up: let the JIT settle
  const before = await rate(reference);
  const value = await rate(c.run);
  const after = await rate(reference);
  const ratio = value / ((before + after) / 2);
  console.log(c.name.padEnd(50), `${fmt(value)} ${c.unit}/s`.padStart(22), ratio.toFixed(3).padStart(12));
}
console.log(`reference: sorting 200,000 integers, ${fmt(await rate(reference))} integers/s`);
