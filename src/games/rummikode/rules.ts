/**
 * The rules of RummiKode as Tabula enforces them (rules.md says where they differ from the
 * published referee): the deal, turns of several commands, the draw, the end and the ranking.
 * What each command does is in moves.ts. States are immutable values.
 */
import { checkSeats, type GameSetup, type Outcome, type Rules, type Seating } from '../../core/game.js';
import { Rng } from '../../core/rng.js';
import { type Seat, seat, seatsOf } from '../../core/units.js';
import { type Card, cardText, fullDeck } from './cards.js';
import {
  ACTIONS_PER_TURN,
  applyMove,
  canAct,
  checkMove,
  costsAction,
  formatMove,
  type RummiMove,
  type Stacks,
  stackIds,
  type Table,
  legalMoves as tableMoves,
  throwsCards,
} from './moves.js';
import { cardsOf, STACK_TYPE } from './stacks.js';
import type { RummiSnapshot } from './view.js';

export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 4;
/** The game's name and its table, checked by `initial`. */
export const seating: Seating = { title: 'RummiKode', seats: { min: MIN_PLAYERS, max: MAX_PLAYERS } };
export const HAND_SIZE = 14;
/** The published referee's cap on the commands of a whole game, every player's together. */
export const MAX_COMMANDS = 250;
/** The published referee's score for the best place; each following place scores one less. */
const TOP_SCORE = 4;
const DISQUALIFIED_SCORE = -1;

export interface RummiState {
  readonly seats: number;
  readonly hands: readonly (readonly Card[])[];
  /** False once a seat is disqualified: it has left the table. */
  readonly active: readonly boolean[];
  /** Whether each seat has pushed its first stack. */
  readonly opened: readonly boolean[];
  /** Each seat's actions played in the game, the tie-break: every command but PUSH and ADD. */
  readonly played: readonly number[];
  readonly stacks: Stacks;
  /** The draw pile; a draw takes a card at random from it. */
  readonly pile: readonly Card[];
  /** The seed of the next draw. */
  readonly drawSeed: number;
  readonly mover: Seat;
  /** The mover's actions left this turn. */
  readonly actionsLeft: number;
  /** Whether the mover has thrown a card (PUSH, ADD) this turn: then it does not draw. */
  readonly threw: boolean;
  /** Commands played in the game, every player's together. */
  readonly commands: number;
  readonly lastMove: RummiMove | null;
  /** The seat that played `lastMove`: for viewers, since a turn may have ended since. */
  readonly lastMover: Seat | null;
  /** The card drawn when the last command ended a turn, if one was drawn. */
  readonly drawn: Card | null;
  readonly outcome: Outcome | null;
}

const replaced = <T>(items: readonly T[], at: number, value: T): T[] =>
  items.map((item, i) => (i === at ? value : item));

/** The seats still playing, in order. */
export const activeSeats = (state: RummiState): Seat[] => seatsOf(state.seats).filter((s) => state.active[s]);

/** What the player to move works with. */
export function tableOf(state: RummiState): Table {
  const s = state.mover;
  return { stacks: state.stacks, hand: state.hands[s]!, actionsLeft: state.actionsLeft, opened: state.opened[s]! };
}

function initial(setup: GameSetup): RummiState {
  const { seats } = setup;
  checkSeats(seating, seats);
  const rng = new Rng(setup.seed);
  const deck = fullDeck();
  for (let i = deck.length - 1; i > 0; i--) {
    const j = rng.below(i + 1);
    [deck[i], deck[j]] = [deck[j]!, deck[i]!];
  }
  return {
    seats,
    hands: seatsOf(seats).map((s) => deck.slice(s * HAND_SIZE, (s + 1) * HAND_SIZE)),
    active: Array<boolean>(seats).fill(true),
    opened: Array<boolean>(seats).fill(false),
    played: Array<number>(seats).fill(0),
    stacks: [],
    pile: deck.slice(seats * HAND_SIZE),
    drawSeed: rng.nextU32(),
    mover: seat(0),
    actionsLeft: ACTIONS_PER_TURN,
    threw: false,
    commands: 0,
    lastMove: null,
    lastMover: null,
    drawn: null,
    outcome: null,
  };
}

/** The next seat still playing after `from`. */
function nextActive(state: RummiState, from: Seat): Seat {
  let s = from;
  do s = seat((s + 1) % state.seats);
  while (!state.active[s]);
  return s;
}

/** The mover's turn ends: it draws if it threw no card and the pile has one; the next seat starts. */
function endTurn(state: RummiState): RummiState {
  let { pile, hands, drawSeed } = state;
  let drawn: Card | null = null;
  if (!state.threw && pile.length > 0) {
    const rng = new Rng(drawSeed);
    const at = rng.below(pile.length);
    drawn = pile[at]!;
    pile = [...pile.slice(0, at), ...pile.slice(at + 1)];
    hands = replaced(hands, state.mover, [...hands[state.mover]!, drawn]);
    drawSeed = rng.nextU32();
  }
  return {
    ...state,
    pile,
    hands,
    drawSeed,
    drawn,
    mover: nextActive(state, state.mover),
    actionsLeft: ACTIONS_PER_TURN,
    threw: false,
  };
}

