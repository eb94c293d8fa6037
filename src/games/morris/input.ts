/**
 * The protocol, bot side: reads the statement's input from text alone, so that built-in bots see
 * exactly what an external bot sees.
 */
import type { LineIO } from '../../core/line-io.js';
import { readCountedLines, TurnInputError } from '../../core/turn-input.js';

/** What a player reads once, before its first turn. */
export interface Initialisation {
  readonly playerId: 0 | 1;
  /** Each field's neighbours, as sent. */
  readonly neighbours: ReadonlyMap<string, readonly string[]>;
}

export interface TurnInput {
  /** The opponent's last command, or `-` before any. */
  readonly opMove: string;
  /** Each field's state: 0 or 1 for a player's stone, 2 for empty. */
  readonly board: ReadonlyMap<string, 0 | 1 | 2>;
  /** The valid commands. */
  readonly commands: readonly string[];
}

const FIELD = '[A-G][1-7]';
const NEIGHBOUR_LINE = new RegExp(`^(${FIELD}):(${FIELD}(?:;${FIELD})*)$`);
const BOARD_ENTRY = new RegExp(`^(${FIELD}):([012])$`);

/** Reads the initialisation; null if the input has ended. */
export async function readInitialisation(io: LineIO): Promise<Initialisation | null> {
  const id = await io.readLine();
  if (id === null) return null;
  if (id !== '0' && id !== '1') throw new TurnInputError(`expected playerId 0 or 1, got ${JSON.stringify(id)}`);
  const read = await readCountedLines(io, 'the number of fields');
  if (read === null) return null;
  const neighbours = new Map<string, string[]>();
  for (const line of read) {
    const match = NEIGHBOUR_LINE.exec(line);
    if (!match) throw new TurnInputError(`expected FIELD:N1;N2..., got ${JSON.stringify(line)}`);
    neighbours.set(match[1]!, match[2]!.split(';'));
  }
  return { playerId: id === '0' ? 0 : 1, neighbours };
}

/** Reads one turn's input; null once the input has ended. */
export async function readTurn(io: LineIO): Promise<TurnInput | null> {
  const opMove = await io.readLine();
  if (opMove === null) return null;
  const boardText = await io.readLine();
  if (boardText === null) return null;
  const board = new Map<string, 0 | 1 | 2>();
  for (const entry of boardText.split(';')) {
    const match = BOARD_ENTRY.exec(entry);
    if (!match) throw new TurnInputError(`expected FIELD:STATE in the board line, got ${JSON.stringify(entry)}`);
    board.set(match[1]!, Number(match[2]) as 0 | 1 | 2);
  }
  const commands = await readCountedLines(io, 'the number of commands');
  if (commands === null) return null;
  return { opMove, board, commands };
}
