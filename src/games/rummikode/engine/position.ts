/**
 * The player to move's table and hand as the planner changes them in place: the hand counted per
 * card, the stacks in typed arrays by id exactly as the referee numbers them (a new stack takes the
 * smallest free id; a cut sequence's upper part is new; JOIN keeps the first id), every change
 * journaled so that `undo` restores it, and a hash of the table (as a multiset of stacks, ids aside)
 * and of the hand kept up to date. Nothing here allocates.
 */
import { CARD_KINDS, type Card, COLOUR_COUNT, type Colour, cardOf, colourOf, NUMBERS, numberOf } from '../cards.js';
import { type StackId, type Stacks, stackId } from '../moves.js';
import type { Stack } from '../stacks.js';
import type { Placement } from './placement.js';

export const FREE = 0;
export const RUN = 1;
export const GROUP = 2;

/** More ids than the 104 cards can fill with stacks of 3. */
const CAPACITY = 40;
const JOURNAL = 4096;
/** Journal entries: a stack id (its old kind, base, low, high and the old `slots`), or one of these. */
const HAND_ENTRY = -1;
const ACTIONS_ENTRY = -2;

/** Random 32-bit keys for hashing, fixed so that runs are reproducible. */
function keys(count: number, seed: number): Int32Array {
  const out = new Int32Array(count);
  let s = seed >>> 0;
  for (let i = 0; i < count; i++) {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    out[i] = z ^ (z >>> 16);
  }
  return out;
}
/** A stack's key: runs by colour, low and high (676), then groups by number and colours (208). */
const STACK_KEYS = 4 * 169 + 13 * 16;
const runKey = (colour: number, low: number, high: number): number => colour * 169 + low * 13 + high;
const groupKey = (number: number, mask: number): number => 676 + number * 16 + mask;
const STACK_HASH = [keys(STACK_KEYS, 1), keys(STACK_KEYS, 2)] as const;
/** Keys of the hand: one per card and count 0..2. */
const HAND_HASH = [keys(CARD_KINDS * 3, 3), keys(CARD_KINDS * 3, 4)] as const;

const bitCount = (mask: number): number => (mask & 1) + ((mask >> 1) & 1) + ((mask >> 2) & 1) + ((mask >> 3) & 1);

export class Position {
  /** Cards held, per card: 0..2. */
  readonly hand = new Uint8Array(CARD_KINDS);
  handSize = 0;
  /** Per stack id: FREE, RUN or GROUP. */
  readonly kind = new Uint8Array(CAPACITY);
  /** A run's colour, a group's number. */
  readonly base = new Uint8Array(CAPACITY);
  /** A run's lowest number, a group's colours (bit c for colour c). */
  readonly low = new Uint8Array(CAPACITY);
  /** A run's highest number. */
  readonly high = new Uint8Array(CAPACITY);
  /** Ids in use are below this. */
  slots = 0;
  actions = 0;
  /** Two independent 32-bit hashes of the table and hand together. */
  hash0 = 0;
  hash1 = 0;

  private readonly journal = new Int32Array(JOURNAL);
  private journalLength = 0;

  /** Fills the position from the referee's view: stacks by id, the hand, the actions left. */
  load(stacks: Stacks, hand: readonly Card[], actions: number): void {
    this.kind.fill(FREE);
    this.slots = 0;
    this.hand.fill(0);
    this.handSize = 0;
    this.hash0 = this.hash1 = 0;
    for (let c = 0; c < CARD_KINDS; c++) this.rehand(c, 0, 1);
    stacks.forEach((stack, id) => {
      if (stack?.kind === 'sequence') this.put(id, RUN, stack.colour, stack.low, stack.high);
      else if (stack) this.put(id, GROUP, stack.number, stack.colours, 0);
    });
    for (const card of hand) this.give(card, 1);
    this.actions = actions;
    this.journalLength = 0;
  }

  copyFrom(other: Position): void {
    this.hand.set(other.hand);
    this.handSize = other.handSize;
    this.kind.set(other.kind);
    this.base.set(other.base);
    this.low.set(other.low);
    this.high.set(other.high);
    this.slots = other.slots;
    this.actions = other.actions;
    this.hash0 = other.hash0;
    this.hash1 = other.hash1;
    this.journalLength = 0;
  }

