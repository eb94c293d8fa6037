/**
 * The timing check: a game's built-in bot under the statement's clock, played as `tabula match` and
 * `tabula tournament` play it: stored runs (in a temporary database), every bot a process of its
 * own, the game's limits, CONCURRENCY games at once (2 by default), GAMES games (1000 by default).
 *
 * - A game of two players: a match of BOT against OPPONENT (BOT itself unless given).
 * - A game of more (RummiKode): a gauntlet at tables of every size the game allows, BOT in every
 *   seat in turn against the OPPONENTs (the greedy and the random bot unless given, repeated to fill
 *   a table), GAMES shared between the sizes and rounded up to whole rounds.
 *
 * BOT is `builtin:strong`, or `--bot SPEC`; for Lines of Action `builtin:strong(opening=4)`: its
 * protocol cannot start a game elsewhere, so the bots play the first 4 moves at random (see
 * src/games/loa/bots/opening.ts), the two games of a pair from one opening, each pair from its own.
 *
 * Prints, for each bot (the same bot in several seats counted once): how its games ended, its
 * failures, its answer times against their limits (first turns, later turns: median, 99th and 99.9th
 * percentiles, maximum; at tables of several sizes, each size apart too), its later answers over 50
 * to 100% of their limit with its CPU time in those over 80%, and, where the game has a budget, the
 * most of it a player used in a game. Then what can
 * make an answer late besides the bots: the delay of the arena's event loop, and the time the host
 * took the CPUs away (steal). Exits 1 on any timeout or other failure. Noise-sensitive: run it on a
 * machine whose load is its own; on many cores, see scripts/timing/shards.sh.
 *
 *   npm run build && node dist/scripts/timing/timing.js GAME [GAMES] [CONCURRENCY] [OPPONENT...] [--bot SPEC] [--seed S]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { quantile } from '../../src/arena/time-summary.js';
import { machineCpu } from '../../src/core/proc.js';
import { findGame } from '../../src/games/registry.js';
import type { RunRequest } from '../../src/runs/formats/format.js';
import { playRun } from '../../src/runs/run.js';
import type { RunConfig } from '../../src/runs/run-config.js';
import { busyCoresWarning, planRun } from '../../src/runs/run-plan.js';
import { Store } from '../../src/runs/store/store.js';

const USAGE = 'usage: timing.js GAME [GAMES] [CONCURRENCY] [OPPONENT...] [--bot SPEC] [--seed S]';
/** The bot checked, where not `builtin:strong`. */
const BOTS: Readonly<Record<string, string>> = { loa: 'builtin:strong(opening=4)' };
/** The opponents at the tables of a game of more than two players, unless given. */
const TABLE_OPPONENTS = ['builtin:greedy', 'builtin:random'];
/** Later answers counted over these shares of their limit. */
const SHARES = [0.5, 0.6, 0.7, 0.8, 0.9, 1];
/** Later answers over this share of their limit are listed with the bot's CPU time in them. */
const LISTED = 0.8;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { bot: { type: 'string' }, seed: { type: 'string' } },
});
const [gameId, gamesText = '1000', concurrencyText = '2', ...opponents] = positionals;
const games = Number(gamesText);
const concurrency = Number(concurrencyText);
const seed = values.seed === undefined ? undefined : Number(values.seed);
if (
  gameId === undefined ||
  !Number.isInteger(games) ||
  games < 1 ||
  !Number.isInteger(concurrency) ||
  concurrency < 1 ||
  (seed !== undefined && !Number.isInteger(seed))
) {
  console.error(USAGE);
  process.exit(2);
}
const game = await findGame(gameId);
const bot = values.bot ?? BOTS[game.id] ?? 'builtin:strong';

/** What one run of the check is: its name in the output, and what it asks. */
interface CheckRun {
  readonly name: string;
  readonly request: RunRequest;
}

/** The runs of the check: one match, or a gauntlet at each table size. */
function checkRuns(): CheckRun[] {
  const common = { timeLimits: game.timeLimits, gameOptions: {}, ...(seed !== undefined && { seed }) };
  if (game.seats.max === 2) {
    if (opponents.length > 1) throw new Error(`${game.title} is played by two: one OPPONENT at most`);
    const bots = [bot, opponents[0] ?? bot];
    return [{ name: 'match', request: { ...common, format: 'match', bots, games } }];
  }
  const others = opponents.length > 0 ? opponents : TABLE_OPPONENTS;
  const sizes = Array.from({ length: game.seats.max - game.seats.min + 1 }, (_, i) => game.seats.min + i);
  return sizes.map((players) => {
    const bots = [
      bot,
      ...Array.from({ length: Math.max(players - 1, others.length) }, (_, i) => others[i % others.length]!),
    ];
    const request: RunRequest = { ...common, format: 'gauntlet', bots, players, rounds: 1 };
    const perRound = gamesOf(request);
    const rounds = Math.max(1, Math.ceil(games / sizes.length / perRound));
    return { name: `tables of ${players}`, request: { ...request, rounds } };
  });
}

