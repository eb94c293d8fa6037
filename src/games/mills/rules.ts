/**
 * The rules of Mills as Tabula enforces them (rules.md says where they differ from the published
 * referee). States are immutable values built from small typed arrays that `play` copies.
 */
import { checkSeats, type GameSetup, type Outcome, type Rules, type Seating } from '../../core/game.js';
import { failed, ok, type Result } from '../../core/result.js';
import { type Seat, seat } from '../../core/units.js';
import {
  directionOf,
  isAdjacent,
  LINES,
  LINES_THROUGH,
  type Line,
  NEIGHBOURS,
  radiusOf,
  SLOT_COUNT,
  SLOTS,
  type Slot,
} from './board.js';
import type { MillsSnapshot } from './view.js';

/** The game's name and its table, checked by `initial`. */
export const seating: Seating = { title: 'Mills', seats: { min: 2, max: 2 } };

declare const pieceBrand: unique symbol;
/** A piece's id, 1..18, given in the order the pieces are put (by either player) and never reused. */
export type PieceId = number & { readonly [pieceBrand]: true };
export const pieceId = (n: number): PieceId => n as PieceId;

export const STOCK = 9;
export const MAX_PIECE_ID = 2 * STOCK;
export const TURNS_PER_PLAYER = 200;
const COLOURS = ['BLACK', 'WHITE'] as const;
export type Colour = (typeof COLOURS)[number];

/** Which piece the mover asks to remove if the move closes a mill: an id, or 0 for "any". */
export type Removal = PieceId | 0;
/** The requests for the first and the second mill the move closes. */
export type Removals = readonly [Removal, Removal];
export const NO_REMOVAL: Removals = [0, 0];

export type MillsMove =
  | { readonly kind: 'PUT'; readonly to: Slot; readonly remove: Removals }
  | { readonly kind: 'MOVE'; readonly piece: PieceId; readonly to: Slot; readonly remove: Removals };

export interface MillsState {
  /** The piece on each slot, 0 when empty. */
  readonly board: Int8Array;
  /** The slot of each piece id (index 0 unused), -1 while it is not on the board. */
  readonly slots: Int8Array;
  /** The seat owning each piece id, -1 before it is put. */
  readonly owners: Int8Array;
  /** Pieces still to put, by seat. */
  readonly stock: readonly [number, number];
  /** Pieces on the board, by seat. */
  readonly onBoard: readonly [number, number];
  /** Moves played so far; seat `ply % 2` moves next. */
  readonly ply: number;
  /**
   * Every mill ever closed as new, as `millKey`s. Only ever appended to, by a copy, so states share
   * it until a new mill appears.
   */
  readonly mills: Int32Array;
  readonly lastMove: MillsMove | null;
  /** The pieces the last move removed. */
  readonly removed: readonly PieceId[];
  /** Where the last move's piece came from (a MOVE; null for a PUT): for viewers. */
  readonly lastFrom: Slot | null;
  /** Where the pieces in `removed` stood, in that order: for viewers. */
  readonly removedFrom: readonly Slot[];
  readonly outcome: Outcome | null;
}

export type Phase = 'placement' | 'movement' | 'jump';

/** Placement while the stock lasts, then movement, and jumping once down to three pieces. */
export function phaseOf(state: MillsState, s: Seat): Phase {
  if (state.stock[s]! > 0) return 'placement';
  return state.onBoard[s]! <= 3 ? 'jump' : 'movement';
}

export const colourOf = (s: Seat): Colour => COLOURS[s]!;
const opponentOf = (s: Seat): Seat => seat(1 - s);
const toMove = (state: MillsState): Seat => seat(state.ply % 2);
const bit = (id: number): number => 1 << (id - 1);
/** A mill's identity in the history: its line (an index in `LINES`) and the mask of its piece ids. */
export const millKey = (line: number, ids: number): number => (line << MAX_PIECE_ID) | ids;
/** The lowest id in a non-empty id mask. */
const lowestId = (mask: number): PieceId => pieceId(32 - Math.clz32(mask & -mask));
const slotText = (slot: Slot): string => `${directionOf(slot)} ${radiusOf(slot)}`;
const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The canonical output line for a move, every field written: `PUT d r a b` or `MOVE id d r a b`. */
export function formatMove(move: MillsMove): string {
  const head = move.kind === 'PUT' ? 'PUT' : `MOVE ${move.piece}`;
  return `${head} ${slotText(move.to)} ${move.remove[0]} ${move.remove[1]}`;
}

