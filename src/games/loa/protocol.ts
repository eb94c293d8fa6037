/**
 * The statement's streaming protocol, referee side. Each bot first reads its colour (`0` black,
 * `1` white); then a bot writes its own moves and reads its opponent's, one `r1 c1 r2 c2` line
 * each. The referee relays a move only once it has checked it, and relays the game's last move to
 * the bot that did not make it, so that both see the end. The bot side is input.ts.
 */
import type { Answer, Protocol } from '../../core/game.js';
import { failed, ok, type Result } from '../../core/result.js';
import type { Seat } from '../../core/units.js';
import { SIZE, squareAt } from './board.js';
import { COLOUR_NAMES, type Colour, type Move, other } from './position.js';
import { checkMove, formatMove, type LoaState, rules } from './rules.js';

const FIELDS = ['r1', 'c1', 'r2', 'c2'] as const;

/** A bot's text cut short for an error message, so that a long line is not repeated. */
const cut = (text: string): string => (text.length > 20 ? `${text.slice(0, 20)}…` : text);
const quote = (text: string): string => JSON.stringify(cut(text));

/** The seat that made the last move: the one not to move (after a forfeit too, as the forfeiting seat was to move). */
const lastMover = (state: LoaState): Colour => other(state.position.toMove);

function turnInput(state: LoaState, s: Seat, firstTurn: boolean): string[] {
  if (s !== rules.toMove(state)) throw new Error(`it is not ${COLOUR_NAMES[s]}'s turn`);
  const lines = firstTurn ? [String(s)] : [];
  if (state.lastMove !== null) lines.push(formatMove(state.lastMove));
  return lines;
}

/**
 * Once the game is over: the last move, to the seat that did not make it, preceded by its colour
 * if the game ended before it was ever asked to move (only with a move limit of 1, or when black
 * fails on its first move).
 */
function finalInput(state: LoaState, s: Seat): string[] {
  const lines = state.ply <= s ? [String(s)] : [];
  if (state.lastMove !== null && lastMover(state) !== s) lines.push(formatMove(state.lastMove));
  return lines;
}

/**
 * Reads `r1 c1 r2 c2`: four whole numbers 1..8 separated by spaces or tabs (leading and trailing
 * ones ignored, as a judge reading numbers would), naming a legal move of the side to move.
 */
function parseOutput(state: LoaState, s: Seat, line: string): Result<Answer<Move>> {
  if (s !== rules.toMove(state)) throw new Error(`it is not ${COLOUR_NAMES[s]}'s turn`);
  const tokens = line.trim() === '' ? [] : line.trim().split(/[ \t]+/);
  if (tokens.length === 0) return failed('empty line: expected a move "r1 c1 r2 c2"');
  if (tokens.length !== FIELDS.length)
    return failed(`expected 4 numbers "r1 c1 r2 c2", got ${tokens.length} field${tokens.length === 1 ? '' : 's'}`);
  const values: number[] = [];
  for (const [i, token] of tokens.entries()) {
    if (!/^[0-9]+$/.test(token)) return failed(`${quote(token)} is not a number for ${FIELDS[i]}`);
    const value = Number(token);
    if (value < 1 || value > SIZE) return failed(`${FIELDS[i]} ${cut(token)} is out of range 1..${SIZE}`);
    values.push(value);
  }
  const [r1, c1, r2, c2] = values as [number, number, number, number];
  const from = squareAt(r1, c1);
  const to = squareAt(r2, c2);
  const checked = checkMove(state, from, to);
  return checked.ok ? ok({ move: checked.value }) : checked;
}

export const protocol: Protocol<LoaState, Move> = { turnInput, parseOutput, finalInput };
