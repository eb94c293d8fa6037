/**
 * What every game's board drawing shares (each game's view.ts): SVG written as text, one calm
 * palette, and how a clickable element is marked. Runs in the browser: pure functions, no imports
 * but types.
 */
import type { BoardOptions, Outcome } from '../core/game.js';

/** The palette of every board: paper and ink, two sides, and three signals (last move, danger, clickable). */
export const COLOURS = {
  paper: '#f6f3ec',
  board: '#ebe2cf',
  boardEdge: '#d4c8ae',
  line: '#857a67',
  ink: '#2e2b26',
  muted: '#7a7163',
  faint: '#b9b0a0',
  /** Seat 0, then seat 1: a dark and a light stone (or tile). */
  side: ['#35383f', '#faf8f3'],
  sideEdge: ['#1d1f23', '#8f8677'],
  sideText: ['#f6f3ec', '#35383f'],
  /** The last move, and whose turn it is: amber. */
  last: '#d08a1e',
  lastText: '#9a5f08',
  lastFill: '#f2d49a',
  /** Removed, captured, in check: brick red. */
  danger: '#c0503a',
  dangerFill: '#f1c9bd',
  /** What a person may click: blue; what they have clicked: a deeper blue. */
  target: '#2f7bbf',
  targetFill: '#cfe2f4',
  selected: '#1b5590',
  selectedFill: '#9fc4e8',
} as const;

export const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

type Value = string | number | null | undefined | false;
export type Attrs = Readonly<Record<string, Value>>;

/** Text safe inside an element or an attribute value. */
export const escapeXml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A number as SVG writes it: at most two decimals, no trailing zeros. */
const num = (n: number): string => String(Math.round(n * 100) / 100);

/** An element with its attributes (null, undefined and false left out) and children (already SVG text). */
export function el(name: string, attrs: Attrs, ...children: string[]): string {
  let open = `<${name}`;
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    open += ` ${key}="${typeof value === 'number' ? num(value) : escapeXml(value)}"`;
  }
  return children.length === 0 ? `${open}/>` : `${open}>${children.join('')}</${name}>`;
}

/** A text element; `content` is plain text, escaped here. */
export const text = (x: number, y: number, content: string, attrs: Attrs = {}): string =>
  el('text', { x, y, ...attrs }, escapeXml(content));

/** The root: a viewBox `width` by `height`, the paper behind, and a title for screen readers. */
export function svg(width: number, height: number, title: string, ...body: string[]): string {
  return el(
    'svg',
    {
      xmlns: 'http://www.w3.org/2000/svg',
      viewBox: `0 0 ${width} ${height}`,
      role: 'img',
      'font-family': FONT,
    },
    el('title', {}, escapeXml(title)),
    el('rect', { width, height, fill: COLOURS.paper }),
    ...body,
  );
}

/** How a person may interact with an element now. */
export type Mark = 'target' | 'selected' | null;

export function markOf(id: string, options: BoardOptions): Mark {
  if (options.selected?.includes(id)) return 'selected';
  return options.targets?.includes(id) ? 'target' : null;
}

/**
 * A board element named `id`: a group carrying `data-id`, and `data-target` with a pointer when
 * it may be clicked now. Its class says `target` or `selected`, plus `extra` classes (such as `last`).
 */
export function item(id: string, options: BoardOptions, extra: readonly string[], ...children: string[]): string {
  const mark = markOf(id, options);
  const classes = [...(mark ? [mark] : []), ...extra];
  return el(
    'g',
    {
      'data-id': id,
      'data-target': mark === 'target' && id,
      class: classes.length > 0 && classes.join(' '),
      cursor: mark === 'target' && 'pointer',
    },
    ...children,
  );
}

/**
 * The marks of a round place that may be clicked or was clicked, as what goes under its piece and
 * what goes over it: a clickable piece gets a light blue ring; a clicked one sits on a deep blue
 * halo; an empty place gets a blue spot, deep when clicked. `r` is a piece's radius there.
 */
export function discMarks(mark: Mark, cx: number, cy: number, r: number, occupied: boolean): [string, string] {
  if (mark === null) return ['', ''];
  if (occupied)
    return mark === 'selected'
      ? [el('circle', { cx, cy, r: r + 7, fill: COLOURS.selected }), '']
      : ['', el('circle', { cx, cy, r: r + 4, fill: 'none', stroke: COLOURS.target, 'stroke-width': 3 })];
  const selected = mark === 'selected';
  return [
    '',
    el('circle', {
      cx,
      cy,
      r: selected ? r : Math.max(8, r * 0.55),
      fill: selected ? COLOURS.selectedFill : COLOURS.targetFill,
      stroke: selected ? COLOURS.selected : COLOURS.target,
      'stroke-width': selected ? 4 : 3,
    }),
  ];
}

/** An invisible disc or rectangle that catches clicks over the whole of an element. */
export const hitCircle = (cx: number, cy: number, r: number): string =>
  el('circle', { cx, cy, r, fill: '#fff', 'fill-opacity': 0 });
