/**
 * The statement's protocol, referee side: the lines a player reads each turn and the parsing of its
 * command. The bot side, reading those lines back, is input.ts.
 */
import { fieldName, POINT_COUNT, type Point, pointOfField } from '../../boards/morris.js';
import { type Answer, type Protocol, withoutTrailingBlanks } from '../../core/game.js';
import { failed, ok, type Result } from '../../core/result.js';
import type { Seat } from '../../core/units.js';
import { FIELD_ORDER, NEIGHBOUR_LINES } from './board.js';
import { checkMove, formatMove, type MorrisMove, type MorrisState, rules } from './rules.js';

export { formatMove };

/** The board line: `A1:s;D1:s;...;G7:s` in field order, s 0 or 1 for a player's stone, 2 for empty. */
export function boardLine(state: MorrisState): string {
  const [zero, one] = state.stones;
  const stateOf = (p: Point): number => ((zero >>> p) & 1 ? 0 : (one >>> p) & 1 ? 1 : 2);
  return FIELD_ORDER.map((p) => `${fieldName(p)}:${stateOf(p)}`).join(';');
}

function turnInput(state: MorrisState, s: Seat, firstTurn: boolean): string[] {
  if (s !== rules.toMove(state)) throw new Error(`it is not player ${s}'s turn`);
  const commands = rules.legalMoves(state).map(formatMove);
  return [
    ...(firstTurn ? [String(s), String(POINT_COUNT), ...NEIGHBOUR_LINES] : []),
    state.lastMove ? formatMove(state.lastMove) : '-',
    boardLine(state),
    String(commands.length),
    ...commands,
  ];
}

/** Each command and how its fields are written. */
const FORMS: ReadonlyMap<string, string> = new Map([
  ['PLACE', 'PLACE;X'],
  ['PLACE&TAKE', 'PLACE&TAKE;X;Y'],
  ['MOVE', 'MOVE;X;Y'],
  ['MOVE&TAKE', 'MOVE&TAKE;X;Y;Z'],
]);

/** A bot's text cut short for an error message, so that a long line is not repeated. */
const quote = (text: string): string => JSON.stringify(text.length > 20 ? `${text.slice(0, 20)}…` : text);
const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Reads a command; it must be exactly one of the commands listed for this turn. */
function parseOutput(state: MorrisState, s: Seat, line: string): Result<Answer<MorrisMove>> {
  if (s !== rules.toMove(state)) throw new Error(`it is not player ${s}'s turn`);
  const command = withoutTrailingBlanks(line);
  if (command === '') return failed('empty line: expected a command such as PLACE;A1');
  const [name = '', ...texts] = command.split(';');
  const form = FORMS.get(name);
  if (form === undefined) {
    if (FORMS.has(name.toUpperCase()))
      return failed(`unknown command ${quote(name)}: commands are case-sensitive (${name.toUpperCase()})`);
    return failed(`unknown command ${quote(name)}: expected PLACE, PLACE&TAKE, MOVE or MOVE&TAKE`);
  }
  const count = form.split(';').length - 1;
  if (texts.length !== count) {
    const empty = texts.length > 0 && texts[texts.length - 1] === '' ? ', the last one empty' : '';
    return failed(`${name} takes ${plural(count, 'field')} (${form}), got ${texts.length}${empty}`);
  }
  const points: Point[] = [];
  for (const [i, text] of texts.entries()) {
    const p = pointOfField(text);
    if (p === undefined)
      return failed(
        `field ${i + 1} of ${name}, ${quote(text)}, is not one of the 24 fields (A1..G7, as listed in the initialisation)`,
      );
    points.push(p);
  }
  const take = name.endsWith('&TAKE') ? points[count - 1]! : null;
  const move: MorrisMove = name.startsWith('PLACE')
    ? { kind: 'PLACE', to: points[0]!, take }
    : { kind: 'MOVE', from: points[0]!, to: points[1]!, take };
  const checked = checkMove(state, move);
  return checked.ok ? ok({ move }) : checked;
}

export const protocol: Protocol<MorrisState, MorrisMove> = { turnInput, parseOutput };
