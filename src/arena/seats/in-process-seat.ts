/**
 * A built-in bot run inside the arena. It reads and writes the same protocol text as a process
 * bot, so a protocol bug shows up for both.
 */
import { performance } from 'node:perf_hooks';
import type { BotProgram } from '../../core/line-io.js';
import type { Millis } from '../../core/units.js';
import { LineQueue } from '../process/line-streams.js';
import { StderrLog } from '../process/stderr-log.js';
import { TimedSeat } from './timed-seat.js';

export class InProcessSeat extends TimedSeat {
  private readonly input = new LineQueue();

  /** `margin`: how far past its limit an answer is still taken. */
  constructor(label: string, program: BotProgram, margin?: Millis) {
    super(label, new StderrLog(), margin);
    void program({
      readLine: () => this.input.read(),
      writeLine: (line) => this.receiveLines([line], performance.now()),
      log: (text) => this.stderrLog.append(text.endsWith('\n') ? text : `${text}\n`),
    }).then(
      () => this.fail({ kind: 'crash', detail: 'returned', neverStarted: false, stderr: '' }),
      (err: unknown) => {
        const detail = `threw ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`;
        this.fail({ kind: 'crash', detail, neverStarted: false, stderr: '' });
      },
    );
  }

  protected deliver(text: string, written: (at: number) => void): void {
    const lines = text.split('\n');
    lines.pop();
    for (const line of lines) this.input.push(line);
    written(performance.now());
  }

  protected async terminate(): Promise<void> {
    // A program waiting for input reads the end of it and returns; one stuck elsewhere is abandoned.
    this.input.end();
  }
}
