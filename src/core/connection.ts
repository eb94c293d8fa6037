/** One bot at the table, as the match loop talks to it: send a turn's lines, get a line or a failure. */

import type { TimeLimits } from './time-control.js';
import type { Millis } from './units.js';

/**
 * `cpu`, where it is measured: the CPU time (user and system) the bot and everything it started
 * used from the moment its input was written until its answer was read (or it was stopped). `wait`,
 * over the same span, where it is measured: the time it was ready to run but did not, waiting for a
 * CPU (its threads' run-queue delay, and the host's steal), at most the time it did not compute.
 * `ahead`: the line was already written when the turn's input was sent (a line too many in an
 * earlier turn). `unfinished`: what the bot had written after its last full line, without a line
 * end (the most common beginner mistake: a missing newline, or output never flushed).
 */
export type TurnResult =
  | {
      readonly kind: 'line';
      readonly line: string;
      readonly elapsed: Millis;
      readonly cpu?: Millis;
      readonly wait?: Millis;
      readonly stderr: string;
      readonly ahead?: true;
    }
  /**
   * No line within the limit: the bot has been killed. `elapsed` is how long it had at its deadline;
   * `answered`, when its answer came while the arena watched on past the deadline (`lateWatch`),
   * which is all that was watched for (its `cpu` and `wait` are until then); `arenaLate`, how late
   * the arena itself was to see the deadline (busy with other work: the answer may have waited for it).
   */
  | {
      readonly kind: 'timeout';
      readonly elapsed: Millis;
      readonly answered?: Millis;
      readonly arenaLate?: Millis;
      readonly cpu?: Millis;
      readonly wait?: Millis;
      readonly stderr: string;
      readonly unfinished?: string;
    }
  /** The bot exited or closed its output. `neverStarted` when the command could not be run at all. */
  | { readonly kind: 'crash'; readonly detail: string; readonly neverStarted: boolean; readonly stderr: string }
  /**
   * The bot wrote something no referee should read (a line over the cap, a flood of lines); during a
   * turn, `elapsed` (and `cpu`) until it was read.
   */
  | {
      readonly kind: 'overflow';
      readonly detail: string;
      readonly elapsed?: Millis;
      readonly cpu?: Millis;
      readonly wait?: Millis;
      readonly stderr: string;
    };

export interface BotConnection {
  /** How the user named the bot: `builtin:random`, `python3 bot.py`. */
  readonly label: string;
  /** Limits of the seat's own, instead of the game's: a person's seat has a generous clock. */
  readonly timeLimits?: TimeLimits;
  /**
   * Sends the turn's input and waits for the answer: the first line `accept` takes (any line by
   * default; the others are skipped). The clock runs from the moment the last byte of the input
   * is written until that line is read; an overrun beyond the connection's time margin (none by
   * default) kills the bot, and a bot that went over its memory or process limit is a crash.
   */
  turn(input: readonly string[], limit: Millis, accept?: (line: string) => boolean): Promise<TurnResult>;
  /** Sends lines that need no answer (the end of a game). */
  send(lines: readonly string[]): void;
  /**
   * Ends the bot and everything it started; safe to call more than once. With `grace`, its input
   * is closed first and it has that long to exit by itself; without, it is killed at once.
   */
  close(grace?: Millis): Promise<void>;
}

/** Thrown when a bot cannot be started at all (no such built-in, a command the shell cannot find). */
export class BotStartError extends Error {
  override readonly name = 'BotStartError';
  constructor(
    readonly bot: string,
    detail: string,
  ) {
    super(`cannot start bot "${bot}": ${detail}`);
  }
}
