/**
 * What a seat was sent in a recorded game: every input line of its turns up to a turn, in order,
 * so that a person can feed the same lines to their bot again. The whole history, because a
 * streaming protocol gives each line once. Pure, for the command line and the web viewer alike.
 */
import type { ReplayTurn } from './replay.js';

export function inputSentTo(turns: readonly ReplayTurn[], seat: number, upto: number): string[] {
  return turns.filter((t) => t.seat === seat && t.turn <= upto).flatMap((t) => t.input);
}
