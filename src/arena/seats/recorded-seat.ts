/**
 * A seat that answers, turn by turn, what its bot answered in a recorded game, at once: the other
 * seats of a game played again from its record (arena/reproduce.ts). Where the recorded bot failed it
 * fails the same way; once the record holds no more of its answers, it has none to give.
 */
import type { BotConnection, TurnResult } from '../../core/connection.js';
import { type Millis, millis } from '../../core/units.js';
import type { RecordTurn } from '../record.js';

/** What a failure of a recorded seat says: the failure is the record's, not a bot's of this machine. */
const AS_RECORDED = 'failed here in the recorded game';

export class RecordedSeat implements BotConnection {
  private next = 0;

  /** `answers`: the seat's turns of the record, in order. */
  constructor(
    readonly label: string,
    private readonly answers: readonly Pick<RecordTurn, 'output' | 'failure'>[],
  ) {}

  async turn(_input: readonly string[], limit: Millis): Promise<TurnResult> {
    const answer = this.answers[this.next++];
    if (answer === undefined)
      return {
        kind: 'crash',
        detail: 'the record holds no more answers of this seat',
        neverStarted: false,
        stderr: '',
      };
    // An invalid line is answered again, for the referee to refuse again.
    const [line] = answer.output;
    if (line !== undefined) return { kind: 'line', line, elapsed: millis(0), stderr: '' };
    switch (answer.failure) {
      case 'timeout':
        return { kind: 'timeout', elapsed: limit, stderr: '' };
      case 'invalid':
        return { kind: 'overflow', detail: AS_RECORDED, stderr: '' };
      default:
        return { kind: 'crash', detail: AS_RECORDED, neverStarted: false, stderr: '' };
    }
  }

  send(): void {}

  async close(): Promise<void> {}
}
