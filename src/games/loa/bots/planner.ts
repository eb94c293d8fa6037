/**
 * The strong bot's search. The judge's player moves at random, so instead of assuming a best reply
 * the planner looks for the fastest way to gather its own pieces as if the opponent passed (a
 * "solitaire" search, two own moves deep by default), and at the root weighs each move by the
 * chance that a uniformly random reply wins for the opponent. The position's leaf value is the
 * dispersion of the planner's pieces, which the position keeps up to date with every move, so a
 * leaf costs a move, a connectivity test and a few arithmetic operations. Everything runs on one
 * position with make and unmake and preallocated move lists: nothing is allocated per move.
 */
import { type Colour, EMPTY, MAX_MOVES, type Move, other, type Position } from '../position.js';

/** Costs: lower is better for the planner. A win found k own moves ahead costs WIN + k. */
const WIN = -1_000_000;
const LOSS = 1_000_000;
/** A draw fails the judge as surely as a loss, but a loss is worse still. */
const DRAW = LOSS / 2;
/**
 * The cost of a sure win for the opponent's random reply, scaled by its chance: far above any
 * dispersion (at most 12 pieces × 98), so that a risky move is played only when all moves are.
 */
const RISK = 100_000;

export class Planner {
  private readonly moves: Int32Array[];
  private me: Colour = 0;

  /** `depth`: own moves searched, the one played included. */
  constructor(private readonly depth = 2) {
    if (!(depth >= 1)) throw new RangeError(`a planner searches at least one move, not ${depth}`);
    // One list per level of the search, and one for the opponent's replies at the root.
    this.moves = Array.from({ length: depth + 1 }, () => new Int32Array(MAX_MOVES));
  }

  /**
   * The move to play at `p` for the side to move, which must have one. `tieBreak(k)` returns 0 with
   * chance 1/k, to pick fairly among equally good moves. `p` is left as it was.
   */
  choose(p: Position, tieBreak: (k: number) => number): Move {
    this.me = p.toMove;
    const me = this.me;
    const moves = this.moves[0]!;
    const n = p.generate(moves);
    let best = Infinity;
    let ties = 0;
    let chosen = moves[0]! as Move;
    for (let i = 0; i < n && best > WIN; i++) {
      const m = moves[i]! as Move;
      const captured = p.make(m);
      let cost: number;
      if (p.moverConnected(m)) cost = WIN;
      else if (captured !== EMPTY && p.isConnected(other(me))) cost = LOSS;
      else {
        cost = this.replyCost(p);
        p.toMove = me;
        cost += this.depth > 1 ? this.plan(p, this.depth - 1, 1) : p.dispersion(me);
        p.toMove = other(me);
      }
      p.unmake(m, captured);
      if (cost < best) {
        best = cost;
        chosen = m;
        ties = 1;
      } else if (cost === best && tieBreak(++ties) === 0) chosen = m;
    }
    return chosen;
  }

  /**
   * What the opponent's uniformly random reply at `p` may cost: `RISK` times the chance that it
   * wins for the opponent, or a draw if it cannot move (which fails a submission like a loss).
   */
  private replyCost(p: Position): number {
    const replies = this.moves[this.depth]!;
    const n = p.generate(replies);
    if (n === 0) return DRAW;
    let wins = 0;
    for (let i = 0; i < n; i++) {
      const m = replies[i]! as Move;
      const captured = p.make(m);
      if (p.moverConnected(m)) wins++;
      p.unmake(m, captured);
    }
    return (RISK * wins) / n;
  }

  /**
   * The least cost the planner, to move at `p`, can reach within `depth` more own moves while the
   * opponent passes; `ahead` of its moves are already planned.
   */
  private plan(p: Position, depth: number, ahead: number): number {
    const me = this.me;
    const moves = this.moves[ahead]!;
    const n = p.generate(moves);
    if (n === 0) return DRAW;
    let best = Infinity;
    for (let i = 0; i < n && best > WIN + ahead; i++) {
      const m = moves[i]! as Move;
      const captured = p.make(m);
      let cost: number;
      if (p.moverConnected(m)) cost = WIN + ahead;
      else if (captured !== EMPTY && p.isConnected(other(me))) cost = LOSS;
      else {
        p.toMove = me;
        cost = depth > 1 ? this.plan(p, depth - 1, ahead + 1) : p.dispersion(me);
        p.toMove = other(me);
      }
      p.unmake(m, captured);
      if (cost < best) best = cost;
    }
    return best;
  }
}
