/**
 * The hot path on bitboards. A side is a mask of points (bit p for point p, see
 * src/boards/morris.ts); a command is a packed integer (src/boards/morris-engine/moves.ts).
 * - `generate`, `countMoves`, `perft`: one player's commands in the order the protocol lists them,
 *   counted without allocation; rules.ts builds the game on them.
 * - `MorrisPosition`: this game's rules on the engine's position (make/unmake), for the search.
 */
import { NEIGHBOUR_MASKS, POINT_COUNT } from '../../boards/morris.js';
import { ALL_POINTS, canStep, millTargets, popcount, takable } from '../../boards/morris-engine/bitboard.js';
import { moveFrom, moveTake1, moveTo, NONE, packMove } from '../../boards/morris-engine/moves.js';
import { BoardPosition, DRAWN, LOST, ONGOING, STONES, type Status } from '../../boards/morris-engine/position.js';
import { zobristKeys } from '../../boards/morris-engine/zobrist.js';
import { FIELD_ORDER, STEP_ORDER } from './board.js';

export { STONES };
/** Commands in the whole game, both players' together, after which it is a draw. */
export const TURN_LIMIT = 200;
/** A player who has lost this many stones (is down to 2) has lost the game. */
export const LOSING_LOSSES = STONES - 2;
/** A player with this many stones left, all placed, flies. */
export const FLYING_STONES = 3;

/** Room for any player's commands: at most 3 stones × 21 free fields × 9 takes when flying. */
export const MAX_MOVES = 1024;

export type Phase = 'placing' | 'moving' | 'flying';

/** Placing until 9 stones are placed; then moving, or flying once down to 3 stones. */
export function phaseOf(own: number, placed: number): Phase {
  if (placed < STONES) return 'placing';
  return popcount(own) === FLYING_STONES ? 'flying' : 'moving';
}

/**
 * Writes the commands of the player with stones `own` (of which `placed` placed so far), facing
 * `opp`, into `out` from index 0, in the order the protocol lists them: by origin, then target,
 * then take, each in `FIELD_ORDER`; a mill with one command per takable stone. Returns how many.
 */
export function generate(own: number, opp: number, placed: number, out: Int32Array): number {
  const free = ALL_POINTS & ~(own | opp);
  const takes = takable(opp);
  let n = 0;
  const phase = phaseOf(own, placed);
  if (phase === 'placing') {
    const mills = millTargets(own);
    for (let i = 0; i < POINT_COUNT; i++) {
      const to = FIELD_ORDER[i]!;
      if ((free >>> to) & 1) n = emit(out, n, NONE, to, mills, takes);
    }
    return n;
  }
  for (let i = 0; i < POINT_COUNT; i++) {
    const from = FIELD_ORDER[i]!;
    if (((own >>> from) & 1) === 0) continue;
    const mills = millTargets(own & ~(1 << from));
    const targets = phase === 'flying' ? FIELD_ORDER : STEP_ORDER[from]!;
    for (let j = 0; j < targets.length; j++) {
      const to = targets[j]!;
      if ((free >>> to) & 1) n = emit(out, n, from, to, mills, takes);
    }
  }
  return n;
}

/** Writes at `out[n]` the command from `from` to `to`, one per take if `to` is one of the `mills` targets. */
function emit(out: Int32Array, n: number, from: number, to: number, mills: number, takes: number): number {
  if (((mills >>> to) & 1) === 0) {
    out[n] = packMove(from, to);
    return n + 1;
  }
  for (let i = 0; i < POINT_COUNT; i++) {
    const take = FIELD_ORDER[i]!;
    if ((takes >>> take) & 1) out[n++] = packMove(from, to, take);
  }
  return n;
}

/** How many commands `generate` would write, counted without listing them. */
export function countMoves(own: number, opp: number, placed: number): number {
  const free = ALL_POINTS & ~(own | opp);
  const extra = popcount(takable(opp)) - 1;
  const phase = phaseOf(own, placed);
  if (phase === 'placing') return popcount(free) + extra * popcount(free & millTargets(own));
  let n = 0;
  for (let stones = own; stones !== 0; stones &= stones - 1) {
    const from = 31 - Math.clz32(stones & -stones);
    const reach = phase === 'flying' ? free : NEIGHBOUR_MASKS[from]! & free;
    n += popcount(reach) + extra * popcount(reach & millTargets(own & ~(1 << from)));
  }
  return n;
}

