/**
 * The stacks on the table: a sequence (one colour, consecutive numbers) or a colour group (one
 * number, different colours), never fewer than 3 cards. Neither can hold a card twice, by
 * construction. The functions here are pure. The predicates (`fits`, `canRemove`, `canJoin`) are for
 * the hot paths; each `check...` gives the result of the operation, or why it is not allowed.
 */
import { failed, ok, type Result } from '../../core/result.js';
import { type Card, COLOURS, type Colour, cardOf, cardText, colourOf, MAX_NUMBER, numberOf } from './cards.js';

export interface Sequence {
  readonly kind: 'sequence';
  readonly colour: Colour;
  readonly low: number;
  readonly high: number;
}

export interface Group {
  readonly kind: 'group';
  readonly number: number;
  /** Bit c is set when the group holds colour c. */
  readonly colours: number;
}

export type Stack = Sequence | Group;

export const MIN_STACK_SIZE = 3;
/** The statement's stackType: 0 for a sequence, 1 for a colour group. */
export const STACK_TYPE = { sequence: 0, group: 1 } as const;

const bitCount = (mask: number): number => (mask & 1) + ((mask >> 1) & 1) + ((mask >> 2) & 1) + ((mask >> 3) & 1);

export const sizeOf = (stack: Stack): number =>
  stack.kind === 'sequence' ? stack.high - stack.low + 1 : bitCount(stack.colours);

/** The cards in the statement's order: by number in a sequence, by colour in a group. */
export function cardsOf(stack: Stack): Card[] {
  const cards: Card[] = [];
  if (stack.kind === 'sequence') for (let n = stack.low; n <= stack.high; n++) cards.push(cardOf(stack.colour, n));
  else
    for (let c = 0; c < COLOURS.length; c++)
      if (stack.colours & (1 << c)) cards.push(cardOf(c as Colour, stack.number));
  return cards;
}

export function holds(stack: Stack, card: Card): boolean {
  const n = numberOf(card);
  if (stack.kind === 'sequence') return colourOf(card) === stack.colour && n >= stack.low && n <= stack.high;
  return n === stack.number && (stack.colours & (1 << colourOf(card))) !== 0;
}

/** `sequence 2 (07_BLUE..09_BLUE)`, `colour group 3 (05_BLACK 05_BLUE 05_GREEN)`: a stack in messages. */
export function describe(id: number, stack: Stack): string {
  if (stack.kind === 'group') return `colour group ${id} (${cardsOf(stack).map(cardText).join(' ')})`;
  return `sequence ${id} (${cardText(cardOf(stack.colour, stack.low))}..${cardText(cardOf(stack.colour, stack.high))})`;
}

/** The stack the given cards make, or why they make none. */
export function stackFrom(cards: readonly Card[]): Result<Stack> {
  if (cards.length < MIN_STACK_SIZE)
    return failed(`a stack needs at least ${MIN_STACK_SIZE} cards, not ${cards.length}`);
  const seen = new Set<Card>();
  for (const card of cards) {
    if (seen.has(card)) return failed(`a stack cannot hold the same card twice (${cardText(card)} is given twice)`);
    seen.add(card);
  }
  const first = cards[0]!;
  if (cards.every((c) => numberOf(c) === numberOf(first))) {
    return ok({
      kind: 'group',
      number: numberOf(first),
      colours: cards.reduce((mask, c) => mask | (1 << colourOf(c)), 0),
    });
  }
  if (cards.every((c) => colourOf(c) === colourOf(first))) {
    const numbers = cards.map(numberOf).sort((a, b) => a - b);
    const low = numbers[0]!;
    const high = numbers.at(-1)!;
    // Distinct numbers spanning exactly their count are consecutive.
    if (high - low + 1 !== numbers.length)
      return failed(`a sequence needs consecutive numbers: ${COLOURS[colourOf(first)]} ${numbers.join(', ')} are not`);
    return ok({ kind: 'sequence', colour: colourOf(first), low, high });
  }
  return failed(
    'the cards are neither a sequence (one colour, consecutive numbers) nor a colour group (one number, different colours)',
  );
}

/** Whether `card` can be added to `stack`: at either end of a sequence, or a missing colour of a group. */
export function fits(stack: Stack, card: Card): boolean {
  const n = numberOf(card);
  if (stack.kind === 'group') return n === stack.number && (stack.colours & (1 << colourOf(card))) === 0;
  return colourOf(card) === stack.colour && (n === stack.low - 1 || n === stack.high + 1);
}