function initial(setup: GameSetup): MillsState {
  checkSeats(seating, setup.seats);
  return {
    board: new Int8Array(SLOT_COUNT),
    slots: new Int8Array(MAX_PIECE_ID + 1).fill(-1),
    owners: new Int8Array(MAX_PIECE_ID + 1).fill(-1),
    stock: [STOCK, STOCK],
    onBoard: [0, 0],
    ply: 0,
    mills: new Int32Array(0),
    lastMove: null,
    removed: [],
    lastFrom: null,
    removedFrom: [],
    outcome: null,
  };
}

/** The ids on `line` as a mask when all three are `s`'s pieces, else 0. */
function filledBy(board: Int8Array, owners: Int8Array, line: Line, s: Seat): number {
  const a = board[line[0]]!;
  const b = board[line[1]]!;
  const c = board[line[2]]!;
  return a && b && c && owners[a] === s && owners[b] === s && owners[c] === s ? bit(a) | bit(b) | bit(c) : 0;
}

/** The ids of `s`'s pieces on the board, as a mask. */
function piecesOf(state: Pick<MillsState, 'slots' | 'owners'>, s: Seat): number {
  let mask = 0;
  for (let id = 1; id <= MAX_PIECE_ID; id++) if (state.owners[id] === s && state.slots[id]! >= 0) mask |= bit(id);
  return mask;
}

/** The ids of `s`'s pieces that stand on a line filled with `s`'s pieces, as a mask. */
function guardedPiecesOf(state: Pick<MillsState, 'board' | 'owners'>, s: Seat): number {
  let mask = 0;
  for (const line of LINES) mask |= filledBy(state.board, state.owners, line, s);
  return mask;
}

/**
 * The piece a removal takes from `victim`: the requested one if it is removable, else the lowest
 * removable id. Pieces in a filled mill are removable only when all of them are. Null when `victim`
 * has no piece on the board.
 */
function victimPiece(
  state: Pick<MillsState, 'board' | 'slots' | 'owners'>,
  victim: Seat,
  request: Removal,
): PieceId | null {
  const pieces = piecesOf(state, victim);
  if (pieces === 0) return null;
  const removable = pieces & ~guardedPiecesOf(state, victim) || pieces;
  return request !== 0 && (removable & bit(request)) !== 0 ? request : lowestId(removable);
}

/** `kind`, when it is the mover's phase, or why it is not. */
export function checkKind(state: MillsState, kind: MillsMove['kind']): Result<MillsMove['kind']> {
  const stock = state.stock[toMove(state)]!;
  if (kind === 'MOVE' && stock > 0) return failed(`expected PUT during placement (stock ${stock}), got MOVE`);
  if (kind === 'PUT' && stock === 0) return failed('expected MOVE after placement (stock 0), got PUT');
  return ok(kind);
}

/** `move`, when it is legal now, or why it is not. */
export function checkMove(state: MillsState, move: MillsMove): Result<MillsMove> {
  if (state.outcome) return failed('the game is over');
  const kind = checkKind(state, move.kind);
  if (!kind.ok) return kind;
  const occupant = state.board[move.to]!;
  if (move.kind === 'MOVE') {
    const from = state.slots[move.piece];
    if (from === undefined || from < 0) return failed(`piece ${move.piece} is not on the board`);
    if (state.owners[move.piece] !== toMove(state)) return failed(`piece ${move.piece} belongs to the opponent`);
    if (occupant === 0 && phaseOf(state, toMove(state)) === 'movement' && !isAdjacent(from as Slot, move.to))
      return failed(`slot ${slotText(move.to)} is not adjacent to piece ${move.piece} at ${slotText(from as Slot)}`);
  }
  return occupant === 0 ? ok(move) : failed(`slot ${slotText(move.to)} is occupied by piece ${occupant}`);
}

