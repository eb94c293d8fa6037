/**
 * A game's strong bot against the statement's clock: a match of GAMES games (1000 by default) of
 * `builtin:strong` against OPPONENT (`builtin:strong` by default) under the game's limits,
 * CONCURRENCY games at once (2 by default), every bot a process of its own, as `tabula match` plays
 * them. Prints each bot's failures and answer times; exits 1 on any timeout or other failure.
 * Noise-sensitive: run it on a machine whose load is its own (or see scripts/timing-shards.sh).
 *
 *   npm run build && node dist/scripts/strong-timing.js GAME [GAMES] [CONCURRENCY] [OPPONENT]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findGame } from '../src/games/registry.js';
import { playRun } from '../src/league/run.js';
import { Store } from '../src/league/store.js';

const [gameId, games = '1000', concurrency = '2', opponent = 'builtin:strong'] = process.argv.slice(2);
if (gameId === undefined) throw new Error('usage: strong-timing.js GAME [GAMES] [CONCURRENCY] [OPPONENT]');
const game = await findGame(gameId);
const dir = mkdtempSync(join(tmpdir(), 'strong-timing-'));
const store = new Store(join(dir, 'runs.db'));
const started = performance.now();
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
process.exitCode = failures === 0 ? 0 : 1;
