/**
 * The rules engine: a mutable position with incremental make/unmake and legal move generation
 * into a caller's buffer, allocating nothing per move. It knows the rules of a move (checks,
 * promotion, drops, nifu, pawn-drop mate); the end of the game (repetition, the move limit) is
 * rules.ts's business.
 */
import {
  BETWEEN,
  BISHOP_RAYS,
  bishopAttacks,
  bit,
  COLUMN,
  type Color,
  colOf,
  FULL,
  GOLD_ATTACKS,
  KING_ATTACKS,
  LAST_ROW,
  LINE,
  lsb,
  PAWN_ATTACKS,
  ROOK_RAYS,
  rookAttacks,
  SILVER_ATTACKS,
  SQUARES,
  type Square,
} from './board.js';
import type { Move } from './moves.js';
import {
  BISHOP,
  colorOfCode,
  DRAGON,
  GOLD,
  HAND_KINDS,
  type HandKind,
  HORSE,
  KING,
  PAWN,
  PIECE_TYPES,
  type PieceType,
  PROMOTED,
  PROMOTED_SILVER,
  pieceCode,
  ROOK,
  SILVER,
  TOKIN,
  typeOfCode,
  UNPROMOTED,
} from './pieces.js';

/** More than the legal moves of any position: the size of the buffer one generation needs. */
export const MAX_MOVES = 512;

const PROMOTE = 1 << 10;
const DROP_FROM = SQUARES << 5;

/** The squares a piece of `type` and `color` on `sq` attacks, given the occupied squares. */
export function attacksOf(type: PieceType, color: Color, sq: number, occupied: number): number {
  switch (type) {
    case PAWN:
      return PAWN_ATTACKS[color * SQUARES + sq]!;
    case SILVER:
      return SILVER_ATTACKS[color * SQUARES + sq]!;
    case GOLD:
    case TOKIN:
    case PROMOTED_SILVER:
      return GOLD_ATTACKS[color * SQUARES + sq]!;
    case KING:
      return KING_ATTACKS[sq]!;
    case BISHOP:
      return bishopAttacks(sq, occupied);
    case ROOK:
      return rookAttacks(sq, occupied);
    case HORSE:
      return bishopAttacks(sq, occupied) | KING_ATTACKS[sq]!;
    case DRAGON:
      return rookAttacks(sq, occupied) | KING_ATTACKS[sq]!;
  }
}

export class Position {
  /** Each square's piece code (pieces.ts), 0 when empty. */
  readonly board = new Int8Array(SQUARES);
  /** The squares of each piece type, both colors together. */
  readonly byType = new Int32Array(PIECE_TYPES);
  readonly byColor = new Int32Array(2);
  /** Pieces in hand, indexed `color * 5 + kind`. */
  readonly hands = new Int8Array(2 * HAND_KINDS);
  readonly kings = new Int8Array(2);
  side: Color = 0;
  /** The SFEN move number: 1 at the start, one more after each move. */
  moveNumber = 1;
  /**
   * Allows dropping a pawn that checkmates. Off under the statement's rules; on only to reproduce
   * Fairy-Stockfish's perft tables, which count such drops.
   */
  allowPawnDropMate = false;

  /** The moves made and the piece codes they captured, for `unmake`. */
  private undoMoves = new Int32Array(64);
  private undoCaptures = new Int8Array(64);
  private made = 0;
  /** Where the pawn-drop-mate test lists the defender's replies. */
  private readonly replies = new Int32Array(MAX_MOVES);

  /** A copy with the same pieces, hands, side and move number, and no moves to unmake. */
  clone(): Position {
    const copy = new Position();
    copy.board.set(this.board);
    copy.byType.set(this.byType);
    copy.byColor.set(this.byColor);
    copy.hands.set(this.hands);
    copy.kings.set(this.kings);
    copy.side = this.side;
    copy.moveNumber = this.moveNumber;
    copy.allowPawnDropMate = this.allowPawnDropMate;
    return copy;
  }

  /** Places a piece on an empty square. */
  put(sq: Square, color: Color, type: PieceType): void {
    if (this.board[sq] !== 0) throw new Error(`square ${sq} is not empty`);
    this.place(sq, color, type);
    if (type === KING) this.kings[color] = sq;
  }

  handCount(color: Color, kind: HandKind): number {
    return this.hands[color * HAND_KINDS + kind]!;
  }

  setHandCount(color: Color, kind: HandKind, count: number): void {
    this.hands[color * HAND_KINDS + kind] = count;
  }

  get occupied(): number {
    return this.byColor[0]! | this.byColor[1]!;
  }

  /** The squares of `color`'s pieces of `type`. */
  pieces(color: Color, type: PieceType): number {
    return this.byType[type]! & this.byColor[color]!;
  }

