/**
 * A game's bot that is a process (process/bot-process.ts): its own for the game, or a warm one lent by a
 * pool of built-in bots' processes (builtin/warm-pool.ts) and given back when the game ends cleanly.
 */
import type { TurnResult } from '../../core/connection.js';
import type { Millis } from '../../core/units.js';
import { BotProcess, type BotProcessOptions, type ProcessEnd, type ProcessOwner } from '../process/bot-process.js';
import { defaultStderrCaps, type StderrCaps, StderrLog } from '../process/stderr-log.js';
import { TimedSeat } from './timed-seat.js';

export interface ProcessSeatOptions extends BotProcessOptions {
  readonly stderrCaps?: StderrCaps;
  /** How far past its limit an answer is still taken, as an overrun. */
  readonly timeMargin?: Millis;
}

/** A game's hold on a warm process (builtin/warm-pool.ts). */
export interface WarmLease {
  readonly process: BotProcess;
  /**
   * The game is over. `clean`: the bot played it to its end without failing, and may play the next
   * one if it is fit (else it is ended); otherwise it is ended at once.
   */
  giveBack(clean: boolean, grace: Millis | undefined): Promise<void>;
}

/** Exit codes of `sh` for a command it could not find or run, and of the sandbox it could not enter. */
const CANNOT_RUN = new Set([125, 126, 127]);

export class ProcessSeat extends TimedSeat implements ProcessOwner {
  private readonly process: BotProcess;

  constructor(
    command: string,
    options: ProcessSeatOptions = {},
    private readonly lease?: WarmLease,
  ) {
    super(command, new StderrLog(options.stderrCaps ?? defaultStderrCaps), options.timeMargin);
    if (lease) {
      this.process = lease.process;
      this.process.owner = this;
    } else this.process = new BotProcess(command, this, options);
  }

  /** The bot's process group; undefined until it runs, or when it could not be spawned. */
  get pgid(): number | undefined {
    return this.process.pgid;
  }

  /** The bot's first answer ends its start-up (process/bot-process.ts). */
  override turn(input: readonly string[], limit: Millis, accept?: (line: string) => boolean): Promise<TurnResult> {
    this.process.weigh(true);
    const result = super.turn(input, limit, accept);
    if (this.process.inStartUp) void result.then(() => this.process.startedUp());
    return result;
  }

  protected override clockStopped(): void {
    this.process.weigh(false);
  }

  protected override unfinishedLine(): string {
    return this.process.unfinished;
  }

  protected deliver(text: string, written: (at: number) => void): void {
    this.process.deliver(text, written);
  }

  protected override cpuMs(): number | undefined {
    return this.process.cpuMs();
  }

  /** Read once a turn: the last turn's end is this one's start (the CPU between turns counts to this one). */
  protected override cpuAtTurnStart(): number | undefined {
    return this.process.cpuWhenLastRead();
  }

  protected override waitMs(): number | undefined {
    return this.process.waitMs();
  }

  protected override waitAtTurnStart(): number | undefined {
    return this.process.waitWhenLastRead();
  }

  protected override hasEnded(): boolean {
    return this.process.ended();
  }

  protected override breach(): string | null {
    return this.process.breach();
  }

  lines(lines: readonly string[], at: number): void {
    this.receiveLines(lines, at);
  }

  stderr(chunk: string): void {
    this.stderrLog.append(chunk);
  }

  overflow(detail: string): void {
    this.fail({ kind: 'overflow', detail, stderr: '' });
  }

  breached(detail: string): void {
    this.fail({ kind: 'crash', detail, neverStarted: false, stderr: '' });
  }

  /** No answer can come any more: the crash, in words. */
  ended(end: ProcessEnd): void {
    if (end.kind === 'unstarted') {
      this.fail({ kind: 'crash', detail: end.detail, neverStarted: true, stderr: '' });
      return;
    }
    const exit = this.process.exit;
    const breach = this.breach();
    const how =
      exit === null
        ? `closed its ${end.closed}`
        : exit.signal
          ? `was killed by ${exit.signal}`
          : `exited with code ${exit.code}`;
    const last = this.stderrLog.lastLines();
    const note = this.process.endNote(last);
    const detail = [breach ?? '', breach ? `it ${how}` : how, note ?? ''].filter(Boolean).join('; ');
    this.fail({
      kind: 'crash',
      detail: last ? `${detail}; stderr: ${last}` : detail,
      neverStarted: !breach && !this.hasAnswered && exit?.code != null && CANNOT_RUN.has(exit.code),
      stderr: '',
    });
  }

  protected terminate(grace: Millis | undefined, clean: boolean): Promise<void> {
    return this.lease ? this.lease.giveBack(clean, grace) : this.process.end(grace);
  }
}
