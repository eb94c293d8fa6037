/**
 * RummiKode's table for the web arena: the stacks by id, every player's hand (or one player's view,
 * the others' cards hidden), the draw pile, whose turn it is with its actions left, and the last
 * command marked; drawn from the replay snapshot alone (this module runs in the browser: no rules code).
 */
import {
  button,
  COLOURS,
  captions,
  el,
  escapeXml,
  item,
  type Mark,
  markOf,
  resultText,
  svg,
  text,
} from '../../boards/svg.js';
import type { BoardOptions, Outcome } from '../../core/game.js';

export interface PlayerJson {
  /** False once the seat has left the table (disqualified). */
  readonly active: boolean;
  readonly opened: boolean;
  /** Actions played in the game: the ranking's tie-break. */
  readonly played: number;
  /** The hand in the order the cards came, as the protocol writes them: `08_BLUE`. */
  readonly hand: readonly string[];
}

/** What `rules.snapshot` gives for a state. */
export interface RummiSnapshot {
  /** Commands played in the game, every player's together. */
  readonly commands: number;
  readonly toMove: number;
  readonly actionsLeft: number;
  /** Cards in the draw pile. */
  readonly pile: number;
  readonly players: readonly PlayerJson[];
  /** The stacks by ascending id; type 0 a sequence, 1 a colour group. */
  readonly stacks: readonly { readonly id: number; readonly type: number; readonly cards: readonly string[] }[];
  readonly lastMove: string | null;
  /** The card drawn when the last command ended a turn. */
  readonly drawn: string | null;
  // The fields below were added for viewers: replays recorded before lack them.
  /** The seat that played `lastMove`. */
  readonly lastMover?: number | null;
  readonly outcome?: Outcome | null;
}

/** The ids a person clicks: a card of the hand, a card of a stack, a stack, and three buttons. */
export const handCardId = (card: string): string => `hand-${card}`;
export const tableCardId = (stack: number, card: string): string => `card-${stack}-${card}`;
export const stackElementId = (stack: number): string => `stack-${stack}`;
export const WAIT = 'wait';
export const PUSH = 'push';
export const TAKE = 'take';

const CARD_COLOURS: Readonly<Record<string, string>> = {
  BLACK: '#2b2d31',
  BLUE: '#2462b5',
  GREEN: '#22844a',
  YELLOW: '#b07c00',
};
const COLOUR_ORDER = ['BLACK', 'BLUE', 'GREEN', 'YELLOW'];

const WIDTH = 500;
const PAD = 16;
const CARD_W = 26;
const CARD_H = 36;
const CARD_GAP = 3;
const FELT = '#e2e8de';

const numberOf = (card: string): number => Number(card.slice(0, card.indexOf('_')));
const colourOf = (card: string): string => card.slice(card.indexOf('_') + 1);
/** A hand as a person arranges it: by colour, then by number. */
const sorted = (hand: readonly string[]): string[] =>
  [...hand].sort(
    (a, b) => COLOUR_ORDER.indexOf(colourOf(a)) - COLOUR_ORDER.indexOf(colourOf(b)) || numberOf(a) - numberOf(b),
  );

/** A card face: its number in its colour over a band of the colour; framed as clickable, clicked or last played. */
function cardFace(x: number, y: number, card: string, mark: Mark, last: boolean): string {
  const colour = CARD_COLOURS[colourOf(card)] ?? COLOURS.ink;
  const frame =
    mark === 'selected'
      ? { stroke: COLOURS.selected, 'stroke-width': 3.5 }
      : mark === 'target'
        ? { stroke: COLOURS.target, 'stroke-width': 2.5 }
        : last
          ? { stroke: COLOURS.last, 'stroke-width': 2.5 }
          : { stroke: COLOURS.faint, 'stroke-width': 1 };
  const fill = mark === 'selected' ? COLOURS.selectedFill : last ? COLOURS.lastFill : '#fffdf8';
  return (
    el('rect', { x, y, width: CARD_W, height: CARD_H, rx: 4, fill, ...frame }) +
    el('rect', { x: x + 4, y: y + CARD_H - 8, width: CARD_W - 8, height: 4, rx: 2, fill: colour }) +
    text(x + CARD_W / 2, y + 21, String(numberOf(card)), {
      'text-anchor': 'middle',
      'font-size': 15,
      'font-weight': 700,
      fill: colour,
    })
  );
}

const cardBack = (x: number, y: number): string =>
  el('rect', { x, y, width: CARD_W, height: CARD_H, rx: 4, fill: '#8b97a6', stroke: '#fffdf8', 'stroke-width': 1.5 });

/** Places boxes of the given widths left to right, wrapping at the width: each box's x and row. */
function flow(widths: readonly number[], left: number, right: number, gap: number): { x: number; row: number }[] {
  const places: { x: number; row: number }[] = [];
  let [x, row] = [left, 0];
  for (const w of widths) {
    if (x > left && x + w > right) [x, row] = [left, row + 1];
    places.push({ x, row });
    x += w + gap;
  }
  return places;
}

