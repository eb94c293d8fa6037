/**
 * The protocol, bot side: reads one turn of the statement's input from text alone, so that built-in
 * bots and the USI bridge see exactly what an external bot sees.
 */
import type { LineIO } from '../../core/line-io.js';
import { readCount, readLines, TurnInputError } from '../../core/turn-input.js';
import { type Colour, square } from './board.js';
import { type HandKind, pieceOfLetter } from './pieces.js';
import { Position } from './position.js';

export interface TurnInput {
  /** The reader's player id, given on its first turn only. */
  readonly id: 0 | 1 | null;
  /** The board, top row first, each row as 5 cells: `.` or a piece (`K`, `+p`, ...). */
  readonly board: readonly (readonly string[])[];
  /** Player 0's and player 1's hands, as letters in the order given (empty for `-`). */
  readonly hands: readonly [string, string];
  /** The opponent's last action, or null (`none`) before the first move. */
  readonly lastAction: string | null;
  readonly actions: readonly string[];
}

const SIZE = 5;
/** The lines of a turn before the actions: the board, two hands, the last action, the count. */
const HEADER_LINES = SIZE + 4;

const quote = (line: string): string => JSON.stringify(line);

function boardRow(line: string): string[] {
  const cells = line.match(/\+[PSBRpsbr]|[PSGBRKpsgbrk.]/g) ?? [];
  if (cells.join('') !== line || cells.length !== SIZE)
    throw new TurnInputError(`expected a board row of ${SIZE} cells, got ${quote(line)}`);
  return cells;
}

function hand(line: string, player: 0 | 1): string {
  if (line === '-') return '';
  if (!(player === 0 ? /^[PSGBR]+$/ : /^[psgbr]+$/).test(line))
    throw new TurnInputError(`expected player ${player}'s hand, got ${quote(line)}`);
  return line;
}

/** Reads the lines of one turn, its initialisation included when `first`. */
export function parseTurn(lines: readonly string[], first: boolean): TurnInput {
  let at = 0;
  const next = (): string => {
    const line = lines[at++];
    if (line === undefined) throw new TurnInputError(`the turn ended after ${lines.length} lines`);
    return line;
  };
  let id: 0 | 1 | null = null;
  if (first) {
    const idLine = next();
    if (idLine !== '0' && idLine !== '1')
      throw new TurnInputError(`expected the player id 0 or 1, got ${quote(idLine)}`);
    id = idLine === '0' ? 0 : 1;
    const size = next();
    if (size !== String(SIZE)) throw new TurnInputError(`expected the board size ${SIZE}, got ${quote(size)}`);
  }
  const board = Array.from({ length: SIZE }, () => boardRow(next()));
  const hands: [string, string] = [hand(next(), 0), hand(next(), 1)];
  const last = next();
  const actions = Array.from({ length: readCount(next(), 'the number of actions') }, next);
  if (at !== lines.length) throw new TurnInputError(`${lines.length - at} lines after the actions`);
  return { id, board, hands, lastAction: last === 'none' ? null : last, actions };
}

/** Reads one turn from `io`; null once the input has ended. */
export async function readTurn(io: LineIO, first: boolean): Promise<TurnInput | null> {
  const header = await readLines(io, (first ? 2 : 0) + HEADER_LINES);
  if (header === null) return null;
  const actions = await readLines(io, readCount(header.at(-1)!, 'the number of actions'));
  return actions === null ? null : parseTurn([...header, ...actions], first);
}

/** The position a turn shows, with `toMove` to move and no history: pieces and hands, nothing else. */
export function positionOf(turn: TurnInput, toMove: Colour): Position {
  const pos = new Position();
  for (const [i, cells] of turn.board.entries()) {
    for (const [col, cell] of cells.entries()) {
      const piece = cell === '.' ? null : pieceOfLetter(cell);
      if (piece) pos.put(square((SIZE - 1 - i) * SIZE + col), piece.colour, piece.type);
    }
  }
  for (const [colour, letters] of turn.hands.entries()) {
    for (const letter of letters) {
      const kind = pieceOfLetter(letter)!.type as HandKind;
      pos.setHandCount(colour as Colour, kind, pos.handCount(colour as Colour, kind) + 1);
    }
  }
  pos.setSide(toMove);
  return pos;
}