  /** The stacks as the referee holds them. */
  stacks(): Stacks {
    const stacks: (Stack | null)[] = [];
    for (let id = 0; id < this.slots; id++) stacks.push(this.stackAt(id));
    return stacks;
  }

  stackAt(id: number): Stack | null {
    const kind = this.kind[id];
    if (kind === RUN)
      return { kind: 'sequence', colour: this.base[id]! as Colour, low: this.low[id]!, high: this.high[id]! };
    if (kind === GROUP) return { kind: 'group', number: this.base[id]!, colours: this.low[id]! };
    return null;
  }

  handCards(): Card[] {
    const cards: Card[] = [];
    for (let c = 0; c < CARD_KINDS; c++) for (let k = 0; k < this.hand[c]!; k++) cards.push(c as Card);
    return cards;
  }

  tableSize(): number {
    let size = 0;
    for (let id = 0; id < this.slots; id++) size += this.sizeAt(id);
    return size;
  }

  sizeAt(id: number): number {
    const kind = this.kind[id];
    return kind === RUN ? this.high[id]! - this.low[id]! + 1 : kind === GROUP ? bitCount(this.low[id]!) : 0;
  }

  /** The smallest free id. */
  freeId(): StackId {
    let id = 0;
    while (id < this.slots && this.kind[id] !== FREE) id++;
    return stackId(id);
  }

  /** A mark of the journal: `undo(mark)` brings the position back to this point. */
  mark(): number {
    return this.journalLength;
  }

  undo(mark: number): void {
    const j = this.journal;
    while (this.journalLength > mark) {
      this.journalLength -= 6;
      const at = this.journalLength;
      const what = j[at]!;
      if (what === HAND_ENTRY) this.setHand(j[at + 1]!, j[at + 2]!);
      else if (what === ACTIONS_ENTRY) this.actions = j[at + 1]!;
      else {
        this.setSlot(what, j[at + 1]!, j[at + 2]!, j[at + 3]!, j[at + 4]!);
        this.slots = j[at + 5]!;
      }
    }
  }

  /** Changes the count of `card` in the hand by `delta`, journaled. */
  give(card: number, delta: number): void {
    this.record(HAND_ENTRY, card, this.hand[card]!, 0, 0, 0);
    this.setHand(card, this.hand[card]! + delta);
  }

  spendAction(): void {
    this.record(ACTIONS_ENTRY, this.actions, 0, 0, 0, 0);
    this.actions--;
  }

  /** Puts a stack at `id`, journaled. */
  put(id: number, kind: number, base: number, low: number, high: number): void {
    this.record(id, this.kind[id]!, this.base[id]!, this.low[id]!, this.high[id]!, this.slots);
    this.setSlot(id, kind, base, low, high);
    if (kind !== FREE && id >= this.slots) this.slots = id + 1;
    while (this.slots > 0 && this.kind[this.slots - 1] === FREE) this.slots--;
  }

  /** ADD: `card` from the hand onto stack `id`, where it fits. */
  add(id: number, card: number): void {
    this.give(card, -1);
    if (this.kind[id] === GROUP) this.put(id, GROUP, this.base[id]!, this.low[id]! | (1 << colourOf(card as Card)), 0);
    else
      this.put(
        id,
        RUN,
        this.base[id]!,
        Math.min(this.low[id]!, numberOf(card as Card)),
        Math.max(this.high[id]!, numberOf(card as Card)),
      );
  }

  /** Takes `card` off stack `id` (it must be removable); the upper part of a cut run gets a new id. */
  remove(id: number, card: number): void {
    const n = numberOf(card as Card);
    if (this.kind[id] === GROUP) {
      this.put(id, GROUP, this.base[id]!, this.low[id]! & ~(1 << colourOf(card as Card)), 0);
      return;
    }
    const colour = this.base[id]!;
    const low = this.low[id]!;
    const high = this.high[id]!;
    if (n === low) this.put(id, RUN, colour, low + 1, high);
    else if (n === high) this.put(id, RUN, colour, low, high - 1);
    else {
      this.put(id, RUN, colour, low, n - 1);
      this.put(this.freeId(), RUN, colour, n + 1, high);
    }
  }