/** `stack` with `card` added, or why the card does not fit. */
export function checkFit(stack: Stack, card: Card): Result<Stack> {
  if (fits(stack, card)) return ok(withCard(stack, card));
  const n = numberOf(card);
  if (stack.kind === 'group') {
    if (n !== stack.number)
      return failed(`a colour group is of one number: it takes ${String(stack.number).padStart(2, '0')} cards only`);
    return failed(`a colour group holds each colour once, and this one holds ${cardText(card)}`);
  }
  if (colourOf(card) !== stack.colour)
    return failed(`a sequence is of one colour: it takes ${COLOURS[stack.colour]} cards only`);
  const ends = [stack.low - 1, stack.high + 1]
    .filter((e) => e >= 0 && e <= MAX_NUMBER)
    .map((e) => cardText(cardOf(stack.colour, e)));
  return failed(
    ends.length === 0
      ? 'the sequence runs from 00 to 12: nothing can be added'
      : `a card goes at either end of a sequence: ${ends.join(' or ')}`,
  );
}

/** `stack` with `card` added; the card must fit. */
export function withCard(stack: Stack, card: Card): Stack {
  if (stack.kind === 'group') return { ...stack, colours: stack.colours | (1 << colourOf(card)) };
  const n = numberOf(card);
  return { ...stack, low: Math.min(stack.low, n), high: Math.max(stack.high, n) };
}

/** Whether the held `card` can leave `stack`, every part left keeping at least 3 cards. */
export function canRemove(stack: Stack, card: Card): boolean {
  const n = numberOf(card);
  if (stack.kind === 'sequence' && n > stack.low && n < stack.high)
    return n - stack.low >= MIN_STACK_SIZE && stack.high - n >= MIN_STACK_SIZE;
  return sizeOf(stack) > MIN_STACK_SIZE;
}

/** What is left of `stack` once the held `card` is removed (see `without`), or why it cannot be. */
export function checkRemoval(stack: Stack, card: Card): Result<readonly Stack[]> {
  if (canRemove(stack, card)) return ok(without(stack, card));
  const n = numberOf(card);
  if (stack.kind === 'sequence' && n > stack.low && n < stack.high) {
    return failed(
      `it would split the sequence into ${n - stack.low} and ${stack.high - n} cards: each part keeps at least ${MIN_STACK_SIZE}`,
    );
  }
  return failed(`it would leave ${sizeOf(stack) - 1} cards: a stack keeps at least ${MIN_STACK_SIZE}`);
}

/**
 * What is left of `stack` once the held `card` is removed: one stack, or two when a card is taken
 * from the middle of a sequence (the lower part first).
 */
export function without(stack: Stack, card: Card): readonly [Stack] | readonly [Sequence, Sequence] {
  if (stack.kind === 'group') return [{ ...stack, colours: stack.colours & ~(1 << colourOf(card)) }];
  const n = numberOf(card);
  if (n === stack.low) return [{ ...stack, low: n + 1 }];
  if (n === stack.high) return [{ ...stack, high: n - 1 }];
  return [
    { ...stack, high: n - 1 },
    { ...stack, low: n + 1 },
  ];
}

/** The two parts of `stack` split between the held cards `a` and `b`, or why it cannot be split there. */
export function checkSplit(stack: Stack, a: Card, b: Card): Result<readonly [Sequence, Sequence]> {
  if (stack.kind === 'group') return failed('a colour group cannot be split, only a sequence');
  const [lower, upper] = [Math.min(numberOf(a), numberOf(b)), Math.max(numberOf(a), numberOf(b))];
  if (upper - lower !== 1) return failed(`the two cards must have consecutive numbers, not ${lower} and ${upper}`);
  const [below, above] = [lower - stack.low + 1, stack.high - upper + 1];
  return below < MIN_STACK_SIZE || above < MIN_STACK_SIZE
    ? failed(`it would leave ${below} and ${above} cards: each side keeps at least ${MIN_STACK_SIZE}`)
    : ok(splitAt(stack, lower));
}

/** A sequence cut after number `lower`: its lower part, then its upper part. */
export function splitAt(stack: Sequence, lower: number): readonly [Sequence, Sequence] {
  return [
    { ...stack, high: lower },
    { ...stack, low: lower + 1 },
  ];
}

/** Whether `a` and `b` are sequences of one colour, one ending just below where the other starts. */
export const canJoin = (a: Stack, b: Stack): boolean =>
  a.kind === 'sequence' &&
  b.kind === 'sequence' &&
  a.colour === b.colour &&
  (a.high + 1 === b.low || b.high + 1 === a.low);

/** The sequence `a` and `b` make together, or why they cannot be joined. */
export function checkJoin(a: Stack, b: Stack): Result<Sequence> {
  if (a.kind === 'group' || b.kind === 'group') return failed('a colour group cannot be joined, only sequences');
  if (a.colour !== b.colour)
    return failed(`a sequence is of one colour: ${COLOURS[a.colour]} and ${COLOURS[b.colour]} cannot be joined`);
  if (!canJoin(a, b)) return failed('the sequences do not meet: one must end just below where the other starts');
  return ok(joined(a, b));
}

/** The sequence `a` and `b` make together; they must be joinable. */
export const joined = (a: Sequence, b: Sequence): Sequence => ({
  ...a,
  low: Math.min(a.low, b.low),
  high: Math.max(a.high, b.high),
});
