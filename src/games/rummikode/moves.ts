/**
 * The commands, seen from the player to move: when each is legal, what it does to the stacks and to
 * the player's hand, and which ones the player has. This is shared by the referee (rules.ts) and the
 * built-in bots, which rebuild a `Table` from the protocol text.
 */
import { type Failed, failed, ok, type Result } from '../../core/result.js';
import {
  type Card,
  COLOUR_COUNT,
  type Colour,
  cardOf,
  cardText,
  colourOf,
  MAX_NUMBER,
  NUMBERS,
  numberOf,
} from './cards.js';
import {
  canJoin,
  canRemove,
  checkFit,
  checkJoin,
  checkRemoval,
  checkSplit,
  describe,
  fits,
  holds,
  joined,
  MIN_STACK_SIZE,
  type Sequence,
  type Stack,
  splitAt,
  stackFrom,
  withCard,
  without,
} from './stacks.js';

declare const stackIdBrand: unique symbol;
/** A stack's id: the smallest non-negative integer not in use when the stack appeared. */
export type StackId = number & { readonly [stackIdBrand]: true };
export const stackId = (n: number): StackId => n as StackId;

/** The stacks by id; null where an id is free. */
export type Stacks = readonly (Stack | null)[];

export type RummiMove =
  | { readonly kind: 'WAIT' }
  | { readonly kind: 'PUSH'; readonly cards: readonly Card[] }
  | { readonly kind: 'ADD'; readonly stack: StackId; readonly card: Card }
  | { readonly kind: 'TAKE'; readonly stack: StackId; readonly card: Card }
  | { readonly kind: 'MOVE'; readonly from: StackId; readonly to: StackId; readonly card: Card }
  | { readonly kind: 'SPLIT'; readonly stack: StackId; readonly cards: readonly [Card, Card] }
  | { readonly kind: 'JOIN'; readonly first: StackId; readonly second: StackId };

export type Kind = RummiMove['kind'];

/** What the player to move works with. */
export interface Table {
  readonly stacks: Stacks;
  readonly hand: readonly Card[];
  /** Actions left this turn, for TAKE, MOVE, SPLIT and JOIN. */
  readonly actionsLeft: number;
  /** Whether the player has pushed its first stack: before that, only PUSH and WAIT. */
  readonly opened: boolean;
}

export const ACTIONS_PER_TURN = 5;
export const FIRST_PUSH_TOTAL = 25;

/** TAKE, MOVE, SPLIT and JOIN use up one of the turn's actions. */
export const costsAction = (kind: Kind): boolean =>
  kind === 'TAKE' || kind === 'MOVE' || kind === 'SPLIT' || kind === 'JOIN';
/** PUSH and ADD throw cards from the hand. */
export const throwsCards = (kind: Kind): boolean => kind === 'PUSH' || kind === 'ADD';

/** The command as an output line, every card in the referee's two-digit form. */
export function formatMove(move: RummiMove): string {
  switch (move.kind) {
    case 'WAIT':
      return 'WAIT';
    case 'PUSH':
      return ['PUSH', ...move.cards.map(cardText)].join(' ');
    case 'ADD':
    case 'TAKE':
      return `${move.kind} ${move.stack} ${cardText(move.card)}`;
    case 'MOVE':
      return `MOVE ${move.from} ${move.to} ${cardText(move.card)}`;
    case 'SPLIT':
      return `SPLIT ${move.stack} ${cardText(move.cards[0])} ${cardText(move.cards[1])}`;
    case 'JOIN':
      return `JOIN ${move.first} ${move.second}`;
  }
}

/** The smallest id not in use. */
export function freeId(stacks: Stacks): StackId {
  const free = stacks.indexOf(null);
  return stackId(free < 0 ? stacks.length : free);
}

/** The ids in use, ascending. */
export function stackIds(stacks: Stacks): StackId[] {
  const ids: StackId[] = [];
  for (let id = 0; id < stacks.length; id++) if (stacks[id]) ids.push(stackId(id));
  return ids;
}

function noStack(stacks: Stacks, id: number): string {
  const ids = stackIds(stacks);
  return `there is no stack ${id} (${ids.length === 0 ? 'the table is empty' : `stacks: ${ids.join(', ')}`})`;
}

/** The stack with this id, or why there is none. */
function stackAt(stacks: Stacks, id: number): Result<Stack> {
  const stack = stacks[id];
  return stack ? ok(stack) : failed(noStack(stacks, id));
}

