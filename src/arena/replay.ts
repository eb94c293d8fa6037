/**
 * The record of one game: what `--json` prints (`GameResult`) and what `--replay` writes (`Replay`).
 * Both are contracts that scripts and viewers read: change them only by adding fields, and bump
 * `REPLAY_VERSION` for anything else.
 */
import { rename, rm, writeFile } from 'node:fs/promises';
import { writingFile } from '../core/file-errors.js';
import type { GameResult, PlayerStatus } from '../core/game-result.js';
import type { Load } from '../core/time-control.js';
import type { Seat } from '../core/units.js';
import type { Opening } from './opening.js';

export type { GameResult, PlayerResult, PlayerStatus } from '../core/game-result.js';

export const REPLAY_VERSION = 1;

export interface ReplayTurn {
  /** 1 for the first turn of the game. */
  readonly turn: number;
  readonly seat: Seat;
  /** The exact lines sent to the bot, so that a person can feed them to their bot again. */
  readonly input: readonly string[];
  /** The lines read from the bot: one, or none when it failed to answer; capped (see bot-output.ts). */
  readonly output: readonly string[];
  /** Characters of the output line, or of `unfinished`, that the caps dropped. */
  readonly outputDropped?: number;
  /** The answer had been written before this turn's input was sent (an extra line of an earlier turn). */
  readonly writtenAhead?: true;
  /** On a timeout: what the bot had written after its last full line, without a line end. */
  readonly unfinished?: string;
  /** What the bot wrote on stderr during the turn (capped). */
  readonly stderr: string;
  /** The measured response time, from the last byte of input written to the line read. */
  readonly timeMs: number;
  /**
   * The CPU time (user and system) the bot and all it started used over the same span; present
   * where the arena measures it (bots run as processes in a cgroup).
   */
  readonly cpuMs?: number;
  /**
   * Over the same span, where measured: the time the bot was ready to run but waited for a CPU (its
   * threads' run-queue delay, and the host's steal), at most the time it did not compute.
   */
  readonly waitMs?: number;
  /**
   * On a timeout: when the bot's answer came after all, where it came while the arena watched on
   * past the deadline (core/time-control.ts, `lateWatch`); `cpuMs` and `waitMs` then run until it.
   */
  readonly answeredMs?: number;
  /** On a timeout: how late the arena itself, busy with other work, was to see the deadline. */
  readonly arenaLateMs?: number;
  /** On a timeout: the machine's load average over the last minute, and its cores, at the deadline. */
  readonly load?: Load;
  /** The turn's limit: Infinity for a seat with none (a person's), which JSON writes as null. */
  readonly limitMs: number;
  /** Free text the bot sent along with its move, where the protocol allows one; capped. */
  readonly comment?: string;
  /** Characters of the comment that the caps dropped. */
  readonly commentDropped?: number;
  /** Set on the turn where the bot failed. */
  readonly failure?: { readonly status: Exclude<PlayerStatus, 'ok'>; readonly message: string };
  /** The game's state after this turn, as the game's `snapshot` draws it. */
  readonly state: unknown;
}

/** What a replay holds before its first turn: what a live view shows of a game that has just started. */
export interface ReplayHead {
  readonly version: typeof REPLAY_VERSION;
  readonly game: string;
  readonly seed: number;
  readonly startedAt: string;
  /**
   * The referee's version: the Tabula that played the game (core/version.ts). Absent from replays
   * written before they recorded it: their referee is not known.
   */
  readonly referee?: string;
  /** `name`: the bot's name in reports (absent from replays written before bots had names). */
  readonly players: readonly { readonly seat: Seat; readonly bot: string; readonly name?: string }[];
  /**
   * The game's limits (a person's seat may have had its own: each turn's `limitMs` says); `marginMs`,
   * when there is one: how far past its limit an answer was still taken (`--time-margin`).
   */
  readonly timeLimits: {
    readonly firstTurnMs: number;
    readonly turnMs: number;
    readonly gameMs?: number;
    readonly marginMs?: number;
  };
  /** The game's options, when any were given. */
  readonly options?: Readonly<Record<string, string>>;
  /** Where the game started, when not at the game's own start: `initialState` is that start. */
  readonly opening?: Opening;
  readonly initialState: unknown;
}

export interface Replay extends ReplayHead {
  readonly turns: readonly ReplayTurn[];
  readonly result: GameResult;
}

/**
 * Writes the replay whole or not at all: a reader never sees half a file. A file that cannot be
 * written (a full disk, say) is a `FileWriteError`, and leaves no part behind.
 */
export async function writeReplay(path: string, replay: Replay): Promise<void> {
  const partial = `${path}.partial-${process.pid}`;
  await writingFile(path, async () => {
    try {
      await writeFile(partial, `${JSON.stringify(replay, null, 1)}\n`);
      await rename(partial, path);
    } catch (err) {
      await rm(partial, { force: true }).catch(() => {});
      throw err;
    }
  });
}