/** The games a run will have when complete. */
function gamesOf(request: RunRequest): number {
  const plan = planRun(game, request);
  return plan.format.schedule(plan.config, 0, []).total;
}

const runs = checkRuns();
const limits = game.timeLimits;
console.log(
  `${game.id}: ${runs.map((r) => `${r.name}, ${gamesOf(r.request)} games of ${r.request.bots.join(', ')}`).join('; ')}; ` +
    `first turn ${limits.firstTurn} ms, later turns ${limits.turn} ms${limits.game === undefined ? '' : `, ${limits.game} ms a game`}; ` +
    `concurrency ${concurrency}`,
);

const dir = mkdtempSync(join(tmpdir(), 'tabula-timing-'));
const store = new Store(join(dir, 'runs.db'));
const started = performance.now();
// What can make an answer late besides the bot: the arena's own event loop, and the host taking the CPU (steal).
const loop = monitorEventLoopDelay({ resolution: 1 });
loop.enable();
const steal = stealSampler();
const runLines: string[] = [];
/** Each stored run's name in the output, by its id. */
const runNames = new Map<number, string>();
try {
  for (const run of runs) {
    const plan = planRun(game, run.request);
    const warning = busyCoresWarning(plan, concurrency);
    if (warning) process.stderr.write(`${warning}\n`);
    const runStarted = performance.now();
    let done = 0;
    let failed = 0;
    let total = 0;
    const report = await playRun(
      plan,
      { store, concurrency },
      {
        onStart: (_run, _stored, all) => {
          total = all;
        },
        onGame: (g) => {
          failed += g.result.players.filter((p) => p.status !== 'ok').length;
          process.stderr.write(`\r${run.name}: ${++done} of ${total} games, ${failed} failures`);
        },
      },
    );
    process.stderr.write('\n');
    runNames.set(report.run, run.name);
    runLines.push(
      `${run.name}: ${report.gamesPlayed} games, seed ${report.seed}, ${((performance.now() - runStarted) / 1000).toFixed(0)} s`,
    );
  }
} finally {
  loop.disable();
  steal.stop();
}
const tallies = tally(store);
store.close();
rmSync(dir, { recursive: true, force: true });

for (const line of runLines) console.log(line);
console.log(`${((performance.now() - started) / 1000).toFixed(0)} s in all`);
const ms = (n: number): string => `${n.toFixed(1)} ms`;
let failures = 0;
for (const [name, t] of tallies) {
  failures += t.failures.length;
  console.log(`${name}: ${t.games} games, endings ${JSON.stringify(t.endings)}`);
  console.log(`  first turns: ${tail(t.first)} (limit ${limits.firstTurn} ms)`);
  console.log(`  later turns: ${tail(t.later)} (limit ${limits.turn} ms)`);
  if (t.byRun.size > 1)
    for (const [run, times] of t.byRun)
      console.log(`    ${run}: first turns ${tail(times.first)}; later turns ${tail(times.later)}`);
  const over = SHARES.map((s) => t.later.filter((x) => x > s * limits.turn).length);
  const listed = t.slow.filter((s) => s.ms > LISTED * limits.turn).sort((a, b) => b.ms - a.ms);
  console.log(
    `  later turns over ${SHARES.map((s) => s * limits.turn).join(' / ')} ms: ${over.join(' / ')} of ${t.later.length}` +
      (listed.length === 0
        ? ''
        : `; the bot's CPU in those over ${LISTED * limits.turn} ms (answer: CPU, ms): ${listed
            .slice(0, 30)
            .map((s) => `${s.ms.toFixed(1)}: ${s.cpu?.toFixed(1) ?? '-'}`)
            .join(', ')}${listed.length > 30 ? ', ...' : ''}`),
  );
  if (limits.game !== undefined)
    console.log(`  most time a player used in a game: ${ms(t.mostInGame)} (limit ${limits.game} ms)`);
  for (const f of t.failures.slice(0, 20)) console.log(`  ${f}`);
  if (t.failures.length > 20) console.log(`  ... ${t.failures.length - 20} more failures`);
}
console.log(
  `arena event loop delay: p99.9 ${ms(loop.percentile(99.9) / 1e6)}, max ${ms(loop.max / 1e6)}; ` +
    (steal.measured
      ? `host steal: ${steal.total.toFixed(2)}% of the time, at most ${steal.worst.toFixed(0)} ms in a 100 ms window`
      : 'host steal: not measured (no /proc/stat)'),
);
console.log(`failures: ${failures}`);
process.exitCode = failures === 0 ? 0 : 1;

