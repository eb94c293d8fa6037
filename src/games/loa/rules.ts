/**
 * The rules of Lines of Action as Tabula enforces them (rules.md says how the statement is read).
 * States are immutable values: `play` copies the position, then moves on the copy.
 */
import { checkSeats, type GameSetup, type Outcome, type Rules, type Seating, SetupError } from '../../core/game.js';
import { failed, ok, type Result } from '../../core/result.js';
import { type Seat, seat } from '../../core/units.js';
import {
  BETWEEN_HI,
  BETWEEN_LO,
  columnOf,
  DIRECTION_NAMES,
  DIRECTIONS,
  LINE_KINDS,
  LINE_OF,
  lowestSquare,
  rowOf,
  SIZE,
  SQUARE_COUNT,
  type Square,
  squareAt,
  squareText,
} from './board.js';
import {
  BLACK,
  COLOUR_NAMES,
  type Colour,
  EMPTY,
  fromOf,
  MAX_MOVES,
  type Move,
  moveOf,
  other,
  Position,
  toOf,
  WHITE,
} from './position.js';
import type { LoaSnapshot } from './view.js';

/** The game's name and its table, checked by `initial`. */
export const seating: Seating = { title: 'Lines of Action', seats: { min: 2, max: 2 } };

/** The statement's limit: a game longer than 100 moves is a draw (both sides' moves, rules.md). */
export const DEFAULT_MAX_MOVES = 100;
export const MAX_MOVES_OPTION = 'max-moves';

