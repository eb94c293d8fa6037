/** Test helpers: positions built directly, and commands played from their output lines. */
import assert from 'node:assert/strict';
import { seat } from '../../../src/core/units.js';
import { type Card, cardText, readCardText } from '../../../src/games/rummikode/cards.js';
import { ACTIONS_PER_TURN } from '../../../src/games/rummikode/moves.js';
import { protocol } from '../../../src/games/rummikode/protocol.js';
import { type RummiState, rules } from '../../../src/games/rummikode/rules.js';
import { cardsOf, type Stack, stackFrom } from '../../../src/games/rummikode/stacks.js';
import * as support from '../../support/games.js';

/** Cards from their referee text, separated by spaces: "05_BLUE 06_BLUE". */
export function cards(text: string): Card[] {
  return text
    .split(' ')
    .filter((t) => t !== '')
    .map((t) => {
      const card = readCardText(t);
      assert.ok(card !== null, `bad card ${t}`);
      return card;
    });
}

export function stack(text: string): Stack {
  const made = stackFrom(cards(text));
  assert.ok(made.ok, made.ok ? '' : made.error);
  return made.value;
}

export interface PositionSpec {
  /** Each seat's hand, in order. */
  readonly hands: readonly string[];
  /** The stacks by id; null for a free id. */
  readonly stacks?: readonly (string | null)[];
  /** Whether each seat has pushed its first stack: all have, unless given. */
  readonly opened?: readonly boolean[];
  readonly pile?: string;
  readonly mover?: number;
  readonly actionsLeft?: number;
  readonly commands?: number;
  readonly played?: readonly number[];
}

/** A position in the middle of a game, as if reached by play. */
export function position(spec: PositionSpec): RummiState {
  const players = spec.hands.length;
  return {
    seats: players,
    hands: spec.hands.map(cards),
    active: Array<boolean>(players).fill(true),
    opened: spec.opened ?? Array<boolean>(players).fill(true),
    played: spec.played ?? Array<number>(players).fill(0),
    stacks: (spec.stacks ?? []).map((text) => (text === null ? null : stack(text))),
    pile: cards(spec.pile ?? ''),
    drawSeed: 1,
    mover: seat(spec.mover ?? 0),
    actionsLeft: spec.actionsLeft ?? ACTIONS_PER_TURN,
    threw: false,
    commands: spec.commands ?? 0,
    lastMove: null,
    lastMover: null,
    drawn: null,
    outcome: null,
  };
}

/** Plays output lines in turn, each parsed for the player to move; fails on any rejected line. */
export const playLines = (state: RummiState, ...lines: string[]): RummiState =>
  support.playLines({ rules, protocol }, state, ...lines);

/** The error for an output line of the player to move. */
export const parseError = (state: RummiState, line: string): string =>
  support.parseError({ rules, protocol }, state, line);

/** The stacks by id, each as its cards in the input's order ("-" for a free id). */
export const table = (state: RummiState): string[] =>
  state.stacks.map((s) => (s === null ? '-' : cardsOf(s).map(cardText).join(' ')));

export const handText = (state: RummiState, s: number): string => state.hands[s]!.map(cardText).join(' ');

export const start = (players = 2, seed = 1): RummiState => rules.initial({ seats: players, seed, options: {} });
