/** Line streams: a character stream cut into lines, a queue of lines, and `LineIO` over stdio. */
import type { LineIO } from '../../core/line-io.js';

/** Splits a character stream into lines; a line ends at "\n" and loses a trailing "\r". */
export class LineSplitter {
  private partial = '';

  constructor(private readonly maxLineLength: number = Infinity) {}

  /** Feeds a chunk; returns the lines it completed. Throws `LineTooLongError` past the cap. */
  push(chunk: string): string[] {
    const parts = (this.partial + chunk).split('\n');
    this.partial = parts.pop() ?? '';
    if (this.partial.length > this.maxLineLength) throw new LineTooLongError(this.maxLineLength, this.partial, false);
    for (let i = 0; i < parts.length; i++) {
      let line = parts[i]!;
      if (line.endsWith('\r')) line = line.slice(0, -1);
      if (line.length > this.maxLineLength) throw new LineTooLongError(this.maxLineLength, line, true);
      parts[i] = line;
    }
    return parts;
  }

  /** What was written after the last line break so far. */
  get unfinished(): string {
    return this.partial;
  }

  /** What is left after the stream ended: a last line without a line break, if any. */
  flush(): string[] {
    const rest = this.partial;
    this.partial = '';
    return rest === '' ? [] : [rest.endsWith('\r') ? rest.slice(0, -1) : rest];
  }
}

/** A line over the cap: the cap, and the line's start and length (so far, when it has no end yet) for a message. */
export class LineTooLongError extends Error {
  override readonly name = 'LineTooLongError';
  /** The line's first characters, enough for a message to quote. */
  readonly start: string;
  readonly length: number;
  constructor(
    readonly limit: number,
    line: string,
    /** Whether the line had ended; else `length` is what had come of it. */
    readonly ended: boolean,
  ) {
    super(`output line longer than ${limit} characters`);
    this.start = line.slice(0, 1024);
    this.length = line.length;
  }
}

/** A queue of lines with one asynchronous consumer: what `readLine` needs on top of a stream. */
export class LineQueue {
  private readonly lines: string[] = [];
  private ended = false;
  private waiter: ((line: string | null) => void) | null = null;

  push(line: string): void {
    if (this.ended) return;
    if (this.waiter) {
      const w = this.waiter;
      this.waiter = null;
      w(line);
    } else this.lines.push(line);
  }

  end(): void {
    this.ended = true;
    if (this.waiter) {
      const w = this.waiter;
      this.waiter = null;
      w(this.lines.shift() ?? null);
    }
  }

  read(): Promise<string | null> {
    if (this.lines.length > 0) return Promise.resolve(this.lines.shift()!);
    if (this.ended) return Promise.resolve(null);
    return new Promise((resolve) => (this.waiter = resolve));
  }
}

/**
 * The lines of a character stream, in a queue that ends with the stream, however it ends: at its
 * end, on an error, or at a line over `maxLineLength`.
 */
export function queuedLines(stream: NodeJS.ReadableStream, maxLineLength = Infinity): LineQueue {
  const queue = new LineQueue();
  const splitter = new LineSplitter(maxLineLength);
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    try {
      for (const line of splitter.push(chunk)) queue.push(line);
    } catch (err) {
      if (!(err instanceof LineTooLongError)) throw err;
      queue.end();
    }
  });
  stream.on('end', () => {
    for (const line of splitter.flush()) queue.push(line);
    queue.end();
  });
  stream.on('error', () => queue.end());
  stream.on('close', () => queue.end());
  return queue;
}

/** `LineIO` over this process's stdin, stdout and stderr. */
export function stdioLineIO(): LineIO {
  const queue = queuedLines(process.stdin);
  return {
    readLine: () => queue.read(),
    writeLine: (line) => void process.stdout.write(`${line}\n`),
    log: (text) => void process.stderr.write(text.endsWith('\n') ? text : `${text}\n`),
  };
}
