/**
 * The protocol, bot side: a bot's whole conversation with the referee, from the text alone. It
 * reads its colour, writes the moves its `choose` function picks, reads and checks the opponent's,
 * and stops when it sees the end of the game by itself, as the statement asks, or when its input
 * ends.
 */
import type { LineIO } from '../../core/line-io.js';
import { TurnInputError } from '../../core/turn-input.js';
import { SIZE, squareAt } from './board.js';
import { BLACK, type Colour, fromOf, type Move, moveOf, Position, toOf, WHITE } from './position.js';
import { checkMove, formatMove, rules, stateAt } from './rules.js';

export function parseColour(line: string): Colour {
  if (line === '0') return BLACK;
  if (line === '1') return WHITE;
  throw new TurnInputError(`expected the colour, 0 or 1, got ${JSON.stringify(line)}`);
}

/** Reads a relayed move, exactly `r1 c1 r2 c2` with numbers 1..8. */
export function parseMove(line: string): Move {
  const fields = line.split(' ');
  if (fields.length !== 4 || !fields.every((f) => /^[1-8]$/.test(f)))
    throw new TurnInputError(`expected a move "r1 c1 r2 c2" with numbers 1..${SIZE}, got ${JSON.stringify(line)}`);
  const [r1, c1, r2, c2] = fields.map(Number) as [number, number, number, number];
  return moveOf(squareAt(r1, c1), squareAt(r2, c2));
}

/**
 * Plays one game on `io`. `choose` gets a copy of the position, with the bot to move, and returns
 * a legal move. The bot stops after `maxMoves` moves in all (the statement's 100 for a contestant).
 */
export async function playStream(io: LineIO, choose: (position: Position) => Move, maxMoves: number): Promise<void> {
  const first = await io.readLine();
  if (first === null) return;
  const colour = parseColour(first);
  let state = stateAt(Position.start(), 0, maxMoves);
  while (state.outcome === null) {
    let move: Move;
    if (state.position.toMove === colour) {
      move = choose(state.position.clone());
      io.writeLine(formatMove(move));
    } else {
      const line = await io.readLine();
      if (line === null) return;
      move = parseMove(line);
      const checked = checkMove(state, fromOf(move), toOf(move));
      if (!checked.ok) throw new TurnInputError(`the opponent's move ${line} is illegal: ${checked.error}`);
    }
    state = rules.play(state, move);
  }
}
