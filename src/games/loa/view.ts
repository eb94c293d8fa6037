/**
 * Lines of Action's board for the web arena: the 8×8 board as the statement numbers it (rows 1..8
 * from the top, columns 1..8 from the left) with the last move's path as an arrow, drawn from the
 * replay snapshot alone (this module runs in the browser: no rules code).
 */
import {
  arrow,
  COLOURS,
  captions,
  discMarks,
  el,
  hitRect,
  item,
  markOf,
  resultText,
  sideName,
  stone,
  svg,
  text,
} from '../../boards/svg.js';
import type { BoardOptions, Outcome } from '../../core/game.js';

/** What `rules.snapshot` gives for a state. */
export interface LoaSnapshot {
  readonly ply: number;
  readonly toMove: number;
  /** The 8 rows from row 1, each 8 characters: `b` black, `w` white, `.` empty. */
  readonly board: readonly string[];
  /** Pieces on the board: black's, white's. */
  readonly pieces: readonly number[];
  /** `r1 c1 r2 c2`. */
  readonly lastMove: string | null;
  // The fields below were added for viewers: replays recorded before lack them.
  readonly maxMoves?: number;
  readonly outcome?: Outcome | null;
}

const NAMES = ['BLACK', 'WHITE'] as const;
const SIZE = 8;
const WIDTH = 500;
const SQUARE = 52;
const LEFT = (WIDTH - SIZE * SQUARE) / 2;
const TOP = 84;
/** Where the captions start. */
const FOOT = TOP + SIZE * SQUARE + 4;
const PIECE = 19;

/** The id a person clicks for the square at row `r`, column `c` (1..8). */
export const squareId = (r: number, c: number): string => `sq-${r}-${c}`;

const xOf = (c: number): number => LEFT + (c - 0.5) * SQUARE;
const yOf = (r: number): number => TOP + (r - 0.5) * SQUARE;

/** Each side in the strip above the board: its stone, name, pieces; black on the left, white on the right. */
function strip(snapshot: LoaSnapshot): string {
  const parts: string[] = [];
  for (const s of [0, 1]) {
    const toMove = !snapshot.outcome && snapshot.toMove === s;
    const [cx, anchor, x] = s === 0 ? [30, 'start', 52] : [WIDTH - 30, 'end', WIDTH - 52];
    if (toMove) parts.push(el('circle', { cx, cy: 24, r: 17, fill: COLOURS.lastFill }));
    parts.push(stone(cx, 24, 12, s));
    parts.push(sideName(x, 30, NAMES[s]!, toMove, anchor));
    parts.push(
      text(x, 49, `${snapshot.pieces[s]} pieces`, { 'text-anchor': anchor, 'font-size': 13, fill: COLOURS.muted }),
    );
  }
  parts.push(
    text(WIDTH / 2, 49, `move ${snapshot.ply}${snapshot.maxMoves ? ` of ${snapshot.maxMoves}` : ''}`, {
      'text-anchor': 'middle',
      'font-size': 13,
      fill: COLOURS.muted,
    }),
  );
  return el('g', { class: 'sides' }, ...parts);
}

export function board(data: unknown, options: BoardOptions): string {
  const snapshot = data as LoaSnapshot;
  const move = snapshot.lastMove?.split(' ').map(Number) ?? null;
  const [r1, c1, r2, c2] = move ?? [];
  const parts: string[] = [strip(snapshot)];
  const labels = { 'text-anchor': 'middle', 'font-size': 13, 'font-weight': 600, fill: COLOURS.muted };
  for (let i = 1; i <= SIZE; i++) {
    parts.push(text(xOf(i), TOP - 10, String(i), labels));
    parts.push(text(LEFT - 16, yOf(i) + 5, String(i), labels));
  }
  parts.push(
    el('rect', {
      x: LEFT - 1,
      y: TOP - 1,
      width: SIZE * SQUARE + 2,
      height: SIZE * SQUARE + 2,
      fill: 'none',
      stroke: COLOURS.boardEdge,
      'stroke-width': 2,
    }),
  );
  for (let r = 1; r <= SIZE; r++) {
    for (let c = 1; c <= SIZE; c++) {
      const id = squareId(r, c);
      const [x, y] = [LEFT + (c - 1) * SQUARE, TOP + (r - 1) * SQUARE];
      const isFrom = r === r1 && c === c1;
      const isTo = r === r2 && c === c2;
      const piece = snapshot.board[r - 1]![c - 1];
      const mark = markOf(id, options);
      const fill = isFrom || isTo ? COLOURS.lastFill : (r + c) % 2 === 0 ? '#efe8d8' : '#ddd2bc';
      const inner = [el('rect', { x, y, width: SQUARE, height: SQUARE, fill })];
      if (isTo) inner.push(el('circle', { cx: xOf(c), cy: yOf(r), r: PIECE + 4, fill: COLOURS.last }));
      const occupied = piece === 'b' || piece === 'w';
      const [under, over] = discMarks(mark, xOf(c), yOf(r), PIECE, occupied);
      inner.push(under, occupied ? stone(xOf(c), yOf(r), PIECE, piece === 'b' ? 0 : 1) : '', over);
      inner.push(hitRect(x, y, SQUARE, SQUARE));
      parts.push(item(id, options, [...(isFrom ? ['last-from'] : []), ...(isTo ? ['last-to'] : [])], ...inner));
    }
  }
  if (move) parts.push(arrow(xOf(c1!), yOf(r1!), xOf(c2!), yOf(r2!), COLOURS.last, 5, PIECE + 5));
  const last =
    snapshot.lastMove === null ? 'no move yet' : `last move: ${NAMES[1 - snapshot.toMove]} ${snapshot.lastMove}`;
  const [foot, footHeight] = captions(WIDTH, FOOT, last, resultText(snapshot.outcome ?? null, NAMES));
  return svg(WIDTH, FOOT + footHeight, `Lines of Action, after ${snapshot.ply} moves`, ...parts, foot);
}
