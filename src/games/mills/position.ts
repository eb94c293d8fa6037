/**
 * Mills' rules on the engine's fast position (src/boards/morris-engine/position.ts): piece ids,
 * the history of mills closed as new (a mill takes only when its set of ids never filled its line
 * before), one take per new mill (two when one put closes two), the loss at two pieces, the turn
 * limit of 200 turns each decided by the pieces on the board, and a blocked player's loss. The
 * differential test checks it against rules.ts.
 */
import { LINE_MASKS, POINT_COUNT } from '../../boards/morris.js';
import { ALL_POINTS, canStep, LINE_PAIR, lowestPoint, popcount } from '../../boards/morris-engine/bitboard.js';
import { moveFrom, moveTake1, moveTake2, moveTo, NONE, type PackedMove } from '../../boards/morris-engine/moves.js';
import {
  ALL_LINES,
  BoardPosition,
  DRAWN,
  LOST,
  MAX_MAKES,
  ONGOING,
  STONES,
  type Status,
  WON,
} from '../../boards/morris-engine/position.js';
import { mix32, zobristKeys } from '../../boards/morris-engine/zobrist.js';
import type { Slot } from './board.js';
import {
  MAX_PIECE_ID,
  type MillsMove,
  type MillsState,
  millKey,
  pieceId,
  type Removal,
  type Removals,
  TURNS_PER_PLAYER,
} from './rules.js';

/** One key per piece id (1..18) and point. */
const PIECE_KEYS = zobristKeys((MAX_PIECE_ID + 1) * POINT_COUNT, 0x5eed_0002);
/** More new mills than a game can close: each takes a piece, and 14 takes end any game. */
const MAX_HISTORY = 64;

const idBit = (id: number): number => 1 << (id - 1);
/** The id part of a `millKey`. */
const MILL_IDS = (1 << MAX_PIECE_ID) - 1;

/** A piece on the board, for building a position. */
export interface PlacedPiece {
  readonly id: number;
  readonly point: number;
}

export class MillsPosition extends BoardPosition {
  readonly turnLimit = 2 * TURNS_PER_PLAYER;
  protected readonly maxTakes = 2;
  /** The piece id on each point, 0 when empty. BLACK (seat 0) has the odd ids. */
  readonly idAt = new Int8Array(POINT_COUNT);
  /** Every mill closed as new so far, as `millKey(line, ids)`: only these lines' id sets are old. */
  private readonly history = new Int32Array(MAX_HISTORY);
  private historySize = 0;
  private readonly undoTaken = new Int8Array(2 * MAX_MAKES);
  private readonly undoHistory = new Int16Array(MAX_MAKES);

  /**
   * A position from its parts: the pieces on the board, the stocks, the moves played, and the mills
   * closed so far (`millKey`s); every line filled now counts as closed, as it was by some move.
   */
  static of(
    pieces: readonly PlacedPiece[],
    stock: readonly [number, number],
    ply: number,
    history: Iterable<number> = [],
  ): MillsPosition {
    const p = new MillsPosition();
    for (const { id, point } of pieces) {
      if (p.idAt[point] !== 0) throw new RangeError(`two pieces on point ${point}`);
      p.idAt[point] = id;
      p.stones[(id + 1) & 1]! |= 1 << point;
    }
    p.stock[0] = stock[0];
    p.stock[1] = stock[1];
    p.ply = ply;
    p.side = ply & 1;
    for (const key of history) p.remember(key);
    p.rememberFilled();
    p.rehash();
    for (let at = 0; at < POINT_COUNT; at++) if (p.idAt[at] !== 0) p.togglePiece(p.idAt[at]!, at);
    for (let i = 0; i < p.historySize; i++) p.toggleMill(p.history[i]!);
    p.status = p.statusAfterMove();
    return p;
  }

  /** The position of a state of rules.ts, with its history. */
  static fromState(state: MillsState): MillsPosition {
    const pieces: PlacedPiece[] = [];
    for (let id = 1; id <= MAX_PIECE_ID; id++) if (state.slots[id]! >= 0) pieces.push({ id, point: state.slots[id]! });
    return MillsPosition.of(pieces, [state.stock[0], state.stock[1]], state.ply, state.mills);
  }

  /** The rules' move for a packed move here, its takes named as removal requests. */
  moveOf(m: PackedMove): MillsMove {
    const id = (at: number): Removal => (at === NONE ? 0 : pieceId(this.idAt[at]!));
    const remove: Removals = [id(moveTake1(m)), id(moveTake2(m))];
    const to = moveTo(m) as Slot;
    const from = moveFrom(m);
    return from === NONE ? { kind: 'PUT', to, remove } : { kind: 'MOVE', piece: pieceId(this.idAt[from]!), to, remove };
  }

  /** The mills closed so far, as `millKey`s. */
  mills(): number[] {
    return Array.from(this.history.subarray(0, this.historySize));
  }

  /** The id the next piece put gets: ids count the pieces put by both players. */
  get nextId(): number {
    return 2 * STONES + 1 - this.stock[0]! - this.stock[1]!;
  }