/** What the last command touched: cards on the table (by stack), whole stacks, and a card it put in a hand. */
interface Touched {
  readonly cards: ReadonlySet<string>;
  readonly stacks: ReadonlySet<number>;
  /** A card that went to `lastMover`'s hand (taken, or drawn). */
  readonly handCard: string | null;
}

function touched(snapshot: RummiSnapshot): Touched {
  const cards = new Set<string>();
  const stacks = new Set<number>();
  const [kind, ...fields] = snapshot.lastMove?.split(' ') ?? [];
  const holding = (card: string) => snapshot.stacks.filter((s) => s.cards.includes(card)).map((s) => s.id);
  let handCard = snapshot.drawn;
  switch (kind) {
    case 'PUSH': {
      const pushed = snapshot.stacks.find(
        (s) => s.cards.length === fields.length && fields.every((card) => s.cards.includes(card)),
      );
      if (pushed) stacks.add(pushed.id);
      break;
    }
    case 'ADD':
      cards.add(tableCardId(Number(fields[0]), fields[1]!));
      break;
    case 'TAKE':
      stacks.add(Number(fields[0]));
      handCard = fields[1]!;
      break;
    case 'MOVE':
      stacks.add(Number(fields[0]));
      cards.add(tableCardId(Number(fields[1]), fields[2]!));
      break;
    case 'SPLIT':
      stacks.add(Number(fields[0]));
      for (const id of holding(fields[2]!)) stacks.add(id);
      break;
    case 'JOIN':
      stacks.add(Number(fields[0]));
      break;
  }
  return { cards, stacks, handCard };
}

/** The stacks on the felt, flowed in rows; returns the SVG and the height used. */
function table(snapshot: RummiSnapshot, top: number, options: BoardOptions, last: Touched): [string, number] {
  const LABEL = 16;
  const inset = 6;
  const rowHeight = LABEL + CARD_H + 2 * inset + 8;
  const widths = snapshot.stacks.map((s) => 2 * inset + s.cards.length * (CARD_W + CARD_GAP) - CARD_GAP);
  const places = flow(widths, PAD + 10, WIDTH - PAD - 10, 10);
  const rows = places.length === 0 ? 1 : places.at(-1)!.row + 1;
  const height = rows * rowHeight + 16;
  const parts = [el('rect', { x: PAD, y: top, width: WIDTH - 2 * PAD, height, rx: 10, fill: FELT })];
  if (snapshot.stacks.length === 0)
    parts.push(
      text(WIDTH / 2, top + height / 2 + 5, 'no stack on the table yet', {
        'text-anchor': 'middle',
        'font-size': 13,
        fill: COLOURS.muted,
      }),
    );
  snapshot.stacks.forEach((stack, i) => {
    const { x, row } = places[i]!;
    const y = top + 10 + row * rowHeight;
    const id = stackElementId(stack.id);
    const mark = markOf(id, options);
    const isLast = last.stacks.has(stack.id);
    const box = el('rect', {
      x,
      y,
      width: widths[i]!,
      height: LABEL + CARD_H + 2 * inset,
      rx: 6,
      fill: mark === 'selected' ? COLOURS.selectedFill : '#f3f5f0',
      stroke:
        mark === 'selected' ? COLOURS.selected : mark === 'target' ? COLOURS.target : isLast ? COLOURS.last : '#c5cdc0',
      'stroke-width': mark === null ? (isLast ? 2.5 : 1) : mark === 'selected' ? 4 : 3,
    });
    const label = text(x + inset, y + 13, `#${stack.id}`, {
      'font-size': 12,
      'font-weight': 700,
      fill: mark === null ? COLOURS.muted : COLOURS.target,
    });
    const cards = stack.cards.map((card, k) => {
      const cardId = tableCardId(stack.id, card);
      return item(
        cardId,
        options,
        last.cards.has(cardId) ? ['last'] : [],
        cardFace(
          x + inset + k * (CARD_W + CARD_GAP),
          y + LABEL + inset,
          card,
          markOf(cardId, options),
          last.cards.has(cardId),
        ),
      );
    });
    parts.push(item(id, options, isLast ? ['last'] : [], box, label, ...cards));
  });
  return [el('g', { class: 'table' }, ...parts), height];
}

