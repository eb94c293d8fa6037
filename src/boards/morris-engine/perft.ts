/** Move counting on the engine's position: the check of a game's fast rules against its reference rules. */
import { type BoardPosition, MAX_MOVES, ONGOING } from './position.js';

/**
 * The number of move sequences of `depth` moves from `position` (the leaves of the tree of legal
 * moves, each choice of takes its own move); a finished game has none. `position` is left as it was.
 */
export function perft(position: BoardPosition, depth: number): number {
  const lists = Array.from({ length: depth }, () => new Int32Array(MAX_MOVES));
  const count = (depth: number): number => {
    if (depth === 0) return 1;
    if (position.status !== ONGOING) return 0;
    const moves = lists[depth - 1]!;
    const n = position.generate(moves, 0);
    if (depth === 1) return n;
    let leaves = 0;
    for (let i = 0; i < n; i++) {
      position.make(moves[i]!);
      leaves += count(depth - 1);
      position.unmake();
    }
    return leaves;
  };
  return count(depth);
}