  limitStatus(seat: number): Status {
    const own = popcount(this.stones[seat]!);
    const opp = popcount(this.stones[1 - seat]!);
    return own > opp ? WON : own < opp ? LOST : DRAWN;
  }

  /** The lines `seat`'s three pieces have not filled yet: the only ones where they close a new mill. */
  override liveLines(seat: number): number {
    const own = this.stones[seat]!;
    let ids = 0;
    for (let m = own; m !== 0; m &= m - 1) ids |= idBit(this.idAt[lowestPoint(m)]!);
    let live = ALL_LINES;
    for (let i = 0; i < this.historySize; i++) {
      const key = this.history[i]!;
      if ((key & MILL_IDS) === ids) live &= ~(1 << (key >>> MAX_PIECE_ID));
    }
    return live;
  }

  protected override takesByLine(line: number, from: number, to: number): boolean {
    // A piece put from the stock has a fresh id, so its mill is new.
    if (from === NONE) return true;
    return !this.remembers(this.keyOf(line, to, this.idAt[from]!));
  }

  /** The key of `line` filled by the pieces on it but `to`, and piece `id` arriving at `to`. */
  private keyOf(line: number, to: number, id: number): number {
    const rest = LINE_MASKS[line]! & ~(1 << to);
    const a = lowestPoint(rest);
    const b = lowestPoint(rest & (rest - 1));
    return millKey(line, idBit(id) | idBit(this.idAt[a]!) | idBit(this.idAt[b]!));
  }

  private remembers(key: number): boolean {
    for (let i = 0; i < this.historySize; i++) if (this.history[i] === key) return true;
    return false;
  }

  private remember(key: number): void {
    if (!this.remembers(key)) this.history[this.historySize++] = key;
  }

  /** Adds every line filled now to the history. */
  private rememberFilled(): void {
    for (let line = 0; line < LINE_MASKS.length; line++) {
      const mask = LINE_MASKS[line]!;
      for (let seat = 0; seat < 2; seat++) {
        if ((this.stones[seat]! & mask) === mask)
          this.remember(this.keyOf(line, lowestPoint(mask), this.idAt[lowestPoint(mask)]!));
      }
    }
  }

  private togglePiece(id: number, at: number): void {
    const k = 2 * (id * POINT_COUNT + at);
    this.hashLo ^= PIECE_KEYS[k]!;
    this.hashHi ^= PIECE_KEYS[k + 1]!;
  }

  private toggleMill(key: number): void {
    this.hashLo ^= mix32(key, 0x6d696c6c);
    this.hashHi ^= mix32(key, 0x73746f72);
  }

  protected arrive(from: number, to: number): void {
    const s = this.side;
    let id: number;
    if (from === NONE)
      id = this.nextId - 1; // the stock is already one down
    else {
      id = this.idAt[from]!;
      this.idAt[from] = 0;
      this.stones[s]! &= ~(1 << from);
      this.togglePiece(id, from);
    }
    this.idAt[to] = id;
    this.stones[s]! |= 1 << to;
    this.togglePiece(id, to);
    this.undoHistory[this.depth - 1] = this.historySize;
    const own = this.stones[s]!;
    const lines = LINE_PAIR[to]!;
    for (let line = lines & 255, k = 0; k < 2; k++, line = lines >>> 8) {
      const mask = LINE_MASKS[line]!;
      if ((own & mask) === mask) {
        const key = this.keyOf(line, to, id);
        if (!this.remembers(key)) {
          this.history[this.historySize++] = key;
          this.toggleMill(key);
        }
      }
    }
  }

  protected unarrive(from: number, to: number): void {
    const s = this.side;
    const id = this.idAt[to]!;
    this.idAt[to] = 0;
    this.stones[s]! &= ~(1 << to);
    if (from !== NONE) {
      this.idAt[from] = id;
      this.stones[s]! |= 1 << from;
    }
    this.historySize = this.undoHistory[this.depth]!;
  }

  protected take(seat: number, at: number, k: number): void {
    const id = this.idAt[at]!;
    this.undoTaken[2 * (this.depth - 1) + k] = id;
    this.idAt[at] = 0;
    this.stones[seat]! &= ~(1 << at);
    this.togglePiece(id, at);
  }

  protected untake(seat: number, at: number, k: number): void {
    this.idAt[at] = this.undoTaken[2 * this.depth + k]!;
    this.stones[seat]! |= 1 << at;
  }

  protected statusAfterMove(): Status {
    for (let seat = 0; seat < 2; seat++) {
      if (this.stock[seat] === 0 && popcount(this.stones[seat]!) <= 2) return seat === this.side ? LOST : WON;
    }
    if (this.ply >= this.turnLimit) return this.limitStatus(this.side);
    const own = this.stones[this.side]!;
    if (this.stock[this.side]! > 0 || popcount(own) <= 3) return ONGOING;
    return canStep(own, ALL_POINTS & ~(own | this.stones[1 - this.side]!)) ? ONGOING : LOST;
  }
}