export const hitRect = (x: number, y: number, width: number, height: number): string =>
  el('rect', { x, y, width, height, fill: '#fff', 'fill-opacity': 0 });

/** A round stone of a seat, with optional text (a piece id) in the contrasting ink. */
export function stone(cx: number, cy: number, r: number, seat: number, label?: string): string {
  const s = seat === 0 ? 0 : 1;
  return (
    el('circle', { cx, cy, r, fill: COLOURS.side[s], stroke: COLOURS.sideEdge[s], 'stroke-width': 1.5 }) +
    el('circle', { cx, cy, r: r * 0.72, fill: 'none', stroke: COLOURS.sideEdge[s], 'stroke-opacity': 0.25 }) +
    (label === undefined
      ? ''
      : text(cx, cy + r * 0.3, label, {
          'text-anchor': 'middle',
          'font-size': Math.round(r * 0.8),
          'font-weight': 700,
          fill: COLOURS.sideText[s],
        }))
  );
}

/** A button of the board (WAIT, PUSH, promote...): drawn only for a person playing, dimmed unless clickable. */
export function button(id: string, label: string, x: number, y: number, width: number, options: BoardOptions): string {
  const mark = markOf(id, options);
  const height = 30;
  return item(
    id,
    options,
    [],
    el('rect', {
      x,
      y,
      width,
      height,
      rx: 6,
      fill: mark === null ? COLOURS.paper : mark === 'selected' ? COLOURS.selectedFill : COLOURS.targetFill,
      stroke: mark === null ? COLOURS.faint : mark === 'selected' ? COLOURS.selected : COLOURS.target,
      'stroke-width': mark === null ? 1 : 2,
    }),
    text(x + width / 2, y + 20, label, {
      'text-anchor': 'middle',
      'font-size': 14,
      'font-weight': 600,
      fill: mark === null ? COLOURS.faint : COLOURS.ink,
    }),
  );
}

/**
 * An arrow from (x1, y1) towards (x2, y2), its head `gap` short of the end (the edge of the piece
 * there): the path of a last move.
 */
export function arrow(x1: number, y1: number, x2: number, y2: number, colour: string, width: number, gap = 0): string {
  const full = Math.hypot(x2 - x1, y2 - y1);
  if (full <= gap) return '';
  const [ux, uy] = [(x2 - x1) / full, (y2 - y1) / full];
  [x2, y2] = [x2 - ux * gap, y2 - uy * gap];
  const head = width * 3;
  const [bx, by] = [x2 - ux * head, y2 - uy * head];
  const [px, py] = [-uy * head * 0.6, ux * head * 0.6];
  return el(
    'g',
    { class: 'last', opacity: 0.85 },
    el('line', { x1, y1, x2: bx, y2: by, stroke: colour, 'stroke-width': width, 'stroke-linecap': 'round' }),
    el('polygon', {
      points: [
        [x2, y2],
        [bx + px, by + py],
        [bx - px, by - py],
      ]
        .map(([x, y]) => `${num(x!)},${num(y!)}`)
        .join(' '),
      fill: colour,
    }),
  );
}

/** `text` in lines of at most `max` characters, broken at spaces. */
function wrap(text: string, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > max) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  return [...lines, line];
}

/**
 * The lines under a board, from `top`: what the last move was, and how the game ended (bold) once
 * it has, wrapped to the width. Returns the SVG and the height it takes.
 */
export function captions(width: number, top: number, last: string, result: string | null): [string, number] {
  const chars = (width - 24) / 7.4;
  const lines = [
    ...wrap(last, Math.floor(chars)).map((line) => ({ line, bold: false })),
    ...(result === null ? [] : wrap(result, Math.floor(chars * 0.92)).map((line) => ({ line, bold: true }))),
  ];
  const svgText = el(
    'g',
    { class: 'captions' },
    ...lines.map(({ line, bold }, i) =>
      text(width / 2, top + 18 + i * 19, line, {
        'text-anchor': 'middle',
        'font-size': 13,
        'font-weight': bold && 700,
        fill: bold ? COLOURS.ink : COLOURS.muted,
      }),
    ),
  );
  return [svgText, lines.length * 19 + 12];
}

/** How a game ended, for a caption: `BLACK wins: WHITE is down to 2 pieces`; null while it goes on. */
export function resultText(outcome: Outcome | null, names: readonly string[]): string | null {
  if (outcome === null) return null;
  return `${outcome.winner === null ? 'No winner' : `${names[outcome.winner]} wins`}: ${outcome.reason}`;
}

/** A player's name in a strip, followed by `to move` in amber when it is its turn. */
export const sideName = (x: number, y: number, name: string, toMove: boolean, anchor = 'start'): string =>
  el(
    'text',
    { x, y, 'text-anchor': anchor, 'font-size': 18, 'font-weight': 700, fill: COLOURS.ink },
    escapeXml(name),
    toMove ? el('tspan', { 'font-size': 14, 'font-weight': 600, fill: COLOURS.lastText, dx: 10 }, 'to move') : '',
  );
