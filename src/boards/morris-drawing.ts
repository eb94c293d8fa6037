/**
 * The one drawing of the morris board (geometry in morris.ts), for the views of Mills and Nine
 * Men's Morris: three squares, the stones, both sides' stones in hand, the last move. Each game
 * names the points its own way (`ids`, `pointLabels`, `axes`); the picture is the same.
 */
import type { BoardOptions } from '../core/game.js';
import { columnOf, LINES, POINTS, type Point, rowOf } from './morris.js';
import { arrow, COLOURS, captions, discMarks, el, hitCircle, item, markOf, sideName, stone, svg, text } from './svg.js';

export interface MorrisSide {
  /** `BLACK`, `Player 0`. */
  readonly name: string;
  /** Stones still to put on the board, of `stock`. */
  readonly inHand: number;
  /** A short line under the name: `7 on board`. */
  readonly note: string;
}

export interface MorrisStone {
  readonly point: Point;
  readonly seat: number;
  /** Written on the stone: a piece id. */
  readonly label?: string;
}

export interface MorrisLastMove {
  readonly from: Point | null;
  readonly to: Point | null;
  /** Where the stones the move took stood. */
  readonly removed: readonly Point[];
  /** The move in the game's own words, for the caption. */
  readonly text: string;
}

export interface MorrisPicture {
  readonly title: string;
  /** The id of each point's element, by point: what a click on it (or on its stone) names. */
  readonly ids: readonly string[];
  /** A small name beside each point, by point (Mills' `d r`); none when absent. */
  readonly pointLabels?: readonly string[];
  /** Column letters A..G and row numbers 1..7 along the edges (Nine Men's Morris's fields). */
  readonly axes: boolean;
  readonly stones: readonly MorrisStone[];
  readonly stock: number;
  readonly sides: readonly [MorrisSide, MorrisSide];
  /** The seat to move, null once the game is over. */
  readonly toMove: number | null;
  readonly last: MorrisLastMove | null;
  /** How the game ended, once it has. */
  readonly result: string | null;
}

const WIDTH = 500;
const STEP = 62;
const STRIP = 60;
/** The board's margin around the outer square: room for the stones and the axes. */
const MARGIN = 48;
const TOP = STRIP + MARGIN;
const LEFT = (WIDTH - 6 * STEP) / 2;
const BOARD_BOTTOM = TOP + 6 * STEP;
/** Where the captions start. */
const FOOT = BOARD_BOTTOM + MARGIN + STRIP + 4;
const STONE = 21;

const xOf = (p: Point): number => LEFT + columnOf(p) * STEP;
const yOf = (p: Point): number => TOP + (6 - rowOf(p)) * STEP;

/** A side's strip: its stone and name, whether it is to move, its stones in hand. */
function sideStrip(side: MorrisSide, seat: number, y: number, stock: number, toMove: boolean): string {
  const parts = [
    toMove ? el('circle', { cx: 30, cy: y + 22, r: 17, fill: COLOURS.lastFill }) : '',
    stone(30, y + 22, 12, seat),
    sideName(52, y + 28, side.name, toMove),
    text(52, y + 48, side.note, { 'font-size': 13, fill: COLOURS.muted }),
  ];
  // The stock, right-aligned: a stone for each still in hand, a faint ring for each already put.
  const gap = 19;
  const right = WIDTH - 24;
  for (let i = 0; i < stock; i++) {
    const cx = right - (stock - 1 - i) * gap - 7;
    parts.push(
      i < stock - side.inHand
        ? el('circle', { cx, cy: y + 22, r: 7, fill: 'none', stroke: COLOURS.faint, 'stroke-dasharray': '2 2' })
        : stone(cx, y + 22, 7.5, seat),
    );
  }
  parts.push(
    text(right, y + 48, `${side.inHand} in hand`, { 'text-anchor': 'end', 'font-size': 13, fill: COLOURS.muted }),
  );
  return el('g', { class: `side side-${seat}${toMove ? ' to-move' : ''}` }, ...parts);
}

