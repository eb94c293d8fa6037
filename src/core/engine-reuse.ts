/**
 * A built-in bot's engine (its search, its tables) kept from one game of its process to the next,
 * as a UCI engine keeps its hash between games and clears it at `ucinewgame`. A warm process plays
 * game after game: a new engine for each allocated a table of many megabytes a game, and V8
 * collected the old ones as the new game ran, beside the other games' timed turns. A kept engine is
 * cleared as a new one would be, then a full garbage collection runs as the game begins, before the
 * bot reads its first input, in a first turn whose limit is many times a later one's: without it,
 * 1,000 timed games of Nine Men's Morris had three later turns of 48 to 71 ms of the bot's own CPU,
 * by all signs collections of what earlier games left; with it, none. One engine is kept at most: a
 * process that plays many games at once (the arena's own) keeps no more.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** An engine that a new game can have as new. */
export interface Clearable {
  /** Forgets everything learnt: the same as a new engine. */
  clear(): void;
}

/** How one game takes its engine. */
export interface Use<W> {
  /** A new engine, when the kept one does not fit (or there is none). */
  readonly make: () => W;
  /** Whether the kept engine can serve this game (default: always). */
  readonly fits?: (engine: W) => boolean;
  /** Whether this game's engine is kept for the next (default: yes). */
  readonly keep?: boolean;
}

export class EngineReuse<W extends Clearable> {
  private idle: W | null = null;

  /** Plays `game` with the kept engine, cleared, if it fits `use`; else with a new one. */
  async play(use: Use<W>, game: (engine: W) => Promise<void>): Promise<void> {
    const idle = this.idle;
    this.idle = null;
    let engine: W;
    if (idle !== null && (use.fits?.(idle) ?? true)) {
      idle.clear();
      collectGarbage();
      engine = idle;
    } else engine = use.make();
    try {
      await game(engine);
    } finally {
      if (use.keep ?? true) this.idle = engine;
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