/** One player's block: who, how many cards and actions, and the hand (or its backs when hidden). */
function player(
  snapshot: RummiSnapshot,
  seat: number,
  top: number,
  options: BoardOptions,
  last: Touched,
): [string, number] {
  const p = snapshot.players[seat]!;
  const toMove = !snapshot.outcome && snapshot.toMove === seat && p.active;
  const hidden = options.seat !== undefined && options.seat !== seat;
  const hand = sorted(p.hand);
  const places = hidden
    ? []
    : flow(
        hand.map(() => CARD_W),
        PAD + 10,
        WIDTH - PAD - 10,
        CARD_GAP,
      );
  const rows = !p.active ? 0 : hidden || hand.length === 0 ? 1 : places.at(-1)!.row + 1;
  const height = (toMove ? 52 : 34) + rows * (CARD_H + 6) + 6;
  const parts: string[] = [];
  if (toMove) {
    parts.push(el('rect', { x: PAD, y: top, width: WIDTH - 2 * PAD, height, rx: 8, fill: '#f7ead0' }));
    parts.push(el('rect', { x: PAD, y: top, width: 5, height, rx: 2, fill: COLOURS.last }));
  }
  const name = el(
    'text',
    { x: PAD + 12, y: top + 22, 'font-size': 16, 'font-weight': 700, fill: p.active ? COLOURS.ink : COLOURS.faint },
    escapeXml(`Seat ${seat}${options.seat === seat ? ' (you)' : ''}`),
    toMove ? el('tspan', { dx: 10, 'font-size': 13, 'font-weight': 600, fill: COLOURS.lastText }, 'to move') : '',
  );
  const facts = p.active
    ? `${hand.length} card${hand.length === 1 ? '' : 's'} · ${p.opened ? 'opened' : 'not opened'} · ${p.played} played`
    : 'left the table';
  parts.push(
    name,
    text(WIDTH - PAD - 10, top + 22, facts, { 'text-anchor': 'end', 'font-size': 13, fill: COLOURS.muted }),
  );
  if (toMove)
    parts.push(
      text(
        PAD + 12,
        top + 41,
        `${snapshot.actionsLeft} action${snapshot.actionsLeft === 1 ? '' : 's'} left this turn`,
        {
          'font-size': 13,
          fill: COLOURS.lastText,
        },
      ),
    );
  const y0 = top + (toMove ? 50 : 32);
  if (hidden) {
    hand.forEach((_, k) => {
      parts.push(cardBack(PAD + 10 + k * 7, y0));
    });
  } else {
    // Only the mover's cards are ever clicked, and only one copy of a card is needed in any command.
    const clickableHand = seat === snapshot.toMove;
    const seen = new Set<string>();
    let marked = seat === snapshot.lastMover ? last.handCard : null;
    hand.forEach((card, k) => {
      const { x, row } = places[k]!;
      const y = y0 + row * (CARD_H + 6);
      const isLast = card === marked;
      if (isLast) marked = null;
      const first = !seen.has(card);
      seen.add(card);
      const id = handCardId(card);
      const face = cardFace(x, y, card, clickableHand && first ? markOf(id, options) : null, isLast);
      if (clickableHand && first) parts.push(item(id, options, isLast ? ['last'] : [], face));
      else parts.push(isLast ? el('g', { class: 'last' }, face) : face);
    });
    if (hand.length === 0 && p.active)
      parts.push(text(PAD + 12, y0 + 22, 'no card left', { 'font-size': 13, fill: COLOURS.muted }));
  }
  return [el('g', { class: `side side-${seat}${toMove ? ' to-move' : ''}` }, ...parts), height];
}

/** The last command in words: who played it, and the card drawn when it ended a turn (hidden from other seats). */
function lastText(snapshot: RummiSnapshot, options: BoardOptions): string {
  if (snapshot.lastMove === null) return 'no command yet';
  const seat = snapshot.lastMover ?? null;
  if (seat === null) return `last: ${snapshot.lastMove}`;
  const drew =
    snapshot.drawn === null
      ? ''
      : options.seat === undefined || options.seat === seat
        ? ` · drew ${snapshot.drawn}`
        : ' · drew a card';
  return `last: Seat ${seat} ${snapshot.lastMove}${drew}`;
}

export function board(data: unknown, options: BoardOptions): string {
  const snapshot = data as RummiSnapshot;
  const last = touched(snapshot);
  const parts = [
    text(PAD, 24, `Draw pile: ${snapshot.pile}`, { 'font-size': 14, 'font-weight': 600, fill: COLOURS.ink }),
    text(WIDTH - PAD, 24, `${snapshot.commands} commands played`, {
      'text-anchor': 'end',
      'font-size': 13,
      fill: COLOURS.muted,
    }),
  ];
  let y = 36;
  const [felt, feltHeight] = table(snapshot, y, options, last);
  parts.push(felt);
  y += feltHeight + 10;
  for (let seat = 0; seat < snapshot.players.length; seat++) {
    const [block, height] = player(snapshot, seat, y, options, last);
    parts.push(block);
    y += height + 6;
  }
  if (options.targets !== undefined) {
    const w = 100;
    const x0 = (WIDTH - 3 * w - 2 * 16) / 2;
    parts.push(
      button(WAIT, 'WAIT', x0, y + 4, w, options),
      button(PUSH, 'PUSH', x0 + w + 16, y + 4, w, options),
      button(TAKE, 'TAKE', x0 + 2 * (w + 16), y + 4, w, options),
    );
    y += 42;
  }
  const result = resultText(
    snapshot.outcome ?? null,
    snapshot.players.map((_, s) => `Seat ${s}`),
  );
  const [foot, footHeight] = captions(WIDTH, y, lastText(snapshot, options), result);
  const title = `RummiKode, after ${snapshot.commands} commands${options.seat === undefined ? '' : `, as seat ${options.seat} sees it`}`;
  return svg(WIDTH, y + footHeight, title, ...parts, foot);
}
