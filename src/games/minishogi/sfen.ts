/** SFEN, the shogi position notation: `rbsgk/4p/5/P4/KGSBR b - 1` is the start. */
import { COLUMN, type Colour, LAST_ROW, popcount, SIZE, square } from './board.js';
import { HAND_KINDS, type HandKind, KING, letterOf, PAWN, PIECE_TYPES, pieceOfLetter, UNPROMOTED } from './pieces.js';
import { Position } from './position.js';

export const START_SFEN = 'rbsgk/4p/5/P4/KGSBR b - 1';

/** A text that is not the SFEN of a minishogi position; the message says what is wrong. */
export class SfenError extends Error {
  override readonly name = 'SfenError';
}

/** Hand kinds in the order SFEN writes them: rook, bishop, gold, silver, pawn. */
const HAND_ORDER: readonly HandKind[] = [4, 3, 2, 1, 0];
/** Of each kind (a promoted piece counting as its original), a game has two. */
const PIECES_PER_KIND = 2;

/** Reads an SFEN (the move number may be left out); throws `SfenError` saying what is wrong. */
export function parseSfen(text: string): Position {
  const fields = text.trim().split(/\s+/);
  if (fields.length < 3 || fields.length > 4)
    throw new SfenError(`expected 3 or 4 fields (board, side to move, hands, move number), got ${fields.length}`);
  const [board, side, hands, moveNumber = '1'] = fields as [string, string, string, string?];
  const pos = new Position();
  readBoard(pos, board);
  if (side !== 'b' && side !== 'w') throw new SfenError(`the side to move is "b" or "w", not ${JSON.stringify(side)}`);
  pos.setSide(side === 'b' ? 0 : 1);
  readHands(pos, hands);
  if (!/^[0-9]{1,6}$/.test(moveNumber) || Number(moveNumber) < 1)
    throw new SfenError(`the move number is a positive integer, not ${JSON.stringify(moveNumber)}`);
  pos.moveNumber = Number(moveNumber);
  validate(pos);
  return pos;
}

function readBoard(pos: Position, board: string): void {
  const ranks = board.split('/');
  if (ranks.length !== SIZE) throw new SfenError(`the board has ${ranks.length} ranks, not ${SIZE}`);
  ranks.forEach((text, i) => {
    const row = SIZE - 1 - i;
    let col = 0;
    for (let k = 0; k < text.length; k++) {
      const c = text[k]!;
      if (c >= '1' && c <= '9') {
        col += Number(c);
        continue;
      }
      const letter = c === '+' ? c + (text[++k] ?? '') : c;
      const piece = pieceOfLetter(letter);
      if (piece === null) throw new SfenError(`rank ${i + 1}: ${JSON.stringify(letter)} is not a minishogi piece`);
      if (col >= SIZE) throw new SfenError(`rank ${i + 1} (${JSON.stringify(text)}) has more than ${SIZE} squares`);
      pos.put(square(row * SIZE + col), piece.colour, piece.type);
      col++;
    }
    if (col !== SIZE) throw new SfenError(`rank ${i + 1} (${JSON.stringify(text)}) has ${col} squares, not ${SIZE}`);
  });
}

function readHands(pos: Position, hands: string): void {
  if (hands === '-') return;
  if (!/^([0-9]*[A-Za-z])+$/.test(hands))
    throw new SfenError(`hands are "-" or counts and letters such as "2Pg", not ${JSON.stringify(hands)}`);
  for (const [, count, letter] of hands.matchAll(/([0-9]*)([A-Za-z])/g)) {
    const piece = pieceOfLetter(letter!);
    if (piece === null || piece.type >= HAND_KINDS)
      throw new SfenError(`a hand holds P, S, G, B or R, not ${JSON.stringify(letter)}`);
    const n = count === '' ? 1 : Number(count);
    const kind = piece.type as HandKind;
    pos.setHandCount(piece.colour, kind, Math.min(pos.handCount(piece.colour, kind) + n, 99));
  }
}

/** Refuses what no game can reach and the engine cannot play: a missing king, a capturable king, ... */
function validate(pos: Position): void {
  const total = new Array<number>(PIECE_TYPES).fill(0);
  for (let type = 0; type < PIECE_TYPES; type++) total[UNPROMOTED[type]!]! += popcount(pos.byType[type]!);
  for (const colour of [0, 1] as const) {
    for (let kind = 0; kind < HAND_KINDS; kind++) total[kind]! += pos.handCount(colour, kind as HandKind);
    const kings = popcount(pos.pieces(colour, KING));
    if (kings !== 1) throw new SfenError(`player ${colour} has ${kings} kings, not 1`);
    const pawns = pos.pieces(colour, PAWN);
    if (pawns & LAST_ROW[colour]) throw new SfenError(`player ${colour} has an unpromoted pawn on its last rank`);
    for (const column of COLUMN)
      if (popcount(pawns & column) > 1) throw new SfenError(`player ${colour} has two unpromoted pawns on one file`);
  }
  total.forEach((n, kind) => {
    if (n > PIECES_PER_KIND)
      throw new SfenError(`${n} pieces of the ${letterOf(0, kind)} kind, where a game has ${PIECES_PER_KIND}`);
  });
  const waiting = (pos.side ^ 1) as Colour;
  if (pos.attackers(pos.kings[waiting]!, pos.side, pos.occupied) !== 0)
    throw new SfenError(`player ${waiting}'s king is in check with player ${pos.side} to move`);
}

function boardText(pos: Position): string {
  const ranks: string[] = [];
  for (let row = SIZE - 1; row >= 0; row--) {
    let text = '';
    let empty = 0;
    for (let col = 0; col < SIZE; col++) {
      const sq = square(row * SIZE + col);
      const type = pos.typeAt(sq);
      if (type === null) {
        empty++;
        continue;
      }
      if (empty > 0) text += empty;
      empty = 0;
      text += letterOf(pos.colourAt(sq)!, type);
    }
    ranks.push(empty > 0 ? text + empty : text);
  }
  return ranks.join('/');
}

function handsText(pos: Position): string {
  let text = '';
  for (const colour of [0, 1] as const) {
    for (const kind of HAND_ORDER) {
      const n = pos.handCount(colour, kind);
      if (n > 0) text += (n > 1 ? n : '') + letterOf(colour, kind);
    }
  }
  return text || '-';
}

/** What the threefold-repetition rule compares: the board, the side to move and the hands. */
export function positionKey(pos: Position): string {
  return `${boardText(pos)} ${pos.side === 0 ? 'b' : 'w'} ${handsText(pos)}`;
}

export function formatSfen(pos: Position): string {
  return `${positionKey(pos)} ${pos.moveNumber}`;
}