/** Prefixes a failed check's reason with what was being done. */
const because = (what: string, checked: Failed): Failed => failed(`${what}: ${checked.error}`);

/** `move`, when it is legal for the player at `table`, or why it is not. */
export function checkMove(table: Table, move: RummiMove): Result<RummiMove> {
  const { stacks, hand } = table;
  const notHeld = (card: Card): Failed | null =>
    hand.includes(card) ? null : failed(`you do not hold ${cardText(card)}`);
  if (move.kind === 'WAIT') return ok(move);
  if (move.kind === 'PUSH') {
    const made = stackFrom(move.cards);
    if (!made.ok) return made;
    for (const card of move.cards) {
      const missing = notHeld(card);
      if (missing) return missing;
    }
    const total = move.cards.reduce((sum, c) => sum + numberOf(c), 0);
    if (!table.opened && total < FIRST_PUSH_TOTAL)
      return failed(
        `your first PUSH must total at least ${FIRST_PUSH_TOTAL}: ${move.cards.map(numberOf).join(' + ')} = ${total}`,
      );
    return ok(move);
  }
  if (!table.opened) return failed(`${move.kind} is allowed only after your first PUSH (until then, PUSH or WAIT)`);
  if (move.kind === 'ADD') {
    const stack = stackAt(stacks, move.stack);
    if (!stack.ok) return stack;
    const missing = notHeld(move.card);
    if (missing) return missing;
    const fit = checkFit(stack.value, move.card);
    return fit.ok ? ok(move) : because(`${cardText(move.card)} does not fit ${describe(move.stack, stack.value)}`, fit);
  }
  if (table.actionsLeft <= 0)
    return failed(`no actions left: ${move.kind} costs one of the ${ACTIONS_PER_TURN} actions of a turn`);
  switch (move.kind) {
    case 'TAKE': {
      const taken = checkTake(stacks, move.stack, move.card, 'take');
      return taken.ok ? ok(move) : taken;
    }
    case 'MOVE': {
      if (move.from === move.to) return failed('MOVE needs two different stacks');
      const to = stackAt(stacks, move.to);
      const taken = checkTake(stacks, move.from, move.card, 'move');
      if (!taken.ok) return taken;
      if (!to.ok) return to;
      const fit = checkFit(to.value, move.card);
      return fit.ok ? ok(move) : because(`${cardText(move.card)} does not fit ${describe(move.to, to.value)}`, fit);
    }
    case 'SPLIT': {
      const stack = stackAt(stacks, move.stack);
      if (!stack.ok) return stack;
      const missing = move.cards.find((c) => !holds(stack.value, c));
      if (missing !== undefined)
        return failed(`${describe(move.stack, stack.value)} does not hold ${cardText(missing)}`);
      const split = checkSplit(stack.value, ...move.cards);
      return split.ok ? ok(move) : because(`cannot split ${describe(move.stack, stack.value)}`, split);
    }
    case 'JOIN': {
      if (move.first === move.second) return failed('JOIN needs two different stacks');
      const first = stackAt(stacks, move.first);
      if (!first.ok) return first;
      const second = stackAt(stacks, move.second);
      if (!second.ok) return second;
      const join = checkJoin(first.value, second.value);
      return join.ok
        ? ok(move)
        : because(`cannot join ${describe(move.first, first.value)} and ${describe(move.second, second.value)}`, join);
    }
  }
}

/** What is left of stack `id` once `card` leaves it, or why it cannot. */
function checkTake(stacks: Stacks, id: StackId, card: Card, verb: string): Result<readonly Stack[]> {
  const stack = stackAt(stacks, id);
  if (!stack.ok) return stack;
  if (!holds(stack.value, card)) return failed(`${describe(id, stack.value)} does not hold ${cardText(card)}`);
  const removal = checkRemoval(stack.value, card);
  return removal.ok ? removal : because(`cannot ${verb} ${cardText(card)} from ${describe(id, stack.value)}`, removal);
}

/** `hand` without the first copy of `card`. */
function withoutCard(hand: readonly Card[], card: Card): Card[] {
  const i = hand.indexOf(card);
  return [...hand.slice(0, i), ...hand.slice(i + 1)];
}

