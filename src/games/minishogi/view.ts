/**
 * Minishogi's board for the web arena: the 5×5 board with player 0 at the bottom, files 5..1 from
 * the left and ranks 1..5 from the top as the statement names squares, pieces lettered as the
 * statement writes them (promoted ones in red), both hands, check marked; drawn from the replay
 * snapshot alone (this module runs in the browser: no rules code).
 */
import {
  button,
  COLOURS,
  captions,
  el,
  hitRect,
  item,
  markOf,
  resultText,
  sideName,
  svg,
  text,
} from '../../boards/svg.js';
import type { BoardOptions, Outcome } from '../../core/game.js';

/** What `rules.snapshot` gives for a state. */
export interface MinishogiSnapshot {
  /** The position: `rbsgk/4p/5/P4/KGSBR b - 1`, ranks from the top, files 5..1 in each. */
  readonly sfen: string;
  readonly ply: number;
  readonly toMove: number;
  /** Each player's hand as the protocol prints it: letters in capture order, or `-`. */
  readonly hands: readonly string[];
  /** The statement's action: `4534`, `1425+`, `G*33`. */
  readonly lastAction: string | null;
  /** Whether the player to move is in check. */
  readonly check: boolean;
  /** Added for viewers: replays recorded before lack it. */
  readonly outcome?: Outcome | null;
}

const NAMES = ['Player 0', 'Player 1'] as const;
const SIZE = 5;
/** The kinds a hand holds, in the order a hand is drawn. */
const HAND_KINDS = ['P', 'S', 'G', 'B', 'R'] as const;

/** The ids a person clicks: a square by its name (`sq-45`), a hand piece by its owner and kind. */
export const squareId = (file: number, rank: number): string => `sq-${file}${rank}`;
export const handId = (seat: number, kind: string): string => `hand-${seat}-${kind.toUpperCase()}`;
/** After a move that may promote or not: the two choices. */
export const PROMOTE = 'promote';
export const STAY = 'stay';

const WIDTH = 500;
const SQUARE = 72;
const LEFT = (WIDTH - SIZE * SQUARE) / 2;
const STRIP = 76;
const TOP = STRIP + 28;
const BOTTOM = TOP + SIZE * SQUARE;
/** Where the captions start. */
const FOOT = BOTTOM + 12 + STRIP;

/** The board cells from the SFEN's first field, by rank (top first) then file 5..1: `+R`, `k`, or null. */
function cells(sfen: string): (string | null)[][] {
  return sfen
    .split(' ')[0]!
    .split('/')
    .map((rank) =>
      [...rank.matchAll(/\+?[A-Za-z]|[0-9]/g)].flatMap(([token]) =>
        /[0-9]/.test(token) ? Array<null>(Number(token)).fill(null) : [token],
      ),
    );
}

const ownerOf = (piece: string): number => (piece === piece.toUpperCase() ? 0 : 1);

/**
 * A piece: a five-sided tile pointing at the opponent (player 0's up, player 1's down), dark for
 * player 0 and light for player 1, its letter red once promoted.
 */
function tile(cx: number, cy: number, piece: string, scale: number): string {
  const seat = ownerOf(piece);
  const [w, h] = [52 * scale, 60 * scale];
  const up = seat === 0 ? 1 : -1;
  const points = [
    [0, -h / 2],
    [w * 0.36, -h * 0.32],
    [w / 2, h / 2],
    [-w / 2, h / 2],
    [-w * 0.36, -h * 0.32],
  ]
    .map(([x, y]) => `${cx + x!},${cy + y! * up}`)
    .join(' ');
  const promoted = piece.startsWith('+');
  const ink = promoted ? (seat === 0 ? '#f4a08c' : '#b0392a') : COLOURS.sideText[seat];
  return (
    el('polygon', {
      points,
      fill: COLOURS.side[seat],
      stroke: COLOURS.sideEdge[seat],
      'stroke-width': 1.5,
      'stroke-linejoin': 'round',
    }) +
    text(cx, cy + (up * 4 + 8) * scale, piece, {
      'text-anchor': 'middle',
      'font-size': (promoted ? 22 : 26) * scale,
      'font-weight': 700,
      fill: ink,
    })
  );
}

