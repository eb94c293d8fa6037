/**
 * The answer queue shared by every kind of bot connection, each turn on its turn clock
 * (core/time-control.ts). A subclass only moves bytes (a child process's pipes, an in-memory
 * program) and reports what happened to it.
 */
import type { BotConnection, TurnResult } from '../../core/connection.js';
import { lateWatch, TurnClock } from '../../core/time-control.js';
import { type Millis, millis } from '../../core/units.js';
import type { StderrLog } from '../process/stderr-log.js';

interface PendingTurn {
  readonly resolve: (result: TurnResult) => void;
  readonly clock: TurnClock;
  readonly accept: ((line: string) => boolean) | undefined;
  /** The bot's CPU time and its wait for a CPU when the turn began, where they are measured. */
  readonly cpuAtStart: number | undefined;
  readonly waitAtStart: number | undefined;
  /** Past its deadline: watched on for its answer (`lateWatch`); set at the deadline. */
  late?: Late;
}

/** A turn past its deadline, lost, watched on for when its answer comes. */
interface Late {
  readonly elapsed: Millis;
  /** How late the arena was to see the deadline: its timer ran late, or it read the answer first. */
  readonly arenaLate: Millis;
  readonly unfinished: string;
  /** The bot had ended at its deadline, its end not yet read: the crash its end reads as is the failure. */
  readonly ended: boolean;
  readonly watch: NodeJS.Timeout;
}

/** Lines a bot may write ahead of being asked before it counts as flooding its output. */
const MAX_UNREAD_LINES = 1000;

export abstract class TimedSeat implements BotConnection {
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

  /** The time (ms) the bot waited for a CPU so far; undefined where it is not measured. */
  protected waitMs(): number | undefined {
    return undefined;
  }

  /** Its wait at a turn's start: `waitMs`, unless a reading at the end of the last turn does. */
  protected waitAtTurnStart(): number | undefined {
    return this.waitMs();
  }

  /** Whether the bot has ended though its end may not have been read yet. */
  protected hasEnded(): boolean {
    return false;
  }

  /** A limit the bot went over (memory, processes), as the message of the crash it is; null if none. */
  protected breach(): string | null {
    return null;
  }

  turn(input: readonly string[], limit: Millis, accept?: (line: string) => boolean): Promise<TurnResult> {
    if (this.pending) throw new Error(`bot "${this.label}" asked for a turn while one is running`);
    if (this.failure) return Promise.resolve(this.withStderr(this.failure));
    return new Promise((resolve) => {
      // At the deadline, what has come meanwhile is read first (a check of the loop runs after its
      // poll of input): an arena kept busy past the deadline reads an answer that waited for it, or
      // the bot's end, before it calls the turn a timeout.
      const clock = new TurnClock(limit, this.margin, (elapsed) =>
        setImmediate(() => {
          if (this.pending === pending && !pending.late) this.timeout(pending, elapsed);
        }),
      );
      const pending: PendingTurn = {
        resolve,
        clock,
        accept,
        cpuAtStart: this.cpuAtTurnStart(),
        waitAtStart: this.waitAtTurnStart(),
      };
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
      this.failure = this.pending?.late
        ? this.lateResult(this.pending, undefined)
        : { kind: 'crash', detail: 'stopped by the arena', neverStarted: false, stderr: '' };
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

  /**
   * The bot can answer no more; a pending turn fails with `result`, and the bot is killed. A turn
   * past its deadline was lost to the clock first: it fails as a timeout, unless the bot had
   * already ended at the deadline (a crash read late).
   */
  protected fail(result: TurnResult): void {
    if (this.failure) return;
    const pending = this.pending;
    if (pending?.late && result.kind !== 'timeout' && !(pending.late.ended && result.kind === 'crash'))
      result = this.lateResult(pending, undefined);
    // Output that breaks the rules ends the turn when it is read: the turn took that long.
    else if (pending && result.kind === 'overflow')
      result = { ...result, elapsed: pending.clock.elapsed(), ...this.measured(pending) };
    this.failure = result;
    if (pending) this.finish(result);
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
    if (pending.late) this.fail(this.lateResult(pending, elapsed));
    else if (pending.clock.isLate(elapsed)) {
      // Read after the deadline though it came before the clock's timer did: late by as much.
      this.timeout(pending, elapsed);
      if (this.pending === pending) this.fail(this.lateResult(pending, elapsed));
    } else {
      const ahead = at === null ? { ahead: true as const } : {};
      this.finish({ kind: 'line', line, elapsed, ...this.measured(pending), stderr: '', ...ahead });
    }
  }

  /**
   * Out of time: the turn is lost, unless the time went on breaking a limit, which is the failure
   * then. The bot is watched on for its answer (`lateWatch`), which tells how late it was.
   */
  private timeout(pending: PendingTurn, elapsed: Millis): void {
    const breach = this.breach();
    if (breach) {
      this.fail({ kind: 'crash', detail: breach, neverStarted: false, stderr: '' });
      return;
    }
    const watch = setTimeout(() => this.fail(this.lateResult(pending, undefined)), lateWatch(pending.clock.limit));
    const arenaLate = millis(Math.max(0, elapsed - pending.clock.deadline));
    pending.late = { elapsed, arenaLate, unfinished: this.unfinishedLine(), ended: this.hasEnded(), watch };
  }

  /** The timeout of a turn past its deadline; `answered`: when its answer came, if it did. */
  private lateResult(pending: PendingTurn, answered: Millis | undefined): TurnResult {
    const { elapsed, arenaLate, unfinished } = pending.late!;
    return {
      kind: 'timeout',
      elapsed,
      ...(answered !== undefined && { answered }),
      ...(arenaLate > 0 && { arenaLate }),
      ...this.measured(pending),
      stderr: '',
      ...(unfinished !== '' && { unfinished }),
    };
  }

  /**
   * The CPU time and the wait for a CPU since the turn began, where measured; a bot measured at the
   * end of a turn but not at its start was not running yet: it started with 0. A wait counts only
   * while the bot did not compute: threads that wait for each other's cores are the bot's own doing.
   */
  private measured(pending: PendingTurn): { cpu?: Millis; wait?: Millis } {
    const cpuNow = this.cpuMs();
    const waitNow = this.waitMs();
    const cpu = cpuNow === undefined ? undefined : cpuNow - (pending.cpuAtStart ?? 0);
    if (cpu === undefined) return {};
    if (waitNow === undefined) return { cpu: millis(cpu) };
    const idle = Math.max(0, pending.clock.elapsed() - cpu);
    return { cpu: millis(cpu), wait: millis(Math.min(idle, waitNow - (pending.waitAtStart ?? 0))) };
  }

  private finish(result: TurnResult): void {
    const pending = this.pending!;
    this.pending = null;
    clearTimeout(pending.late?.watch);
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
