/**
 * The clicks that make each legal command of RummiKode for a person:
 *
 * - WAIT: the `wait` button;
 * - PUSH: the cards in the hand, in the command's order (a run by number, a group by colour: left to
 *   right as the hand is drawn), then the `push` button;
 * - ADD: the card in the hand, then the stack;
 * - TAKE: the card on the table, then the `take` button;
 * - MOVE: the card on the table, then the stack it goes to;
 * - SPLIT: the two cards of the stack where it is cut, lower first;
 * - JOIN: the first stack (whose id is kept), then the second.
 *
 * A path's second click tells the kinds apart (a button, a stack, a card of the same stack), and a
 * PUSH ends with its button, so no command's clicks begin another's.
 */
import type { ClickMove } from '../../core/game.js';
import { cardText } from './cards.js';
import { formatMove, type RummiMove } from './moves.js';
import { type RummiState, rules } from './rules.js';
import { handCardId, PUSH, stackElementId, TAKE, tableCardId, WAIT } from './view.js';

function pathOf(move: RummiMove): string[] {
  switch (move.kind) {
    case 'WAIT':
      return [WAIT];
    case 'PUSH':
      return [...move.cards.map((card) => handCardId(cardText(card))), PUSH];
    case 'ADD':
      return [handCardId(cardText(move.card)), stackElementId(move.stack)];
    case 'TAKE':
      return [tableCardId(move.stack, cardText(move.card)), TAKE];
    case 'MOVE':
      return [tableCardId(move.from, cardText(move.card)), stackElementId(move.to)];
    case 'SPLIT':
      return move.cards.map((card) => tableCardId(move.stack, cardText(card)));
    case 'JOIN':
      return [stackElementId(move.first), stackElementId(move.second)];
  }
}

export const clicks = (state: RummiState): readonly ClickMove[] =>
  rules.legalMoves(state).map((move) => ({ line: formatMove(move), path: pathOf(move) }));