/** Plays a move known to be legal. */
function apply(state: MillsState, move: MillsMove): MillsState {
  const mover = toMove(state);
  const opponent = opponentOf(mover);
  const board = state.board.slice();
  const slots = state.slots.slice();
  let { owners, mills } = state;
  const stock: [number, number] = [...state.stock];
  const onBoard: [number, number] = [...state.onBoard];

  let piece: number;
  let from: Slot | null = null;
  if (move.kind === 'PUT') {
    piece = 2 * STOCK - stock[0] - stock[1] + 1;
    owners = owners.slice();
    owners[piece] = mover;
    stock[mover]!--;
    onBoard[mover]!++;
  } else {
    piece = move.piece;
    from = slots[piece]! as Slot;
    board[from] = 0;
  }
  board[move.to] = piece;
  slots[piece] = move.to;

  // Only the lines through the target can have been filled by this move.
  let newMills = 0;
  for (const line of LINES_THROUGH[move.to]!) {
    const ids = filledBy(board, owners, LINES[line]!, mover);
    const key = millKey(line, ids);
    if (ids === 0 || mills.includes(key)) continue;
    const grown = new Int32Array(mills.length + 1);
    grown.set(mills);
    grown[mills.length] = key;
    mills = grown;
    newMills++;
  }

  const removed: PieceId[] = [];
  const removedFrom: Slot[] = [];
  for (let k = 0; k < newMills; k++) {
    const victim = victimPiece({ board, slots, owners }, opponent, move.remove[k] ?? 0);
    if (victim === null) break;
    removedFrom.push(slots[victim]! as Slot);
    board[slots[victim]!] = 0;
    slots[victim] = -1;
    onBoard[opponent]!--;
    removed.push(victim);
  }

  const next: MillsState = {
    board,
    slots,
    owners,
    stock,
    onBoard,
    ply: state.ply + 1,
    mills,
    lastMove: move,
    removed,
    lastFrom: from,
    removedFrom,
    outcome: null,
  };
  const outcome = outcomeAfter(next);
  return outcome ? { ...next, outcome } : next;
}

/** Whether the player to move has a legal move: always, but in the movement phase when blocked. */
function canMove(state: MillsState): boolean {
  const s = toMove(state);
  if (phaseOf(state, s) !== 'movement') return true; // at most 18 pieces on 24 slots: one is free
  for (let id = 1; id <= MAX_PIECE_ID; id++) {
    const from = state.slots[id]!;
    if (from >= 0 && state.owners[id] === s && NEIGHBOURS[from]!.some((to) => state.board[to] === 0)) return true;
  }
  return false;
}

/** The end of the game after a move: a player down to two pieces, the turn limit, a blocked player. */
function outcomeAfter(state: MillsState): Outcome | null {
  const scores = [...state.onBoard];
  for (const s of [seat(0), seat(1)]) {
    if (state.stock[s] === 0 && state.onBoard[s]! <= 2)
      return {
        winner: opponentOf(s),
        reason: `${colourOf(s)} is down to ${plural(state.onBoard[s]!, 'piece')}`,
        scores,
      };
  }
  if (state.ply >= 2 * TURNS_PER_PLAYER) {
    const [black, white] = state.onBoard;
    if (black === white) return { winner: null, reason: `turn limit: ${plural(black, 'piece')} each`, scores };
    return {
      winner: seat(black > white ? 0 : 1),
      reason: `turn limit: BLACK has ${black} pieces, WHITE ${white}`,
      scores,
    };
  }
  if (!canMove(state))
    return { winner: opponentOf(toMove(state)), reason: `${colourOf(toMove(state))} cannot move`, scores };
  return null;
}

const put = (to: Slot): MillsMove => ({ kind: 'PUT', to, remove: NO_REMOVAL });
const move = (piece: PieceId, to: Slot): MillsMove => ({ kind: 'MOVE', piece, to, remove: NO_REMOVAL });

