/**
 * The rules of Nine Men's Morris as Tabula enforces them (rules.md says where they differ from the
 * published referee). A state is a small immutable value: each side's stones as a mask of points.
 */
import {
  fieldName,
  isAdjacent,
  LINE_MASKS,
  LINES,
  LINES_THROUGH,
  type Line,
  NEIGHBOURS,
  type Point,
} from '../../boards/morris.js';
import { millTargets, popcount, takable } from '../../boards/morris-engine/bitboard.js';
import { moveFrom, moveTake1, moveTo, NONE, type PackedMove, packMove } from '../../boards/morris-engine/moves.js';
import { checkSeats, type GameSetup, type Outcome, type Rules, type Seating } from '../../core/game.js';
import { failed, ok, type Result } from '../../core/result.js';
import { type Seat, seat } from '../../core/units.js';
import { FIELD_ORDER } from './board.js';
import {
  countMoves,
  generate,
  LOSING_LOSSES,
  MAX_MOVES,
  type Phase,
  type Sides,
  STONES,
  phaseOf as sidePhase,
  TURN_LIMIT,
} from './position.js';
import type { MorrisSnapshot } from './view.js';

/** The game's name and its table, checked by `initial`. */
export const seating: Seating = { title: "Nine Men's Morris", seats: { min: 2, max: 2 } };

export type { Phase };

/** A command: `PLACE` or `MOVE`, with the opponent's stone it takes when it closes a mill. */
export type MorrisMove =
  | { readonly kind: 'PLACE'; readonly to: Point; readonly take: Point | null }
  | { readonly kind: 'MOVE'; readonly from: Point; readonly to: Point; readonly take: Point | null };

export interface MorrisState {
  /** Each seat's stones on the board, as a mask of points. */
  readonly stones: readonly [number, number];
  /** How many stones each seat has placed, of 9. */
  readonly placed: readonly [number, number];
  /** Commands played so far, both players together; seat `ply % 2` moves next. */
  readonly ply: number;
  readonly lastMove: MorrisMove | null;
  readonly outcome: Outcome | null;
}

/** Scores as the published referee gives them. */
const WIN = 5;
const LOSS = 0;
const DRAW = 2;
const FORFEIT = -1;

const toMove = (state: MorrisState): Seat => seat(state.ply % 2);
const opponentOf = (s: Seat): Seat => seat(1 - s);
const has = (mask: number, p: Point): boolean => ((mask >>> p) & 1) === 1;
const bit = (p: Point): number => 1 << p;

/** The stones `s` has lost to mills. */
export const lostBy = (state: MorrisState, s: Seat): number => state.placed[s]! - popcount(state.stones[s]!);
export const phaseOf = (state: MorrisState, s: Seat): Phase => sidePhase(state.stones[s]!, state.placed[s]!);
/** The position from the view of the player to move, for the move counter. */
export function sidesOf(state: MorrisState): Sides {
  const s = toMove(state);
  const o = opponentOf(s);
  return {
    own: state.stones[s]!,
    opp: state.stones[o]!,
    ownPlaced: state.placed[s]!,
    oppPlaced: state.placed[o]!,
    ply: state.ply,
  };
}

/** A command packed for the fast position (position.ts), and back. */
export const packCommand = (move: MorrisMove): PackedMove =>
  packMove(move.kind === 'PLACE' ? NONE : move.from, move.to, move.take ?? NONE);
export function unpackCommand(m: PackedMove): MorrisMove {
  const take = moveTake1(m) === NONE ? null : (moveTake1(m) as Point);
  const to = moveTo(m) as Point;
  return moveFrom(m) === NONE ? { kind: 'PLACE', to, take } : { kind: 'MOVE', from: moveFrom(m) as Point, to, take };
}

/** The statement's name of a move's command. */
export const commandOf = (move: MorrisMove): string => (move.take === null ? move.kind : `${move.kind}&TAKE`);

/** The command line for a move: `PLACE;X`, `PLACE&TAKE;X;Y`, `MOVE;X;Y` or `MOVE&TAKE;X;Y;Z`. */
export function formatMove(move: MorrisMove): string {
  const fields = move.kind === 'PLACE' ? [move.to] : [move.from, move.to];
  if (move.take !== null) fields.push(move.take);
  return [commandOf(move), ...fields.map(fieldName)].join(';');
}

function initial(setup: GameSetup): MorrisState {
  checkSeats(seating, setup.seats);
  return { stones: [0, 0], placed: [0, 0], ply: 0, lastMove: null, outcome: null };
}

/** Scratch room for `generate`: the rules are synchronous, so one buffer serves every call. */
const scratch = new Int32Array(MAX_MOVES);

/** All legal commands, in the order the protocol lists them (see `generate`). */
function legalMoves(state: MorrisState): MorrisMove[] {
  if (state.outcome) return [];
  const { own, opp, ownPlaced } = sidesOf(state);
  const n = generate(own, opp, ownPlaced, scratch);
  const moves: MorrisMove[] = [];
  for (let i = 0; i < n; i++) {
    moves.push(unpackCommand(scratch[i]!));
  }
  return moves;
}

const lineName = (line: Line): string => line.map(fieldName).sort().join('-');
const fieldList = (mask: number): string =>
  FIELD_ORDER.filter((p) => has(mask, p))
    .map(fieldName)
    .join(', ');

/** The line through `p` filled by `side`'s stones, if any. */
function lineFilled(side: number, p: Point): Line | undefined {
  const i = LINES_THROUGH[p]!.find((l) => (side & LINE_MASKS[l]!) === LINE_MASKS[l]!);
  return i === undefined ? undefined : LINES[i];
}