/** A position as the move counter sees it: the player to move is `own`. */
export interface Sides {
  readonly own: number;
  readonly opp: number;
  readonly ownPlaced: number;
  readonly oppPlaced: number;
  /** Commands played so far. */
  readonly ply: number;
}

/**
 * The number of command sequences of `depth` plies from `sides`: the leaves of the tree of legal
 * commands, each take of a mill counted as its own command. The game's end stops a line early.
 */
export function perft(sides: Sides, depth: number): number {
  const buffers = Array.from({ length: depth + 1 }, () => new Int32Array(MAX_MOVES));
  const count = (
    own: number,
    opp: number,
    ownPlaced: number,
    oppPlaced: number,
    ply: number,
    depth: number,
  ): number => {
    if (depth === 0) return 1;
    if (ply >= TURN_LIMIT || ownPlaced - popcount(own) >= LOSING_LOSSES) return 0;
    if (depth === 1) return countMoves(own, opp, ownPlaced);
    const moves = buffers[depth]!;
    const n = generate(own, opp, ownPlaced, moves);
    let leaves = 0;
    for (let i = 0; i < n; i++) {
      const m = moves[i]!;
      const from = moveFrom(m);
      const moved = (own & ~(1 << from)) | (1 << moveTo(m));
      leaves += count(
        opp & ~(1 << moveTake1(m)),
        moved,
        oppPlaced,
        ownPlaced + (from === NONE ? 1 : 0),
        ply + 1,
        depth - 1,
      );
    }
    return leaves;
  };
  return count(sides.own, sides.opp, sides.ownPlaced, sides.oppPlaced, sides.ply, depth);
}

/** One key per seat and point. */
const STONE_KEYS = zobristKeys(2 * POINT_COUNT, 0x5eed_0003);

/**
 * Nine Men's Morris's rules on the engine's position: one take per move that closes a mill, however
 * many lines it closes and whether or not the mill was closed before; the loss at 7 stones lost
 * (even while placing); a blocked player's loss; a draw after 200 moves in all.
 */
export class MorrisPosition extends BoardPosition {
  readonly turnLimit = TURN_LIMIT;
  protected readonly maxTakes = 1;

  /** A position from the stones of each seat, the stones each has placed, and the moves played. */
  static of(stones: readonly [number, number], placed: readonly [number, number], ply: number): MorrisPosition {
    const p = new MorrisPosition();
    for (let seat = 0; seat < 2; seat++) {
      p.stones[seat] = stones[seat]!;
      p.stock[seat] = STONES - placed[seat]!;
    }
    p.ply = ply;
    p.side = ply & 1;
    p.rehash();
    for (let seat = 0; seat < 2; seat++)
      for (let at = 0; at < POINT_COUNT; at++) if ((stones[seat]! >>> at) & 1) p.toggleStone(seat, at);
    p.status = p.statusAfterMove();
    return p;
  }

  /** The stones `seat` has lost to mills. */
  lost(seat: number): number {
    return STONES - this.stock[seat]! - popcount(this.stones[seat]!);
  }

  limitStatus(): Status {
    return DRAWN;
  }

  private toggleStone(seat: number, at: number): void {
    const k = 2 * (seat * POINT_COUNT + at);
    this.hashLo ^= STONE_KEYS[k]!;
    this.hashHi ^= STONE_KEYS[k + 1]!;
  }

  protected arrive(from: number, to: number): void {
    const s = this.side;
    if (from !== NONE) {
      this.stones[s]! &= ~(1 << from);
      this.toggleStone(s, from);
    }
    this.stones[s]! |= 1 << to;
    this.toggleStone(s, to);
  }

  protected unarrive(from: number, to: number): void {
    const s = this.side;
    this.stones[s]! &= ~(1 << to);
    if (from !== NONE) this.stones[s]! |= 1 << from;
  }

  protected take(seat: number, at: number): void {
    this.stones[seat]! &= ~(1 << at);
    this.toggleStone(seat, at);
  }

  protected untake(seat: number, at: number): void {
    this.stones[seat]! |= 1 << at;
  }

  /** In the published referee's order: 7 stones lost, then blocked, then the turn limit. */
  protected statusAfterMove(): Status {
    const s = this.side;
    const own = this.stones[s]!;
    if (this.lost(s) >= LOSING_LOSSES) return LOST;
    if (
      this.stock[s] === 0 &&
      popcount(own) > FLYING_STONES &&
      !canStep(own, ALL_POINTS & ~(own | this.stones[1 - s]!))
    )
      return LOST;
    return this.ply >= TURN_LIMIT ? DRAWN : ONGOING;
  }
}
