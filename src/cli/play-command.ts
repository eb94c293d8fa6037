/** `tabula play <game> <bot> <bot>...`: one game, its result on stdout, its replay on request. */
import { setTimeout as sleep } from 'node:timers/promises';
import { botNames, type ConnectOptions, HUMAN, parseBotSpec, splitBotName } from '../arena/bot-spec.js';
import { type PlayedGame, playGame } from '../arena/game-loop.js';
import type { Opening } from '../arena/opening.js';
import { type GameResult, type ReplayTurn, writeReplay } from '../arena/replay.js';
import { checkSeats, type GameDefinition } from '../core/game.js';
import { randomSeed } from '../core/rng.js';
import type { Millis, TimeLimits } from '../core/units.js';
import { findGame } from '../games/registry.js';
import { plural } from './plural.js';
import { connectOptionsOf, type LimitOptions, type TimeOverrides, timeLimitsOf } from './run-options.js';
import { turnLog } from './turn-log.js';

export interface PlayOptions extends TimeOverrides, LimitOptions {
  seed?: number;
  option: Record<string, string>;
  replay?: string;
  json?: boolean;
  humanMs?: Millis;
  port?: number;
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
  const setup = {
    seed,
    timeLimits,
    gameOptions: options.option,
    ...(opening && { opening }),
    names,
    ...(options.verbose && {
      onTurn: (turn: ReplayTurn) => void process.stderr.write(turnLog(turn, names[turn.seat]!)),
    }),
    connect: connectOptionsOf(options),
  };
  const { result, replay } = bots.some((b) => splitBotName(b).spec === HUMAN)
    ? await playWithPerson(game, bots, setup, options)
    : await playGame(game, bots, setup);
  if (options.replay) await writeReplay(options.replay, replay);
  process.stdout.write(options.json ? `${JSON.stringify(result)}\n` : summary(result));
}

/**
 * A game with a person's seat: served on this machine, its page's address printed first (on stderr
 * with --json), and the game played when the person comes.
 */
async function playWithPerson(
  game: GameDefinition,
  bots: readonly string[],
  setup: {
    seed: number;
    timeLimits: TimeLimits;
    gameOptions: Record<string, string>;
    opening?: Opening;
    connect: ConnectOptions;
  },
  options: PlayOptions,
): Promise<PlayedGame> {
  const { LiveHub } = await import('../server/live-hub.js');
  const { PersonGames } = await import('../server/person-games.js');
  const { serveArena } = await import('../server/server.js');
  const hub = new LiveHub();
  const people = new PersonGames(hub, null);
  const arena = await serveArena({ hub, people }, { host: '127.0.0.1', port: options.port ?? 0 });
  try {
    const { key, played } = people.start({
      game,
      specs: bots,
      ...setup,
      ...(options.humanMs !== undefined && { humanMs: options.humanMs }),
    });
    (options.json ? process.stderr : process.stdout).write(`${arena.url}games/${key}\n`);
    const done = await played;
    // The page shows the end before the server goes.
    await sleep(PAGE_SEES_END_MS);
    return done;
  } finally {
    await arena.close();
  }
}

/** How long the page of a person's game is served after its end, so that it shows the result. */
const PAGE_SEES_END_MS = 500;

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
