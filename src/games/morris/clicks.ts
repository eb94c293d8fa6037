/**
 * The clicks that make each legal command of Nine Men's Morris for a person: its fields in the
 * command's order (`MOVE&TAKE;A1;D1;D2` is A1, D1, D2). Whether a command takes is decided by its
 * target, so no command's clicks begin another's.
 */
import type { ClickMove } from '../../core/game.js';
import { formatMove, type MorrisState, rules } from './rules.js';

export const clicks = (state: MorrisState): readonly ClickMove[] =>
  rules.legalMoves(state).map((move) => {
    const line = formatMove(move);
    return { line, path: line.split(';').slice(1) };
  });
