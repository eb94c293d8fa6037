/** `tabula play <game> <bot> <bot>...`: one game, its result on stdout, its replay on request. */
import { botNames, parseBotSpec } from '../arena/bot-spec.js';
import { playGame } from '../arena/game-loop.js';
import type { Opening } from '../arena/opening.js';
import { type GameResult, writeReplay } from '../arena/replay.js';
import { checkSeats } from '../core/game.js';
import { randomSeed } from '../core/rng.js';
import { findGame } from '../games/registry.js';
import { plural } from './plural.js';
import { connectOptionsOf, type LimitOptions, type TimeOverrides, timeLimitsOf } from './run-options.js';
import { turnLog } from './turn-log.js';

export interface PlayOptions extends TimeOverrides, LimitOptions {
  seed?: number;
  option: Record<string, string>;
  replay?: string;
  json?: boolean;
  randomPlies?: number;
  opening?: string;
  /** Each turn on stderr as it ends: what the bot was sent, answered and wrote on stderr, and its time. */
  verbose?: boolean;
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
  const names = botNames(bots);
  const { result, replay } = await playGame(game, bots, {
    seed,
    timeLimits,
    gameOptions: options.option,
    ...(opening && { opening }),
    names,
    ...(options.verbose && { onTurn: (turn) => process.stderr.write(turnLog(turn, names[turn.seat]!)) }),
    connect: connectOptionsOf(options),
  });
  if (options.replay) await writeReplay(options.replay, replay);
  process.stdout.write(options.json ? `${JSON.stringify(result)}\n` : summary(result));
}

function summary(r: GameResult): string {
  const nameOf = (p: GameResult['players'][number]): string => p.name ?? p.bot;
  const botWidth = Math.max(...r.players.map((p) => nameOf(p).length));
  const lines = [`${r.game}, seed ${r.seed}: ${plural(r.turns, 'turn')}`];
  for (const p of r.players) {
    const status = p.status === 'ok' ? '' : `  ${p.status}: ${p.message}`;
    lines.push(`  seat ${p.seat}  ${nameOf(p).padEnd(botWidth)}  rank ${p.rank}  score ${p.score}${status}`);
  }
  const winner = r.winner === null ? 'draw' : `seat ${r.winner} (${nameOf(r.players[r.winner]!)}) wins`;
  lines.push(`${winner}: ${r.reason}`);
  return `${lines.join('\n')}\n`;
}
