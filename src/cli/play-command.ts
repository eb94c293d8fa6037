/** `tabula play <game> <bot> <bot>...`: one game, its result on stdout, its replay on request. */
import { setTimeout as sleep } from 'node:timers/promises';
import { type GamePlan, type PlayedGame, planGame, playPlan } from '../arena/game-loop.js';
import type { Opening } from '../arena/opening.js';
import { type GameResult, type ReplayTurn, writeReplay } from '../arena/replay.js';
import { randomSeed } from '../core/rng.js';
import type { TimeOverrides } from '../core/time-control.js';
import { type Millis, millis } from '../core/units.js';
import { findGame } from '../games/registry.js';
import { plural } from './plural.js';
import { type LimitOptions, limitsOf, sandboxOf, timeLimitsOf } from './run-options.js';
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
  const opening: Opening | undefined =
    options.randomPlies !== undefined
      ? { randomPlies: options.randomPlies }
      : options.opening !== undefined
        ? { position: options.opening }
        : undefined;
  const { timeMarginMs } = limitsOf(options);
  const plan = planGame(game, {
    bots,
    seed: options.seed ?? randomSeed(),
    gameOptions: options.option,
    timeLimits: timeLimitsOf(game, options),
    ...(timeMarginMs !== undefined && { margin: millis(timeMarginMs) }),
    ...(opening && { opening }),
    connect: { ...sandboxOf(options), ...(options.replay !== undefined && { hidden: [options.replay] }) },
  });
  const onTurn = options.verbose
    ? (turn: ReplayTurn) => void process.stderr.write(turnLog(turn, plan.bots[turn.seat]!.name))
    : undefined;
  const { result, replay } = plan.bots.some((b) => b.spec.kind === 'person')
    ? await playWithPerson(plan, options, onTurn)
    : await playPlan(plan, { ...(onTurn && { onTurn }) });
  if (options.replay) await writeReplay(options.replay, replay);
  process.stdout.write(options.json ? `${JSON.stringify(result)}\n` : summary(result));
}

/**
 * A game with a person's seat: served on this machine, its page's address printed first (on stderr
 * with --json), and the game played when the person comes.
 */
async function playWithPerson(
  plan: GamePlan,
  options: PlayOptions,
  onTurn: ((turn: ReplayTurn) => void) | undefined,
): Promise<PlayedGame> {
  const { LiveHub } = await import('../server/live-hub.js');
  const { PersonGames } = await import('../server/person-games.js');
  const { serveArena } = await import('../server/server.js');
  const hub = new LiveHub();
  const people = new PersonGames(hub, null);
  const arena = await serveArena({ hub, people }, { host: '127.0.0.1', port: options.port ?? 0 });
  try {
    const { key, played } = people.start(plan, {
      ...(options.humanMs !== undefined && { personMs: options.humanMs }),
      ...(onTurn && { onTurn }),
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
