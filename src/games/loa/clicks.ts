/** The clicks that make each legal move of Lines of Action for a person: the piece, then where it goes. */
import type { ClickMove } from '../../core/game.js';
import { columnOf, rowOf } from './board.js';
import { fromOf, toOf } from './position.js';
import { formatMove, type LoaState, rules } from './rules.js';
import { squareId } from './view.js';

export const clicks = (state: LoaState): readonly ClickMove[] =>
  rules.legalMoves(state).map((move) => ({
    line: formatMove(move),
    path: [fromOf(move), toOf(move)].map((sq) => squareId(rowOf(sq), columnOf(sq))),
  }));
