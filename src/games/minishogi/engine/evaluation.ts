/**
 * The static evaluation: a weighted sum of features of the position, seen by player 0 and returned
 * for the side to move. Its weights (weights.ts) were fitted to game results (scripts/tuning/minishogi.ts), so
 * every term is a count times a weight, and `evaluate` can write the counts out (`trace`) for the
 * fitting. Features, each counted for player 0 minus player 1:
 * - material on the board and in hand (the second piece of a kind in hand apart from the first);
 * - placement: a table per piece type over the 25 squares, seen from the piece's own side, and
 *   tables per piece type over where it stands from its own king and from the opponent's;
 * - mobility: squares each piece attacks that its side does not occupy;
 * - hanging pieces: attacked by the opponent and defended by none;
 * - king safety: how many of the king's 8 neighbours the opponent attacks, how many the king may
 *   flee to, how many own pieces stand next to it, and for each kind in the opponent's hand, the
 *   empty neighbours it could be dropped on that no own piece defends;
 * - the move: a bonus for the side to move.
 *
 * The search's evaluation reads the weights through tables built from them (`Tables`), in one
 * pass over the pieces; `trace`, for the fitting, counts each feature the long way. Both give the
 * same value (test/games/minishogi/evaluation.test.ts).
 */
import { bit, type Colour, colOf, KING_ATTACKS, lsb, popcount, rowOf, SIZE, SQUARES } from '../board.js';
import { HAND_KINDS, KING, PIECE_TYPES, type PieceType, pieceCode, typeOfCode } from '../pieces.js';
import { attacksOf, type Position } from '../position.js';

/** Where each feature's weights start in the weight vector. */
export const MATERIAL = 0;
export const PLACEMENT = MATERIAL + PIECE_TYPES;
/** Where a piece stands from a king: 9 x 9 offsets, seen from the piece's side. */
const OFFSETS = (2 * SIZE - 1) * (2 * SIZE - 1);
export const NEAR_OWN_KING = PLACEMENT + PIECE_TYPES * SQUARES;
export const NEAR_THEIR_KING = NEAR_OWN_KING + PIECE_TYPES * OFFSETS;
export const HAND = NEAR_THEIR_KING + PIECE_TYPES * OFFSETS;
/** Pieces of one kind a hand can hold: a game has two. */
const HAND_PIECES = 2;
export const MOBILITY = HAND + HAND_KINDS * HAND_PIECES;
export const HANGING = MOBILITY + PIECE_TYPES;
/** King safety terms, each a table over a count from 0 to 8 (the king's neighbours). */
const NEIGHBOURS = 9;
export const KING_ATTACKED = HANGING + PIECE_TYPES;
export const KING_ESCAPES = KING_ATTACKED + NEIGHBOURS;
export const KING_GUARDS = KING_ESCAPES + NEIGHBOURS;
export const KING_DROPS = KING_GUARDS + NEIGHBOURS;
export const TEMPO = KING_DROPS + HAND_KINDS;
export const WEIGHT_COUNT = TEMPO + 1;

/** The name of each weight, for the tuner's output. */
export function weightName(i: number): string {
  const types = ['P', 'S', 'G', 'B', 'R', 'K', '+P', '+S', '+B', '+R'];
  if (i < PLACEMENT) return `material ${types[i - MATERIAL]}`;
  if (i < NEAR_OWN_KING)
    return `placement ${types[Math.floor((i - PLACEMENT) / SQUARES)]} ${(i - PLACEMENT) % SQUARES}`;
  if (i < NEAR_THEIR_KING)
    return `from own king ${types[Math.floor((i - NEAR_OWN_KING) / OFFSETS)]} ${offsetName((i - NEAR_OWN_KING) % OFFSETS)}`;
  if (i < HAND)
    return `from their king ${types[Math.floor((i - NEAR_THEIR_KING) / OFFSETS)]} ${offsetName((i - NEAR_THEIR_KING) % OFFSETS)}`;
  if (i < MOBILITY) return `hand ${types[Math.floor((i - HAND) / HAND_PIECES)]} #${((i - HAND) % HAND_PIECES) + 1}`;
  if (i < HANGING) return `mobility ${types[i - MOBILITY]}`;
  if (i < KING_ATTACKED) return `hanging ${types[i - HANGING]}`;
  if (i < KING_ESCAPES) return `king neighbours attacked ${i - KING_ATTACKED}`;
  if (i < KING_GUARDS) return `king escapes ${i - KING_ESCAPES}`;
  if (i < KING_DROPS) return `king guards ${i - KING_GUARDS}`;
  if (i < TEMPO) return `king drop squares x ${types[i - KING_DROPS]} in hand`;
  return 'tempo';
}

