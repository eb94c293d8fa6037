/**
 * The answer queue shared by every kind of bot connection, each turn on its turn clock
 * (core/time-control.ts). A subclass only moves bytes (a child process's pipes, an in-memory
 * program) and reports what happened to it.
 */
import type { BotConnection, TurnResult } from '../core/connection.js';
import { TurnClock } from '../core/time-control.js';
import { type Millis, millis } from '../core/units.js';
import type { StderrLog } from './stderr-log.js';

interface PendingTurn {
  readonly resolve: (result: TurnResult) => void;
  readonly clock: TurnClock;
  readonly accept: ((line: string) => boolean) | undefined;
  /** The bot's CPU time when the turn began, where it is measured. */
  readonly cpuAtStart: number | undefined;
}

/** Lines a bot may write ahead of being asked before it counts as flooding its output. */
const MAX_UNREAD_LINES = 1000;

export abstract class TimedBot implements BotConnection {
  protected readonly stderrLog: StderrLog;
  private readonly unread: string[] = [];
  private pending: PendingTurn | null = null;
  /** Set once the bot can answer no more: it ended, crashed, overflowed or was stopped. */
  private failure: TurnResult | null = null;
  private answered = false;
  private closing: Promise<void> | null = null;

  /** `margin`: how far past its limit an answer is still taken (and recorded as an overrun). */
  constructor(
    readonly label: string,
    stderr: StderrLog,
    private readonly margin: Millis = millis(0),
  ) {
    this.stderrLog = stderr;
  }

  /**
   * Hands the input text to the bot; calls `written` with the time (performance.now()) at which
   * the last byte was handed over, as soon as it is known. Calls after the first are ignored.
   */
  protected abstract deliver(text: string, written: (at: number) => void): void;
  /**
   * Ends the bot and all it started, or (a warm process after a clean game) readies it for its next
   * game; resolves when that is done. With `grace`, the bot's input is closed first and it may exit
   * by itself within that time. `clean`: the bot had not failed when it was closed.
   */
  protected abstract terminate(grace: Millis | undefined, clean: boolean): Promise<void>;

  /** CPU time (ms) used so far by the bot and all it started; undefined where it is not measured. */
  protected cpuMs(): number | undefined {
    return undefined;
  }

  /** Its CPU time at a turn's start: `cpuMs`, unless a reading at the end of the last turn does. */
  protected cpuAtTurnStart(): number | undefined {
    return this.cpuMs();
  }

  /** A limit the bot went over (memory, processes), as the message of the crash it is; null if none. */
  protected breach(): string | null {
    return null;
  }

  turn(input: readonly string[], limit: Millis, accept?: (line: string) => boolean): Promise<TurnResult> {
    if (this.pending) throw new Error(`bot "${this.label}" asked for a turn while one is running`);
    if (this.failure) return Promise.resolve(this.withStderr(this.failure));
    return new Promise((resolve) => {
      const clock = new TurnClock(limit, this.margin, (elapsed) => {
        if (this.pending === pending) this.timeout(pending, elapsed);
      });
      const pending: PendingTurn = { resolve, clock, accept, cpuAtStart: this.cpuAtTurnStart() };
      this.pending = pending;
      this.deliver(text(input), (at) => clock.inputWritten(at));
      if (this.pending === pending) this.answer(null);
      if (this.pending === pending) clock.start();
    });
  }

  send(lines: readonly string[]): void {
    if (!this.failure && lines.length > 0) this.deliver(text(lines), () => {});
  }

  close(grace?: Millis): Promise<void> {
    const clean = this.failure === null;
    if (!this.failure)
      this.failure = { kind: 'crash', detail: 'stopped by the arena', neverStarted: false, stderr: '' };
    if (this.pending) this.finish(this.failure);
    if (!this.closing) this.closing = this.terminate(grace, clean);
    return this.closing;
  }

  /** Lines the bot wrote, read at time `at` (performance.now()). */
  protected receiveLines(lines: readonly string[], at: number): void {
    if (this.failure) return;
    for (const line of lines) this.unread.push(line);
    if (this.unread.length > MAX_UNREAD_LINES) {
      this.fail({
        kind: 'overflow',
        detail: `wrote more than ${MAX_UNREAD_LINES} lines it was not asked for`,
        stderr: '',
      });
    } else if (this.pending) this.answer(at);
  }

  /** The bot can answer no more; a pending turn fails with `result`, and the bot is killed. */
  protected fail(result: TurnResult): void {
    if (this.failure) return;
    this.failure = result;
    const pending = this.pending;
    // Output that breaks the rules ends the turn when it is read: the turn took that long.
    if (pending)
      this.finish(
        result.kind === 'overflow'
          ? { ...result, elapsed: pending.clock.elapsed(), ...this.cpuSince(pending) }
          : result,
      );
    void this.close();
  }

  /** What the bot wrote after its last full line, without a line end yet. */
  protected unfinishedLine(): string {
    return '';
  }

  /** The turn's clock has stopped (an answer, a failure, the bot closed). */
  protected clockStopped(): void {}

  /** True once the bot has given at least one answer: a bot that did cannot be "not started". */
  protected get hasAnswered(): boolean {
    return this.answered;
  }

  /**
   * Takes the first accepted unread line, if any, as the pending turn's answer, read at `at`; at
   * null, the line was written ahead, before the input was sent, and took no time.
   */
  private answer(at: number | null): void {
    const pending = this.pending!;
    let line = this.unread.shift();
    while (line !== undefined && pending.accept && !pending.accept(line)) line = this.unread.shift();
    if (line === undefined) return;
    const elapsed = at === null ? millis(0) : pending.clock.elapsed(at);
    this.answered = true;
    if (pending.clock.isLate(elapsed)) {
      this.timeout(pending, elapsed);
      return;
    }
    const ahead = at === null ? { ahead: true as const } : {};
    this.finish({ kind: 'line', line, elapsed, ...this.cpuSince(pending), stderr: '', ...ahead });
  }

  /** Out of time; unless the time went on breaking a limit, which is the failure then. */
  private timeout(pending: PendingTurn, elapsed: Millis): void {
    const breach = this.breach();
    const unfinished = this.unfinishedLine();
    this.fail(
      breach
        ? { kind: 'crash', detail: breach, neverStarted: false, stderr: '' }
        : { kind: 'timeout', elapsed, ...this.cpuSince(pending), stderr: '', ...(unfinished !== '' && { unfinished }) },
    );
  }

  /** A bot measured at the end of a turn but not at its start was not running yet: it started with 0. */
  private cpuSince(pending: PendingTurn): { cpu?: Millis } {
    const now = this.cpuMs();
    return now === undefined ? {} : { cpu: millis(now - (pending.cpuAtStart ?? 0)) };
  }

  private finish(result: TurnResult): void {
    const pending = this.pending!;
    this.pending = null;
    pending.clock.stop();
    this.clockStopped();
    // Stderr written just before the answer may be read after it, in the same poll: take it too.
    setImmediate(() => pending.resolve(this.withStderr(result)));
  }

  private withStderr(result: TurnResult): TurnResult {
    return { ...result, stderr: this.stderrLog.takeTurn() };
  }
}

const text = (lines: readonly string[]): string => (lines.length === 0 ? '' : `${lines.join('\n')}\n`);
