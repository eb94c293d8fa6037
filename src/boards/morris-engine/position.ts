/**
 * The position the search works on, shared by Mills and Nine Men's Morris: both sides' stones as
 * masks of points, the stones still to place, the side to move and a hash, changed in place by
 * `make` and `unmake` with nothing allocated. Each game's rules are a subclass (mills/position.ts,
 * morris/position.ts): how many stones an arriving stone takes, how the game ends, what the hash
 * holds. Moves are packed integers (moves.ts).
 */
import { LINE_MASKS, NEIGHBOUR_MASKS } from '../morris.js';
import { ALL_POINTS, LINE_PAIR, lowestPoint, millTargets, popcount, takable } from './bitboard.js';
import { moveFrom, moveTake1, moveTake2, moveTo, NONE, type PackedMove, packMove } from './moves.js';
import { zobristKeys } from './zobrist.js';

/** How the game stands for the side to move. */
export const ONGOING = 0;
export const WON = 1;
export const LOST = 2;
export const DRAWN = 3;
export type Status = typeof ONGOING | typeof WON | typeof LOST | typeof DRAWN;

/** Every line, as a mask over LINE_MASKS' indices. */
export const ALL_LINES = (1 << LINE_MASKS.length) - 1;

/** Room for any side's moves: 3 stones × 21 free points × 9 takes when flying, or puts × take pairs. */
export const MAX_MOVES = 1024;
/** The longest line of `make`s a position can undo: a whole game (400 moves at most) and a search beyond it. */
export const MAX_MAKES = 1024;
/** Stones each side starts with, in both games. */
export const STONES = 9;

/** The side to move's key, and one per seat and stock count (0..9). */
const KEYS = zobristKeys(1 + 2 * (STONES + 1), 0x5eed_0001);
const SIDE_KEY = 0;
const stockKey = (seat: number, stock: number): number => 1 + seat * (STONES + 1) + stock;

export abstract class BoardPosition {
  /** Each seat's stones. */
  readonly stones = new Int32Array(2);
  /** Stones each seat has still to place. */
  readonly stock = new Int32Array(2);
  /** The seat to move, 0 or 1. */
  side = 0;
  /** Moves played since the start of the game. */
  ply = 0;
  status: Status = ONGOING;
  hashLo = 0;
  hashHi = 0;
  /** The game ends after this many moves in all. */
  abstract readonly turnLimit: number;

  private readonly undoMove = new Int32Array(MAX_MAKES);
  private readonly undoHash = new Int32Array(2 * MAX_MAKES);
  private readonly undoStatus = new Int8Array(MAX_MAKES);
  /** Moves made and not unmade; index into the undo stacks. */
  protected depth = 0;

  /** Moves left before the turn limit ends the game. */
  get pliesLeft(): number {
    return this.turnLimit - this.ply;
  }

  /** How the game would end for `seat` if the turn limit were reached as the board stands. */
  abstract limitStatus(seat: number): Status;

  /** The most stones one move takes: one per mill closed, up to this. */
  protected abstract readonly maxTakes: number;
  /**
   * Whether a stone arriving at `to` from `from` (NONE: from the stock) and filling `line` (an index
   * in LINE_MASKS) with its owner's stones closes a mill that takes. Every filled line does, unless
   * the game says otherwise; the answer must not depend on the side to move.
   */
  protected takesByLine(_line: number, _from: number, _to: number): boolean {
    return true;
  }
  /** Puts the side to move's stone at `to`, from `from` or the stock; records what unmake needs. */
  protected abstract arrive(from: number, to: number): void;
  protected abstract unarrive(from: number, to: number): void;
  /** Takes the stone on `at` from `seat`, the `k`-th take of the current make. */
  protected abstract take(seat: number, at: number, k: number): void;
  protected abstract untake(seat: number, at: number, k: number): void;
  /** The status for the side now to move, after the other side's move. */
  protected abstract statusAfterMove(): Status;

  /**
   * How many stones the side to move takes when its stone arrives at `to`, from `from` (NONE for a
   * stone put from the stock).
   */
  private takesOnArrival(from: number, to: number): number {
    const own = this.stones[this.side]! & ~(1 << from);
    const lines = LINE_PAIR[to]!;
    let n = 0;
    for (let line = lines & 255, k = 0; k < 2; k++, line = lines >>> 8) {
      const rest = LINE_MASKS[line]! & ~(1 << to);
      if ((own & rest) === rest && this.takesByLine(line, from, to)) n++;
    }
    return Math.min(n, this.maxTakes);
  }

  /**
   * The lines on which `seat`'s three stones close a mill that takes, as a mask over LINE_MASKS'
   * indices: what a flying endgame's table depends on. Every line, unless the game says otherwise.
   */
  liveLines(_seat: number): number {
    return ALL_LINES;
  }

  /**
   * The free points where a stone of `seat` arriving by one of its moves (were it to move) would
   * close a mill that takes: where the opponent must block, or lose a stone.
   */
  millThreats(seat: number): number {
    const own = this.stones[seat]!;
    return this.threatsAmong(seat, millTargets(own) & ~(own | this.stones[1 - seat]!));
  }

