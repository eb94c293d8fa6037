/**
 * The planner checked on many positions (those of test/games/rummikode/planner.test.ts, more of
 * them): wherever the exhaustive search over every command sequence finishes, the planner must throw
 * exactly as much and say it proved it; everywhere, it must throw no more than the integer program's
 * bound of unlimited rearrangement, and its own bound must be no less than that. Prints the counts.
 *
 *   npm run build && node dist/scripts/checks/rummikode-planner.js [POSITIONS=3000] [SEED=11]
 *
 * Exits 1 on any disagreement.
 */
import { Planner } from '../../src/games/rummikode/engine/planner.js';
import { mostThrown } from '../../test/games/rummikode/exhaustive.js';
import { positions } from '../../test/games/rummikode/positions.js';
import { unlimitedBound } from '../../test/games/rummikode/unlimited.js';

const count = Number(process.argv[2] ?? 3000);
const seed = Number(process.argv[3] ?? 11);
const planner = new Planner();
let exhausted = 0;
let rearranged = 0;
let reachedBound = 0;
let proved = 0;
const failures: string[] = [];
let n = 0;
const started = performance.now();
for (const table of positions(seed)) {
  if (n++ === count) break;
  const plan = planner.plan(table.stacks, table.hand, table.actionsLeft, table.opened, { nodes: 1_000_000, ms: 0 });
  if (plan.proved) proved++;
  const most = mostThrown(table, 2000);
  if (most !== null) {
    exhausted++;
    if (plan.actions > 0) rearranged++;
    if (plan.thrown !== most || !plan.proved)
      failures.push(`position ${n}: exhaustive ${most}, planner ${plan.thrown} (proved: ${plan.proved})`);
  }
  const bound = unlimitedBound(table);
  if (plan.thrown === bound) reachedBound++;
  if (plan.thrown > bound || plan.bound < bound)
    failures.push(`position ${n}: planner ${plan.thrown}, its bound ${plan.bound}, the integer program's ${bound}`);
  if (n % 500 === 0) console.error(`${n} positions, ${((performance.now() - started) / 1000).toFixed(0)} s`);
}
console.log(`${count} positions (seed ${seed}), the planner on 1,000,000 nodes at most`);
console.log(
  `the exhaustive search finished on ${exhausted}; the planner threw as much on all of them but ${failures.length}; ${rearranged} needed rearranging`,
);
console.log(
  `the planner proved its plan the best on ${proved}; reached the bound of unlimited rearrangement on ${reachedBound}`,
);
console.log(`disagreements: ${failures.length}`);
for (const f of failures.slice(0, 20)) console.log(`  ${f}`);
process.exitCode = failures.length === 0 ? 0 : 1;
