/**
 * The rules of a whole game as Tabula referees it (rules.md says where they differ from the
 * published referee): the engine's moves, plus the hands in capture order, threefold repetition and
 * the 300-move limit. States are values: `play` copies the position.
 */
import { checkSeats, type GameSetup, type Outcome, type Rules, type Seating } from '../../core/game.js';
import { failed, ok, type Result } from '../../core/result.js';
import { type Seat, seat } from '../../core/units.js';
import type { Colour } from './board.js';
import { dropKind, formatAction, isDrop, type Move, moveTo } from './moves.js';
import { HAND_KINDS, type HandKind, letterOf, UNPROMOTED } from './pieces.js';
import type { Position } from './position.js';
import { formatSfen, parseSfen, positionKey, SfenError, START_SFEN } from './sfen.js';
import type { MinishogiSnapshot } from './view.js';

/** The game's name and its table, checked by `initial`. */
export const seating: Seating = { title: 'Minishogi', seats: { min: 2, max: 2 } };

/** The game is drawn once this many moves (of both players together) have been played. */
export const MAX_PLIES = 300;
/** The third occurrence of a position ends the game. */
const REPETITIONS = 3;

export interface MinishogiState {
  /** The position after the moves so far. Never changed: `play` works on a copy. */
  readonly position: Position;
  /** The game's seed: it orders the listed actions and chooses for `random`. */
  readonly seed: number;
  /** Moves played so far. */
  readonly ply: number;
  /** Each player's hand in the order its pieces were captured, as the protocol prints it. */
  readonly hands: readonly [readonly HandKind[], readonly HandKind[]];
  /** The repetition key (`positionKey`) of every position of the game so far, the start included. */
  readonly keys: readonly string[];
  readonly lastMove: Move | null;
  readonly outcome: Outcome | null;
}

const toMove = (state: MinishogiState): Seat => seat(state.position.side);

function initial(setup: GameSetup): MinishogiState {
  return startAt(parseSfen(START_SFEN), 0, setup);
}

function startAt(position: Position, ply: number, setup: GameSetup): MinishogiState {
  checkSeats(seating, setup.seats);
  const hands: [HandKind[], HandKind[]] = [[], []];
  for (const colour of [0, 1] as const) {
    for (let kind = 0; kind < HAND_KINDS; kind++) {
      for (let n = position.handCount(colour, kind as HandKind); n > 0; n--) hands[colour].push(kind as HandKind);
    }
  }
  return { position, seed: setup.seed, ply, hands, keys: [positionKey(position)], lastMove: null, outcome: null };
}

/**
 * The state at an SFEN, for a game started there (an openings file): its move number counts towards
 * the 300, and the game must not be over already (`parseSfen` refuses a side not to move in check).
 */
export function stateAtSfen(sfen: string, setup: GameSetup): Result<MinishogiState> {
  let position: Position;
  try {
    position = parseSfen(sfen);
  } catch (err) {
    if (err instanceof SfenError) return failed(`not an SFEN: ${err.message}`);
    throw err;
  }
  const moveNumber = Number(sfen.trim().split(/\s+/)[3] ?? '1');
  const state = startAt(position, moveNumber - 1, setup);
  const over = outcomeAfter(position, state.ply, 1);
  return over ? failed(`the game is over there: ${over.reason}`) : ok(state);
}

const win = (winner: Colour, reason: string): Outcome => ({
  winner: seat(winner),
  reason,
  scores: winner === 0 ? [1, -1] : [-1, 1],
});

/** The end of the game, checked after every move in the published referee's order. */
function outcomeAfter(position: Position, ply: number, occurrences: number): Outcome | null {
  const mover = position.side;
  const other = (mover ^ 1) as Colour;
  if (position.legalMoves().length === 0)
    return win(
      other,
      position.inCheck() ? `player ${mover} is checkmated` : `player ${mover} has no legal move (stalemate)`,
    );
  if (occurrences >= REPETITIONS) {
    return position.inCheck()
      ? win(mover, `third repetition with player ${mover} in check: player ${other}, who gives check, loses`)
      : win(1, 'third repetition without check: player 0 loses');
  }
  if (ply >= MAX_PLIES) return { winner: null, reason: `${MAX_PLIES} moves played without a result`, scores: [0, 0] };
  return null;
}

/** Plays a move known to be legal. */
function apply(state: MinishogiState, move: Move): MinishogiState {
  const mover = state.position.side;
  const hands: [HandKind[], HandKind[]] = [[...state.hands[0]], [...state.hands[1]]];
  if (isDrop(move)) hands[mover].splice(hands[mover].indexOf(dropKind(move)), 1);
  else {
    const captured = state.position.typeAt(moveTo(move));
    if (captured !== null) hands[mover].push(UNPROMOTED[captured] as HandKind);
  }
  const position = state.position.clone();
  position.make(move);
  const key = positionKey(position);
  const keys = [...state.keys, key];
  const ply = state.ply + 1;
  const occurrences = keys.filter((k) => k === key).length;
  return {
    position,
    seed: state.seed,
    ply,
    hands,
    keys,
    lastMove: move,
    outcome: outcomeAfter(position, ply, occurrences),
  };
}

function play(state: MinishogiState, move: Move): MinishogiState {
  if (state.outcome) throw new Error('the game is over');
  if (!state.position.legalMoves().includes(move))
    throw new Error(`illegal move ${formatAction(move, state.position.side)}`);
  return apply(state, move);
}

function forfeit(state: MinishogiState, s: Seat): MinishogiState {
  if (state.outcome) throw new Error('the game is over');
  return { ...state, outcome: win((s ^ 1) as Colour, `player ${s} forfeits`) };
}

/** A hand as the protocol prints it: letters in capture order, `-` when empty. */
export const handText = (hand: readonly HandKind[], colour: Colour): string =>
  hand.length === 0 ? '-' : hand.map((kind) => letterOf(colour, kind)).join('');

/** The last move in the statement's notation, or null before the first. */
export const lastAction = (state: MinishogiState): string | null =>
  state.lastMove === null ? null : formatAction(state.lastMove, (state.position.side ^ 1) as Colour);

function snapshot(state: MinishogiState): MinishogiSnapshot {
  return {
    sfen: formatSfen(state.position),
    ply: state.ply,
    toMove: toMove(state),
    hands: [handText(state.hands[0], 0), handText(state.hands[1], 1)],
    lastAction: lastAction(state),
    check: state.position.inCheck(),
    outcome: state.outcome,
  };
}

export const rules: Rules<MinishogiState, Move> = {
  initial,
  toMove,
  legalMoves: (state) => (state.outcome ? [] : state.position.legalMoves()),
  play,
  forfeit,
  outcome: (state) => state.outcome,
  snapshot,
};