  /** `millThreats` given `targets`, the free points that fill a line of `seat`'s (as `millTargets`). */
  threatsAmong(seat: number, targets: number): number {
    if (targets === 0 || this.stock[seat]! > 0) return targets;
    const own = this.stones[seat]!;
    const flying = popcount(own) <= 3;
    let threats = 0;
    for (let t = targets; t !== 0; t &= t - 1) {
      const at = lowestPoint(t);
      const lines = LINE_PAIR[at]!;
      for (let k = 0, i = lines & 255; k < 2; k++, i = lines >>> 8) {
        const line = LINE_MASKS[i]!;
        if ((line & ~own) !== 1 << at) continue;
        let m = (flying ? own : NEIGHBOUR_MASKS[at]! & own) & ~line;
        while (m !== 0 && !this.takesByLine(i, lowestPoint(m), at)) m &= m - 1;
        if (m !== 0) {
          threats |= 1 << at;
          break;
        }
      }
    }
    return threats;
  }

  /**
   * Writes the side to move's legal moves into `out` from index `at`, those that arrive on `onto`
   * (every point by default); returns the index after the last.
   */
  generate(out: Int32Array, at: number, onto = ALL_POINTS): number {
    const s = this.side;
    const own = this.stones[s]!;
    const opp = this.stones[1 - s]!;
    const free = onto & ~(own | opp);
    if (this.stock[s]! > 0) {
      for (let f = free; f !== 0; f &= f - 1) {
        const to = lowestPoint(f);
        at = this.emit(out, at, NONE, to, opp);
      }
      return at;
    }
    const flying = popcount(own) <= 3;
    for (let o = own; o !== 0; o &= o - 1) {
      const from = lowestPoint(o);
      for (let t = flying ? free : NEIGHBOUR_MASKS[from]! & free; t !== 0; t &= t - 1)
        at = this.emit(out, at, from, lowestPoint(t), opp);
    }
    return at;
  }

  /** Writes the move from `from` to `to`, once per choice of the stones it takes from `opp`. */
  private emit(out: Int32Array, at: number, from: number, to: number, opp: number): number {
    const takes = opp === 0 ? 0 : this.takesOnArrival(from, to);
    if (takes === 0) {
      out[at] = packMove(from, to);
      return at + 1;
    }
    const first = takable(opp);
    for (let f = first; f !== 0; f &= f - 1) {
      const t1 = lowestPoint(f);
      const rest = opp & ~(1 << t1);
      if (takes === 1 || rest === 0) {
        out[at++] = packMove(from, to, t1);
        continue;
      }
      // Two takes, the second chosen after the first: each pair once, in an order that is legal.
      for (let g = takable(rest); g !== 0; g &= g - 1) {
        const t2 = lowestPoint(g);
        if (t2 < t1 && ((first >>> t2) & 1) !== 0 && ((takable(opp & ~(1 << t2)) >>> t1) & 1) !== 0) continue;
        out[at++] = packMove(from, to, t1, t2);
      }
    }
    return at;
  }

  make(m: PackedMove): void {
    const d = this.depth++;
    this.undoMove[d] = m;
    this.undoHash[2 * d] = this.hashLo;
    this.undoHash[2 * d + 1] = this.hashHi;
    this.undoStatus[d] = this.status;
    const s = this.side;
    const from = moveFrom(m);
    if (from === NONE) {
      const stock = this.stock[s]!;
      this.toggle(stockKey(s, stock), stockKey(s, stock - 1));
      this.stock[s] = stock - 1;
    }
    this.arrive(from, moveTo(m));
    // One call site for both takes: a second take (rare) runs code that the first ones compiled.
    for (let k = 0; k < 2; k++) {
      const at = k === 0 ? moveTake1(m) : moveTake2(m);
      if (at === NONE) break;
      this.take(1 - s, at, k);
    }
    this.side = 1 - s;
    this.ply++;
    this.hashLo ^= KEYS[2 * SIDE_KEY]!;
    this.hashHi ^= KEYS[2 * SIDE_KEY + 1]!;
    this.status = this.statusAfterMove();
  }

  unmake(): void {
    const d = --this.depth;
    const m = this.undoMove[d]!;
    const s = 1 - this.side;
    this.side = s;
    this.ply--;
    for (let k = 1; k >= 0; k--) {
      const at = k === 0 ? moveTake1(m) : moveTake2(m);
      if (at !== NONE) this.untake(1 - s, at, k);
    }
    const from = moveFrom(m);
    this.unarrive(from, moveTo(m));
    if (from === NONE) this.stock[s]!++;
    this.hashLo = this.undoHash[2 * d]!;
    this.hashHi = this.undoHash[2 * d + 1]!;
    this.status = this.undoStatus[d] as Status;
  }

  /** Sets the hash of the side to move and the stocks; the subclass then adds its stones. */
  protected rehash(): void {
    this.hashLo = this.side === 1 ? KEYS[2 * SIDE_KEY]! : 0;
    this.hashHi = this.side === 1 ? KEYS[2 * SIDE_KEY + 1]! : 0;
    for (let seat = 0; seat < 2; seat++) this.toggle(stockKey(seat, this.stock[seat]!));
  }

  /** XORs the keys numbered `a` and, when given, `b` into the hash. */
  private toggle(a: number, b = -1): void {
    this.hashLo ^= KEYS[2 * a]!;
    this.hashHi ^= KEYS[2 * a + 1]!;
    if (b >= 0) {
      this.hashLo ^= KEYS[2 * b]!;
      this.hashHi ^= KEYS[2 * b + 1]!;
    }
  }
}