  /** The color of the piece on `sq`, or null when it is empty. */
  colorAt(sq: Square): Color | null {
    const code = this.board[sq]!;
    return code === 0 ? null : colorOfCode(code);
  }

  /** The type of the piece on `sq`, or null when it is empty. */
  typeAt(sq: Square): PieceType | null {
    const code = this.board[sq]!;
    return code === 0 ? null : typeOfCode(code);
  }

  /** `color`'s pieces that attack `sq`, with `occupied` as the occupied squares. */
  attackers(sq: number, color: Color, occupied: number): number {
    const t = this.byType;
    const them = color ^ 1;
    return (
      this.byColor[color]! &
      ((PAWN_ATTACKS[them * SQUARES + sq]! & t[PAWN]!) |
        (SILVER_ATTACKS[them * SQUARES + sq]! & t[SILVER]!) |
        (GOLD_ATTACKS[them * SQUARES + sq]! & (t[GOLD]! | t[TOKIN]! | t[PROMOTED_SILVER]!)) |
        (KING_ATTACKS[sq]! & (t[KING]! | t[HORSE]! | t[DRAGON]!)) |
        (rookAttacks(sq, occupied) & (t[ROOK]! | t[DRAGON]!)) |
        (bishopAttacks(sq, occupied) & (t[BISHOP]! | t[HORSE]!)))
    );
  }

  /** The pieces giving check to the side to move. */
  checkers(): number {
    return this.attackers(this.kings[this.side]!, (this.side ^ 1) as Color, this.occupied);
  }

  inCheck(): boolean {
    return this.checkers() !== 0;
  }

  /** `color`'s pieces that stand alone between its king and an enemy rook, bishop, dragon or horse. */
  private pinned(color: Color, occupied: number): number {
    const ksq = this.kings[color]!;
    const t = this.byType;
    let snipers =
      this.byColor[color ^ 1]! &
      ((ROOK_RAYS[ksq]! & (t[ROOK]! | t[DRAGON]!)) | (BISHOP_RAYS[ksq]! & (t[BISHOP]! | t[HORSE]!)));
    let pinned = 0;
    while (snipers) {
      const between = BETWEEN[ksq * SQUARES + lsb(snipers)]! & occupied;
      snipers &= snipers - 1;
      if (between !== 0 && (between & (between - 1)) === 0) pinned |= between & this.byColor[color]!;
    }
    return pinned;
  }

  /**
   * Writes the legal moves from `out[start]` on and returns how many. `out` needs room for
   * `MAX_MOVES` from `start`.
   */
  generate(out: Int32Array, start: number): number {
    const us = this.side;
    const them = (us ^ 1) as Color;
    const own = this.byColor[us]!;
    const occupied = own | this.byColor[them]!;
    const ksq = this.kings[us]!;
    const checkers = this.attackers(ksq, them, occupied);
    let n = start;

    // The king: to any square not attacked once it has left its own (it no longer blocks a slider).
    const withoutKing = occupied ^ bit(ksq);
    for (let targets = KING_ATTACKS[ksq]! & ~own; targets; targets &= targets - 1) {
      const to = lsb(targets);
      if (this.attackers(to, them, withoutKing) === 0) out[n++] = to | (ksq << 5);
    }
    if (checkers & (checkers - 1)) return n - start; // double check: only the king moves

    let moveTargets = ~own & FULL;
    let dropTargets = ~occupied & FULL;
    if (checkers) {
      const between = BETWEEN[ksq * SQUARES + lsb(checkers)]!;
      moveTargets = checkers | between;
      dropTargets = between;
    }

    const pinned = this.pinned(us, occupied);
    const lastRow = LAST_ROW[us];
    for (let pieces = own & ~bit(ksq); pieces; pieces &= pieces - 1) {
      const from = lsb(pieces);
      const type = typeOfCode(this.board[from]!);
      let targets = attacksOf(type, us, from, occupied) & moveTargets;
      if (pinned & bit(from)) targets &= LINE[ksq * SQUARES + from]!;
      const promotes = PROMOTED[type]! >= 0;
      const fromLastRow = (lastRow & bit(from)) !== 0;
      for (; targets; targets &= targets - 1) {
        const to = lsb(targets);
        const m = to | (from << 5);
        if (promotes && (fromLastRow || (lastRow & bit(to)) !== 0)) {
          out[n++] = m | PROMOTE;
          // A pawn must promote on the last row; the others may stay as they are.
          if (type !== PAWN) out[n++] = m;
        } else out[n++] = m;
      }
    }

    if (dropTargets === 0) return n - start;
    const hand = us * HAND_KINDS;
    for (let kind = 0; kind < HAND_KINDS; kind++) {
      if (this.hands[hand + kind] === 0) continue;
      let targets = dropTargets;
      if (kind === PAWN) {
        targets &= ~lastRow;
        for (let pawns = this.pieces(us, PAWN); pawns; pawns &= pawns - 1) targets &= ~COLUMN[colOf(lsb(pawns))]!;
      }
      const from = DROP_FROM + (kind << 5);
      for (; targets; targets &= targets - 1) {
        const to = lsb(targets);
        if (kind === PAWN && !this.allowPawnDropMate && this.isPawnDropMate(to)) continue;
        out[n++] = to | from;
      }
    }
    return n - start;
  }

