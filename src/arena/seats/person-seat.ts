/**
 * A seat held by a person: their answers come from outside the arena (a web page). The arena times
 * them as any bot's; whoever holds the seat learns of each turn from the game's `onAsk` hook and
 * answers with `reply`. No HTTP here: the server feeds it.
 */
import { performance } from 'node:perf_hooks';
import type { TimeLimits } from '../../core/time-control.js';
import type { Millis } from '../../core/units.js';
import { StderrLog } from '../process/stderr-log.js';
import { TimedSeat } from './timed-seat.js';

export class PersonSeat extends TimedSeat {
  private ended = false;

  /** `timeLimits`: the seat's own limits, instead of the game's. */
  constructor(
    label: string,
    readonly timeLimits: TimeLimits,
  ) {
    super(label, new StderrLog());
  }

  /** The person's answer line, from outside; ignored once the seat has ended. */
  reply(line: string): void {
    if (!this.ended) this.receiveLines([line], performance.now());
  }

  /** True once the game has closed the seat (it ended, or the seat failed). */
  get closed(): boolean {
    return this.ended;
  }

  protected deliver(_text: string, written: (at: number) => void): void {
    written(performance.now());
  }

  protected async terminate(_grace: Millis | undefined): Promise<void> {
    this.ended = true;
  }
}
