/**
 * Plays a run's games here, several at a time, storing each one the moment it ends. Each game has
 * its own bot processes, so a slow or broken bot stalls only its game: a user's bot starts afresh
 * for each game, a built-in bot's warm process plays the next game once it has finished one cleanly
 * (arena/builtin/warm-pool.ts), unless the run wants fresh ones. Games are stored from a worker thread, so
 * that storing one takes no time from the others' clocks.
 */
import type { ConnectOptions } from '../arena/bot-spec.js';
import { WarmPool } from '../arena/builtin/warm-pool.js';
import type { PlannedGame } from './formats/format.js';
import { playScheduled, type RunInPlay } from './scheduled-game.js';
import type { GameWriter } from './store/game-writer.js';
import { LivePublisher } from './store/live-games.js';
import type { StoredGame } from './store/records.js';
import { databaseFiles } from './store/store.js';

/**
 * Plays the run's games as its schedule gives them, `concurrency` at a time, until it gives none or
 * the run is decided (those running finish). `freshBots`: a process of its own for every built-in
 * bot of every game.
 */
export async function playHere(
  run: RunInPlay,
  writer: GameWriter,
  concurrency: number,
  freshBots = false,
): Promise<void> {
  const warm = freshBots ? undefined : new WarmPool();
  // The run checked its bots before it began: one that fails to start now loses its game, the run goes on.
  const connect = {
    builtinsAsProcesses: true,
    forfeitUnstarted: true,
    hidden: databaseFiles(run.store.path),
    ...(warm && { warm }),
  };
  const running = new Set<Promise<void>>();
  try {
    await startGames(run, writer, concurrency, running, connect);
    await Promise.all(running);
  } finally {
    await Promise.allSettled(running);
    await warm?.close();
  }
}

type Connect = ConnectOptions & { readonly forfeitUnstarted: boolean };

async function startGames(
  run: RunInPlay,
  writer: GameWriter,
  concurrency: number,
  running: Set<Promise<void>>,
  connect: Connect,
): Promise<void> {
  for (;;) {
    if (running.size >= Math.max(1, concurrency)) {
      await Promise.race(running);
      continue;
    }
    const next = run.schedule.next();
    if (next === null) break;
    if (next === 'wait') {
      const news = run.schedule.news?.();
      if (running.size === 0 && !news) throw new Error('the schedule waits for games, but none is being played');
      await Promise.race(news ? [...running, news] : running);
      continue;
    }
    const game: Promise<void> = playOne(run, next, writer, connect).then((stored) => {
      running.delete(game);
      if (stored) run.onGame(stored);
    });
    running.add(game);
  }
}

async function playOne(
  run: RunInPlay,
  planned: PlannedGame,
  writer: GameWriter,
  connect: Connect,
): Promise<StoredGame | null> {
  // Games being played are published for the web arena, which reads the same file from another process.
  const publisher = new LivePublisher(run.store.live, { runId: run.runId, ...planned });
  try {
    const { replay, ...played } = await playScheduled(run.games, planned, connect, {
      onStart: (head) => publisher.start(head),
      onTurn: (turn) => publisher.turn(turn),
    });
    const earlierPlay = run.earlierPlay?.(planned, played);
    const game = {
      runId: run.runId,
      ...played,
      ...(earlierPlay !== undefined && { earlierPlay }),
      finishedAt: new Date().toISOString(),
    };
    const id = await writer.write(game, JSON.stringify(replay));
    return id === null ? null : { ...game, id };
  } finally {
    // Once stored (or failed): a reader never sees the game neither live nor stored.
    publisher.end();
  }
}