/** What stands on `p`, from the view of `s`. */
function occupant(state: MorrisState, s: Seat, p: Point): string {
  if (has(state.stones[s]!, p)) return 'your stone is there';
  return has(state.stones[opponentOf(s)]!, p) ? "the opponent's stone is there" : 'it is empty';
}

/** `move`, when it is a legal command now, or why it is not, in words. */
export function checkMove(state: MorrisState, move: MorrisMove): Result<MorrisMove> {
  if (state.outcome) return failed('the game is over');
  const s = toMove(state);
  const own = state.stones[s]!;
  const opp = state.stones[opponentOf(s)]!;
  const placed = state.placed[s]!;
  const phase = phaseOf(state, s);
  if (move.kind === 'PLACE' && phase !== 'placing')
    return failed(`all ${STONES} of your stones are placed: the command must be MOVE or MOVE&TAKE`);
  if (move.kind === 'MOVE' && phase === 'placing')
    return failed(
      `${placed} of your ${STONES} stones are placed: the command must be PLACE or PLACE&TAKE until all are`,
    );

  const to = fieldName(move.to);
  if (move.kind === 'MOVE' && !has(own, move.from))
    return failed(`${fieldName(move.from)} holds no stone of yours (${occupant(state, s, move.from)})`);
  if (!has(~(own | opp), move.to)) return failed(`${to} is not free (${occupant(state, s, move.to)})`);
  if (move.kind === 'MOVE' && phase === 'moving' && !isAdjacent(move.from, move.to)) {
    const neighbours = NEIGHBOURS[move.from]!.map(fieldName).sort().join(', ');
    return failed(
      `${to} is not adjacent to ${fieldName(move.from)} (its neighbours: ${neighbours}); only a player down to 3 stones flies`,
    );
  }

  const rest = move.kind === 'MOVE' ? own & ~bit(move.from) : own;
  const closes = has(millTargets(rest), move.to);
  if (closes !== (move.take !== null)) {
    const arriving = move.kind === 'PLACE' ? `placing on ${to}` : `moving to ${to}`;
    return failed(
      closes
        ? `${arriving} closes the mill ${lineName(lineFilled(rest | bit(move.to), move.to)!)}: the command must be ${move.kind}&TAKE, naming a stone to take`
        : `${arriving} closes no mill: the command must be ${move.kind}, without a take`,
    );
  }
  if (move.take !== null) {
    const take = fieldName(move.take);
    if (!has(opp, move.take))
      return failed(`${take} holds no stone of the opponent to take (${occupant(state, s, move.take)})`);
    if (!has(takable(opp), move.take))
      return failed(
        `the opponent's stone on ${take} is in the mill ${lineName(lineFilled(opp, move.take)!)}: take one outside a mill (${fieldList(takable(opp))})`,
      );
  }
  return ok(move);
}

/** The end of the game after `mover`'s command, checked in the published referee's order of precedence. */
function outcomeAfter(state: MorrisState, mover: Seat): Outcome | null {
  const o = opponentOf(mover);
  const won = (reason: string): Outcome => ({ winner: mover, reason, scores: mover === 0 ? [WIN, LOSS] : [LOSS, WIN] });
  if (lostBy(state, o) >= LOSING_LOSSES) return won(`player ${o} is down to ${STONES - lostBy(state, o)} stones`);
  if (countMoves(state.stones[o]!, state.stones[mover]!, state.placed[o]!) === 0) return won(`player ${o} cannot move`);
  if (state.ply >= TURN_LIMIT) return { winner: null, reason: `draw after ${TURN_LIMIT} turns`, scores: [DRAW, DRAW] };
  return null;
}

/** Plays a move known to be legal. */
function apply(state: MorrisState, move: MorrisMove): MorrisState {
  const s = toMove(state);
  const own = (move.kind === 'MOVE' ? state.stones[s]! & ~bit(move.from) : state.stones[s]!) | bit(move.to);
  const opp = move.take === null ? state.stones[opponentOf(s)]! : state.stones[opponentOf(s)]! & ~bit(move.take);
  const placed = state.placed[s]! + (move.kind === 'PLACE' ? 1 : 0);
  const next: MorrisState = {
    stones: s === 0 ? [own, opp] : [opp, own],
    placed: s === 0 ? [placed, state.placed[1]] : [state.placed[0], placed],
    ply: state.ply + 1,
    lastMove: move,
    outcome: null,
  };
  const outcome = outcomeAfter(next, s);
  return outcome ? { ...next, outcome } : next;
}

function play(state: MorrisState, move: MorrisMove): MorrisState {
  const checked = checkMove(state, move);
  if (!checked.ok) throw new Error(`illegal command ${formatMove(move)}: ${checked.error}`);
  return apply(state, move);
}

function forfeit(state: MorrisState, s: Seat): MorrisState {
  if (state.outcome) throw new Error('the game is over');
  const scores = s === 0 ? [FORFEIT, WIN] : [WIN, FORFEIT];
  return { ...state, outcome: { winner: opponentOf(s), reason: `player ${s} forfeits`, scores } };
}

function snapshot(state: MorrisState): MorrisSnapshot {
  const fields = (mask: number): string[] => FIELD_ORDER.filter((p) => has(mask, p)).map(fieldName);
  return {
    ply: state.ply,
    toMove: toMove(state),
    stones: [fields(state.stones[0]), fields(state.stones[1])],
    placed: [...state.placed],
    lastMove: state.lastMove && formatMove(state.lastMove),
    outcome: state.outcome,
  };
}

export const rules: Rules<MorrisState, MorrisMove> = {
  initial,
  toMove,
  legalMoves,
  play,
  forfeit,
  outcome: (state) => state.outcome,
  snapshot,
};
