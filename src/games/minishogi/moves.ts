/**
 * Moves packed in integers, and their two notations: the statement's actions (`4534`, `1425+`,
 * `G*33`) and USI (`4e3d`, `1d2e+`, `G*3c`), which differ only in writing ranks as letters.
 */
import { type Colour, fileOf, rankOf, SQUARES, type Square, squareAt } from './board.js';
import { HAND_KINDS, type HandKind, letterOf, pieceOfLetter } from './pieces.js';

declare const moveBrand: unique symbol;
/**
 * Bits 0-4: the target square; bits 5-9: the origin square, or 25 + the hand kind for a drop;
 * bit 10: promotion.
 */
export type Move = number & { readonly [moveBrand]: true };

const PROMOTE = 1 << 10;

export const boardMove = (from: number, to: number, promote: boolean): Move =>
  (to | (from << 5) | (promote ? PROMOTE : 0)) as Move;
export const dropMove = (kind: number, to: number): Move => (to | ((SQUARES + kind) << 5)) as Move;
export const moveTo = (m: Move): Square => (m & 31) as Square;
/** The origin square; meaningless for a drop. */
export const moveFrom = (m: Move): Square => ((m >> 5) & 31) as Square;
export const isDrop = (m: Move): boolean => ((m >> 5) & 31) >= SQUARES;
/** The kind a drop takes from the hand; meaningless for a board move. */
export const dropKind = (m: Move): HandKind => (((m >> 5) & 31) - SQUARES) as HandKind;
export const isPromotion = (m: Move): boolean => (m & PROMOTE) !== 0;

const RANK_LETTERS = 'abcde';
const squareText = (sq: Square): string => `${fileOf(sq)}${rankOf(sq)}`;
const usiSquare = (sq: Square): string => `${fileOf(sq)}${RANK_LETTERS[rankOf(sq) - 1]}`;

/** The statement's action: `4534`, `1425+`, or a drop in the mover's case, `G*33` or `p*24`. */
export function formatAction(m: Move, mover: Colour): string {
  if (isDrop(m)) return `${letterOf(mover, dropKind(m))}*${squareText(moveTo(m))}`;
  return `${squareText(moveFrom(m))}${squareText(moveTo(m))}${isPromotion(m) ? '+' : ''}`;
}

export function formatUsi(m: Move): string {
  if (isDrop(m)) return `${letterOf(0, dropKind(m))}*${usiSquare(moveTo(m))}`;
  return `${usiSquare(moveFrom(m))}${usiSquare(moveTo(m))}${isPromotion(m) ? '+' : ''}`;
}

/** Reads a square's file and rank characters, or null when either is not 1..5 (or a..e for USI ranks). */
function readSquare(file: string, rank: string, usi: boolean): Square | null {
  const f = '12345'.indexOf(file);
  const r = (usi ? RANK_LETTERS : '12345').indexOf(rank);
  return f < 0 || r < 0 ? null : squareAt(f + 1, r + 1);
}

function read(text: string, usi: boolean): Move | null {
  const drop = /^([A-Za-z])\*(.)(.)$/.exec(text);
  if (drop) {
    const piece = pieceOfLetter(drop[1]!);
    const to = readSquare(drop[2]!, drop[3]!, usi);
    return piece === null || piece.type >= HAND_KINDS || to === null ? null : dropMove(piece.type, to);
  }
  const step = /^(.)(.)(.)(.)(\+?)$/.exec(text);
  if (!step) return null;
  const from = readSquare(step[1]!, step[2]!, usi);
  const to = readSquare(step[3]!, step[4]!, usi);
  return from === null || to === null ? null : boardMove(from, to, step[5] === '+');
}

/**
 * Reads the statement's notation, in either case, as a move of some piece: whether it is legal is
 * for the position to say. Null when it is not written as an action.
 */
export const parseAction = (text: string): Move | null => read(text, false);

/** Reads a USI move (`7g7f`, `P*5e`, promotion `+`), or null. USI drops are written in upper case. */
export const parseUsi = (text: string): Move | null => (/^[a-z]\*/.test(text) ? null : read(text, true));