/** Removes `card` from stack `id` in place; the upper part of a split sequence gets a new id. */
function removeFrom(stacks: (Stack | null)[], id: StackId, card: Card): void {
  const [kept, upper] = without(stacks[id]!, card);
  stacks[id] = kept;
  if (upper) stacks[freeId(stacks)] = upper;
}

/** The stacks and the hand after a legal `move`. */
export function applyMove(table: Table, move: RummiMove): { readonly stacks: Stacks; readonly hand: readonly Card[] } {
  const stacks = [...table.stacks];
  let hand = table.hand;
  switch (move.kind) {
    case 'WAIT':
      break;
    case 'PUSH': {
      const made = stackFrom(move.cards);
      if (!made.ok) throw new Error(`PUSH of cards that make no stack: ${made.error}`);
      stacks[freeId(stacks)] = made.value;
      for (const card of move.cards) hand = withoutCard(hand, card);
      break;
    }
    case 'ADD':
      stacks[move.stack] = withCard(stacks[move.stack]!, move.card);
      hand = withoutCard(hand, move.card);
      break;
    case 'TAKE':
      removeFrom(stacks, move.stack, move.card);
      hand = [...hand, move.card];
      break;
    case 'MOVE':
      removeFrom(stacks, move.from, move.card);
      stacks[move.to] = withCard(stacks[move.to]!, move.card);
      break;
    case 'SPLIT': {
      const [lower, upper] = splitAt(stacks[move.stack] as Sequence, Math.min(...move.cards.map(numberOf)));
      stacks[move.stack] = lower;
      stacks[freeId(stacks)] = upper;
      break;
    }
    case 'JOIN':
      stacks[move.first] = joined(stacks[move.first] as Sequence, stacks[move.second] as Sequence);
      stacks[move.second] = null;
      break;
  }
  while (stacks.length > 0 && stacks.at(-1) === null) stacks.pop();
  return { stacks, hand };
}

const bitCount = (mask: number): number => (mask & 1) + ((mask >> 1) & 1) + ((mask >> 2) & 1) + ((mask >> 3) & 1);

/** Receives commands one by one; returning true stops the search. */
type Visit<T> = (item: T) => boolean;

/** Bit c of `held[n]`: the hand holds the card of colour c and number n. */
function heldMasks(hand: readonly Card[]): Uint8Array {
  const held = new Uint8Array(NUMBERS);
  for (const card of hand) held[numberOf(card)]! |= 1 << colourOf(card);
  return held;
}

/** The pushes the hand allows, the first push's total applied: runs by colour and lowest number, then colour groups by number. */
function visitPushes(table: Table, visit: Visit<RummiMove>): boolean {
  const held = heldMasks(table.hand);
  const enough = (total: number): boolean => table.opened || total >= FIRST_PUSH_TOTAL;
  for (let colour = 0; colour < COLOUR_COUNT; colour++) {
    for (let low = 0; low <= MAX_NUMBER - 2; low++) {
      let total = 0;
      for (let high = low; high <= MAX_NUMBER && (held[high]! >> colour) & 1; high++) {
        total += high;
        if (high - low + 1 < MIN_STACK_SIZE || !enough(total)) continue;
        const cards: Card[] = [];
        for (let n = low; n <= high; n++) cards.push(cardOf(colour as Colour, n));
        if (visit({ kind: 'PUSH', cards })) return true;
      }
    }
  }
  for (let number = 0; number <= MAX_NUMBER; number++) {
    const mask = held[number]!;
    // Every subset of the colours held, ascending, with at least 3 colours.
    for (let subset = 1; subset <= mask; subset++) {
      if ((subset & mask) !== subset || bitCount(subset) < MIN_STACK_SIZE || !enough(number * bitCount(subset)))
        continue;
      const cards: Card[] = [];
      for (let colour = 0; colour < COLOUR_COUNT; colour++)
        if (subset & (1 << colour)) cards.push(cardOf(colour as Colour, number));
      if (visit({ kind: 'PUSH', cards })) return true;
    }
  }
  return false;
}

/** Calls `visit` with each card of `stack` in order, until it returns true. */
function visitCards(stack: Stack, visit: Visit<Card>): boolean {
  if (stack.kind === 'sequence') {
    for (let n = stack.low; n <= stack.high; n++) if (visit(cardOf(stack.colour, n))) return true;
  } else {
    for (let c = 0; c < COLOUR_COUNT; c++)
      if (stack.colours & (1 << c) && visit(cardOf(c as Colour, stack.number))) return true;
  }
  return false;
}

