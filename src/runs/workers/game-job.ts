/** What travels through the queue: a scheduled game for any worker, and the game played, back. */
import type { GameResult } from '../../core/game-result.js';
import type { PlannedGame } from '../formats/format.js';
import type { RunGameConfig } from '../run-config.js';
import type { SeatTimes } from '../store/records.js';

/** The one queue of games that every worker takes from. */
export const GAME_QUEUE = 'tabula-games';

/** Redis keys beside the queue. */
export const keys = {
  /** Hash: worker name → its heartbeat (`WorkerBeat` as JSON). */
  workers: 'tabula:workers',
  /** Hash per run: worker name → why it cannot play that run. */
  refusals: (run: string) => `tabula:refusals:${run}`,
  /** The packed bot files of a run, by hash. */
  botFiles: (hash: string) => `tabula:bot-files:${hash}`,
} as const;

export interface GameJob {
  /** The run's key: the same run, found again by a restarted coordinator, has the same key. */
  readonly run: string;
  /** The coordinator's build of Tabula (`buildId`). */
  readonly build: string;
  readonly game: string;
  /** What the game is played with; its `bots` are the game's own, in seat order (the plan's seats: 0, 1, ...). */
  readonly config: RunGameConfig;
  readonly plan: PlannedGame;
  /** The seats' bots as the run names them, in seat order. */
  readonly seats: readonly JobSeat[];
}

/** A seat's bot as a job carries it: its name in the run, and the files its command runs among. */
export interface JobSeat {
  readonly name: string;
  /** The hash of the bot files its command runs among (its directory on the worker), when it needs any. */
  readonly files?: string;
}

export interface GameJobResult {
  /** The worker that played it. */
  readonly worker: string;
  readonly result: GameResult;
  readonly times: readonly SeatTimes[];
  readonly durationMs: number;
  /** The replay, deflated JSON in base64. */
  readonly replay: string;
}

export interface WorkerBeat {
  readonly concurrency: number;
  readonly host: string;
  readonly pid: number;
  /** Epoch milliseconds of the beat. */
  readonly at: number;
}

/** A worker gone quiet this long is taken for gone. */
export const WORKER_TIMEOUT_MS = 10_000;
/**
 * Job ids: the run's key, the game's place in the run, and its play where it is played again
 * (runs/machine-replays.ts), so that each play of a game is queued once.
 */
export const jobId = (run: string, index: number, play = 1): string =>
  play === 1 ? `${run}-${index}` : `${run}-${index}-${play}`;
