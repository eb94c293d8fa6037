/**
 * The rules engine: a mutable position with incremental make/unmake and legal move generation
 * into a caller's buffer, allocating nothing per move. It knows the rules of a move (checks,
 * promotion, drops, nifu, pawn-drop mate); the end of the game (repetition, the move limit) is
 * rules.ts's business. It keeps the Zobrist key of the position and of every position before each
 * move made, so that a search can see repetitions.
 */
import {
  BETWEEN,
  BISHOP_RAYS,
  bishopAttacks,
  bit,
  COLUMN,
  type Colour,
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
  colourOfCode,
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
import { HAND_HI, HAND_LO, PIECE_HI, PIECE_LO, SIDE_HI, SIDE_LO } from './zobrist.js';

/** More than the legal moves of any position: the size of the buffer one generation needs. */
export const MAX_MOVES = 512;

const PROMOTE = 1 << 10;
const DROP_FROM = SQUARES << 5;
/** What `generateMoves` lists. */
const ALL = 0;
const CAPTURES = 1;
const QUIET_CHECKS = 2;
type Listing = typeof ALL | typeof CAPTURES | typeof QUIET_CHECKS;
/** What the undo stack holds for a null move (no move: the side to move passes, in a search only). */
const NULL_MOVE = -1;

/**
 * The one-step attacks of each piece type (a horse's and a dragon's steps too), indexed
 * `(type * 2 + colour) * 25 + square`: one load for most pieces, where a switch on the type cost more.
 */
const STEPS = new Int32Array(PIECE_TYPES * 2 * SQUARES);
// In the order of the types: pawn, silver, gold, bishop, rook, king, promoted pawn and silver, horse, dragon.
[
  PAWN_ATTACKS,
  SILVER_ATTACKS,
  GOLD_ATTACKS,
  null,
  null,
  KING_ATTACKS,
  GOLD_ATTACKS,
  GOLD_ATTACKS,
  KING_ATTACKS,
  KING_ATTACKS,
].forEach((steps, type) => {
  if (steps !== null) STEPS.set(steps, type * 2 * SQUARES);
});
/** For each piece type: 1 when it slides like a rook, 2 like a bishop. */
const SLIDES = Int8Array.from([0, 0, 0, 2, 1, 0, 0, 0, 2, 1]);

/** The squares a piece of `type` and `colour` on `sq` attacks, given the occupied squares. */
export function attacksOf(type: PieceType, colour: Colour, sq: number, occupied: number): number {
  const steps = STEPS[(type * 2 + colour) * SQUARES + sq]!;
  const slides = SLIDES[type]!;
  if (slides === 0) return steps;
  return steps | (slides === 1 ? rookAttacks(sq, occupied) : bishopAttacks(sq, occupied));
}

export class Position {
  /** Each square's piece code (pieces.ts), 0 when empty. */
  readonly board = new Int8Array(SQUARES);
  /** The squares of each piece type, both colours together. */
  readonly byType = new Int32Array(PIECE_TYPES);
  readonly byColour = new Int32Array(2);
  /** Pieces in hand, indexed `colour * 5 + kind`. */
  readonly hands = new Int8Array(2 * HAND_KINDS);
  readonly kings = new Int8Array(2);
  private sideToMove: Colour = 0;
  /** The SFEN move number: 1 at the start, one more after each move. */
  moveNumber = 1;
  /**
   * Allows dropping a pawn that checkmates. Off under the statement's rules; on only to reproduce
   * Fairy-Stockfish's perft tables, which count such drops.
   */
  allowPawnDropMate = false;
  /** The Zobrist key (zobrist.ts) of the board, the hands and the side to move, in two halves. */
  keyLo = 0;
  keyHi = 0;

  /** The moves made, the piece codes they captured and the keys before them, for `unmake` and repetitions. */
  private undoMoves = new Int32Array(512);
  private undoCaptures = new Int8Array(512);
  private undoKeysLo = new Int32Array(512);
  private undoKeysHi = new Int32Array(512);
  /** How many moves have been made (and not unmade) on this position. */
  private made = 0;
  /** For each piece type, the squares from which it attacks the opponent's king (`generateQuietChecks`). */
  private readonly checkSquares = new Int32Array(PIECE_TYPES);
  /** Where the pawn-drop-mate test lists the defender's replies. */
  private readonly replies = new Int32Array(MAX_MOVES);

  /** A copy with the same pieces, hands, side and move number, and no moves to unmake. */
  clone(): Position {
    const copy = new Position();
    copy.board.set(this.board);
    copy.byType.set(this.byType);
    copy.byColour.set(this.byColour);
    copy.hands.set(this.hands);
    copy.kings.set(this.kings);
    copy.sideToMove = this.sideToMove;
    copy.moveNumber = this.moveNumber;
    copy.allowPawnDropMate = this.allowPawnDropMate;
    copy.keyLo = this.keyLo;
    copy.keyHi = this.keyHi;
    return copy;
  }

  /** Places a piece on an empty square. */
  put(sq: Square, colour: Colour, type: PieceType): void {
    if (this.board[sq] !== 0) throw new Error(`square ${sq} is not empty`);
    this.place(sq, colour, type);
    if (type === KING) this.kings[colour] = sq;
  }

  handCount(colour: Colour, kind: HandKind): number {
    return this.hands[colour * HAND_KINDS + kind]!;
  }

  /** How many pieces `colour` holds in hand, of all kinds. */
  handSize(colour: Colour): number {
    const at = colour * HAND_KINDS;
    const h = this.hands;
    return h[at]! + h[at + 1]! + h[at + 2]! + h[at + 3]! + h[at + 4]!;
  }

  setHandCount(colour: Colour, kind: HandKind, count: number): void {
    while (this.hands[colour * HAND_KINDS + kind]! < count) this.addToHand(colour, kind);
    while (this.hands[colour * HAND_KINDS + kind]! > count) this.takeFromHand(colour, kind);
  }

  /** The player to move. */
  get side(): Colour {
    return this.sideToMove;
  }

  /** Sets the side to move (as an SFEN does), keeping the key. */
  setSide(colour: Colour): void {
    if (colour !== this.side) this.flipSide();
  }

  /** The number of moves made on this position and not taken back: the length of its history. */
  get historyLength(): number {
    return this.made;
  }

  /** The key halves of the position before the `i`-th move made (0 = the first). */
  historyKeyLo(i: number): number {
    return this.undoKeysLo[i]!;
  }

  historyKeyHi(i: number): number {
    return this.undoKeysHi[i]!;
  }

  /** Whether the `i`-th move made was a null move: the history before it does not lead here. */
  historyIsNull(i: number): boolean {
    return this.undoMoves[i] === NULL_MOVE;
  }

  get occupied(): number {
    return this.byColour[0]! | this.byColour[1]!;
  }

  /** The squares of `colour`'s pieces of `type`. */
  pieces(colour: Colour, type: PieceType): number {
    return this.byType[type]! & this.byColour[colour]!;
  }

  /** The colour of the piece on `sq`, or null when it is empty. */
  colourAt(sq: Square): Colour | null {
    const code = this.board[sq]!;
    return code === 0 ? null : colourOfCode(code);
  }

  /** The type of the piece on `sq`, or null when it is empty. */
  typeAt(sq: Square): PieceType | null {
    const code = this.board[sq]!;
    return code === 0 ? null : typeOfCode(code);
  }

  /** `colour`'s pieces that attack `sq`, with `occupied` as the occupied squares. */
  attackers(sq: number, colour: Colour, occupied: number): number {
    const t = this.byType;
    const them = colour ^ 1;
    return (
      this.byColour[colour]! &
      ((PAWN_ATTACKS[them * SQUARES + sq]! & t[PAWN]!) |
        (SILVER_ATTACKS[them * SQUARES + sq]! & t[SILVER]!) |
        (GOLD_ATTACKS[them * SQUARES + sq]! & (t[GOLD]! | t[TOKIN]! | t[PROMOTED_SILVER]!)) |
        (KING_ATTACKS[sq]! & (t[KING]! | t[HORSE]! | t[DRAGON]!)) |
        (rookAttacks(sq, occupied) & (t[ROOK]! | t[DRAGON]!)) |
        (bishopAttacks(sq, occupied) & (t[BISHOP]! | t[HORSE]!)))
    );
  }

  /** The squares `colour`'s pieces attack, with `occupied` as the occupied squares. */
  private attacked(colour: Colour, occupied: number): number {
    let attacked = 0;
    for (let pieces = this.byColour[colour]!; pieces; pieces &= pieces - 1) {
      const sq = lsb(pieces);
      attacked |= attacksOf(typeOfCode(this.board[sq]!), colour, sq, occupied);
    }
    return attacked;
  }

  /** The pieces giving check to the side to move. */
  checkers(): number {
    return this.attackers(this.kings[this.side]!, (this.side ^ 1) as Colour, this.occupied);
  }

  inCheck(): boolean {
    return this.checkers() !== 0;
  }

  /**
   * Whether the legal move `m` checks the opponent's king, found without making it: by the piece
   * where it lands, or by a rook, bishop, dragon or horse of the mover behind the square it left.
   * Nothing else can check, since nothing of the mover's attacks that king before the move.
   */
  givesCheck(m: Move): boolean {
    const us = this.side;
    const king = this.kings[us ^ 1]!;
    const to = m & 31;
    const from = (m >> 5) & 31;
    const occupied = this.occupied;
    if (from >= SQUARES) return (attacksOf((from - SQUARES) as PieceType, us, to, occupied) & bit(king)) !== 0;
    const type = typeOfCode(this.board[from]!);
    const moved = (m & PROMOTE ? PROMOTED[type]! : type) as PieceType;
    const after = (occupied ^ bit(from)) | bit(to);
    if ((attacksOf(moved, us, to, after) & bit(king)) !== 0) return true;
    if (LINE[king * SQUARES + from] === 0) return false;
    const t = this.byType;
    const sliders = this.byColour[us]! & ~bit(from);
    return (
      ((rookAttacks(king, after) & sliders & (t[ROOK]! | t[DRAGON]!)) |
        (bishopAttacks(king, after) & sliders & (t[BISHOP]! | t[HORSE]!))) !==
      0
    );
  }

  /** `colour`'s pieces that stand alone between its king and an enemy rook, bishop, dragon or horse. */
  private pinned(colour: Colour, occupied: number): number {
    const ksq = this.kings[colour]!;
    const t = this.byType;
    let snipers =
      this.byColour[colour ^ 1]! &
      ((ROOK_RAYS[ksq]! & (t[ROOK]! | t[DRAGON]!)) | (BISHOP_RAYS[ksq]! & (t[BISHOP]! | t[HORSE]!)));
    let pinned = 0;
    while (snipers) {
      const between = BETWEEN[ksq * SQUARES + lsb(snipers)]! & occupied;
      snipers &= snipers - 1;
      if (between !== 0 && (between & (between - 1)) === 0) pinned |= between & this.byColour[colour]!;
    }
    return pinned;
  }

  /**
   * Writes the legal moves from `out[start]` on and returns how many. `out` needs room for
   * `MAX_MOVES` from `start`.
   */
  generate(out: Int32Array, start: number): number {
    return this.generateMoves(out, start, ALL);
  }

  /** Writes the legal captures (promoting or not) from `out[start]` on and returns how many. */
  generateCaptures(out: Int32Array, start: number): number {
    return this.generateMoves(out, start, CAPTURES);
  }

  /**
   * Writes from `out[start]` on the legal moves and drops that take nothing, promote nothing and
   * attack the opponent's king from the square they reach, in the order `generate` lists them,
   * and returns how many.
   */
  generateQuietChecks(out: Int32Array, start: number): number {
    return this.generateMoves(out, start, QUIET_CHECKS);
  }

  private generateMoves(out: Int32Array, start: number, listing: Listing): number {
    const us = this.side;
    const them = (us ^ 1) as Colour;
    const own = this.byColour[us]!;
    const occupied = own | this.byColour[them]!;
    const ksq = this.kings[us]!;
    const checkers = this.attackers(ksq, them, occupied);
    let n = start;

    // The king (which gives no check by its move): to any square not attacked once it has left
    // its own (it no longer blocks a slider). One map of the opponent's attacks costs less than
    // the attackers of each square.
    const withoutKing = occupied ^ bit(ksq);
    const allowed = listing === CAPTURES ? this.byColour[them]! : listing === QUIET_CHECKS ? ~occupied & FULL : FULL;
    if (listing !== QUIET_CHECKS) {
      let targets = KING_ATTACKS[ksq]! & ~own & allowed;
      if (targets !== 0) targets &= ~this.attacked(them, withoutKing);
      for (; targets; targets &= targets - 1) out[n++] = lsb(targets) | (ksq << 5);
    }
    if (checkers & (checkers - 1)) return n - start; // double check: only the king moves

    let moveTargets = ~own & allowed;
    let dropTargets = listing === CAPTURES ? 0 : ~occupied & FULL;
    if (checkers) {
      const between = BETWEEN[ksq * SQUARES + lsb(checkers)]!;
      moveTargets &= checkers | between;
      dropTargets &= between;
    }
    const checks = this.checkSquares;
    if (listing === QUIET_CHECKS) {
      // A piece of ours attacks their king from the squares a piece of theirs of its type attacks from the king's.
      const king = this.kings[them]!;
      for (let type = 0; type < PIECE_TYPES; type++)
        checks[type] = type === KING ? 0 : attacksOf(type as PieceType, them, king, occupied);
    }

    const pinned = this.pinned(us, occupied);
    const lastRow = LAST_ROW[us];
    for (let pieces = own & ~bit(ksq); pieces; pieces &= pieces - 1) {
      const from = lsb(pieces);
      const type = typeOfCode(this.board[from]!);
      let targets = attacksOf(type, us, from, occupied) & moveTargets;
      if (listing === QUIET_CHECKS) targets &= checks[type]!;
      if (pinned & bit(from)) targets &= LINE[ksq * SQUARES + from]!;
      const promotes = PROMOTED[type]! >= 0;
      const fromLastRow = (lastRow & bit(from)) !== 0;
      for (; targets; targets &= targets - 1) {
        const to = lsb(targets);
        const m = to | (from << 5);
        if (promotes && (fromLastRow || (lastRow & bit(to)) !== 0)) {
          if (listing !== QUIET_CHECKS) out[n++] = m | PROMOTE;
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
      if (listing === QUIET_CHECKS) targets &= checks[kind]!;
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
    this.undoKeysLo[this.made] = this.keyLo;
    this.undoKeysHi[this.made] = this.keyHi;
    const us = this.side;
    const them = (us ^ 1) as Colour;
    const to = m & 31;
    const from = (m >> 5) & 31;
    let captured = 0;
    if (from >= SQUARES) {
      const kind = from - SQUARES;
      this.takeFromHand(us, kind);
      this.place(to, us, kind);
    } else {
      const type = typeOfCode(this.board[from]!);
      this.remove(from, us, type);
      captured = this.board[to]!;
      if (captured !== 0) {
        const capturedType = typeOfCode(captured);
        this.remove(to, them, capturedType);
        this.addToHand(us, UNPROMOTED[capturedType]!);
      }
      this.place(to, us, m & PROMOTE ? PROMOTED[type]! : type);
      if (type === KING) this.kings[us] = to;
    }
    this.undoMoves[this.made] = m;
    this.undoCaptures[this.made] = captured;
    this.made++;
    this.flipSide();
    this.moveNumber++;
  }

  /** Passes the move to the other side: for a search's null-move pruning, never in a game. */
  makeNull(): void {
    if (this.made === this.undoMoves.length) this.growUndo();
    this.undoKeysLo[this.made] = this.keyLo;
    this.undoKeysHi[this.made] = this.keyHi;
    this.undoMoves[this.made] = NULL_MOVE;
    this.undoCaptures[this.made] = 0;
    this.made++;
    this.flipSide();
    this.moveNumber++;
  }

  unmakeNull(): void {
    this.made--;
    this.flipSide();
    this.moveNumber--;
  }

  /** Takes back the last move made. */
  unmake(): void {
    this.made--;
    const m = this.undoMoves[this.made]!;
    const them = this.side;
    const us = (them ^ 1) as Colour;
    this.flipSide();
    this.moveNumber--;
    const to = m & 31;
    const from = (m >> 5) & 31;
    const type = typeOfCode(this.board[to]!);
    this.remove(to, us, type);
    if (from >= SQUARES) {
      this.addToHand(us, type);
      return;
    }
    const original = m & PROMOTE ? UNPROMOTED[type]! : type;
    this.place(from, us, original);
    if (original === KING) this.kings[us] = from;
    const captured = this.undoCaptures[this.made]!;
    if (captured !== 0) {
      const capturedType = typeOfCode(captured);
      this.place(to, them, capturedType);
      this.takeFromHand(us, UNPROMOTED[capturedType]!);
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

  private place(sq: number, colour: Colour, type: number): void {
    const code = pieceCode(colour, type);
    this.board[sq] = code;
    this.byType[type]! |= bit(sq);
    this.byColour[colour]! |= bit(sq);
    this.keyLo ^= PIECE_LO[code * SQUARES + sq]!;
    this.keyHi ^= PIECE_HI[code * SQUARES + sq]!;
  }

  private remove(sq: number, colour: Colour, type: number): void {
    const code = this.board[sq]!;
    this.board[sq] = 0;
    this.byType[type]! &= ~bit(sq);
    this.byColour[colour]! &= ~bit(sq);
    this.keyLo ^= PIECE_LO[code * SQUARES + sq]!;
    this.keyHi ^= PIECE_HI[code * SQUARES + sq]!;
  }

  /** One more piece of `kind` in `colour`'s hand; its key is that of the `n`-th piece, `n` the count before. */
  private addToHand(colour: Colour, kind: number): void {
    const i = colour * HAND_KINDS + kind;
    const index = i * 2 + this.hands[i]!;
    this.hands[i]!++;
    this.keyLo ^= HAND_LO[index]!;
    this.keyHi ^= HAND_HI[index]!;
  }

  private takeFromHand(colour: Colour, kind: number): void {
    const i = colour * HAND_KINDS + kind;
    this.hands[i]!--;
    const index = i * 2 + this.hands[i]!;
    this.keyLo ^= HAND_LO[index]!;
    this.keyHi ^= HAND_HI[index]!;
  }

  private flipSide(): void {
    this.sideToMove = (this.sideToMove ^ 1) as Colour;
    this.keyLo ^= SIDE_LO;
    this.keyHi ^= SIDE_HI;
  }

  private growUndo(): void {
    const grow = <T extends Int32Array | Int8Array>(from: T, to: T): T => {
      to.set(from);
      return to;
    };
    const size = this.undoMoves.length * 2;
    this.undoMoves = grow(this.undoMoves, new Int32Array(size));
    this.undoCaptures = grow(this.undoCaptures, new Int8Array(size));
    this.undoKeysLo = grow(this.undoKeysLo, new Int32Array(size));
    this.undoKeysHi = grow(this.undoKeysHi, new Int32Array(size));
  }
}