/** The cards that can leave `stack`, ascending. */
const visitRemovable = (stack: Stack, visit: Visit<Card>): boolean =>
  visitCards(stack, (card) => canRemove(stack, card) && visit(card));

/** The cards `stack` would take, ascending: the two ends of a sequence, the missing colours of a group. */
function visitFitting(stack: Stack, visit: Visit<Card>): boolean {
  if (stack.kind === 'sequence') {
    return (
      (stack.low > 0 && visit(cardOf(stack.colour, stack.low - 1))) ||
      (stack.high < MAX_NUMBER && visit(cardOf(stack.colour, stack.high + 1)))
    );
  }
  for (let c = 0; c < COLOUR_COUNT; c++)
    if (!(stack.colours & (1 << c)) && visit(cardOf(c as Colour, stack.number))) return true;
  return false;
}

/** The legal commands of one kind, each once, by ascending stack ids and cards; true when `visit` stopped it. */
function visitMoves(table: Table, kind: Kind, visit: Visit<RummiMove>): boolean {
  if (kind === 'WAIT') return visit({ kind });
  if (kind === 'PUSH') return visitPushes(table, visit);
  if (!table.opened || (kind !== 'ADD' && table.actionsLeft <= 0)) return false;
  const { stacks } = table;
  const count = stacks.length;
  switch (kind) {
    case 'ADD': {
      const held = heldMasks(table.hand);
      for (let id = 0; id < count; id++) {
        const stack = stacks[id];
        const found =
          stack &&
          visitFitting(
            stack,
            (card) =>
              ((held[numberOf(card)]! >> colourOf(card)) & 1) === 1 && visit({ kind, stack: stackId(id), card }),
          );
        if (found) return true;
      }
      return false;
    }
    case 'TAKE':
      for (let id = 0; id < count; id++) {
        const stack = stacks[id];
        if (stack && visitRemovable(stack, (card) => visit({ kind, stack: stackId(id), card }))) return true;
      }
      return false;
    case 'MOVE':
      for (let from = 0; from < count; from++) {
        const source = stacks[from];
        const found =
          source &&
          visitRemovable(source, (card) => {
            for (let to = 0; to < count; to++) {
              const target = stacks[to];
              if (
                to !== from &&
                target &&
                fits(target, card) &&
                visit({ kind, from: stackId(from), to: stackId(to), card })
              )
                return true;
            }
            return false;
          });
        if (found) return true;
      }
      return false;
    case 'SPLIT':
      for (let id = 0; id < count; id++) {
        const stack = stacks[id];
        if (stack?.kind !== 'sequence') continue;
        for (let lower = stack.low + MIN_STACK_SIZE - 1; lower <= stack.high - MIN_STACK_SIZE; lower++) {
          const cards = [cardOf(stack.colour, lower), cardOf(stack.colour, lower + 1)] as const;
          if (visit({ kind, stack: stackId(id), cards })) return true;
        }
      }
      return false;
    case 'JOIN':
      for (let first = 0; first < count; first++) {
        for (let second = 0; second < count; second++) {
          const [a, b] = [stacks[first], stacks[second]];
          if (
            first !== second &&
            a &&
            b &&
            canJoin(a, b) &&
            visit({ kind, first: stackId(first), second: stackId(second) })
          )
            return true;
        }
      }
      return false;
  }
}

export const KINDS: readonly Kind[] = ['WAIT', 'PUSH', 'ADD', 'TAKE', 'MOVE', 'SPLIT', 'JOIN'];

/** Whether the player has a legal command of this kind: the search stops at the first. */
export const hasMove = (table: Table, kind: Kind): boolean => visitMoves(table, kind, () => true);

/** The legal commands of one kind, each once, by ascending stack ids and cards. */
export function movesOf(table: Table, kind: Kind): RummiMove[] {
  const moves: RummiMove[] = [];
  visitMoves(table, kind, (move) => {
    moves.push(move);
    return false;
  });
  return moves;
}

/** Every legal command, kind by kind in the order of `KINDS`. */
export const legalMoves = (table: Table): RummiMove[] => KINDS.flatMap((kind) => movesOf(table, kind));

/** Whether the player has a legal command other than WAIT: if not, its turn ends by itself. */
export const canAct = (table: Table): boolean => KINDS.some((kind) => kind !== 'WAIT' && hasMove(table, kind));
