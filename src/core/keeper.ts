/**
 * What a built-in bot thinks with (its search, its tables), kept from one game of its process to
 * the next. A warm process plays game after game: new workings for each allocated a table of many
 * megabytes a game, and V8 collected the old ones as the new game ran, beside the other games'
 * timed turns (Minishogi's README, Time). Kept workings are cleared as new ones would be, then a
 * full garbage collection runs as the game begins, before the bot reads its first input, in a
 * first turn whose limit is many times a later one's: without it, 1,000 timed games of Nine Men's
 * Morris had three later turns of 48 to 71 ms of the bot's own CPU, by all signs collections of
 * what earlier games left; with it, none (its README, Timing). One set is kept at most: a process
 * that plays many games at once (the arena's own) keeps no more.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Workings that a new game can have as new. */
export interface Clearable {
  /** Forgets everything learnt: the same as new workings. */
  clear(): void;
}

/** How one game takes its workings. */
export interface Use<W> {
  /** New workings, when the kept ones do not fit (or there are none). */
  readonly make: () => W;
  /** Whether the kept workings can serve this game (default: always). */
  readonly fits?: (workings: W) => boolean;
  /** Whether this game's workings are kept for the next (default: yes). */
  readonly keep?: boolean;
}

export class Keeper<W extends Clearable> {
  private idle: W | null = null;

  /** Plays `game` with the kept workings, cleared, if they fit `use`; else with new ones. */
  async play(use: Use<W>, game: (workings: W) => Promise<void>): Promise<void> {
    const idle = this.idle;
    this.idle = null;
    let workings: W;
    if (idle !== null && (use.fits?.(idle) ?? true)) {
      idle.clear();
      collectGarbage();
      workings = idle;
    } else workings = use.make();
    try {
      await game(workings);
    } finally {
      if (use.keep ?? true) this.idle = workings;
    }
  }
}

let gc: (() => void) | null = null;
/** A full garbage collection now: V8's `gc`, exposed on first use. */
export function collectGarbage(): void {
  if (gc === null) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  gc();
}