  /** Whether the side to move, dropping a pawn on `to`, would checkmate. */
  private isPawnDropMate(to: number): boolean {
    const us = this.side;
    if ((PAWN_ATTACKS[us * SQUARES + to]! & bit(this.kings[us ^ 1]!)) === 0) return false;
    this.make((to | DROP_FROM) as Move);
    // The defender is in check from an adjacent pawn: it may not drop, so this never recurses.
    const replies = this.generate(this.replies, 0);
    this.unmake();
    return replies === 0;
  }

  /** The legal moves, in a new array: for callers outside the hot path. */
  legalMoves(): Move[] {
    const buffer = new Int32Array(MAX_MOVES);
    return Array.from(buffer.subarray(0, this.generate(buffer, 0))) as Move[];
  }

  /** Plays a legal move (anything else corrupts the position). */
  make(m: Move): void {
    if (this.made === this.undoMoves.length) this.growUndo();
    const us = this.side;
    const them = (us ^ 1) as Color;
    const to = m & 31;
    const from = (m >> 5) & 31;
    let captured = 0;
    if (from >= SQUARES) {
      const kind = from - SQUARES;
      this.hands[us * HAND_KINDS + kind]!--;
      this.place(to, us, kind);
    } else {
      const type = typeOfCode(this.board[from]!);
      this.remove(from, us, type);
      captured = this.board[to]!;
      if (captured !== 0) {
        const capturedType = typeOfCode(captured);
        this.remove(to, them, capturedType);
        this.hands[us * HAND_KINDS + UNPROMOTED[capturedType]!]!++;
      }
      this.place(to, us, m & PROMOTE ? PROMOTED[type]! : type);
      if (type === KING) this.kings[us] = to;
    }
    this.undoMoves[this.made] = m;
    this.undoCaptures[this.made] = captured;
    this.made++;
    this.side = them;
    this.moveNumber++;
  }

  /** Takes back the last move made. */
  unmake(): void {
    this.made--;
    const m = this.undoMoves[this.made]!;
    const them = this.side;
    const us = (them ^ 1) as Color;
    this.side = us;
    this.moveNumber--;
    const to = m & 31;
    const from = (m >> 5) & 31;
    const type = typeOfCode(this.board[to]!);
    this.remove(to, us, type);
    if (from >= SQUARES) {
      this.hands[us * HAND_KINDS + type]!++;
      return;
    }
    const original = m & PROMOTE ? UNPROMOTED[type]! : type;
    this.place(from, us, original);
    if (original === KING) this.kings[us] = from;
    const captured = this.undoCaptures[this.made]!;
    if (captured !== 0) {
      const capturedType = typeOfCode(captured);
      this.place(to, them, capturedType);
      this.hands[us * HAND_KINDS + UNPROMOTED[capturedType]!]!--;
    }
  }

  /** The number of move sequences of `depth` plies (leaves of the legal-move tree). */
  perft(depth: number): number {
    if (depth <= 0) return 1;
    return this.perftFrom(new Int32Array(depth * MAX_MOVES), 0, depth);
  }

  private perftFrom(buffer: Int32Array, start: number, depth: number): number {
    const n = this.generate(buffer, start);
    if (depth === 1) return n;
    let leaves = 0;
    for (let i = start; i < start + n; i++) {
      this.make(buffer[i] as Move);
      leaves += this.perftFrom(buffer, start + n, depth - 1);
      this.unmake();
    }
    return leaves;
  }

  private place(sq: number, color: Color, type: number): void {
    this.board[sq] = pieceCode(color, type);
    this.byType[type]! |= bit(sq);
    this.byColor[color]! |= bit(sq);
  }

  private remove(sq: number, color: Color, type: number): void {
    this.board[sq] = 0;
    this.byType[type]! &= ~bit(sq);
    this.byColor[color]! &= ~bit(sq);
  }

  private growUndo(): void {
    const moves = new Int32Array(this.undoMoves.length * 2);
    const captures = new Int8Array(this.undoCaptures.length * 2);
    moves.set(this.undoMoves);
    captures.set(this.undoCaptures);
    this.undoMoves = moves;
    this.undoCaptures = captures;
  }
}