/** A player's strip: name, whether to move or in check, and the hand, one tile per kind with a count. */
function strip(snapshot: MinishogiSnapshot, seat: number, y: number, options: BoardOptions): string {
  const toMove = !snapshot.outcome && snapshot.toMove === seat;
  const parts = [sideName(24, y + 30, NAMES[seat]!, toMove)];
  const hand = snapshot.hands[seat] === '-' ? '' : snapshot.hands[seat]!;
  const count = (kind: string) => [...hand].filter((l) => l.toUpperCase() === kind).length;
  const note = toMove && snapshot.check ? 'in check' : hand === '' ? 'nothing in hand' : 'in hand:';
  parts.push(
    text(24, y + 52, note, {
      'font-size': 13,
      'font-weight': note === 'in check' ? 700 : 400,
      fill: note === 'in check' ? COLOURS.danger : COLOURS.muted,
    }),
  );
  let x = WIDTH - 24 - 24;
  for (const kind of [...HAND_KINDS].reverse()) {
    const n = count(kind);
    if (n === 0) continue;
    const id = handId(seat, kind);
    const cy = y + 36;
    const mark = markOf(id, options);
    const letter = seat === 0 ? kind : kind.toLowerCase();
    parts.push(
      item(
        id,
        options,
        [],
        mark === null
          ? ''
          : el('rect', {
              x: x - 26,
              y: cy - 30,
              width: 52,
              height: 60,
              rx: 8,
              fill: mark === 'selected' ? COLOURS.selected : COLOURS.targetFill,
              stroke: COLOURS.target,
              'stroke-width': mark === 'selected' ? 0 : 2,
            }),
        tile(x, cy, letter, 0.78),
        n > 1
          ? el(
              'g',
              {},
              el('circle', { cx: x + 20, cy: cy + 20, r: 10, fill: COLOURS.paper, stroke: COLOURS.faint }),
              text(x + 20, cy + 24.5, String(n), {
                'text-anchor': 'middle',
                'font-size': 12,
                'font-weight': 700,
                fill: COLOURS.ink,
              }),
            )
          : '',
        hitRect(x - 26, cy - 30, 52, 60),
      ),
    );
    x -= 58;
  }
  return el('g', { class: `side side-${seat}${toMove ? ' to-move' : ''}` }, ...parts);
}

/** The squares of the last action: its origin (none for a drop) and its target. */
function lastSquares(action: string | null): { from: string | null; to: string | null } {
  if (action === null) return { from: null, to: null };
  const drop = action.indexOf('*');
  if (drop >= 0) return { from: null, to: action.slice(drop + 1, drop + 3) };
  return { from: action.slice(0, 2), to: action.slice(2, 4) };
}

/** The choice a person makes when a move may promote: drawn over the middle of the board. */
function promotionChoice(options: BoardOptions): string {
  if (!options.targets?.includes(PROMOTE) && !options.targets?.includes(STAY)) return '';
  const [w, h] = [240, 92];
  const [x, y] = [(WIDTH - w) / 2, TOP + (SIZE * SQUARE - h) / 2];
  return el(
    'g',
    { class: 'promotion' },
    el('rect', { x, y, width: w, height: h, rx: 10, fill: COLOURS.paper, stroke: COLOURS.target, 'stroke-width': 2 }),
    text(WIDTH / 2, y + 28, 'Promote this piece?', {
      'text-anchor': 'middle',
      'font-size': 15,
      'font-weight': 600,
      fill: COLOURS.ink,
    }),
    button(PROMOTE, 'Promote (+)', x + 14, y + 46, 100, options),
    button(STAY, 'Stay', x + w - 114, y + 46, 100, options),
  );
}