/** The lines, then for every point its dot, its stone, its marks and its click area. */
function board(picture: MorrisPicture, options: BoardOptions): string {
  const parts: string[] = [
    el('rect', {
      x: LEFT - MARGIN,
      y: TOP - MARGIN + 12,
      width: 6 * STEP + 2 * MARGIN,
      height: 6 * STEP + 2 * MARGIN - 12,
      rx: 10,
      fill: COLOURS.board,
      stroke: COLOURS.boardEdge,
    }),
  ];
  for (const line of LINES) {
    const [a, , c] = line;
    parts.push(
      el('line', {
        x1: xOf(a),
        y1: yOf(a),
        x2: xOf(c),
        y2: yOf(c),
        stroke: COLOURS.line,
        'stroke-width': 3,
        'stroke-linecap': 'round',
      }),
    );
  }
  if (picture.axes) {
    for (let i = 0; i < 7; i++) {
      const labels = { 'text-anchor': 'middle', 'font-size': 14, 'font-weight': 600, fill: COLOURS.muted };
      parts.push(text(LEFT + i * STEP, BOARD_BOTTOM + 40, 'ABCDEFG'[i]!, labels));
      parts.push(text(LEFT - 36, TOP + (6 - i) * STEP + 5, String(i + 1), labels));
    }
  }
  const last = picture.last;
  if (last?.from != null && last.to !== null)
    parts.push(arrow(xOf(last.from), yOf(last.from), xOf(last.to), yOf(last.to), COLOURS.last, 5));
  const stoneAt = new Map(picture.stones.map((s) => [s.point, s]));
  for (const p of POINTS) {
    const [x, y] = [xOf(p), yOf(p)];
    const id = picture.ids[p]!;
    const here = stoneAt.get(p);
    const isFrom = last?.from === p;
    const isTo = last?.to === p;
    const removed = last?.removed.includes(p) ?? false;
    const inner: string[] = [];
    if (isFrom)
      inner.push(
        el('circle', { cx: x, cy: y, r: STONE - 2, fill: COLOURS.lastFill, stroke: COLOURS.last, 'stroke-width': 2 }),
      );
    inner.push(el('circle', { cx: x, cy: y, r: 5, fill: COLOURS.line }));
    if (removed)
      inner.push(
        el('circle', {
          cx: x,
          cy: y,
          r: STONE - 3,
          fill: COLOURS.dangerFill,
          stroke: COLOURS.danger,
          'stroke-width': 2,
          'stroke-dasharray': '4 3',
        }),
        el('path', {
          d: `M${x - 7} ${y - 7}L${x + 7} ${y + 7}M${x + 7} ${y - 7}L${x - 7} ${y + 7}`,
          stroke: COLOURS.danger,
          'stroke-width': 3,
          'stroke-linecap': 'round',
        }),
      );
    if (isTo) inner.push(el('circle', { cx: x, cy: y, r: STONE + 5, fill: COLOURS.last }));
    const [under, over] = discMarks(markOf(id, options), x, y, STONE, here !== undefined);
    inner.push(under, here ? stone(x, y, STONE, here.seat, here.label) : '', over);
    const label = picture.pointLabels?.[p];
    if (label !== undefined)
      inner.push(text(x + 17, y + 27, label, { 'font-size': 11, fill: COLOURS.muted, 'text-anchor': 'start' }));
    inner.push(hitCircle(x, y, 28));
    const classes = [...(isFrom ? ['last-from'] : []), ...(isTo ? ['last-to'] : []), ...(removed ? ['removed'] : [])];
    parts.push(item(id, options, classes, ...inner));
  }
  return el('g', { class: 'board' }, ...parts);
}

/** The whole picture: seat 1's strip above the board, seat 0's below, the last move and the result as captions. */
export function drawMorris(picture: MorrisPicture, options: BoardOptions): string {
  const last = picture.last ? `last move: ${picture.last.text}` : 'no move yet';
  const [foot, footHeight] = captions(WIDTH, FOOT, last, picture.result);
  return svg(
    WIDTH,
    FOOT + footHeight,
    picture.title,
    sideStrip(picture.sides[1], 1, 0, picture.stock, picture.toMove === 1),
    board(picture, options),
    sideStrip(picture.sides[0], 0, BOARD_BOTTOM + MARGIN, picture.stock, picture.toMove === 0),
    foot,
  );
}
