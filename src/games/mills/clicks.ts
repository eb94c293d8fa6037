/**
 * The clicks that make each legal move of Mills for a person: the piece to move (a MOVE), the slot
 * it goes to, then for each mill the move closes the opponent's piece to remove. Every removable
 * choice is its own line (`PUT 6 2 12 0`), so that the person, not the fallback, chooses.
 */
import type { ClickMove } from '../../core/game.js';
import { formatMove, type MillsMove, type MillsState, type PieceId, piecesOnBoard, rules } from './rules.js';
import { pieceElementId, slotId } from './view.js';

/** The removal requests the move can make, one list per choice: as many ids as the mills it closes. */
function removalChoices(state: MillsState, move: MillsMove): PieceId[][] {
  const mills = rules.play(state, move).removed.length;
  const opponent = 1 - rules.toMove(state);
  const candidates = piecesOnBoard(state)
    .filter((p) => p.owner === opponent)
    .map((p) => p.id);
  let choices: PieceId[][] = [[]];
  for (let k = 0; k < mills; k++) {
    choices = choices.flatMap((chosen) =>
      candidates
        .filter((id) => !chosen.includes(id))
        .filter((id) => {
          // A request is honoured exactly when the piece is removable then: the rules say which.
          const remove = [...chosen, id, 0].slice(0, 2) as [PieceId, PieceId | 0];
          return rules.play(state, { ...move, remove }).removed[k] === id;
        })
        .map((id) => [...chosen, id]),
    );
  }
  return choices;
}

export function clicks(state: MillsState): readonly ClickMove[] {
  return rules.legalMoves(state).flatMap((move) => {
    const head = move.kind === 'PUT' ? [slotId(move.to)] : [pieceElementId(move.piece), slotId(move.to)];
    return removalChoices(state, move).map((ids) => ({
      line: formatMove({ ...move, remove: [ids[0] ?? 0, ids[1] ?? 0] }),
      path: [...head, ...ids.map(pieceElementId)],
    }));
  });
}
