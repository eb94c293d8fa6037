/**
 * The cards: 4 colours, numbers 0..12, each card twice in the deck of 104. The two copies of a card
 * are interchangeable, so a card is just its colour and number.
 */
import { failed, ok, type Result } from '../../core/result.js';

export const COLOURS = ['BLACK', 'BLUE', 'GREEN', 'YELLOW'] as const;
export type ColourName = (typeof COLOURS)[number];
/** A colour's index in `COLOURS`: the order in which colour groups list their cards. */
export type Colour = 0 | 1 | 2 | 3;
export const COLOUR_COUNT = COLOURS.length;
export const NUMBERS = 13;
export const MAX_NUMBER = NUMBERS - 1;
export const COPIES = 2;
/** Distinct cards: the size of a table indexed by card. */
export const CARD_KINDS = COLOUR_COUNT * NUMBERS;

declare const cardBrand: unique symbol;
/** A card, `colour * 13 + number`: 0..51. */
export type Card = number & { readonly [cardBrand]: true };

export const cardOf = (colour: Colour, number: number): Card => (colour * NUMBERS + number) as Card;
export const colourOf = (card: Card): Colour => Math.floor(card / NUMBERS) as Colour;
export const numberOf = (card: Card): number => card % NUMBERS;

/** Every card's text, by card, as the referee writes it. */
const TEXTS: readonly string[] = Array.from(
  { length: CARD_KINDS },
  (_, c) => `${String(c % NUMBERS).padStart(2, '0')}_${COLOURS[Math.floor(c / NUMBERS)]}`,
);
const BY_TEXT = new Map(TEXTS.map((text, c) => [text, c as Card]));

/** The statement's card text, as the referee writes it: `08_BLUE`. */
export const cardText = (card: Card): string => TEXTS[card]!;

/** Every card of the deck, both copies, in colour then number order. */
export function fullDeck(): Card[] {
  const deck: Card[] = [];
  for (let colour = 0; colour < COLOUR_COUNT; colour++)
    for (let number = 0; number < NUMBERS; number++)
      for (let copy = 0; copy < COPIES; copy++) deck.push(cardOf(colour as Colour, number));
  return deck;
}

const colourIndex = (name: string): Colour | -1 => COLOURS.indexOf(name as ColourName) as Colour | -1;

/**
 * Reads a card as a bot may write it: a number of one or two digits, `_`, and the colour in any
 * case (`8_blue`, `08_BLUE`).
 */
export function readCard(text: string): Result<Card> {
  const shown = JSON.stringify(text.length > 20 ? `${text.slice(0, 20)}…` : text);
  const match = /^([0-9]{1,2})_([A-Za-z]+)$/.exec(text);
  if (!match) return failed(`${shown} is not a card: expected NUMBER_COLOUR, such as 08_BLUE`);
  const number = Number(match[1]);
  if (number > MAX_NUMBER) return failed(`${shown}: card numbers run from 0 to ${MAX_NUMBER}`);
  const colour = colourIndex(match[2]!.toUpperCase());
  if (colour < 0) return failed(`${shown}: the colours are ${COLOURS.join(', ')}`);
  return ok(cardOf(colour as Colour, number));
}

/** Reads a card exactly as the referee writes it (two digits, upper case), or null. */
export const readCardText = (text: string): Card | null => BY_TEXT.get(text) ?? null;
