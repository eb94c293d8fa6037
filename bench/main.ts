/**
 * `npm run bench`: the rate of each hot path. The machines are shared and noisy, so each case is
 * also given as a ratio to a reference measured in the same run, just before and after it: a fixed
 * CPU workload, or the case's own (see Case.reference). `npm run bench -- mills` runs the cases
 * whose name contains "mills"; long cases (Case.long) run only when the filter names them.
 */
import { readdirSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { Rng } from '../src/core/rng.js';
import type { Case, Measured } from './case.js';

/** The default reference: integer hashing and sorting, the kind of work the rules do. Never change it. */
function sortIntegers(): number {
  const rng = new Rng(1);
  const values = Int32Array.from({ length: 200_000 }, () => rng.nextU32() | 0);
  values.sort();
  return values.length;
}
const cpuReference = { name: 'sorting 200,000 integers', run: sortIntegers };

/** Best rate of `repeats` runs: the one least disturbed by the machine's other work. */
async function rate(run: () => Measured | Promise<Measured>, repeats: number): Promise<number> {
  let best = 0;
  for (let i = 0; i < repeats; i++) {
    const start = performance.now();
    const measured = await run();
    const seconds = (performance.now() - start) / 1000;
    best = Math.max(best, typeof measured === 'number' ? measured / seconds : measured.perSecond);
  }
  return best;
}

const fmt = (n: number): string => (n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toPrecision(3));

async function loadCases(): Promise<Case[]> {
  const files = readdirSync(new URL('.', import.meta.url))
    .filter((f) => f.endsWith('.js') && !['main.js', 'case.js'].includes(f))
    .sort();
  const cases: Case[] = [];
  for (const file of files)
    cases.push(...(((await import(new URL(file, import.meta.url).href)) as { cases?: Case[] }).cases ?? []));
  return cases;
}

const filter = process.argv[2] ?? '';
const cases = (await loadCases()).filter((c) => c.name.includes(filter) && (!c.long || filter !== ''));
const width = Math.max(...cases.map((c) => c.name.length));
console.log(`${'case'.padEnd(width)}  ${'rate'.padStart(24)}  ${'ratio'.padStart(9)}  reference`);
for (const c of cases) {
  const reference = c.reference ?? cpuReference;
  const repeats = c.long ? 1 : (c.repeats ?? 3);
  if (!c.long) await rate(c.run, 1); // warm-up: let the JIT settle
  const before = await rate(reference.run, repeats);
  const value = await rate(c.run, repeats);
  const after = await rate(reference.run, repeats);
  const referenceRate = (before + after) / 2;
  const ratio = value / referenceRate;
  console.log(
    `${c.name.padEnd(width)}  ${`${fmt(value)} ${c.unit}/s`.padStart(24)}  ${ratio.toPrecision(3).padStart(9)}  ${reference.name} (${fmt(referenceRate)}/s)`,
  );
  for (const line of c.details?.({ name: reference.name, rate: referenceRate }, value) ?? []) console.log(`  ${line}`);
}
