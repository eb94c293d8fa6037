/**
 * A bot's stderr, drained continuously (a bot must never block on a full pipe) and cut into the
 * part written since the last turn. Caps keep a chatty bot from filling memory or the replay.
 */
export interface StderrCaps {
  /** Characters kept per turn; the rest of that turn's text is counted, not kept. */
  readonly perTurn: number;
  /** Characters kept over the whole game. */
  readonly total: number;
}

export const defaultStderrCaps: StderrCaps = { perTurn: 4096, total: 1 << 20 };

const TAIL = 1024;

export class StderrLog {
  private turnText = '';
  private turnDropped = 0;
  private kept = 0;
  /** The last characters written, kept whatever the caps, to explain a crash. */
  private tailText = '';

  constructor(private readonly caps: StderrCaps = defaultStderrCaps) {}

  append(chunk: string): void {
    this.tailText = (this.tailText + chunk).slice(-TAIL);
    const room = Math.max(0, Math.min(this.caps.perTurn - this.turnText.length, this.caps.total - this.kept));
    const keep = chunk.length <= room ? chunk : chunk.slice(0, room);
    this.turnText += keep;
    this.kept += keep.length;
    this.turnDropped += chunk.length - keep.length;
  }

  /** The text written since the previous call, with a note of what the caps dropped. */
  takeTurn(): string {
    const text =
      this.turnDropped > 0
        ? `${this.turnText}\n[tabula: ${this.turnDropped} more characters of stderr dropped]`
        : this.turnText;
    this.turnText = '';
    this.turnDropped = 0;
    return text;
  }

  /** The last few non-empty lines ever written, for a crash message. */
  lastLines(count = 3): string {
    return this.tailText
      .split('\n')
      .map((l) => l.trimEnd())
      .filter((l) => l !== '')
      .slice(-count)
      .join(' | ');
  }
}
