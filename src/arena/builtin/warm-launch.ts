/**
 * The launch channel of a warm built-in bot: one process plays game after game (warm-pool.ts), and
 * is told on a channel of its own, file descriptor 3, when a game starts and when it has ended. Its
 * stdin and stdout carry each game's protocol exactly as a fresh process's would. Each side counts
 * what it wrote on the other pipes during a game, so that nothing of one game is read as the next
 * one's: two pipes keep no order between them.
 *
 * Tabula → bot, one JSON object a line: `{"game": <BotSetup>}`, then `{"end": <lines written on
 * stdin in that game>}`. Bot → Tabula: `{"ready": {"lines": <stdout lines>, "stderr": <characters of
 * stderr>}}` once the game's program has returned and read the game's input to its end.
 */
import { Socket } from 'node:net';
import type { BotSetup, GameDefinition } from '../../core/game.js';
import type { LineIO } from '../../core/line-io.js';
import { LineSplitter, queuedLines } from '../process/line-streams.js';

/** The launch channel's file descriptor in the bot's process. */
export const LAUNCH_FD = 3;

export type Order = { readonly game: BotSetup } | { readonly end: number };
export interface Ready {
  readonly ready: { readonly lines: number; readonly stderr: number };
}

/**
 * Plays built-in bot `name` of `game` on stdin/stdout, one game per `game` order, until the launch
 * channel closes. Each game's program is made afresh from that game's setup, as in a fresh process;
 * what the process itself keeps (its modules' tables, V8's compiled code) lives on, as an engine's
 * hash does between games.
 */
export async function playGames(game: GameDefinition, name: string): Promise<void> {
  const channel = new Socket({ fd: LAUNCH_FD, readable: true, writable: true });
  // A closed channel is the end of the bot's work, however it closed.
  const orders = queuedLines(channel);
  const stdin = new StdinLines();
  for (let order = await orders.read(); order !== null; order = await orders.read()) {
    const { game: setup } = JSON.parse(order) as { game: BotSetup };
    const input = new GameInput(stdin);
    const written = { lines: 0, stderr: 0 };
    const io: LineIO = {
      readLine: () => input.read(),
      writeLine: (line) => {
        written.lines++;
        process.stdout.write(`${line}\n`);
      },
      log: (text) => {
        const line = text.endsWith('\n') ? text : `${text}\n`;
        written.stderr += line.length;
        process.stderr.write(line);
      },
    };
    const played = game.bots[name]!.create({ ...setup, ownProcess: true })(io);
    const end = await orders.read();
    if (end === null) return;
    input.end((JSON.parse(end) as { end: number }).end);
    await played;
    await input.drain();
    const ready: Ready = { ready: written };
    channel.write(`${JSON.stringify(ready)}\n`);
  }
}

/**
 * One game's input: stdin's lines up to the count the game's end gives, then the end of input.
 * Lines past that count are the next game's: they stay in `stdin` (never read ahead).
 */
class GameInput {
  private taken = 0;
  private last: number | null = null;
  private waiting: ((line: string | null) => void) | null = null;

  constructor(private readonly stdin: StdinLines) {
    stdin.onLine = () => this.wake();
  }

  read(): Promise<string | null> {
    return new Promise((resolve) => {
      this.waiting = resolve;
      this.wake();
    });
  }

  /** The game ended after `lines` lines of input. */
  end(lines: number): void {
    this.last = lines;
    this.wake();
  }

  /** Reads what the program left of the game's input. */
  async drain(): Promise<void> {
    while ((await this.read()) !== null);
  }

  private wake(): void {
    const waiting = this.waiting;
    if (!waiting) return;
    const over = this.last !== null && this.taken >= this.last;
    const line = over ? undefined : this.stdin.lines.shift();
    if (line === undefined && !over && !this.stdin.ended) return;
    this.waiting = null;
    if (line !== undefined) this.taken++;
    waiting(line ?? null);
  }
}

/** Stdin's lines as they come, kept until a game takes them. */
class StdinLines {
  readonly lines: string[] = [];
  ended = false;
  onLine: () => void = () => {};

  constructor() {
    const splitter = new LineSplitter();
    process.stdin.setEncoding('utf8');
    process.stdin.on('data', (chunk: string) => {
      for (const line of splitter.push(chunk)) this.lines.push(line);
      this.onLine();
    });
    process.stdin.on('end', () => {
      this.lines.push(...splitter.flush());
      this.ended = true;
      this.onLine();
    });
  }
}
