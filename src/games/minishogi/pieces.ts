/** Piece types, their promotions and their letters. */
import type { Colour } from './board.js';

/** Piece types. The first five are also the kinds a hand holds, in this order. */
export const PAWN = 0;
export const SILVER = 1;
export const GOLD = 2;
export const BISHOP = 3;
export const ROOK = 4;
export const KING = 5;
export const TOKIN = 6;
export const PROMOTED_SILVER = 7;
export const HORSE = 8;
export const DRAGON = 9;
export const PIECE_TYPES = 10;

export type PieceType = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
/** What a hand holds: pawn, silver, gold, bishop, rook. */
export type HandKind = 0 | 1 | 2 | 3 | 4;
export const HAND_KINDS = 5;

/** The promoted type of each type, -1 for those that do not promote. */
export const PROMOTED = Int8Array.from([TOKIN, PROMOTED_SILVER, -1, HORSE, DRAGON, -1, -1, -1, -1, -1]);
/** The type a captured piece goes to its captor's hand as. */
export const UNPROMOTED = Int8Array.from([PAWN, SILVER, GOLD, BISHOP, ROOK, KING, PAWN, SILVER, BISHOP, ROOK]);

/** Player 0's letters; player 1 writes them in lower case. */
const LETTERS = ['P', 'S', 'G', 'B', 'R', 'K', '+P', '+S', '+B', '+R'] as const;
export const NAMES = [
  'pawn',
  'silver',
  'gold',
  'bishop',
  'rook',
  'king',
  'promoted pawn',
  'promoted silver',
  'horse',
  'dragon',
] as const;

export const letterOf = (colour: Colour, type: number): string =>
  colour === 0 ? LETTERS[type]! : LETTERS[type]!.toLowerCase();

/** The type and colour a letter (with its `+`) stands for, or null. */
export function pieceOfLetter(letter: string): { readonly type: PieceType; readonly colour: Colour } | null {
  const type = LETTERS.indexOf(letter.toUpperCase() as (typeof LETTERS)[number]);
  if (type < 0) return null;
  return { type: type as PieceType, colour: letter === letter.toUpperCase() ? 0 : 1 };
}

/** A square's content on the board: 0 when empty, else `colour << 4 | (type + 1)`. */
export const pieceCode = (colour: Colour, type: number): number => (colour << 4) | (type + 1);
export const typeOfCode = (code: number): PieceType => ((code & 15) - 1) as PieceType;
export const colourOfCode = (code: number): Colour => (code >> 4) as Colour;