const offsetName = (o: number): string =>
  `${Math.floor(o / (2 * SIZE - 1)) - SIZE + 1},${(o % (2 * SIZE - 1)) - SIZE + 1}`;

/**
 * The offset index of a piece on `sq` from a king on `ksq`, rows counted forward for `colour`:
 * rotating the board for player 1 negates both differences.
 */
function offset(sq: number, ksq: number, colour: Colour): number {
  const dr = rowOf(sq) - rowOf(ksq);
  const dc = colOf(sq) - colOf(ksq);
  return colour === 0
    ? (dr + SIZE - 1) * (2 * SIZE - 1) + dc + SIZE - 1
    : (SIZE - 1 - dr) * (2 * SIZE - 1) + SIZE - 1 - dc;
}

/** Piece codes (pieces.ts) are below this. */
const CODES = 32;

/**
 * The weights as the evaluation reads them, each with its side's sign: for each piece code, its
 * material and placement by square, its weight from its own king and from the opponent's by the
 * two squares (indexed `(code * 25 + king) * 25 + square`), its mobility and hanging weights; the
 * pieces in hand by count (indexed `(colour * 5 + kind) * 3 + count`).
 */
interface Tables {
  readonly weights: Int16Array;
  readonly placed: Int32Array;
  readonly nearOwnKing: Int32Array;
  readonly nearTheirKing: Int32Array;
  readonly mobility: Int32Array;
  readonly hanging: Int32Array;
  readonly hand: Int32Array;
}

function tablesOf(w: Int16Array): Tables {
  const placed = new Int32Array(CODES * SQUARES);
  const nearOwnKing = new Int32Array(CODES * SQUARES * SQUARES);
  const nearTheirKing = new Int32Array(CODES * SQUARES * SQUARES);
  const mobility = new Int32Array(CODES);
  const hanging = new Int32Array(CODES);
  const hand = new Int32Array(2 * HAND_KINDS * (HAND_PIECES + 1));
  for (const colour of [0, 1] as const) {
    const sign = colour === 0 ? 1 : -1;
    for (let type = 0; type < PIECE_TYPES; type++) {
      const code = pieceCode(colour, type);
      mobility[code] = sign * w[MOBILITY + type]!;
      hanging[code] = type === KING ? 0 : sign * w[HANGING + type]!;
      for (let sq = 0; sq < SQUARES; sq++) {
        const relative = colour === 0 ? sq : SQUARES - 1 - sq;
        placed[code * SQUARES + sq] = sign * (w[MATERIAL + type]! + w[PLACEMENT + type * SQUARES + relative]!);
        if (type === KING) continue;
        for (let king = 0; king < SQUARES; king++) {
          const at = (code * SQUARES + king) * SQUARES + sq;
          nearOwnKing[at] = sign * w[NEAR_OWN_KING + type * OFFSETS + offset(sq, king, colour)]!;
          nearTheirKing[at] = sign * w[NEAR_THEIR_KING + type * OFFSETS + offset(sq, king, colour)]!;
        }
      }
    }
    for (let kind = 0; kind < HAND_KINDS; kind++) {
      let sum = 0;
      for (let n = 0; n <= HAND_PIECES; n++) {
        hand[(colour * HAND_KINDS + kind) * (HAND_PIECES + 1) + n] = sign * sum;
        sum += n < HAND_PIECES ? w[HAND + kind * HAND_PIECES + n]! : 0;
      }
    }
  }
  return { weights: w, placed, nearOwnKing, nearTheirKing, mobility, hanging, hand };
}

