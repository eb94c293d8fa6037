/**
 * The protocol, bot side: reads one turn of the statement's input from text alone, so that built-in
 * bots see exactly what an external bot sees.
 */
import type { LineIO } from '../../core/line-io.js';
import { readCountedLines, readNumbers, TurnInputError } from '../../core/turn-input.js';

export interface TurnPiece {
  readonly id: number;
  /** 0 for the reader's piece, 1 for the opponent's. */
  readonly owner: 0 | 1;
  readonly direction: number;
  readonly radius: number;
}

export interface TurnInput {
  readonly colour: 'BLACK' | 'WHITE';
  readonly turnsLeft: number;
  readonly myPieces: number;
  readonly opponentPieces: number;
  readonly myStock: number;
  readonly opponentStock: number;
  readonly pieces: readonly TurnPiece[];
  /** The suggested output lines. */
  readonly options: readonly string[];
}

/** Reads one turn's input; null once the input has ended. */
export async function readTurn(io: LineIO): Promise<TurnInput | null> {
  const header = await io.readLine();
  if (header === null) return null;
  const [colour = '', ...rest] = header.split(' ');
  if (colour !== 'BLACK' && colour !== 'WHITE')
    throw new TurnInputError(`expected BLACK or WHITE, got ${JSON.stringify(colour)}`);
  const [turnsLeft, myPieces, opponentPieces, myStock, opponentStock] = readNumbers(
    rest.join(' '),
    5,
    'the turn header',
  );

  const pieceLines = await readCountedLines(io, 'the number of pieces');
  if (pieceLines === null) return null;
  const pieces = pieceLines.map((line): TurnPiece => {
    const [id, owner, direction, radius] = readNumbers(line, 4, 'PIECE_ID OWNER_ID DIRECTION RADIUS') as [
      number,
      number,
      number,
      number,
    ];
    if (owner !== 0 && owner !== 1) throw new TurnInputError(`owner ${owner} is neither 0 nor 1`);
    return { id, owner, direction, radius };
  });
  const options = await readCountedLines(io, 'the number of options');
  if (options === null) return null;
  return {
    colour,
    turnsLeft: turnsLeft!,
    myPieces: myPieces!,
    opponentPieces: opponentPieces!,
    myStock: myStock!,
    opponentStock: opponentStock!,
    pieces,
    options,
  };
}
