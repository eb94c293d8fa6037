/**
 * A run as a command asks for it, checked once and turned into a plan: its stored config (the
 * format's defaults filled in), its bots parsed and named, its openings read and checked.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { type Bot, coresOf, namedBots, parseBotSpec } from '../arena/bot-spec.js';
import { checkOpening } from '../arena/opening.js';
import { checkGameOptions, type GameDefinition, SetupError } from '../core/game.js';
import type { OpeningsRequest, RunFormat, RunRequest } from './formats/format.js';
import { formatNamed } from './formats/index.js';
import type { RunConfig, RunOpenings } from './run-config.js';

/** A run ready to be played: its config as stored, its bots parsed once, its format. */
export interface RunPlan {
  readonly game: GameDefinition;
  readonly config: RunConfig;
  readonly bots: readonly Bot[];
  readonly format: RunFormat;
}

/**
 * Checks what a command asks a run to be and plans it; `SetupError` for a run that cannot be
 * played (the format's refusal, options the game has not, a bad opening), `BotStartError` for a bot
 * argument that names no bot.
 */
export function planRun(game: GameDefinition, request: RunRequest): RunPlan {
  const format = formatNamed(request.format);
  format.check(game, request);
  const specs = request.bots.map((argument) => parseBotSpec(game, argument));
  checkGameOptions(game, request.gameOptions);
  const openings = request.openings && openingsOf(game, request.openings);
  const config = format.configure(game, request, openings);
  return { game, config, bots: namedBots(request.bots, specs), format };
}

/** The openings asked for, each position checked against the game. */
function openingsOf(game: GameDefinition, asked: OpeningsRequest): RunOpenings {
  const setup = { seats: game.seats.min, seed: 0, options: {} };
  if ('randomPlies' in asked) {
    checkOpening(game, asked, setup);
    return asked;
  }
  let text: string;
  try {
    text = readFileSync(asked.file, 'utf8');
  } catch (err) {
    throw new SetupError(`cannot read the openings file ${asked.file}: ${(err as Error).message}`);
  }
  const positions: string[] = [];
  for (const [i, raw] of text.split('\n').entries()) {
    const position = raw.trim();
    if (position === '' || position.startsWith('#')) continue;
    try {
      checkOpening(game, { position }, setup);
    } catch (err) {
      if (err instanceof SetupError) throw new SetupError(`${asked.file}:${i + 1}: ${err.message}`);
      throw err;
    }
    positions.push(position);
  }
  if (positions.length === 0) throw new SetupError(`the openings file ${asked.file} holds no position`);
  return { positions };
}

/**
 * Why the run's bots would wait for a core while their clocks run, or null: one bot of each game
 * thinks at a time, so `concurrency` games keep that many bots' threads busy.
 */
export function busyCoresWarning(plan: RunPlan, concurrency: number): string | null {
  const perGame = Math.max(...plan.bots.map((bot) => coresOf(bot.spec)));
  const busy = concurrency * perGame;
  const cores = availableParallelism();
  if (busy <= cores) return null;
  const threads = perGame > 1 ? ` of bots using ${perGame} threads` : '';
  return (
    `--concurrency ${concurrency}${threads} keeps ${busy} threads busy on ${cores} cores: ` +
    'bots will wait for a core while their clocks run, and may time out (tabula calibrate measures it)'
  );
}
