/**
 * Mills' board for the web arena: the shared morris drawing with slots named `d r` and pieces by
 * their ids, drawn from the replay snapshot alone (this module runs in the browser: no rules code).
 */

import { directionOf, POINTS, type Point, pointAt, radiusOf } from '../../boards/morris.js';
import { drawMorris, type MorrisLastMove } from '../../boards/morris-drawing.js';
import { resultText } from '../../boards/svg.js';
import type { BoardOptions, Outcome } from '../../core/game.js';

export interface SlotJson {
  readonly direction: number;
  readonly radius: number;
}

/** What `rules.snapshot` gives for a state. */
export interface MillsSnapshot {
  readonly ply: number;
  readonly toMove: number;
  readonly pieces: readonly (SlotJson & { readonly id: number; readonly owner: number })[];
  readonly stock: readonly number[];
  readonly turnsLeft: readonly number[];
  /** The last move's line, every field written: `PUT d r a b`, `MOVE id d r a b`. */
  readonly lastMove: string | null;
  /** The ids of the pieces the last move removed. */
  readonly removed: readonly number[];
  // The fields below were added for viewers: replays recorded before lack them.
  /** Where the last move's piece came from (a MOVE). */
  readonly from?: SlotJson | null;
  /** Where the removed pieces stood. */
  readonly removedAt?: readonly SlotJson[];
  readonly outcome?: Outcome | null;
}

export const COLOUR_NAMES = ['BLACK', 'WHITE'] as const;
const STOCK = 9;

/** The element ids a person clicks: an empty slot, or a piece by its id. */
export const slotId = (slot: Point): string => `slot-${directionOf(slot)}-${radiusOf(slot)}`;
export const pieceElementId = (id: number): string => `piece-${id}`;

const pointOf = (slot: SlotJson): Point => pointAt(slot.direction, slot.radius);

/** The last move, from its line: `PUT d r ...` or `MOVE id d r ...`. */
function lastMoveOf(snapshot: MillsSnapshot): MorrisLastMove | null {
  if (snapshot.lastMove === null) return null;
  const fields = snapshot.lastMove.split(' ');
  const at = fields[0] === 'PUT' ? 1 : 2;
  const mover = COLOUR_NAMES[1 - snapshot.toMove];
  const removed = snapshot.removed.length > 0 ? ` · removed ${snapshot.removed.join(', ')}` : '';
  return {
    from: snapshot.from ? pointOf(snapshot.from) : null,
    to: pointAt(Number(fields[at]), Number(fields[at + 1])),
    removed: (snapshot.removedAt ?? []).map(pointOf),
    text: `${mover} ${snapshot.lastMove}${removed}`,
  };
}

export function board(data: unknown, options: BoardOptions): string {
  const snapshot = data as MillsSnapshot;
  const occupant = new Map(snapshot.pieces.map((p) => [pointOf(p), p]));
  const onBoard = (s: number): number => snapshot.pieces.filter((p) => p.owner === s).length;
  const side = (s: number) => ({
    name: COLOUR_NAMES[s]!,
    inHand: snapshot.stock[s]!,
    note: `${onBoard(s)} on board · ${snapshot.turnsLeft[s]} turns left`,
  });
  return drawMorris(
    {
      title: `Mills, after ${snapshot.ply} moves`,
      ids: POINTS.map((p) => {
        const piece = occupant.get(p);
        return piece ? pieceElementId(piece.id) : slotId(p);
      }),
      pointLabels: POINTS.map((p) => `${directionOf(p)} ${radiusOf(p)}`),
      axes: false,
      stones: snapshot.pieces.map((p) => ({ point: pointOf(p), seat: p.owner, label: String(p.id) })),
      stock: STOCK,
      sides: [side(0), side(1)],
      toMove: snapshot.outcome ? null : snapshot.toMove,
      last: lastMoveOf(snapshot),
      result: resultText(snapshot.outcome ?? null, COLOUR_NAMES),
    },
    options,
  );
}
