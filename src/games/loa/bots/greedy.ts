/**
 * Between random and strong: a one-move greedy player. It takes a win when it has one,
 * avoids a move after which the opponent can win at once (or is left without a move, a draw),
 * and otherwise gathers its pieces: the move that leaves them least spread out (the sum of squared
 * distances to their centre of mass), ties broken at random.
 */
import type { BuiltinBot } from '../../../core/game.js';
import { Rng } from '../../../core/rng.js';
import { playStream } from '../input.js';
import { EMPTY, MAX_MOVES, type Move, type Position } from '../position.js';
import { maxMovesOption } from '../rules.js';
import { OPENING_PARAMS, withOpening } from './opening.js';

/** Costs above any dispersion (at most 12 pieces × 98), worst last. */
const DRAWS = 10_000;
const LETS_WIN = 20_000;
const LOSES = 30_000;

export class Greedy {
  private readonly moves = new Int32Array(MAX_MOVES);
  private readonly replies = new Int32Array(MAX_MOVES);

  constructor(private readonly rng: Rng) {}

  /** The move to play at `p` for the side to move, which must have one; `p` is left as it was. */
  choose(p: Position): Move {
    const me = p.toMove;
    const n = p.generate(this.moves);
    let best = Infinity;
    let ties = 0;
    let chosen = this.moves[0]! as Move;
    for (let i = 0; i < n; i++) {
      const m = this.moves[i]! as Move;
      const captured = p.make(m);
      let cost: number;
      if (p.moverConnected(m)) cost = -1;
      else if (captured !== EMPTY && p.isConnected(p.toMove)) cost = LOSES;
      else cost = this.replyCost(p) + p.dispersion(me);
      p.unmake(m, captured);
      if (cost < best) {
        best = cost;
        chosen = m;
        ties = 1;
      } else if (cost === best && this.rng.below(++ties) === 0) chosen = m;
      if (best < 0) break;
    }
    return chosen;
  }

  /** What the opponent, to move at `p`, can do at once: win, be left without a move, or neither. */
  private replyCost(p: Position): number {
    const n = p.generate(this.replies);
    if (n === 0) return DRAWS;
    for (let i = 0; i < n; i++) {
      const m = this.replies[i]! as Move;
      const captured = p.make(m);
      const wins = p.moverConnected(m);
      p.unmake(m, captured);
      if (wins) return LETS_WIN;
    }
    return 0;
  }
}

export const greedy: BuiltinBot = {
  description: 'takes a win, avoids a move that lets the opponent win at once, otherwise gathers its pieces',
  params: OPENING_PARAMS,
  create: ({ seed, gameOptions, params }) => {
    const bot = new Greedy(new Rng(seed));
    return (io) =>
      playStream(
        io,
        withOpening(params, seed, (p) => bot.choose(p)),
        maxMovesOption(gameOptions),
      );
  },
};