export function board(data: unknown, options: BoardOptions): string {
  const snapshot = data as MinishogiSnapshot;
  const grid = cells(snapshot.sfen);
  const last = lastSquares(snapshot.lastAction);
  const checkedKing = snapshot.check ? (snapshot.toMove === 0 ? 'K' : 'k') : null;
  const parts = [strip(snapshot, 1, 0, options)];
  const labels = { 'text-anchor': 'middle', 'font-size': 14, 'font-weight': 600, fill: COLOURS.muted };
  parts.push(
    el('rect', {
      x: LEFT - 4,
      y: TOP - 4,
      width: SIZE * SQUARE + 8,
      height: SIZE * SQUARE + 8,
      rx: 4,
      fill: COLOURS.boardEdge,
    }),
  );
  for (let i = 0; i < SIZE; i++) {
    parts.push(text(LEFT + (i + 0.5) * SQUARE, TOP - 12, String(SIZE - i), labels));
    parts.push(text(LEFT + SIZE * SQUARE + 20, TOP + (i + 0.5) * SQUARE + 5, String(i + 1), labels));
  }
  for (let rank = 1; rank <= SIZE; rank++) {
    for (let file = SIZE; file >= 1; file--) {
      const name = `${file}${rank}`;
      const id = squareId(file, rank);
      const [x, y] = [LEFT + (SIZE - file) * SQUARE, TOP + (rank - 1) * SQUARE];
      const [cx, cy] = [x + SQUARE / 2, y + SQUARE / 2];
      const piece = grid[rank - 1]?.[SIZE - file] ?? null;
      const isLast = name === last.from || name === last.to;
      const inCheck = piece !== null && piece === checkedKing;
      const mark = markOf(id, options);
      const inner = [
        el('rect', {
          x,
          y,
          width: SQUARE,
          height: SQUARE,
          fill: inCheck ? COLOURS.dangerFill : isLast ? COLOURS.lastFill : COLOURS.board,
          stroke: COLOURS.line,
          'stroke-width': 1,
        }),
      ];
      if (name === last.to)
        inner.push(
          el('rect', {
            x: x + 2,
            y: y + 2,
            width: SQUARE - 4,
            height: SQUARE - 4,
            fill: 'none',
            stroke: COLOURS.last,
            'stroke-width': 3,
          }),
        );
      if (inCheck) inner.push(el('circle', { cx, cy, r: 33, fill: 'none', stroke: COLOURS.danger, 'stroke-width': 3 }));
      if (mark === 'selected')
        inner.push(
          el('rect', { x: x + 3, y: y + 3, width: SQUARE - 6, height: SQUARE - 6, rx: 6, fill: COLOURS.selected }),
        );
      if (piece !== null) inner.push(tile(cx, cy, piece, 1));
      if (mark === 'target')
        inner.push(
          piece === null
            ? el('circle', { cx, cy, r: 11, fill: COLOURS.targetFill, stroke: COLOURS.target, 'stroke-width': 3 })
            : el('rect', {
                x: x + 4,
                y: y + 4,
                width: SQUARE - 8,
                height: SQUARE - 8,
                rx: 6,
                fill: 'none',
                stroke: COLOURS.target,
                'stroke-width': 3,
              }),
        );
      inner.push(hitRect(x, y, SQUARE, SQUARE));
      const classes = [
        ...(name === last.from ? ['last-from'] : []),
        ...(name === last.to ? ['last-to'] : []),
        ...(inCheck ? ['check'] : []),
      ];
      parts.push(item(id, options, classes, ...inner));
    }
  }
  parts.push(strip(snapshot, 0, BOTTOM + 12, options));
  parts.push(promotionChoice(options));
  const lastText =
    snapshot.lastAction === null ? 'no move yet' : `last move: ${NAMES[1 - snapshot.toMove]} ${snapshot.lastAction}`;
  const [foot, footHeight] = captions(WIDTH, FOOT, lastText, resultText(snapshot.outcome ?? null, NAMES));
  return svg(WIDTH, FOOT + footHeight, `Minishogi, after ${snapshot.ply} moves`, ...parts, foot);
}
