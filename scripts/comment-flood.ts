/**
 * One bot may not slow the others down: a round-robin of a Mills bot that writes 65,000 characters
 * of comment every turn and two built-in bots, at the game's own limits, against the same
 * round-robin with the bot playing the same moves without comments. For each: the built-in bots'
 * timeouts, their worst and 99th-percentile turn, and the database's size.
 *
 *   npm run build && node dist/scripts/comment-flood.js [--rounds R] [--concurrency K]
 *
 * Timed: run it on a quiet machine. Issue 12 saw, before the fix, innocent bots time out at 50 ms
 * ("stopped after 399 ms") and a 135 MB database after 18 games.
 */
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { findGame } from '../src/games/registry.js';
import type { RunRequest } from '../src/league/formats/format.js';
import { playRun } from '../src/league/run.js';
import { planRun } from '../src/league/run-plan.js';
import { Store } from '../src/league/store/store.js';

const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '10' }, concurrency: { type: 'string', default: '2' } },
});
const rounds = Number(values.rounds);
const concurrency = Number(values.concurrency);
const game = await findGame('mills');
const fixture = new URL('../../test/fixtures/bots/mills_first.py', import.meta.url).pathname;

const rows: string[] = ['bot mode   games  built-in timeouts  their worst turn  their p99  database'];
for (const mode of ['play', 'comments']) {
  const db = join(mkdtempSync(join(tmpdir(), 'tabula-flood-')), 'runs.db');
  const config: RunRequest = {
    bots: [`python3 ${fixture} ${mode}`, 'builtin:random', 'builtin:random'],
    format: 'round-robin',
    players: 2,
    rounds,
    timeLimits: game.timeLimits,
    gameOptions: {},
    seed: 1,
  };
  const store = new Store(db);
  const report = await playRun(planRun(game, config), { store, concurrency });
  store.close();
  const builtins = report.bots.slice(1);
  const timeouts = builtins.reduce((n, b) => n + b.endings.timeout, 0);
  const worst = Math.max(...builtins.map((b) => b.turns.maxMs));
  const p99 = Math.max(...builtins.map((b) => b.turns.p99Ms));
  const size = `${(statSync(db).size / 2 ** 20).toFixed(1)} MiB`;
  rows.push(
    `${mode.padEnd(9)}  ${String(report.gamesPlayed).padEnd(5)}  ${String(timeouts).padEnd(17)}  ${`${worst} ms`.padEnd(16)}  ${`${p99} ms`.padEnd(9)}  ${size}`,
  );
}
process.stdout.write(`${rows.join('\n')}\n`);
