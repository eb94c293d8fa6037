/**
 * The hot path: one player's commands generated and counted on bitboards, with no allocation per
 * move. A side is a mask of points (bit p for point p, see src/boards/morris.ts); a command is
 * packed in an integer. rules.ts builds the game on top of this; perft counts with it.
 */
import { LINE_MASKS, NEIGHBOUR_MASKS, POINT_COUNT } from '../../boards/morris.js';
import { FIELD_ORDER, STEP_ORDER } from './board.js';

export const STONES = 9;
/** Commands in the whole game, both players' together, after which it is a draw. */
export const TURN_LIMIT = 200;
/** A player who has lost this many stones (is down to 2) has lost the game. */
export const LOSING_LOSSES = STONES - 2;
/** A player with this many stones left, all placed, flies. */
export const FLYING_STONES = 3;

const ALL = (1 << POINT_COUNT) - 1;

/**
 * A command packed as `from | to << 5 | take << 10`, each a point, or `NONE` for no origin (a
 * placement) and no take. `1 << NONE` is a bit outside every mask, so it can be cleared blindly.
 */
export type PackedMove = number;
export const NONE = 31;
export const pack = (from: number, to: number, take: number): PackedMove => from | (to << 5) | (take << 10);
export const fromOf = (m: PackedMove): number => m & 31;
export const toOf = (m: PackedMove): number => (m >>> 5) & 31;
export const takeOf = (m: PackedMove): number => (m >>> 10) & 31;

/** Room for any player's commands: at most 3 stones × 21 free fields × 9 takes when flying. */
export const MAX_MOVES = 1024;

export function popcount(mask: number): number {
  mask -= (mask >>> 1) & 0x55555555;
  mask = (mask & 0x33333333) + ((mask >>> 2) & 0x33333333);
  return (((mask + (mask >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/**
 * The points where one more stone of `own` would fill a line (close a mill): the third point of
 * each line holding two of `own`. Some may be taken by the opponent; callers keep the free ones.
 */
export function millTargets(own: number): number {
  let targets = 0;
  for (let i = 0; i < LINE_MASKS.length; i++) {
    const rest = LINE_MASKS[i]! & ~own;
    if (rest !== 0 && (rest & (rest - 1)) === 0) targets |= rest;
  }
  return targets;
}

/** The stones of `side` that stand in a line filled with its stones. */
export function inMills(side: number): number {
  let mask = 0;
  for (let i = 0; i < LINE_MASKS.length; i++) {
    const line = LINE_MASKS[i]!;
    if ((side & line) === line) mask |= line;
  }
  return mask;
}

/** The stones of `side` a mill may take: those outside every mill, or any when all are in mills. */
export function takable(side: number): number {
  return side & ~inMills(side) || side;
}

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
  const free = ALL & ~(own | opp);
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
    out[n] = pack(from, to, NONE);
    return n + 1;
  }
  for (let i = 0; i < POINT_COUNT; i++) {
    const take = FIELD_ORDER[i]!;
    if ((takes >>> take) & 1) out[n++] = pack(from, to, take);
  }
  return n;
}

/** How many commands `generate` would write, counted without listing them. */
export function countMoves(own: number, opp: number, placed: number): number {
  const free = ALL & ~(own | opp);
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
      const from = fromOf(m);
      const moved = (own & ~(1 << from)) | (1 << toOf(m));
      leaves += count(
        opp & ~(1 << takeOf(m)),
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
