/**
 * The test oracle for the planner: every sequence of commands within the turn, by brute force on the
 * referee's own rules (moves.ts), no command left out and no reasoning about which are useful; only
 * tables met before with as many actions left are not searched again. Slow: it finishes on small
 * positions only.
 */
import { applyMove, costsAction, legalMoves, type Table } from '../../../src/games/rummikode/moves.js';
import { cardsOf } from '../../../src/games/rummikode/stacks.js';

/** The stacks as a multiset, the hand, the actions and whether opened: what decides the rest of the turn. */
function key(table: Table): string {
  const stacks = table.stacks.flatMap((s) => (s ? [cardsOf(s).join(',')] : [])).sort();
  return `${[...table.hand].sort((a, b) => a - b).join(',')}|${stacks.join(';')}|${table.actionsLeft}|${table.opened}`;
}

/** The most cards the turn throws, net, from `table`; null when more than `limit` tables would be searched. */
export function mostThrown(table: Table, limit: number): number | null {
  const seen = new Map<string, number>();
  const search = (t: Table): number | null => {
    const k = key(t);
    const known = seen.get(k);
    if (known !== undefined) return known;
    if (seen.size >= limit) return null;
    seen.set(k, 0);
    let best = 0;
    for (const move of legalMoves(t)) {
      if (move.kind === 'WAIT') continue;
      const after = applyMove(t, move);
      const next: Table = {
        stacks: after.stacks,
        hand: after.hand,
        actionsLeft: t.actionsLeft - (costsAction(move.kind) ? 1 : 0),
        opened: t.opened || move.kind === 'PUSH',
      };
      const rest = search(next);
      if (rest === null) return null;
      best = Math.max(best, t.hand.length - after.hand.length + rest);
    }
    seen.set(k, best);
    return best;
  };
  return search(table);
}