/** The mover's moves to adjacent empty slots: by piece id, then by target slot. */
export function stepMoves(state: MillsState): MillsMove[] {
  const moves: MillsMove[] = [];
  const s = toMove(state);
  for (let id = 1; id <= MAX_PIECE_ID; id++) {
    const from = state.slots[id]!;
    if (from < 0 || state.owners[id] !== s) continue;
    for (const to of NEIGHBOURS[from]!) if (state.board[to] === 0) moves.push(move(pieceId(id), to));
  }
  return moves;
}

/** Every move to any empty slot: by target slot, then by piece id. */
function jumpMoves(state: MillsState): MillsMove[] {
  const moves: MillsMove[] = [];
  const own = piecesOf(state, toMove(state));
  for (const to of SLOTS) {
    if (state.board[to] !== 0) continue;
    for (let id = 1; id <= MAX_PIECE_ID; id++) if (own & bit(id)) moves.push(move(pieceId(id), to));
  }
  return moves;
}

/** All legal moves, without removal requests (removals then fall to the lowest removable id). */
function legalMoves(state: MillsState): MillsMove[] {
  if (state.outcome) return [];
  switch (phaseOf(state, toMove(state))) {
    case 'placement':
      return SLOTS.filter((to) => state.board[to] === 0).map(put);
    case 'movement':
      return stepMoves(state);
    case 'jump':
      return jumpMoves(state);
  }
}

function play(state: MillsState, move: MillsMove): MillsState {
  const checked = checkMove(state, move);
  if (!checked.ok) throw new Error(`illegal move ${formatMove(move)}: ${checked.error}`);
  return apply(state, move);
}

function forfeit(state: MillsState, s: Seat): MillsState {
  if (state.outcome) throw new Error('the game is over');
  const scores = s === 0 ? [-1, state.onBoard[1]] : [state.onBoard[0], -1];
  return { ...state, outcome: { winner: opponentOf(s), reason: `${colourOf(s)} forfeits`, scores } };
}

/** The turns `s` has still to play, its current one included: 200 on its first turn, 1 on its last. */
export const turnsLeft = (state: MillsState, s: Seat): number => TURNS_PER_PLAYER - Math.floor((state.ply + 1 - s) / 2);

/** The pieces on the board in ascending id. */
export function piecesOnBoard(state: MillsState): { id: PieceId; owner: Seat; slot: Slot }[] {
  const pieces: { id: PieceId; owner: Seat; slot: Slot }[] = [];
  for (let id = 1; id <= MAX_PIECE_ID; id++) {
    const slot = state.slots[id]!;
    if (slot >= 0) pieces.push({ id: pieceId(id), owner: seat(state.owners[id]!), slot: slot as Slot });
  }
  return pieces;
}

function snapshot(state: MillsState): MillsSnapshot {
  const at = (slot: Slot) => ({ direction: directionOf(slot), radius: radiusOf(slot) });
  return {
    ply: state.ply,
    toMove: toMove(state),
    pieces: piecesOnBoard(state).map((p) => ({
      id: p.id,
      owner: p.owner,
      direction: directionOf(p.slot),
      radius: radiusOf(p.slot),
    })),
    stock: [...state.stock],
    turnsLeft: [turnsLeft(state, seat(0)), turnsLeft(state, seat(1))],
    lastMove: state.lastMove && formatMove(state.lastMove),
    removed: [...state.removed],
    from: state.lastFrom === null ? null : at(state.lastFrom),
    removedAt: state.removedFrom.map(at),
    outcome: state.outcome,
  };
}

export const rules: Rules<MillsState, MillsMove> = {
  initial,
  toMove,
  legalMoves,
  play,
  forfeit,
  outcome: (state) => state.outcome,
  snapshot,
};

/** The number of move sequences of `depth` plies from `state` (leaves of the legal-move tree). */
export function perft(state: MillsState, depth: number): number {
  if (depth === 0) return 1;
  const moves = legalMoves(state);
  if (depth === 1) return moves.length;
  let leaves = 0;
  for (const m of moves) leaves += perft(apply(state, m), depth - 1);
  return leaves;
}
