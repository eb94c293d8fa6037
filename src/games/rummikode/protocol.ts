/**
 * The statement's protocol, referee side: the lines a player reads before each command, and the
 * parsing of the command it writes. The bot side, reading those lines back, is input.ts.
 */
import { type Answer, type Protocol, withoutTrailingBlanks } from '../../core/game.js';
import { failed, ok, type Result } from '../../core/result.js';
import type { Seat } from '../../core/units.js';
import { type Card, cardText, readCard } from './cards.js';
import { checkMove, KINDS, type Kind, type RummiMove, type StackId, stackId, stackIds } from './moves.js';
import { activeSeats, type RummiState, tableOf } from './rules.js';
import { cardsOf, STACK_TYPE } from './stacks.js';

/**
 * The state as the statement's input: `myPlayerIndex`, `playersCount`, `stacksCount`,
 * `drawCardsCount`, three lines per player still playing (cards held, actions left, the cards
 * joined by ";"), then one line per stack: `id type card card ...`.
 */
function turnInput(state: RummiState, s: Seat): string[] {
  if (s !== state.mover) throw new Error(`it is not seat ${s}'s turn`);
  const players = activeSeats(state);
  const ids = stackIds(state.stacks);
  return [
    String(players.indexOf(s)),
    String(players.length),
    String(ids.length),
    String(state.pile.length),
    ...players.flatMap((p) => {
      const hand = state.hands[p]!;
      return [String(hand.length), String(p === s ? state.actionsLeft : 0), hand.map(cardText).join(';')];
    }),
    ...ids.map((id) => {
      const stack = state.stacks[id]!;
      return [id, STACK_TYPE[stack.kind], ...cardsOf(stack).map(cardText)].join(' ');
    }),
  ];
}

type Field = 'id' | 'card';
/** The fields after each keyword, named as in the statement; PUSH takes any number of cards. */
const FIELDS: Readonly<Record<Kind, readonly (readonly [string, Field])[]>> = {
  WAIT: [],
  PUSH: [],
  ADD: [
    ['stackID', 'id'],
    ['card', 'card'],
  ],
  TAKE: [
    ['stackID', 'id'],
    ['card', 'card'],
  ],
  MOVE: [
    ['stackFrom', 'id'],
    ['stackTo', 'id'],
    ['cardToTake', 'card'],
  ],
  SPLIT: [
    ['stackID', 'id'],
    ['card1', 'card'],
    ['card2', 'card'],
  ],
  JOIN: [
    ['stackID_1', 'id'],
    ['stackID_2', 'id'],
  ],
};
const isKind = (word: string): word is Kind => Object.hasOwn(FIELDS, word);

/** A bot's text cut short for an error message, so that a long line is not repeated. */
const quote = (text: string): string => JSON.stringify(text.length > 20 ? `${text.slice(0, 20)}…` : text);

/** Reads a command's fields into a move, not yet checked against the rules. */
function readMove(kind: Kind, fields: readonly string[]): Result<RummiMove> {
  const cards: Card[] = [];
  const ids: StackId[] = [];
  const spec = kind === 'PUSH' ? fields.map((): readonly [string, Field] => ['card', 'card']) : FIELDS[kind];
  if (kind === 'PUSH' && fields.length === 0)
    return failed('PUSH needs the cards of the new stack: PUSH card1 card2 card3 ...');
  if (fields.length !== spec.length) {
    const usage = [kind, ...spec.map(([name]) => name)].join(' ');
    return failed(
      `${kind} takes ${spec.length === 0 ? 'nothing' : `${spec.length} fields`}, not ${fields.length}: ${usage}`,
    );
  }
  for (const [i, [name, type]] of spec.entries()) {
    const token = fields[i]!;
    if (type === 'card') {
      const read = readCard(token);
      if (!read.ok) return read;
      cards.push(read.value);
    } else if (/^[0-9]+$/.test(token)) ids.push(stackId(Number(token)));
    else return failed(`${quote(token)} is not a number for ${name}`);
  }
  const [a, b] = ids as [StackId, StackId];
  const [c, d] = cards as [Card, Card];
  switch (kind) {
    case 'WAIT':
      return ok({ kind });
    case 'PUSH':
      return ok({ kind, cards });
    case 'ADD':
    case 'TAKE':
      return ok({ kind, stack: a, card: c });
    case 'MOVE':
      return ok({ kind, from: a, to: b, card: c });
    case 'SPLIT':
      return ok({ kind, stack: a, cards: [c, d] });
    case 'JOIN':
      return ok({ kind, first: a, second: b });
  }
}

function parseOutput(state: RummiState, s: Seat, line: string): Result<Answer<RummiMove>> {
  if (s !== state.mover) throw new Error(`it is not seat ${s}'s turn`);
  const command = withoutTrailingBlanks(line);
  if (command === '') return failed('empty line');
  if (command.startsWith(' ')) return failed('leading space at character 1');
  const double = command.indexOf('  ');
  if (double >= 0) return failed(`double space at character ${double + 2}`);
  const [keyword = '', ...fields] = command.split(' ');
  if (!isKind(keyword)) {
    const hint = isKind(keyword.toUpperCase()) ? ' (commands are upper case)' : '';
    return failed(`unknown command ${quote(keyword)}${hint}: expected ${KINDS.join(', ')}`);
  }
  const read = readMove(keyword, fields);
  if (!read.ok) return read;
  const checked = checkMove(tableOf(state), read.value);
  return checked.ok ? ok({ move: checked.value }) : checked;
}

export const protocol: Protocol<RummiState, RummiMove> = {
  turnInput: (state, s) => turnInput(state, s),
  parseOutput,
};
