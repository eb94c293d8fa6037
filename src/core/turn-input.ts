/**
 * The bot side of every protocol reads its turn from text alone. These readers check each line
 * against the statement and throw `TurnInputError` naming what was expected and what came, so that
 * a built-in bot stops loudly on a referee bug instead of playing on wrong data.
 */
import type { LineIO } from './line-io.js';

/** The input does not follow the statement: a referee bug, for a built-in bot. */
export class TurnInputError extends Error {
  override readonly name = 'TurnInputError';
}

/** A count: one whole number, named `what` in the error. */
export function readCount(line: string, what: string): number {
  if (!/^[0-9]+$/.test(line)) throw new TurnInputError(`expected ${what} (a number), got ${JSON.stringify(line)}`);
  return Number(line);
}

/** A line of exactly `count` whole numbers separated by single spaces, named `what` in the error. */
export function readNumbers(line: string, count: number, what: string): number[] {
  const fields = line.split(' ');
  if (fields.length !== count || !fields.every((f) => /^[0-9]+$/.test(f)))
    throw new TurnInputError(`expected ${what} (${count} numbers), got ${JSON.stringify(line)}`);
  return fields.map(Number);
}

/** The next `n` lines; null if the input ends first. */
export async function readLines(io: LineIO, n: number): Promise<string[] | null> {
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    const line = await io.readLine();
    if (line === null) return null;
    lines.push(line);
  }
  return lines;
}

/** A count line, then that many lines; null if the input ends first. */
export async function readCountedLines(io: LineIO, what: string): Promise<string[] | null> {
  const count = await io.readLine();
  return count === null ? null : readLines(io, readCount(count, what));
}
