/**
 * Warm processes of built-in bots: one process plays game after game, as an engine does between
 * cutechess games, instead of a Node process started for every seat of every game. A pool lends a
 * game an idle process of the same bot (or starts one), tells it the game's setup on its launch
 * channel (warm-launch.ts), and takes it back when the game is over, if the bot played it out
 * cleanly, is in step (every line of the game read on both sides) and is not grown past its bound;
 * any other process is ended. A game has the process to itself, and a pool holds no more processes
 * than games have had bots at once: to start another bot's process past that, the one idle longest
 * gives way (a tournament of many built-in bots keeps a few processes, not one per bot and slot).
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BotSetup } from '../../core/game.js';
import { type Millis, millis } from '../../core/units.js';
import { BotProcess, type BotProcessOptions, type ProcessOwner } from '../process/bot-process.js';
import { LineQueue, queuedLines } from '../process/line-streams.js';
import { DEFAULT_LIMITS } from '../sandbox/limits.js';
import { ProcessSeat, type ProcessSeatOptions, type WarmLease } from '../seats/process-seat.js';
import type { Order, Ready } from './warm-launch.js';

/** A process past this share of its memory limit after a game is replaced: the next game could see it. */
const MEMORY_SHARE = 0.5;
/** How long a bot has, after its game's end, to say it is ready when the game gives no grace. */
const READY_WAIT = millis(1000);
/** The longest line a warm process may write on its channel: a "ready" is a few dozen characters. */
const REPLY_MAX = 1 << 16;

/** A warm process and what its launch channel answered. */
interface Warm {
  readonly process: BotProcess;
  readonly key: string;
  readonly replies: Promise<LineQueue>;
}

export class WarmPool {
  /** The idle processes, the one idle longest first. */
  private readonly idle: Warm[] = [];
  private readonly all = new Set<Warm>();
  private closed = false;
  private starts = 0;
  /** Processes lent to games now, and the most ever lent at once. */
  private lent = 0;
  private peak = 0;

  /** How many processes the pool has started. */
  get started(): number {
    return this.starts;
  }

  /** How many processes it holds now, lent or idle. */
  get held(): number {
    return this.all.size;
  }

  /**
   * The bot of one game: an idle warm process of `command` with these options, or a new one. It is
   * told `setup` before anything else of the game.
   */
  bot(command: string, options: ProcessSeatOptions, setup: BotSetup): ProcessSeat {
    const { stderrCaps, timeMargin, ...processOptions } = options;
    const key = `${command}\n${JSON.stringify(processOptions)}`;
    const warm = this.takeIdle(key) ?? this.start(command, key, processOptions);
    this.lent++;
    this.peak = Math.max(this.peak, this.lent);
    const start = { ...warm.process.counts };
    this.order(warm, { game: setup });
    const lease: WarmLease = {
      process: warm.process,
      giveBack: (clean, grace) => this.giveBack(warm, start, clean, grace ?? READY_WAIT),
    };
    return new ProcessSeat(command, options, lease);
  }

  /** Ends every process; a game still playing loses its bot. */
  async close(): Promise<void> {
    this.closed = true;
    this.idle.length = 0;
    await Promise.all([...this.all].map((warm) => this.retire(warm)));
  }

  /** The idle process of this key that played last, taken out of the idle ones. */
  private takeIdle(key: string): Warm | undefined {
    for (let i = this.idle.length - 1; i >= 0; i--) if (this.idle[i]!.key === key) return this.idle.splice(i, 1)[0];
    return undefined;
  }

  private start(command: string, key: string, options: BotProcessOptions): Warm {
    // No more processes than games have had bots at once: the one idle longest gives way.
    const oldest = this.all.size >= this.peak ? this.idle.shift() : undefined;
    if (oldest) void this.retire(oldest);
    const process = new BotProcess(
      command,
      this.idleOwner(() => warm),
      options,
      true,
    );
    // Its replies, once it runs; none from a process that could not be started.
    const replies = process.launched.then(() => {
      const channel = process.launchChannel;
      const queue = channel ? queuedLines(channel, REPLY_MAX) : new LineQueue();
      if (!channel) queue.end();
      return queue;
    });
    const warm: Warm = { process, key, replies };
    this.all.add(warm);
    this.starts++;
    return warm;
  }

  /** Between games, a process's output belongs to no game; its end takes it out of the pool. */
  private idleOwner(warm: () => Warm): ProcessOwner {
    return {
      lines: () => {},
      stderr: () => {},
      overflow: () => void this.retire(warm()),
      breached: () => void this.retire(warm()),
      ended: () => void this.retire(warm()),
    };
  }

  private order(warm: Warm, order: Order): void {
    void warm.process.launched.then(() => warm.process.launchChannel?.write(`${JSON.stringify(order)}\n`));
  }

  private async giveBack(warm: Warm, start: Warm['process']['counts'], clean: boolean, grace: Millis): Promise<void> {
    const { process } = warm;
    this.lent--;
    if (!clean || this.closed) return this.retire(warm);
    await process.launched;
    this.order(warm, { end: process.counts.written - start.written });
    const deadline = performance.now() + grace;
    const ready = await within(
      warm.replies.then((replies) => replies.read()),
      grace,
    );
    let fit = false;
    const said = typeof ready === 'string' ? readyOf(ready) : null;
    if (said !== null) {
      const { lines, stderr } = said;
      // In step: everything it wrote in the game has been read here, so none of it reaches the next game.
      while (
        process.exit === null &&
        (process.counts.read < start.read + lines || process.counts.stderr < start.stderr + stderr) &&
        performance.now() < deadline
      )
        await sleep(1);
      fit =
        process.exit === null &&
        process.counts.read === start.read + lines &&
        process.counts.stderr === start.stderr + stderr &&
        process.breach() === null &&
        process.memoryMb() < MEMORY_SHARE * (process.limits ?? DEFAULT_LIMITS).memoryMb;
    }
    if (!fit || this.closed) return this.retire(warm);
    process.owner = this.idleOwner(() => warm);
    this.idle.push(warm);
  }

  private async retire(warm: Warm): Promise<void> {
    const at = this.idle.indexOf(warm);
    if (at >= 0) this.idle.splice(at, 1);
    this.all.delete(warm);
    await warm.process.end();
  }
}

/** What a "ready" line says; null for anything else (a process that says that is ended). */
function readyOf(line: string): Ready['ready'] | null {
  try {
    const { ready } = JSON.parse(line) as Partial<Ready>;
    return Number.isInteger(ready?.lines) && Number.isInteger(ready?.stderr) ? ready! : null;
  } catch {
    return null;
  }
}

/** The promise's value, or undefined if it takes longer than `ms`. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms)));
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}