/** The tables of the weights last evaluated with. */
let tables: Tables | null = null;

/**
 * The position's value for the side to move, in the weights' unit (about a hundredth of a pawn).
 * With `trace`, adds each feature's count (player 0 minus player 1) to it, for fitting.
 */
export function evaluate(pos: Position, w: Int16Array, trace: Float64Array | null): number {
  if (trace !== null) return traced(pos, w, trace);
  if (tables === null || tables.weights !== w) tables = tablesOf(w);
  const t = tables;
  const board = pos.board;
  const occupied = pos.occupied;
  const own0 = pos.byColour[0]!;
  const own1 = pos.byColour[1]!;
  const king0 = pos.kings[0]!;
  const king1 = pos.kings[1]!;
  let score = 0;
  // Each side's attacked squares.
  let attacked0 = 0;
  let attacked1 = 0;
  for (let colour = 0; colour < 2; colour++) {
    const own = pos.byColour[colour]!;
    const ownKing = pos.kings[colour]!;
    const theirKing = pos.kings[colour ^ 1]!;
    let attacks = 0;
    for (let pieces = own; pieces; pieces &= pieces - 1) {
      const sq = lsb(pieces);
      const code = board[sq]!;
      const a = attacksOf(typeOfCode(code), colour as Colour, sq, occupied);
      attacks |= a;
      score +=
        t.placed[code * SQUARES + sq]! +
        t.nearOwnKing[(code * SQUARES + ownKing) * SQUARES + sq]! +
        t.nearTheirKing[(code * SQUARES + theirKing) * SQUARES + sq]! +
        t.mobility[code]! * popcount(a & ~own);
    }
    if (colour === 0) attacked0 = attacks;
    else attacked1 = attacks;
  }
  // Hanging pieces (the kings' weights are 0).
  for (let h = (own0 & attacked1 & ~attacked0) | (own1 & attacked0 & ~attacked1); h; h &= h - 1)
    score += t.hanging[board[lsb(h)]!]!;

  const hands = pos.hands;
  for (let i = 0; i < 2 * HAND_KINDS; i++) score += t.hand[i * (HAND_PIECES + 1) + Math.min(hands[i]!, HAND_PIECES)]!;
  // The kings' neighbourhoods. The drop squares are left out: each king attacks all its
  // neighbours, so no neighbour is left undefended and their count is always 0 (see `traced`).
  const zone0 = KING_ATTACKS[king0]!;
  const zone1 = KING_ATTACKS[king1]!;
  score +=
    w[KING_ATTACKED + popcount(zone0 & attacked1)]! +
    w[KING_ESCAPES + popcount(zone0 & ~own0 & ~attacked1)]! +
    w[KING_GUARDS + popcount(zone0 & own0)]! -
    w[KING_ATTACKED + popcount(zone1 & attacked0)]! -
    w[KING_ESCAPES + popcount(zone1 & ~own1 & ~attacked0)]! -
    w[KING_GUARDS + popcount(zone1 & own1)]!;
  // Not `sign * (...)`: for player 1 a score of 0 would be -0 (see core/negate.ts).
  return pos.side === 0 ? score + w[TEMPO]! : w[TEMPO]! - score;
}

/** Each side's attacked squares, filled by `traced`. */
const attacked = new Int32Array(2);
/** Squares attacked by each piece (by square), for mobility and hanging pieces. */
const pieceAttacks = new Int32Array(SQUARES);