/** One bot's games, over every run and seat it played. */
interface BotTally {
  games: number;
  endings: Record<string, number>;
  failures: string[];
  first: number[];
  later: number[];
  /** Later turns over half their limit: the answer's time, and the bot's CPU time in it where measured. */
  slow: { ms: number; cpu: number | undefined }[];
  /** The most thinking time it used in one game. */
  mostInGame: number;
  /** Its answer times in each run apart (a table size). */
  byRun: Map<string, { first: number[]; later: number[] }>;
}

/** Every stored game's seats, by bot (as given: the same bot in two seats, or at two runs, is one). */
function tally(store: Store): Map<string, BotTally> {
  const out = new Map<string, BotTally>();
  const tallyOf = (name: string): BotTally => {
    let t = out.get(name);
    if (!t) {
      const endings = { normal: 0, timeout: 0, crash: 0, invalid: 0 };
      t = { games: 0, endings, failures: [], first: [], later: [], slow: [], mostInGame: 0, byRun: new Map() };
      out.set(name, t);
    }
    return t;
  };
  for (const run of store.runs()) {
    const config = run.config as RunConfig;
    const runName = runNames.get(run.id) ?? `run ${run.id}`;
    for (const g of store.games(run.id)) {
      g.seats.forEach((b, seat) => {
        const t = tallyOf(config.bots[b]!);
        t.games++;
        const p = g.result.players[seat]!;
        const ending = p.status === 'ok' ? 'normal' : p.status;
        t.endings[ending] = (t.endings[ending] ?? 0) + 1;
        if (p.status !== 'ok')
          t.failures.push(`${runName}, game ${g.index + 1}, seat ${seat}: ${p.status}: ${p.message}`);
        const times = g.times[seat]!;
        let inRun = t.byRun.get(runName);
        if (!inRun) {
          inRun = { first: [], later: [] };
          t.byRun.set(runName, inRun);
        }
        for (const into of [t, inRun]) {
          if (times.firstTurnMs !== null) into.first.push(times.firstTurnMs);
          into.later.push(...times.turnMs);
        }
        const cpu = times.turnCpuMs?.length === times.turnMs.length ? times.turnCpuMs : undefined;
        times.turnMs.forEach((ms, i) => {
          if (ms > SHARES[0]! * times.turnLimitMs) t.slow.push({ ms, cpu: cpu?.[i] });
        });
        const used = (times.firstTurnMs ?? 0) + times.turnMs.reduce((a, c) => a + c, 0);
        t.mostInGame = Math.max(t.mostInGame, used);
      });
    }
  }
  return out;
}

/** The tail of answer times: their count, median, 99th and 99.9th percentiles, maximum. */
function tail(times: readonly number[]): string {
  if (times.length === 0) return 'none';
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => quantile(sorted, q).toFixed(1);
  return `${sorted.length}, median ${at(0.5)} ms, p99 ${at(0.99)} ms, p99.9 ${at(0.999)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`;
}

/** The CPUs' steal time from /proc/stat: the share over the check and the worst 100 ms window (Linux only). */
function stealSampler(): { stop: () => void; measured: boolean; total: number; worst: number } {
  const read = (): [number, number] | null => {
    const cpu = machineCpu();
    return cpu && [cpu.total, cpu.steal];
  };
  const first = read();
  const state = { measured: first !== null, total: 0, worst: 0, stop: () => {} };
  if (first === null) return state;
  let last = first;
  const timer = setInterval(() => {
    const now = read() ?? last;
    state.worst = Math.max(state.worst, now[1] - last[1]); // ms, summed over the CPUs
    last = now;
  }, 100);
  state.stop = () => {
    clearInterval(timer);
    const end = read() ?? last;
    state.total = (100 * (end[1] - first[1])) / Math.max(1, end[0] - first[0]);
  };
  return state;
}
