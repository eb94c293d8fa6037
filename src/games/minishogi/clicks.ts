/**
 * The clicks that make each legal action of Minishogi for a person: a move is its piece's square
 * and the square it goes to, then `promote` or `stay` where both are legal; a drop is the piece in
 * hand, then the square.
 */
import type { ClickMove } from '../../core/game.js';
import { fileOf, rankOf, type Square } from './board.js';
import { dropKind, formatAction, isDrop, isPromotion, type Move, moveFrom, moveTo } from './moves.js';
import { letterOf } from './pieces.js';
import { type MinishogiState, rules } from './rules.js';
import { handId, PROMOTE, STAY, squareId } from './view.js';

const square = (sq: Square): string => squareId(fileOf(sq), rankOf(sq));

export function clicks(state: MinishogiState): readonly ClickMove[] {
  const mover = state.position.side;
  const moves = rules.legalMoves(state);
  /** The board moves between two squares: one, or two when promoting is a choice. */
  const between = new Map<string, Move[]>();
  for (const m of moves) {
    if (isDrop(m)) continue;
    const key = `${moveFrom(m)} ${moveTo(m)}`;
    between.set(key, [...(between.get(key) ?? []), m]);
  }
  return moves.map((m) => {
    const line = formatAction(m, mover);
    if (isDrop(m)) return { line, path: [handId(mover, letterOf(0, dropKind(m))), square(moveTo(m))] };
    const path = [square(moveFrom(m)), square(moveTo(m))];
    const choice = between.get(`${moveFrom(m)} ${moveTo(m)}`)!.length > 1;
    return { line, path: choice ? [...path, isPromotion(m) ? PROMOTE : STAY] : path };
  });
}
