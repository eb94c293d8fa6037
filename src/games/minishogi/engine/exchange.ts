/**
 * Static exchange evaluation: what a move wins (what it takes, if anything) once both sides have
 * taken on its square in turn with their least valuable pieces, for as long as it pays. A move or
 * drop to a square the opponent takes for free loses the piece. Drops in answer are left out (a
 * piece dropped to defend is a move of its own), and so is the hand value of what is taken.
 */
import { bit, lsb, SQUARES } from '../board.js';
import { PIECE_TYPES, PROMOTED, typeOfCode } from '../pieces.js';
import type { Position } from '../position.js';

/** The value of each piece type for exchanges and for ordering captures: a pawn is 100, a king more than all. */
export const VALUE = Int16Array.from([100, 400, 450, 550, 650, 10000, 450, 450, 800, 950]);
/** Piece types from the least valuable: pawn, silver, gold, promoted pawn and silver, bishop, rook, horse, dragon, king. */
const CHEAPEST_FIRST = [0, 1, 2, 6, 7, 3, 4, 8, 9, 5] as const;
/** Each type's place in `CHEAPEST_FIRST`. */
const CHEAPNESS = new Int8Array(PIECE_TYPES);
CHEAPEST_FIRST.forEach((type, i) => {
  CHEAPNESS[type] = i;
});

const gains = new Int32Array(32);

/** The material the side to move wins by playing the legal `move`. */
export function exchange(pos: Position, move: number): number {
  const to = move & 31;
  const from = (move >> 5) & 31;
  const drop = from >= SQUARES;
  const before = drop ? from - SQUARES : typeOfCode(pos.board[from]!);
  const mover = move & 1024 ? PROMOTED[before]! : before;
  const target = drop ? 0 : pos.board[to]!;
  gains[0] = (target === 0 ? 0 : VALUE[typeOfCode(target)]!) + VALUE[mover]! - VALUE[before]!;
  let occupied = drop ? pos.occupied | bit(to) : pos.occupied ^ bit(from);
  let side = pos.side ^ 1;
  let onSquare = mover;
  let d = 0;
  for (;;) {
    const attackers = pos.attackers(to, side as 0 | 1, occupied) & occupied;
    if (attackers === 0) break;
    // The least valuable attacker, the lowest square among equals: attackers are few, so each is looked at.
    let attacker = -1;
    let rank = PIECE_TYPES;
    for (let a = attackers; a; a &= a - 1) {
      const sq = lsb(a);
      const r = CHEAPNESS[typeOfCode(pos.board[sq]!)]!;
      if (r < rank) {
        rank = r;
        attacker = sq;
      }
    }
    d++;
    gains[d] = VALUE[onSquare]! - gains[d - 1]!;
    // Neither side need go on when even winning the rest cannot make up for what it stands to lose.
    if (Math.max(-gains[d - 1]!, gains[d]!) < 0) break;
    onSquare = typeOfCode(pos.board[attacker]!);
    occupied ^= bit(attacker);
    side ^= 1;
  }
  for (; d > 0; d--) gains[d - 1] = -Math.max(-gains[d - 1]!, gains[d]!);
  return gains[0]!;
}