export interface LoaState {
  /** Never changed once in a state: `play` works on a copy. */
  readonly position: Position;
  /** Moves played so far, both sides. */
  readonly ply: number;
  /** The game is a draw once this many moves are played without a winner. */
  readonly maxMoves: number;
  readonly lastMove: Move | null;
  readonly outcome: Outcome | null;
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** `r1 c1 r2 c2`, as the protocol writes a move. */
export const formatMove = (m: Move): string => `${squareText(fromOf(m))} ${squareText(toOf(m))}`;

/** Reads the `max-moves` option: a whole number of moves, 1 or more. */
export function maxMovesOption(options: Readonly<Record<string, string>>): number {
  const text = options[MAX_MOVES_OPTION];
  if (text === undefined) return DEFAULT_MAX_MOVES;
  if (!/^[0-9]+$/.test(text) || Number(text) < 1 || Number(text) > 1_000_000)
    throw new SetupError(
      `${MAX_MOVES_OPTION} must be a whole number of moves from 1 to 1000000, not ${JSON.stringify(text)}`,
    );
  return Number(text);
}

/** A state at `position`, `ply` moves into the game, with its outcome if it is already decided. */
export function stateAt(position: Position, ply = 0, maxMoves = DEFAULT_MAX_MOVES): LoaState {
  const state: LoaState = { position, ply, maxMoves, lastMove: null, outcome: null };
  return { ...state, outcome: endOf(state, other(position.toMove)) };
}

function initial(setup: GameSetup): LoaState {
  checkSeats(seating, setup.seats);
  return stateAt(Position.start(), 0, maxMovesOption(setup.options));
}

const toMove = (state: LoaState): Seat => seat(state.position.toMove);

/**
 * The end of the game after `mover` moved: a side whose pieces are all connected wins, the mover
 * first when both are; then the move limit; then the side to move having no move.
 */
function endOf(state: LoaState, mover: Colour): Outcome | null {
  const p = state.position;
  const opponent = other(mover);
  const win = (winner: Colour, reason: string): Outcome => ({
    winner: seat(winner),
    reason,
    scores: winner === BLACK ? [1, 0] : [0, 1],
  });
  const connected = (c: Colour) => `${COLOUR_NAMES[c]} has connected its ${plural(p.counts[c]!, 'piece')}`;
  if (p.isConnected(mover)) {
    const both = p.isConnected(opponent) ? ` (and so has ${COLOUR_NAMES[opponent]}: the mover wins)` : '';
    return win(mover, connected(mover) + both);
  }
  if (p.isConnected(opponent)) return win(opponent, connected(opponent));
  if (state.ply >= state.maxMoves)
    return { winner: null, reason: `move limit: ${plural(state.maxMoves, 'move')} without a winner`, scores: [0, 0] };
  if (!p.hasMove()) return { winner: null, reason: `${COLOUR_NAMES[p.toMove]} has no legal move`, scores: [0, 0] };
  return null;
}

function legalMoves(state: LoaState): Move[] {
  if (state.outcome) return [];
  const buffer = new Int32Array(MAX_MOVES);
  return Array.from(buffer.subarray(0, state.position.generate(buffer)), (m) => m as Move);
}

/** The move of the piece on `from` to `to`, or why it is illegal now. */
export function checkMove(state: LoaState, from: Square, to: Square): Result<Move> {
  if (state.outcome) return failed('the game is over');
  const p = state.position;
  const c = p.toMove;
  const at = (sq: Square) => `row ${rowOf(sq)} column ${columnOf(sq)}`;
  const piece = p.squares[from]!;
  if (piece === EMPTY) return failed(`there is no piece at ${at(from)}`);
  if (piece !== c + 1)
    return failed(`the piece at ${at(from)} is ${COLOUR_NAMES[other(c)]}'s, and ${COLOUR_NAMES[c]} is to move`);
  if (from === to) return failed('the piece does not move');
  const dr = rowOf(to) - rowOf(from);
  const dc = columnOf(to) - columnOf(from);
  if (dr !== 0 && dc !== 0 && Math.abs(dr) !== Math.abs(dc))
    return failed(`${at(to)} is not on a row, column or diagonal through ${at(from)}`);
  const steps = Math.max(Math.abs(dr), Math.abs(dc));
  const d = DIRECTIONS.findIndex(([r, k]) => r === Math.sign(dr) && k === Math.sign(dc));
  const pieces = p.lineCounts[LINE_OF[from * 4 + (d & 3)]!]!;
  if (steps !== pieces)
    return failed(
      `the piece at ${at(from)} must move ${plural(pieces, 'square')} ${DIRECTION_NAMES[d]}, not ${steps}: its ${LINE_KINDS[d & 3]} holds ${plural(pieces, 'piece')}`,
    );
  if (p.squares[to] === piece) return failed(`${at(to)} holds one of ${COLOUR_NAMES[c]}'s own pieces`);
  const between = from * SQUARE_COUNT + to;
  const blockLo = BETWEEN_LO[between]! & p.lo[other(c)]!;
  const blockHi = BETWEEN_HI[between]! & p.hi[other(c)]!;
  if (blockLo !== 0 || blockHi !== 0) {
    const blocker = blockLo !== 0 ? lowestSquare(blockLo, 0) : lowestSquare(blockHi, 32);
    return failed(`the move jumps over ${COLOUR_NAMES[other(c)]}'s piece at ${at(blocker)}`);
  }
  return ok(moveOf(from, to));
}

function play(state: LoaState, m: Move): LoaState {
  const checked = checkMove(state, fromOf(m), toOf(m));
  if (!checked.ok) throw new Error(`illegal move ${formatMove(m)}: ${checked.error}`);
  const position = state.position.clone();
  const mover = position.toMove;
  position.make(m);
  const next: LoaState = { position, ply: state.ply + 1, maxMoves: state.maxMoves, lastMove: m, outcome: null };
  return { ...next, outcome: endOf(next, mover) };
}

function forfeit(state: LoaState, s: Seat): LoaState {
  if (state.outcome) throw new Error('the game is over');
  const scores = s === BLACK ? [-1, 1] : [1, -1];
  return { ...state, outcome: { winner: seat(1 - s), reason: `${COLOUR_NAMES[s]} forfeits`, scores } };
}

/** The board as 8 strings, row 1 first: `b` black, `w` white, `.` empty. */
export function boardRows(p: Position): string[] {
  const rows: string[] = [];
  for (let r = 1; r <= SIZE; r++) {
    let row = '';
    for (let c = 1; c <= SIZE; c++) row += '.bw'[p.squares[squareAt(r, c)]!];
    rows.push(row);
  }
  return rows;
}

function snapshot(state: LoaState): LoaSnapshot {
  return {
    ply: state.ply,
    toMove: state.position.toMove,
    board: boardRows(state.position),
    pieces: [state.position.counts[BLACK]!, state.position.counts[WHITE]!],
    lastMove: state.lastMove === null ? null : formatMove(state.lastMove),
    maxMoves: state.maxMoves,
    outcome: state.outcome,
  };
}

export const rules: Rules<LoaState, Move> = {
  initial,
  toMove,
  legalMoves,
  play,
  forfeit,
  outcome: (state) => state.outcome,
  snapshot,
};

/**
 * A position in Tabula's notation: the 8 rows from row 1, separated by `/`, each 8 characters
 * `b`, `w` or `.`, then a space and the side to move, `b` or `w`. The start is
 * `.bbbbbb./w......w/w......w/w......w/w......w/w......w/w......w/.bbbbbb. b`.
 */
export function parsePosition(text: string): Position {
  const match = /^([bw./]+) ([bw])$/.exec(text.trim());
  if (!match)
    throw new SetupError(
      `a position is 8 rows of b, w and . separated by /, a space, then b or w to move: ${JSON.stringify(text)}`,
    );
  const rows = match[1]!.split('/');
  if (rows.length !== SIZE) throw new SetupError(`a position has 8 rows, not ${rows.length}`);
  const p = new Position();
  for (const [i, row] of rows.entries()) {
    if (row.length !== SIZE)
      throw new SetupError(`row ${i + 1} has ${row.length} squares, not 8: ${JSON.stringify(row)}`);
    for (const [j, ch] of [...row].entries()) {
      if (ch === '.') continue;
      const c = ch === 'b' ? BLACK : WHITE;
      if (p.counts[c] === 12) throw new SetupError(`${COLOUR_NAMES[c]} has more than 12 pieces`);
      p.put(squareAt(i + 1, j + 1), c);
    }
  }
  for (const c of [BLACK, WHITE] as const)
    if (p.counts[c] === 0) throw new SetupError(`${COLOUR_NAMES[c]} has no piece`);
  p.toMove = match[2] === 'b' ? BLACK : WHITE;
  return p;
}

/** Whether the game is over at `p` by connection (perft's test: the move limit does not apply). */
const decided = (p: Position): boolean => p.isConnected(BLACK) || p.isConnected(WHITE);

/**
 * The number of move sequences of `depth` moves from `p` (the leaves of the legal-move tree): a
 * decided position has no moves. The move limit does not apply. `p` is restored before returning.
 */
export function perft(p: Position, depth: number): number {
  if (depth === 0 || decided(p)) return depth === 0 ? 1 : 0;
  const buffers = Array.from({ length: depth }, () => new Int32Array(MAX_MOVES));
  return leaves(p, depth, buffers);
}

function leaves(p: Position, depth: number, buffers: readonly Int32Array[]): number {
  const moves = buffers[depth - 1]!;
  const n = p.generate(moves);
  if (depth === 1) return n;
  const mover = p.toMove;
  let total = 0;
  for (let i = 0; i < n; i++) {
    const m = moves[i]! as Move;
    const captured = p.make(m);
    // Only the mover's pieces moved, and the opponent's changed only by a capture.
    const over = p.moverConnected(m) || (captured !== EMPTY && p.isConnected(other(mover)));
    if (!over) total += leaves(p, depth - 1, buffers);
    p.unmake(m, captured);
  }
  return total;
}

/** Each legal move from `p` with the leaves under it at `depth` (`depth` 1 or more). */
export function divide(p: Position, depth: number): { move: Move; count: number }[] {
  if (decided(p)) return [];
  const moves = new Int32Array(MAX_MOVES);
  const n = p.generate(moves);
  return Array.from(moves.subarray(0, n), (m) => {
    const captured = p.make(m as Move);
    const count = perft(p, depth - 1);
    p.unmake(m as Move, captured);
    return { move: m as Move, count };
  });
}