  /** SPLIT run `id` after number `lower`: the upper part gets a new id. */
  split(id: number, lower: number): void {
    const colour = this.base[id]!;
    const low = this.low[id]!;
    const high = this.high[id]!;
    this.put(id, RUN, colour, low, lower);
    this.put(this.freeId(), RUN, colour, lower + 1, high);
  }

  /** JOIN runs `first` and `second`: `first` holds both, `second` is freed. */
  join(first: number, second: number): void {
    const low = Math.min(this.low[first]!, this.low[second]!);
    const high = Math.max(this.high[first]!, this.high[second]!);
    this.put(first, RUN, this.base[first]!, low, high);
    this.put(second, FREE, 0, 0, 0);
  }

  /** PUSH a run of `colour` from `low` to `high` out of the hand. */
  pushRun(colour: number, low: number, high: number): void {
    for (let n = low; n <= high; n++) this.give(cardOf(colour as Colour, n), -1);
    this.put(this.freeId(), RUN, colour, low, high);
  }

  /** PUSH a colour group of `number` in the colours of `mask` out of the hand. */
  pushGroup(number: number, mask: number): void {
    for (let c = 0; c < COLOUR_COUNT; c++) if (mask & (1 << c)) this.give(cardOf(c as Colour, number), -1);
    this.put(this.freeId(), GROUP, number, mask, 0);
  }

  /** Fills `placement` with the hand as the cards to lay and the table's stacks as where they attach. */
  fillFree(placement: Placement): void {
    placement.clear();
    placement.cards.set(this.hand);
    for (let id = 0; id < this.slots; id++) {
      const kind = this.kind[id];
      if (kind === RUN) {
        const colourBase = this.base[id]! * NUMBERS;
        placement.runStarts[colourBase + this.low[id]!]!++;
        placement.runEnds[colourBase + this.high[id]!]!++;
      } else if (kind === GROUP && bitCount(this.low[id]!) === 3) {
        const missing = 31 - Math.clz32(~this.low[id]! & 15);
        placement.groupGaps[missing * NUMBERS + this.base[id]!]!++;
      }
    }
  }

  /** Fills `placement` with table and hand together as the cards, nothing attached: unlimited rearrangement. */
  fillAll(placement: Placement): void {
    placement.clear();
    placement.cards.set(this.hand);
    for (let id = 0; id < this.slots; id++) {
      const kind = this.kind[id];
      if (kind === RUN)
        for (let n = this.low[id]!; n <= this.high[id]!; n++) placement.cards[this.base[id]! * NUMBERS + n]!++;
      else if (kind === GROUP)
        for (let c = 0; c < COLOUR_COUNT; c++)
          if (this.low[id]! & (1 << c)) placement.cards[c * NUMBERS + this.base[id]!]!++;
    }
  }

  private record(a: number, b: number, c: number, d: number, e: number, f: number): void {
    const j = this.journal;
    const at = this.journalLength;
    j[at] = a;
    j[at + 1] = b;
    j[at + 2] = c;
    j[at + 3] = d;
    j[at + 4] = e;
    j[at + 5] = f;
    this.journalLength = at + 6;
  }

  private setHand(card: number, count: number): void {
    this.rehand(card, this.hand[card]!, -1);
    this.handSize += count - this.hand[card]!;
    this.hand[card] = count;
    this.rehand(card, count, 1);
  }

  private rehand(card: number, count: number, sign: number): void {
    this.hash0 = (this.hash0 + sign * HAND_HASH[0][card * 3 + count]!) | 0;
    this.hash1 = (this.hash1 + sign * HAND_HASH[1][card * 3 + count]!) | 0;
  }

  private setSlot(id: number, kind: number, base: number, low: number, high: number): void {
    this.rekey(id, -1);
    this.kind[id] = kind;
    this.base[id] = base;
    this.low[id] = low;
    this.high[id] = high;
    this.rekey(id, 1);
  }

  private rekey(id: number, sign: number): void {
    const kind = this.kind[id];
    if (kind === FREE) return;
    const key =
      kind === RUN ? runKey(this.base[id]!, this.low[id]!, this.high[id]!) : groupKey(this.base[id]!, this.low[id]!);
    this.hash0 = (this.hash0 + sign * STACK_HASH[0][key]!) | 0;
    this.hash1 = (this.hash1 + sign * STACK_HASH[1][key]!) | 0;
  }
}