/** `evaluate` feature by feature, adding each feature's count to `trace`. */
function traced(pos: Position, w: Int16Array, trace: Float64Array): number {
  const occupied = pos.occupied;
  let score = 0;
  attacked[0] = 0;
  attacked[1] = 0;
  for (let pieces = occupied; pieces; pieces &= pieces - 1) {
    const sq = lsb(pieces);
    const code = pos.board[sq]!;
    const colour = (code >> 4) as Colour;
    const a = attacksOf(typeOfCode(code), colour, sq, occupied);
    pieceAttacks[sq] = a;
    attacked[colour]! |= a;
  }

  for (let pieces = occupied; pieces; pieces &= pieces - 1) {
    const sq = lsb(pieces);
    const code = pos.board[sq]!;
    const type: PieceType = typeOfCode(code);
    const colour = (code >> 4) as Colour;
    const sign = colour === 0 ? 1 : -1;
    const own = pos.byColour[colour]!;
    const relative = colour === 0 ? sq : SQUARES - 1 - sq;
    const mobility = popcount(pieceAttacks[sq]! & ~own);
    const hanging =
      type !== KING && (attacked[colour ^ 1]! & bit(sq)) !== 0 && (attacked[colour]! & bit(sq)) === 0 ? 1 : 0;
    score +=
      sign *
      (w[MATERIAL + type]! +
        w[PLACEMENT + type * SQUARES + relative]! +
        w[MOBILITY + type]! * mobility +
        w[HANGING + type]! * hanging);
    trace[MATERIAL + type]! += sign;
    trace[PLACEMENT + type * SQUARES + relative]! += sign;
    trace[MOBILITY + type]! += sign * mobility;
    trace[HANGING + type]! += sign * hanging;
    if (type !== KING) {
      const nearOwn = NEAR_OWN_KING + type * OFFSETS + offset(sq, pos.kings[colour]!, colour);
      const nearTheirs = NEAR_THEIR_KING + type * OFFSETS + offset(sq, pos.kings[colour ^ 1]!, colour);
      score += sign * (w[nearOwn]! + w[nearTheirs]!);
      trace[nearOwn]! += sign;
      trace[nearTheirs]! += sign;
    }
  }

  for (let colour = 0; colour < 2; colour++) {
    const sign = colour === 0 ? 1 : -1;
    const them = colour ^ 1;
    // Pieces in hand.
    for (let kind = 0; kind < HAND_KINDS; kind++) {
      const n = Math.min(pos.hands[colour * HAND_KINDS + kind]!, HAND_PIECES);
      for (let k = 0; k < n; k++) {
        score += sign * w[HAND + kind * HAND_PIECES + k]!;
        trace[HAND + kind * HAND_PIECES + k]! += sign;
      }
    }
    // The king's neighbourhood.
    const ksq = pos.kings[colour]!;
    const zone = KING_ATTACKS[ksq]!;
    const own = pos.byColour[colour]!;
    const attackedNeighbours = popcount(zone & attacked[them]!);
    const escapes = popcount(zone & ~own & ~attacked[them]!);
    const guards = popcount(zone & own);
    // Always 0, since the king attacks all its neighbours: its weights were never fitted.
    const dropSquares = popcount(zone & ~occupied & ~attacked[colour]!);
    score += sign * (w[KING_ATTACKED + attackedNeighbours]! + w[KING_ESCAPES + escapes]! + w[KING_GUARDS + guards]!);
    trace[KING_ATTACKED + attackedNeighbours]! += sign;
    trace[KING_ESCAPES + escapes]! += sign;
    trace[KING_GUARDS + guards]! += sign;
    for (let kind = 0; kind < HAND_KINDS; kind++) {
      if (pos.hands[them * HAND_KINDS + kind] === 0) continue;
      score += sign * w[KING_DROPS + kind]! * dropSquares;
      trace[KING_DROPS + kind]! += sign * dropSquares;
    }
  }

  const sign = pos.side === 0 ? 1 : -1;
  score += sign * w[TEMPO]!;
  trace[TEMPO]! += sign;
  return sign * score;
}