/**
 * The final standings. Players still in rank by fewer cards in hand, then fewer actions played;
 * seats equal on both share a place. The disqualified share the last place. Scores as published:
 * 4 for the best, one less for each following group of equal seats, -1 when disqualified.
 */
export function standings(state: RummiState): { ranks: number[]; scores: number[] } {
  const seats = seatsOf(state.seats);
  const cards = (s: Seat): number => state.hands[s]!.length;
  const better = (a: Seat, b: Seat): boolean =>
    cards(a) < cards(b) || (cards(a) === cards(b) && state.played[a]! < state.played[b]!);
  const active = activeSeats(state);
  const ranks = seats.map((s) => (state.active[s] ? 1 + active.filter((t) => better(t, s)).length : 1 + active.length));
  const scores = seats.map((s) => {
    if (!state.active[s]) return DISQUALIFIED_SCORE;
    const groupsAbove = new Set(active.filter((t) => better(t, s)).map((t) => `${cards(t)} ${state.played[t]}`));
    return TOP_SCORE - groupsAbove.size;
  });
  return { ranks, scores };
}

function finish(state: RummiState, reason: string): RummiState {
  const { ranks, scores } = standings(state);
  const first = ranks.flatMap((r, s) => (r === 1 ? [seat(s)] : []));
  const winner = first.length === 1 ? first[0]! : null;
  return { ...state, outcome: { winner, reason, scores, ranks } };
}

/** "cards left 3, 5, out; actions played 20, 18, out": the figures the ranking uses. */
function figures(state: RummiState): string {
  const list = (value: (s: Seat) => number): string =>
    seatsOf(state.seats)
      .map((s) => (state.active[s] ? String(value(s)) : 'out'))
      .join(', ');
  return `cards left ${list((s) => state.hands[s]!.length)}; actions played ${list((s) => state.played[s]!)}`;
}

function play(state: RummiState, move: RummiMove): RummiState {
  if (state.outcome) throw new Error('the game is over');
  const table = tableOf(state);
  const checked = checkMove(table, move);
  if (!checked.ok) throw new Error(`illegal command ${formatMove(move)}: ${checked.error}`);
  const s = state.mover;
  const { stacks, hand } = applyMove(table, move);
  let next: RummiState = {
    ...state,
    stacks,
    hands: replaced(state.hands, s, hand),
    opened: move.kind === 'PUSH' ? replaced(state.opened, s, true) : state.opened,
    played: throwsCards(move.kind) ? state.played : replaced(state.played, s, state.played[s]! + 1),
    actionsLeft: move.kind === 'WAIT' ? 0 : state.actionsLeft - (costsAction(move.kind) ? 1 : 0),
    threw: state.threw || throwsCards(move.kind),
    commands: state.commands + 1,
    lastMove: move,
    lastMover: s,
    drawn: null,
  };
  if (hand.length === 0) return finish(next, `seat ${s} has thrown all its cards; ${figures(next)}`);
  if (move.kind === 'WAIT' || !canAct(tableOf(next))) next = endTurn(next);
  return next.commands >= MAX_COMMANDS ? finish(next, `${MAX_COMMANDS} commands played; ${figures(next)}`) : next;
}

/** The seat leaves the table: its cards go back to the draw pile, and the others play on. */
function forfeit(state: RummiState, s: Seat): RummiState {
  if (state.outcome) throw new Error('the game is over');
  if (!state.active[s]) throw new Error(`seat ${s} has already left the game`);
  let next: RummiState = {
    ...state,
    active: replaced(state.active, s, false),
    hands: replaced(state.hands, s, []),
    pile: [...state.pile, ...state.hands[s]!],
  };
  const left = activeSeats(next);
  if (left.length === 1) return finish(next, `only seat ${left[0]} remains`);
  if (s === state.mover)
    next = { ...next, mover: nextActive(next, s), actionsLeft: ACTIONS_PER_TURN, threw: false, drawn: null };
  return next;
}

function snapshot(state: RummiState): RummiSnapshot {
  return {
    commands: state.commands,
    toMove: state.mover,
    actionsLeft: state.actionsLeft,
    pile: state.pile.length,
    players: seatsOf(state.seats).map((s) => ({
      active: state.active[s]!,
      opened: state.opened[s]!,
      played: state.played[s]!,
      hand: state.hands[s]!.map(cardText),
    })),
    stacks: stackIds(state.stacks).map((id) => {
      const stack = state.stacks[id]!;
      return { id, type: STACK_TYPE[stack.kind], cards: cardsOf(stack).map(cardText) };
    }),
    lastMove: state.lastMove && formatMove(state.lastMove),
    drawn: state.drawn === null ? null : cardText(state.drawn),
    lastMover: state.lastMover,
    outcome: state.outcome,
  };
}

export const rules: Rules<RummiState, RummiMove> = {
  initial,
  toMove: (state) => state.mover,
  legalMoves: (state) => (state.outcome ? [] : tableMoves(tableOf(state))),
  play,
  forfeit,
  outcome: (state) => state.outcome,
  snapshot,
};
