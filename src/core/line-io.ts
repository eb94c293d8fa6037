/**
 * Line-oriented I/O as a bot sees it. Built-in bots are written against `LineIO`, so the very same
 * code runs inside the arena (fed the protocol text in memory) and as a stand-alone program on
 * stdin/stdout (`tabula bot <game> <name>`). The streams behind it are the arena's (arena/process/line-streams.ts).
 */

export interface LineIO {
  /** The next input line without its line break, or null once the input has ended. */
  readLine(): Promise<string | null>;
  writeLine(line: string): void;
  /** Debug text: a process bot's stderr. */
  log(text: string): void;
}

export type BotProgram = (io: LineIO) => Promise<void>;
