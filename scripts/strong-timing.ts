/**
 * A game's strong bot against the statement's clock: a match of GAMES games (1000 by default) of
 * `builtin:strong` against OPPONENT (`builtin:strong` by default) under the game's limits,
 * CONCURRENCY games at once (2 by default), every bot a process of its own, as `tabula match` plays
 * them. Prints each bot's failures and answer times; exits 1 on any timeout or other failure.
 * Noise-sensitive: run it on a machine whose load is its own (or see scripts/timing-shards.sh).
 *
 *   npm run build && node dist/scripts/strong-timing.js GAME [GAMES] [CONCURRENCY] [OPPONENT]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { findGame } from '../src/games/registry.js';
import { playRun } from '../src/league/run.js';
import { Store } from '../src/league/store.js';

const [gameId, games = '1000', concurrency = '2', opponent = 'builtin:strong'] = process.argv.slice(2);
if (gameId === undefined) throw new Error('usage: strong-timing.js GAME [GAMES] [CONCURRENCY] [OPPONENT]');
const game = await findGame(gameId);
const dir = mkdtempSync(join(tmpdir(), 'strong-timing-'));
const store = new Store(join(dir, 'runs.db'));
const started = performance.now();
// What can make an answer late besides the bot: the arena's own event loop, and the host taking the CPU (steal).
const loop = monitorEventLoopDelay({ resolution: 1 });
loop.enable();
const steal = stealSampler();
let done = 0;
const report = await playRun(
  {
    game,
    config: {
      kind: 'match',
      game: gameId,
      bots: ['builtin:strong', opponent],
      timeLimits: game.timeLimits,
      gameOptions: {},
      games: Number(games),
    },
    store,
    concurrency: Number(concurrency),
  },
  { onGame: () => process.stderr.write(`\r${++done} of ${games} games`) },
);
loop.disable();
steal.stop();
const slow = slowTurns(store);
store.close();
rmSync(dir, { recursive: true, force: true });
process.stderr.write('\n');

const ms = (n: number | null): string => (n === null ? '-' : `${n.toFixed(1)} ms`);
console.log(
  `${gameId}: ${report.gamesPlayed} games, concurrency ${concurrency}, ${((performance.now() - started) / 1000).toFixed(0)} s`,
);
let failures = 0;
for (const bot of report.bots) {
  failures += bot.failures.length;
  console.log(
    `${bot.bot}: ${bot.games} games, endings ${JSON.stringify(bot.endings)}; first turn median ${ms(bot.firstTurn.medianMs)}, ` +
      `max ${ms(bot.firstTurn.maxMs)} (limit ${bot.firstTurn.limitMs} ms); other turns median ${ms(bot.turns.medianMs)}, ` +
      `p99 ${ms(bot.turns.p99Ms)}, max ${ms(bot.turns.maxMs)} (limit ${bot.turns.limitMs} ms)`,
  );
  for (const f of bot.failures.slice(0, 20)) console.log(`  game ${f.gameId}: ${f.status}: ${f.message}`);
}
console.log(
  `later turns over 25 / 30 / 40 / 50 ms: ${[25, 30, 40, 50].map((t) => slow.filter((s) => s.ms > t).length).join(' / ')}` +
    ` (CPU of the bot in them, ms: ${slow
      .filter((s) => s.ms > 40)
      .map((s) => `${s.ms.toFixed(1)}: ${s.cpu?.toFixed(1) ?? '-'}`)
      .join(', ')})`,
);
console.log(
  `arena event loop delay: p99.9 ${(loop.percentile(99.9) / 1e6).toFixed(1)} ms, max ${(loop.max / 1e6).toFixed(1)} ms; ` +
    `host steal: ${steal.total.toFixed(2)}% of the time, at most ${steal.worst.toFixed(0)} ms in a 100 ms window`,
);
process.exitCode = failures === 0 ? 0 : 1;

/** Every later turn over 25 ms: its response time and the bot's CPU time in it. */
function slowTurns(store: Store): { ms: number; cpu: number | undefined }[] {
  const out: { ms: number; cpu: number | undefined }[] = [];
  for (const run of store.runs())
    for (const g of store.games(run.id))
      for (const t of g.times)
        t.turnMs.forEach((ms, i) => {
          if (ms > 25) out.push({ ms, cpu: t.turnCpuMs?.length === t.turnMs.length ? t.turnCpuMs[i] : undefined });
        });
  return out.sort((a, b) => a.ms - b.ms);
}

/** Both CPUs' steal time from /proc/stat: the share over the run and the worst 100 ms window (Linux only). */
function stealSampler(): { stop: () => void; total: number; worst: number } {
  const read = (): [number, number] => {
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    return [f.reduce((a, b) => a + b, 0), f[7] ?? 0];
  };
  const first = read();
  let last = first;
  const state = { total: 0, worst: 0, stop: () => {} };
  const timer = setInterval(() => {
    const now = read();
    state.worst = Math.max(state.worst, (now[1] - last[1]) * 10); // ticks of 10 ms, summed over the CPUs
    last = now;
  }, 100);
  state.stop = () => {
    clearInterval(timer);
    const end = read();
    state.total = (100 * (end[1] - first[1])) / Math.max(1, end[0] - first[0]);
  };
  return state;
}
