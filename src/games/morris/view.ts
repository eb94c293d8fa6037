/**
 * Nine Men's Morris's board for the web arena: the shared morris drawing with fields A1..G7 along
 * its edges, drawn from the replay snapshot alone (this module runs in the browser: no rules code).
 */

import { fieldName, POINTS, type Point, pointOfField } from '../../boards/morris.js';
import { drawMorris, type MorrisLastMove } from '../../boards/morris-drawing.js';
import { resultText } from '../../boards/svg.js';
import type { BoardOptions, Outcome } from '../../core/game.js';

/** What `rules.snapshot` gives for a state. */
export interface MorrisSnapshot {
  readonly ply: number;
  readonly toMove: number;
  /** Each seat's stones, as field names. */
  readonly stones: readonly (readonly string[])[];
  /** Stones each seat has placed, of 9. */
  readonly placed: readonly number[];
  /** The last command: `PLACE;X`, `PLACE&TAKE;X;Y`, `MOVE;X;Y`, `MOVE&TAKE;X;Y;Z`. */
  readonly lastMove: string | null;
  /** Added for viewers: replays recorded before lack it. */
  readonly outcome?: Outcome | null;
}

const STONES = 9;
const NAMES = ['Player 0', 'Player 1'] as const;

const point = (field: string): Point => pointOfField(field)!;

/** The last command's fields: its origin (a MOVE), its target and the stone it took. */
function lastMoveOf(snapshot: MorrisSnapshot): MorrisLastMove | null {
  if (snapshot.lastMove === null) return null;
  const [command = '', ...fields] = snapshot.lastMove.split(';');
  const moving = command.startsWith('MOVE');
  const taking = command.endsWith('&TAKE');
  return {
    from: moving ? point(fields[0]!) : null,
    to: point(fields[moving ? 1 : 0]!),
    removed: taking ? [point(fields.at(-1)!)] : [],
    text: `${NAMES[1 - snapshot.toMove]} ${snapshot.lastMove}`,
  };
}

export function board(data: unknown, options: BoardOptions): string {
  const snapshot = data as MorrisSnapshot;
  const side = (s: number) => {
    const onBoard = snapshot.stones[s]!.length;
    const lost = snapshot.placed[s]! - onBoard;
    return {
      name: NAMES[s]!,
      inHand: STONES - snapshot.placed[s]!,
      note: `${onBoard} on board${lost > 0 ? ` · ${lost} lost` : ''}`,
    };
  };
  return drawMorris(
    {
      title: `Nine Men's Morris, after ${snapshot.ply} commands`,
      ids: POINTS.map(fieldName),
      axes: true,
      stones: snapshot.stones.flatMap((fields, seat) => fields.map((f) => ({ point: point(f), seat }))),
      stock: STONES,
      sides: [side(0), side(1)],
      toMove: snapshot.outcome ? null : snapshot.toMove,
      last: lastMoveOf(snapshot),
      result: resultText(snapshot.outcome ?? null, NAMES),
    },
    options,
  );
}
