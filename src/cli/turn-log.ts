/** `tabula play --verbose`: each turn on stderr as it ends, for a person debugging a bot. */
import type { ReplayTurn } from '../arena/replay.js';

/**
 * The turn as lines of text: who played it and how long it took, what the bot was sent (`>`), what
 * it answered (`<`), what it wrote on stderr (`!`), and how it failed, if it did.
 */
export function turnLog(turn: ReplayTurn, name: string): string {
  const head = `turn ${turn.turn}, seat ${turn.seat} (${name}): ${turn.timeMs} ms of ${turn.limitMs} ms${
    turn.writtenAhead ? ', an answer written before the input was sent' : ''
  }`;
  const lines = [head, ...turn.input.map((l) => `  > ${l}`), ...turn.output.map((l) => `  < ${l}`)];
  if (turn.unfinished !== undefined) lines.push(`  < ${turn.unfinished}   [no newline]`);
  if (turn.outputDropped) lines.push(`  < [${turn.outputDropped} more characters not kept]`);
  const stderr = turn.stderr.endsWith('\n') ? turn.stderr.slice(0, -1) : turn.stderr;
  if (stderr !== '') lines.push(...stderr.split('\n').map((l) => `  ! ${l}`));
  if (turn.failure) lines.push(`  ${turn.failure.status}: ${turn.failure.message}`);
  return `${lines.join('\n')}\n`;
}
