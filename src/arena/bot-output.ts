/**
 * What the arena keeps and quotes of what a bot writes on stdout. A replay keeps each turn's answer
 * line and its comment capped per turn and per game, as stderr is (process/stderr-log.ts), and counts the
 * rest: a bot that writes long comments cannot make the replay, the database, and the work of
 * storing a game (which the other games' clocks would wait for) grow without bound. A message
 * quotes at most the start of a long line.
 */

export interface OutputCaps {
  /** Characters kept of each of a turn's answer line and comment; the rest is counted, not kept. */
  readonly perTurn: number;
  /** Characters kept of one seat's answer lines and comments over the whole game. */
  readonly perGame: number;
}

export const defaultOutputCaps: OutputCaps = { perTurn: 1024, perGame: 256 * 1024 };

/** One seat's allowance of output kept over a game. */
export class OutputBudget {
  private kept = 0;

  constructor(private readonly caps: OutputCaps = defaultOutputCaps) {}

  /** The part of `text` to keep, and how many characters are dropped. */
  take(text: string): { readonly kept: string; readonly dropped: number } {
    const room = Math.max(0, Math.min(this.caps.perTurn, this.caps.perGame - this.kept));
    const kept = text.length <= room ? text : text.slice(0, room);
    this.kept += kept.length;
    return { kept, dropped: text.length - kept.length };
  }
}

/** Characters of a bot's line quoted in a message. */
const QUOTED = 200;

/** A bot's line as a message quotes it: in double quotes, cut after 200 characters with its length told. */
export function quoteOutput(line: string): string {
  if (line.length <= QUOTED) return JSON.stringify(line);
  return `${JSON.stringify(line.slice(0, QUOTED))}… (${line.length} characters)`;
}

/** A line too long to keep, quoted from its start: its length, or what had come of it without a line end yet. */
export function quoteLineStart(start: string, length: number, ended: boolean): string {
  return `${JSON.stringify(start.slice(0, QUOTED))}… (${length} characters${ended ? '' : ' and no line end yet'})`;
}
