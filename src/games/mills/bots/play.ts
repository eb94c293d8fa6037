/**
 * The turn loop of Mills' greedy and strong bots: each turn's input read into the engine's
 * position, and the chosen move written with its takes as removal ids. The input does not say which
 * mills were closed before, so the loop remembers them: every line ever filled, in every position
 * it has seen (after the opponent's moves) or made (after its own).
 */
import type { PackedMove } from '../../../boards/morris-engine/moves.js';
import type { LineIO } from '../../../core/line-io.js';
import { slotOf } from '../board.js';
import { readTurn, type TurnInput } from '../input.js';
import { MillsPosition } from '../position.js';
import { formatMove, TURNS_PER_PLAYER } from '../rules.js';

/** `choose` gets the position and when its input was read (`performance.now()`). */
export type Chooser = (p: MillsPosition, startedAt: number) => PackedMove;

export async function playMills(io: LineIO, choose: Chooser): Promise<void> {
  let mills: number[] = [];
  for (let turn = await readTurn(io); turn !== null; turn = await readTurn(io)) {
    const startedAt = performance.now();
    const p = positionOf(turn, mills);
    const m = choose(p, startedAt);
    io.writeLine(formatMove(p.moveOf(m)));
    p.make(m);
    mills = p.mills();
  }
}

/** The position a turn's input describes, given the mills closed before it. */
function positionOf(turn: TurnInput, mills: readonly number[]): MillsPosition {
  const me = turn.colour === 'BLACK' ? 0 : 1;
  const ply = 2 * (TURNS_PER_PLAYER - turn.turnsLeft) + me;
  const pieces = turn.pieces.map((piece) => ({ id: piece.id, point: slotOf(piece.direction, piece.radius) }));
  const stock: [number, number] = me === 0 ? [turn.myStock, turn.opponentStock] : [turn.opponentStock, turn.myStock];
  return MillsPosition.of(pieces, stock, ply, mills);
}
