/**
 * The strong bot's time check: a match of `builtin:strong` against itself (or BOT) at the statement's
 * limits, its bots run as processes by the arena as in any match, several games at once; prints
 * the timeouts and the answer times the arena measured, and exits 1 on any timeout. Timed runs
 * depend on the machine's load: run the full check when the machine is otherwise quiet.
 *
 *   npm run build && node dist/scripts/minishogi-timing.js [GAMES=1000] [CONCURRENCY=2] [BOT=builtin:strong]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const [games = '1000', concurrency = '2', opponent = 'builtin:strong'] = process.argv.slice(2);
const tabula = new URL('../../bin/tabula.js', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'minishogi-timing-'));

interface Times {
  readonly turns: number;
  readonly medianMs: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  readonly limitMs: number;
}
interface BotSummary {
  readonly bot: string;
  readonly games: number;
  readonly endings: Readonly<Record<string, number>>;
  readonly failures: readonly { readonly gameId: number; readonly status: string; readonly message: string }[];
  readonly firstTurn: Times;
  readonly turns: Times;
}

const args = [
  'match',
  'minishogi',
  'builtin:strong',
  opponent,
  '--games',
  games,
  '--concurrency',
  concurrency,
  '--db',
  join(dir, 'timing.db'),
  '--json',
];
console.log(`tabula ${args.join(' ')}`);
const started = performance.now();
const child = spawn(process.execPath, [tabula, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
let played = 0;
let summary: { readonly bots: readonly BotSummary[] } | null = null;
for await (const line of createInterface({ input: child.stdout })) {
  const event = JSON.parse(line) as { event: string; players?: { status: string }[] };
  if (event.event === 'game') {
    played++;
    const failed = event.players!.filter((p) => p.status !== 'ok');
    if (failed.length > 0 || played % 50 === 0)
      process.stderr.write(`${played} games${failed.length > 0 ? `: ${line}` : ''}\n`);
  } else if (event.event === 'summary') summary = event as unknown as { bots: BotSummary[] };
}
rmSync(dir, { recursive: true, force: true });
if (summary === null) throw new Error('the match printed no summary');

const times = (t: Times): string =>
  `median ${t.medianMs} ms, 99th percentile ${t.p99Ms} ms, max ${t.maxMs} ms (limit ${t.limitMs} ms, ${t.turns} turns)`;
let failures = 0;
for (const bot of summary.bots.filter((b) => b.bot.startsWith('builtin:strong'))) {
  failures += bot.failures.length;
  console.log(`${bot.bot}: ${bot.games} games, endings ${JSON.stringify(bot.endings)}`);
  console.log(`  first turns: ${times(bot.firstTurn)}`);
  console.log(`  later turns: ${times(bot.turns)}`);
  for (const f of bot.failures.slice(0, 20)) console.log(`  game ${f.gameId}: ${f.status}: ${f.message}`);
}
console.log(
  `${played} games in ${((performance.now() - started) / 1000).toFixed(0)} s; ${failures === 0 ? 'no timeout or other failure' : `${failures} failures`}`,
);
process.exitCode = failures === 0 ? 0 : 1;
