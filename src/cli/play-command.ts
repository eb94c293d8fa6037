/** `tabula play <game> <bot> <bot>...`: one game, its result on stdout, its replay on request. */
import { parseBotSpec } from '../arena/bot-spec.js';
import { playGame } from '../arena/game-loop.js';
import type { Opening } from '../arena/opening.js';
import { type GameResult, writeReplay } from '../arena/replay.js';
import { checkSeats } from '../core/game.js';
import { randomSeed } from '../core/rng.js';
import { findGame } from '../games/registry.js';
import { connectOptionsOf, type LimitOptions, type TimeOverrides, timeLimitsOf } from './run-options.js';

export interface PlayOptions extends TimeOverrides, LimitOptions {
  seed?: number;
  option: Record<string, string>;
  replay?: string;
  json?: boolean;
  randomPlies?: number;
  opening?: string;
}

export async function playCommand(gameId: string, bots: string[], options: PlayOptions): Promise<void> {
  const game = await findGame(gameId);
  checkSeats(game, bots.length);
  for (const bot of bots) parseBotSpec(game, bot);
  const seed = options.seed ?? randomSeed();
  const timeLimits = timeLimitsOf(game, options);
  const opening: Opening | undefined =
    options.randomPlies !== undefined
      ? { randomPlies: options.randomPlies }
      : options.opening !== undefined
        ? { position: options.opening }
        : undefined;
  const { result, replay } = await playGame(game, bots, {
    seed,
    timeLimits,
    gameOptions: options.option,
    ...(opening && { opening }),
    connect: connectOptionsOf(options),
  });
  if (options.replay) await writeReplay(options.replay, replay);
  process.stdout.write(options.json ? `${JSON.stringify(result)}\n` : summary(result));
}

function summary(r: GameResult): string {
  const botWidth = Math.max(...r.players.map((p) => p.bot.length));
  const lines = [`${r.game}, seed ${r.seed}: ${r.turns} turns`];
  for (const p of r.players) {
    const status = p.status === 'ok' ? '' : `  ${p.status}: ${p.message}`;
    lines.push(`  seat ${p.seat}  ${p.bot.padEnd(botWidth)}  rank ${p.rank}  score ${p.score}${status}`);
  }
  const winner = r.winner === null ? 'draw' : `seat ${r.winner} (${r.players[r.winner]!.bot}) wins`;
  lines.push(`${winner}: ${r.reason}`);
  return `${lines.join('\n')}\n`;
}
