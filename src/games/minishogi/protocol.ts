/**
 * The statement's protocol, referee side: the lines a player reads each turn and the reading of its
 * answer. The bot side, reading those lines back, is input.ts.
 */
import type { Answer, Protocol } from '../../core/game.js';
import { failed, ok, type Result } from '../../core/result.js';
import { deriveSeed, Rng } from '../../core/rng.js';
import type { Seat } from '../../core/units.js';
import { bit, COLUMN, type Colour, colOf, fileOf, LAST_ROW, rankOf, SIZE, type Square, square } from './board.js';
import {
  boardMove,
  dropKind,
  formatAction,
  isDrop,
  isPromotion,
  type Move,
  moveFrom,
  moveTo,
  parseAction,
} from './moves.js';
import { letterOf, NAMES, PAWN, PROMOTED } from './pieces.js';
import { attacksOf, type Position } from './position.js';
import { handText, lastAction, type MinishogiState, rules } from './rules.js';

/** Seeds for the two random choices of a turn, derived from the game's seed and the move number. */
const LISTING = 0;
const RANDOM_ACTION = 1;
const rngFor = (state: MinishogiState, use: number): Rng => new Rng(deriveSeed(state.seed, 2 * state.ply + use));

/** The legal actions in the order the turn input lists them: shuffled, as published, but by the game's seed. */
export function listedActions(state: MinishogiState): string[] {
  const mover = state.position.side;
  const actions = rules.legalMoves(state).map((m) => formatAction(m, mover));
  const rng = rngFor(state, LISTING);
  for (let i = actions.length - 1; i > 0; i--) {
    const j = rng.below(i + 1);
    [actions[i], actions[j]] = [actions[j]!, actions[i]!];
  }
  return actions;
}

/** The board, top row first; a promoted piece takes two characters (`+B`), so lines vary in length. */
export function boardLines(position: Position): string[] {
  const lines: string[] = [];
  for (let row = SIZE - 1; row >= 0; row--) {
    let line = '';
    for (let col = 0; col < SIZE; col++) {
      const sq = square(row * SIZE + col);
      const type = position.typeAt(sq);
      line += type === null ? '.' : letterOf(position.colourAt(sq)!, type);
    }
    lines.push(line);
  }
  return lines;
}

function turnInput(state: MinishogiState, s: Seat, firstTurn: boolean): string[] {
  if (s !== rules.toMove(state)) throw new Error(`it is not player ${s}'s turn`);
  const actions = listedActions(state);
  return [
    ...(firstTurn ? [String(s), String(SIZE)] : []),
    ...boardLines(state.position),
    handText(state.hands[0], 0),
    handText(state.hands[1], 1),
    lastAction(state) ?? 'none',
    String(actions.length),
    ...actions,
  ];
}

const squareName = (sq: Square): string => `${fileOf(sq)}${rankOf(sq)}`;

/**
 * Why `m`, written as an action but not among the legal ones, is illegal: the first rule it breaks,
 * in the order a player would check them.
 */
export function whyIllegal(position: Position, m: Move): string {
  const us = position.side;
  const to = moveTo(m);
  if (isDrop(m)) {
    const kind = dropKind(m);
    if (position.handCount(us, kind) === 0) return `you have no ${NAMES[kind]} in hand`;
    if (position.typeAt(to) !== null) return `square ${squareName(to)} is not empty`;
    if (kind === PAWN && LAST_ROW[us] & bit(to)) return `a pawn may not be dropped on its last rank`;
    if (kind === PAWN && position.pieces(us, PAWN) & COLUMN[colOf(to)]!)
      return `you already have an unpromoted pawn on file ${fileOf(to)}`;
  } else {
    const from = moveFrom(m);
    const type = position.typeAt(from);
    if (type === null) return `square ${squareName(from)} is empty`;
    const name = NAMES[type];
    if (position.colourAt(from) !== us) return `the ${name} on ${squareName(from)} is your opponent's`;
    const target = position.typeAt(to);
    if (target !== null && position.colourAt(to) === us)
      return `square ${squareName(to)} holds your own ${NAMES[target]}`;
    if ((attacksOf(type, us, from, position.occupied) & bit(to)) === 0)
      return `your ${name} on ${squareName(from)} cannot move to ${squareName(to)}`;
    const zone = LAST_ROW[us];
    if (isPromotion(m)) {
      if (PROMOTED[type]! < 0) return `a ${name} cannot promote`;
      if (((bit(from) | bit(to)) & zone) === 0)
        return `a piece promotes only when it moves into, within or out of its last rank (rank ${us === 0 ? 1 : SIZE})`;
    } else if (type === PAWN && zone & bit(to)) {
      return `a pawn reaching its last rank must promote: ${formatAction(boardMove(from, to, true), us)}`;
    }
  }
  const after = position.clone();
  after.make(m);
  if (after.attackers(after.kings[us]!, (us ^ 1) as Colour, after.occupied) !== 0)
    return 'it leaves your king in check';
  // A pawn drop that is otherwise legal is refused only for giving mate.
  return 'a pawn drop may not give checkmate';
}

/** Java's `String.trim()`: every character up to U+0020 at either end, control characters included. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: Java's trim removes control characters, so this must too.
const javaTrim = (text: string): string => text.replace(/^[\x00-\x20]+|[\x00-\x20]+$/g, '');

function parseOutput(state: MinishogiState, s: Seat, line: string): Result<Answer<Move>> {
  if (s !== rules.toMove(state)) throw new Error(`it is not player ${s}'s turn`);
  const text = javaTrim(line);
  const space = text.indexOf(' ');
  const action = space < 0 ? text : text.slice(0, space);
  const comment = space < 0 ? '' : text.slice(space + 1).trim();
  const withComment = (move: Move): Result<Answer<Move>> => ok(comment === '' ? { move } : { move, comment });
  if (action === '') return failed('empty line: expected an action');

  const legal = rules.legalMoves(state);
  if (action.toLowerCase() === 'random') return withComment(rngFor(state, RANDOM_ACTION).pick(legal));
  const move = parseAction(action);
  if (move === null) {
    return failed(
      `${JSON.stringify(action)} is not an action: expected a move such as 4534 or 1425+ (file and rank from 1 to 5), a drop such as G*33, or random`,
    );
  }
  if (legal.includes(move)) return withComment(move);
  return failed(`illegal action: ${whyIllegal(state.position, move)}`);
}

export const protocol: Protocol<MinishogiState, Move> = { turnInput, parseOutput };
