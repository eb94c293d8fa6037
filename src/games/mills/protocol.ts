/**
 * The statement's protocol, referee side: the lines a player reads each turn and the parsing of its
 * answer. The bot side, reading those lines back, is input.ts.
 */
import { type Answer, type Protocol, withoutTrailingBlanks } from '../../core/game.js';
import { failed, ok, type Result } from '../../core/result.js';
import { type Seat, seat } from '../../core/units.js';
import { DIRECTIONS, directionOf, RADII, radiusOf, slotOf } from './board.js';
import {
  checkKind,
  checkMove,
  colourOf,
  formatMove,
  MAX_PIECE_ID,
  type MillsMove,
  type MillsState,
  phaseOf,
  pieceId,
  piecesOnBoard,
  type Removal,
  type Removals,
  rules,
  stepMoves,
  turnsLeft,
} from './rules.js';

export { formatMove };

/**
 * The moves the statement lists: all legal moves, except that a jumping player is offered only its
 * adjacent moves, and every jump only when it has no adjacent move.
 */
export function listedMoves(state: MillsState): MillsMove[] {
  if (phaseOf(state, rules.toMove(state)) === 'jump') {
    const steps = stepMoves(state);
    if (steps.length > 0) return steps;
  }
  return rules.legalMoves(state);
}

function turnInput(state: MillsState, s: Seat): string[] {
  if (s !== rules.toMove(state)) throw new Error(`it is not ${colourOf(s)}'s turn`);
  const opponent = seat(1 - s);
  const pieces = piecesOnBoard(state);
  const options = listedMoves(state).map(formatMove);
  return [
    [
      colourOf(s),
      turnsLeft(state, s),
      state.onBoard[s],
      state.onBoard[opponent],
      state.stock[s],
      state.stock[opponent],
    ].join(' '),
    String(pieces.length),
    ...pieces.map((p) => `${p.id} ${p.owner === s ? 0 : 1} ${directionOf(p.slot)} ${radiusOf(p.slot)}`),
    String(options.length),
    ...options,
  ];
}

/** A field of an output line: its name in the statement, and the range of its values. */
interface Field {
  readonly name: string;
  readonly label: string;
  readonly min: number;
  readonly max: number;
}
const PIECE: Field = { name: 'PIECE_ID', label: 'piece id', min: 1, max: MAX_PIECE_ID };
const DIRECTION: Field = { name: 'DIRECTION', label: 'direction', min: 0, max: DIRECTIONS - 1 };
const RADIUS: Field = { name: 'RADIUS', label: 'radius', min: 0, max: RADII - 1 };
const REMOVALS: readonly Field[] = [1, 2].map((k) => ({
  name: `REMOVE_PIECE_ID_${k}`,
  label: 'removal id',
  min: 0,
  max: MAX_PIECE_ID,
}));
const FIELDS = { PUT: [DIRECTION, RADIUS], MOVE: [PIECE, DIRECTION, RADIUS] } as const;

/** A bot's text cut short for an error message, so that a long line is not repeated. */
const cut = (text: string): string => (text.length > 20 ? `${text.slice(0, 20)}…` : text);
const quote = (text: string): string => JSON.stringify(cut(text));

/** Reads `tokens` as the given fields followed by up to two optional removal ids. */
function readNumbers(tokens: readonly string[], fields: readonly Field[]): Result<number[]> {
  const all = [...fields, ...REMOVALS];
  if (tokens.length > all.length) return failed('too many fields: at most two removal ids (a message goes after ";")');
  if (tokens.length < fields.length) return failed(`missing ${fields[tokens.length]!.name}`);
  const values: number[] = [];
  for (const [i, token] of tokens.entries()) {
    const field = all[i]!;
    if (!/^[0-9]+$/.test(token)) return failed(`${quote(token)} is not a number for ${field.name}`);
    const value = Number(token);
    if (value < field.min || value > field.max)
      return failed(`${field.label} ${cut(token)} is out of range ${field.min}..${field.max}`);
    values.push(value);
  }
  return ok(values);
}

/** Reads the command before any ";": `PUT d r [id1 [id2]]` or `MOVE id d r [id1 [id2]]`. */
function parseCommand(state: MillsState, command: string): Result<MillsMove> {
  if (command.startsWith(' ')) return failed('leading space at character 1');
  const double = command.indexOf('  ');
  if (double >= 0) return failed(`double space at character ${double + 2}`);
  const [keyword = '', ...tokens] = command.split(' ');
  if (keyword !== 'PUT' && keyword !== 'MOVE') return failed(`unknown keyword ${quote(keyword)}: expected PUT or MOVE`);
  const kind = checkKind(state, keyword);
  if (!kind.ok) return kind;

  const read = readNumbers(tokens, FIELDS[keyword]);
  if (!read.ok) return read;
  const values = read.value;
  const at = FIELDS[keyword].indexOf(DIRECTION);
  const to = slotOf(values[at]!, values[at + 1]!);
  const request = (k: number): Removal => {
    const id = values[at + 2 + k] ?? 0;
    return id === 0 ? 0 : pieceId(id);
  };
  const remove: Removals = [request(0), request(1)];
  const move: MillsMove =
    keyword === 'PUT' ? { kind: 'PUT', to, remove } : { kind: 'MOVE', piece: pieceId(values[0]!), to, remove };
  return checkMove(state, move);
}

function parseOutput(state: MillsState, s: Seat, line: string): Result<Answer<MillsMove>> {
  if (s !== rules.toMove(state)) throw new Error(`it is not ${colourOf(s)}'s turn`);
  const text = withoutTrailingBlanks(line);
  if (/^ *$/.test(text)) return failed('empty line');
  const semicolon = text.indexOf(';');
  // Spaces before the ";" are dropped too, as Java's split drops trailing empty fields.
  const command = (semicolon < 0 ? text : text.slice(0, semicolon)).replace(/ +$/, '');
  if (command === '') return failed('no command before ";"');
  const parsed = parseCommand(state, command);
  const comment = semicolon < 0 ? '' : text.slice(semicolon + 1).trim();
  if (!parsed.ok) return parsed;
  return ok(comment === '' ? { move: parsed.value } : { move: parsed.value, comment });
}

export const protocol: Protocol<MillsState, MillsMove> = {
  turnInput: (state, s) => turnInput(state, s),
  parseOutput,
};
