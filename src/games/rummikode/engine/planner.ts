/**
 * The turn planner: the sequence of commands that throws the most cards this turn, net (a card
 * taken from the table and thrown back counts nothing; one taken and kept counts minus one).
 *
 * Why the search can leave out most commands (each a rewriting of any plan into one at least as
 * good, with the same number of actions):
 * - PUSH and ADD that prepare nothing can wait until the rearranging is over; then the most the hand
 *   throws by PUSH and ADD alone is exact (placement.ts). So the search is over the rearranging
 *   commands, each preceded by the ADDs onto its own stacks that it needs, and no more.
 * - MOVE is TAKE then ADD: same actions, same table. The search takes; the bot merges when it plays.
 * - A stack pushed only to be touched later is no better: TAKE from it, MOVE from it, SPLIT it is
 *   pushing less; MOVE into it is TAKE and pushing it bigger; JOIN with it is ADDing its cards.
 * - Two runs joined through a gap need the gap's cards ADDed to the lower one; which id keeps the
 *   result does not change the table.
 * So each node tries TAKE (each removable card, with the fewest ADDs that make it removable),
 * SPLIT (likewise) and JOIN (through the gap the hand fills), by iterative deepening on the actions
 * used, skipping tables met before with as many actions left, until the actions are spent, the
 * budget runs out, or a plan reaches the bound of unlimited rearrangement. Before its first push, a
 * player first pushes one of its smallest stacks totalling 25 (more cards are ADDed later).
 */
import { type Card, COLOUR_COUNT, type Colour, cardOf, MAX_NUMBER, NUMBERS } from '../cards.js';
import { FIRST_PUSH_TOTAL, type RummiMove, type Stacks, stackId } from '../moves.js';
import { MIN_STACK_SIZE } from '../stacks.js';
import { Placement } from './placement.js';
import { GROUP, Position, RUN } from './position.js';

const TAKE = 1;
const SPLIT = 2;
const JOIN = 3;
/** A first push, at the root of a player that has not pushed yet. */
const PUSH_RUN = 4;
const PUSH_GROUP = 5;
/** An operation in 5 integers: kind, stack id, argument (card, split point, second id), ADDs below, ADDs above. */
const FIELDS = 5;
const OP_SPACE = 1 << 16;
const MAX_DEPTH = 8;
/** The score of an operation left unvalued: below any value. */
const UNVALUED = -100;
/**
 * The widths of the successive searches: the best 2 operations at each node, then all of them, best
 * first (measured: on a node budget, this throws more than widening by steps).
 */
const WIDTHS = [2, Infinity] as const;

const TABLE_BITS = 16;
const TABLE_SIZE = 1 << TABLE_BITS;
const TABLE_MASK = TABLE_SIZE - 1;

const bitCount = (mask: number): number => (mask & 1) + ((mask >> 1) & 1) + ((mask >> 2) & 1) + ((mask >> 3) & 1);

export interface Budget {
  /** Search nodes at most. */
  readonly nodes: number;
  /** Milliseconds at most (performance.now()), or 0 for no time limit. */
  readonly ms: number;
}

export interface Plan {
  /** The first commands of the turn, in order: the first push, the preparing ADDs and the rearranging commands. */
  readonly moves: readonly RummiMove[];
  /** The cards the turn throws, net, once the hand has thrown the most it can by PUSH and ADD after `moves`. */
  readonly thrown: number;
  /** The actions `moves` spend. */
  readonly actions: number;
  /** Whether no plan throws more: the search finished, or the plan reached the bound. */
  readonly proved: boolean;
  /** A bound on what any turn throws here, however many actions (see `Placement.bound`). */
  readonly bound: number;
  /** Nodes searched. */
  readonly nodes: number;
}

export class Planner {
  readonly position = new Position();
  private readonly placement = new Placement();
  private readonly ops = new Int32Array(OP_SPACE * FIELDS);
  private readonly path = new Int32Array(MAX_DEPTH * FIELDS);
  private readonly bestPath = new Int32Array(MAX_DEPTH * FIELDS);
  /** Each operation's value (the net throw after it), and the order in which they are searched. */
  private readonly scores = new Int32Array(OP_SPACE);
  private readonly order = new Int32Array(OP_SPACE);

  /** The hand throwing by PUSH and ADD alone, cached by table and hand. */
  private readonly freeKey0 = new Int32Array(TABLE_SIZE);
  private readonly freeKey1 = new Int32Array(TABLE_SIZE);
  private readonly freeValue = new Int8Array(TABLE_SIZE).fill(-1);
  /** Tables met in this iteration, and with how many actions left. */
  private readonly seenKey0 = new Int32Array(TABLE_SIZE);
  private readonly seenKey1 = new Int32Array(TABLE_SIZE);
  private readonly seenStamp = new Int32Array(TABLE_SIZE);
  private readonly seenActions = new Int8Array(TABLE_SIZE);
  private stamp = 0;
  /** Where the operations of the node being searched end in `ops`. */
  private opsTop = 0;

  private rootHand = 0;
  private width = 0;
  private bound = 0;
  private nodes = 0;
  private maxNodes = 0;
  private deadline = 0;
  private stopped = false;
  private bestValue = -1;
  private bestLength = 0;
  private bestActions = 0;

  /**
   * The best plan found for the player holding `hand` at `stacks` with `actions` left, `opened` if it
   * has pushed its first stack, within `budget`.
   */
  plan(stacks: Stacks, hand: readonly Card[], actions: number, opened: boolean, budget: Budget): Plan {
    const pos = this.position;
    pos.load(stacks, hand, actions);
    this.freeValue.fill(-1);
    this.rootHand = pos.handSize;
    this.nodes = 0;
    this.maxNodes = budget.nodes;
    this.deadline = budget.ms > 0 ? performance.now() + budget.ms : Infinity;
    this.stopped = false;
    this.bestValue = -1;
    this.bestLength = 0;
    this.bestActions = 0;
    this.bound = this.unlimitedBound();

    // The roots: nothing, or one first push each.
    const rootOps = opened ? 0 : this.firstPushes(0);
    this.opsTop = rootOps * FIELDS;
    if (!opened && rootOps === 0)
      return { moves: [], thrown: 0, actions: 0, proved: true, bound: this.bound, nodes: 0 };
    let finished = false;
    for (const width of WIDTHS) {
      this.width = width;
      for (let r = 0; r < Math.max(1, rootOps) && !this.stopped; r++) {
        this.stamp++;
        const mark = pos.mark();
        if (!opened) {
          this.record(r * FIELDS, 0);
          this.apply(this.ops, r * FIELDS);
        }
        const depth = opened ? 0 : 1;
        this.consider(this.value(), depth, 0);
        this.expand(depth, 0);
        pos.undo(mark);
      }
      if (this.stopped) break;
      finished = width === Infinity;
    }
    const proved = finished || this.bestValue >= this.bound;
    return {
      moves: this.movesOf(stacks, hand, actions),
      thrown: this.bestValue,
      actions: this.bestActions,
      proved,
      bound: this.bound,
      nodes: this.nodes,
    };
  }

  /** The most the hand throws now by PUSH and ADD alone. */
  freeThrow(): number {
    const pos = this.position;
    const slot = pos.hash0 & TABLE_MASK;
    if (this.freeValue[slot]! >= 0 && this.freeKey0[slot] === pos.hash0 && this.freeKey1[slot] === pos.hash1)
      return this.freeValue[slot]!;
    pos.fillFree(this.placement);
    const value = this.placement.best();
    this.freeKey0[slot] = pos.hash0;
    this.freeKey1[slot] = pos.hash1;
    this.freeValue[slot] = value;
    return value;
  }

  /** A bound on the net throw: table and hand laid anew with no limit on rearranging, minus the table. */
  private unlimitedBound(): number {
    const pos = this.position;
    pos.fillAll(this.placement);
    return this.placement.bound() - pos.tableSize();
  }

  /** The net throw if the turn's rearranging stopped here. */
  private value(): number {
    return this.rootHand - this.position.handSize + this.freeThrow();
  }

  /** Keeps the path to `depth` as the best plan if `value` beats it, or equals it with fewer actions. */
  private consider(value: number, depth: number, actionsUsed: number): void {
    if (value > this.bestValue || (value === this.bestValue && actionsUsed < this.bestActions)) {
      this.bestValue = value;
      this.bestActions = actionsUsed;
      this.bestLength = depth;
      for (let i = 0; i < depth * FIELDS; i++) this.bestPath[i] = this.path[i]!;
      if (value >= this.bound) this.stopped = true;
    }
  }

  /**
   * Tries every rearranging operation at this node, then searches on from the `width` best of them
   * (all of them when the width is unlimited: then the search is exhaustive).
   */
  private expand(depth: number, actionsUsed: number): void {
    const pos = this.position;
    if (this.stopped || pos.actions === 0 || !this.firstMeeting()) return;
    const start = this.opsTop;
    const end = this.generate(start);
    this.opsTop = end;
    const first = start / FIELDS;
    const count = (end - start) / FIELDS;
    const { order, scores } = this;
    for (let i = 0; i < count && !this.stopped; i++) {
      const at = start + i * FIELDS;
      order[first + i] = first + i;
      // An operation that cannot beat this node right away is searched last, not valued.
      if (!this.interacts(at)) {
        scores[first + i] = UNVALUED;
        continue;
      }
      const mark = pos.mark();
      this.record(at, depth);
      this.apply(this.ops, at);
      const value = this.value();
      this.consider(value, depth + 1, actionsUsed + 1);
      pos.undo(mark);
      scores[first + i] = value;
      this.count();
    }
    if (pos.actions > 1) {
      const chosen = Math.min(count, this.width);
      for (let i = 0; i < chosen && !this.stopped; i++) {
        // Selection: the best score left goes to place i (stable: the earlier operation on ties).
        let best = i;
        for (let j = i + 1; j < count; j++) if (scores[order[first + j]!]! > scores[order[first + best]!]!) best = j;
        const pick = order[first + best]!;
        order[first + best] = order[first + i]!;
        order[first + i] = pick;
        const at = pick * FIELDS;
        const mark = pos.mark();
        this.record(at, depth);
        this.apply(this.ops, at);
        this.count();
        this.expand(depth + 1, actionsUsed + 1);
        pos.undo(mark);
      }
    }
    this.opsTop = start;
  }

  /** One more node: an operation valued, or searched on from; stops the search at the budget. */
  private count(): void {
    if (++this.nodes >= this.maxNodes || ((this.nodes & 15) === 0 && performance.now() > this.deadline))
      this.stopped = true;
  }

  /** Whether this table and hand are new in this iteration, or met with fewer actions left. */
  private firstMeeting(): boolean {
    const pos = this.position;
    const slot = (pos.hash0 ^ (pos.hash1 >>> TABLE_BITS)) & TABLE_MASK;
    if (
      this.seenStamp[slot] === this.stamp &&
      this.seenKey0[slot] === pos.hash0 &&
      this.seenKey1[slot] === pos.hash1 &&
      this.seenActions[slot]! >= pos.actions
    )
      return false;
    this.seenStamp[slot] = this.stamp;
    this.seenKey0[slot] = pos.hash0;
    this.seenKey1[slot] = pos.hash1;
    this.seenActions[slot] = pos.actions;
    return true;
  }

  /**
   * Whether the operation at `at` may throw more right away than not playing it (before its own
   * ADDs). Removing a card or cutting a run only opens places for that card's copies, and the card
   * taken can only take its place back, go to a place any card of its kind would, or join hand
   * cards of its colour within 2 numbers or of its number: without such hand cards, a TAKE gains
   * nothing now. A SPLIT gains only by the copies of the two cards at the cut; a JOIN never does.
   */
  private interacts(at: number): boolean {
    const { hand } = this.position;
    const kind = this.ops[at]!;
    if (kind === JOIN) return false;
    if (kind === SPLIT) {
      const colour = this.position.base[this.ops[at + 1]!]!;
      const n = this.ops[at + 2]!;
      return hand[colour * NUMBERS + n]! > 0 || hand[colour * NUMBERS + n + 1]! > 0;
    }
    const card = this.ops[at + 2]!;
    const colour = Math.floor(card / NUMBERS);
    const n = card % NUMBERS;
    for (let m = Math.max(0, n - 2); m <= Math.min(MAX_NUMBER, n + 2); m++)
      if (hand[colour * NUMBERS + m]! > 0) return true;
    for (let c = 0; c < COLOUR_COUNT; c++) if (hand[c * NUMBERS + n]! > 0) return true;
    return false;
  }

  /** Copies the operation at `at` of `ops` to `depth` of the path. */
  private record(at: number, depth: number): void {
    for (let i = 0; i < FIELDS; i++) this.path[depth * FIELDS + i] = this.ops[at + i]!;
  }

  /** Writes an operation at `at`; returns the next free place. */
  private op(at: number, kind: number, id: number, arg: number, below: number, above: number): number {
    const ops = this.ops;
    ops[at] = kind;
    ops[at + 1] = id;
    ops[at + 2] = arg;
    ops[at + 3] = below;
    ops[at + 4] = above;
    return at + FIELDS;
  }

  /** How many cards the hand holds of `colour` going down from `from` (or up, with `step` 1), at most 3. */
  private chain(colour: number, from: number, step: number): number {
    let length = 0;
    for (
      let n = from;
      length < 3 && n >= 0 && n <= MAX_NUMBER && this.position.hand[colour * NUMBERS + n]! > 0;
      n += step
    )
      length++;
    return length;
  }

  /** The rearranging operations at this node, from `at` on; returns where they end. */
  private generate(at: number): number {
    const pos = this.position;
    for (let id = 0; id < pos.slots; id++) {
      const kind = pos.kind[id];
      if (kind === RUN) {
        const colour = pos.base[id]!;
        const low = pos.low[id]!;
        const high = pos.high[id]!;
        const size = high - low + 1;
        const below = this.chain(colour, low - 1, -1);
        const above = this.chain(colour, high + 1, 1);
        // Each removable card, with the fewest ADDs below and above that make it removable.
        const end = Math.max(0, MIN_STACK_SIZE + 1 - size);
        if (end <= above) at = this.op(at, TAKE, id, cardOf(colour as Colour, low), 0, end);
        if (end <= below) at = this.op(at, TAKE, id, cardOf(colour as Colour, high), end, 0);
        for (let n = low + 1; n < high; n++) {
          const b = Math.max(0, MIN_STACK_SIZE - (n - low));
          const a = Math.max(0, MIN_STACK_SIZE - (high - n));
          if (b <= below && a <= above) at = this.op(at, TAKE, id, cardOf(colour as Colour, n), b, a);
        }
        for (let n = low; n < high; n++) {
          const b = Math.max(0, MIN_STACK_SIZE - (n - low + 1));
          const a = Math.max(0, MIN_STACK_SIZE - (high - n));
          if (b <= below && a <= above) at = this.op(at, SPLIT, id, n, b, a);
        }
        for (let other = 0; other < pos.slots; other++) {
          if (pos.kind[other] !== RUN || pos.base[other] !== colour || pos.low[other]! <= high) continue;
          const gap = pos.low[other]! - high - 1;
          if (this.fills(colour, high + 1, gap)) at = this.op(at, JOIN, id, other, 0, gap);
        }
      } else if (kind === GROUP) {
        const number = pos.base[id]!;
        const colours = pos.low[id]!;
        const missing = ~colours & 15;
        const prepared =
          bitCount(colours) > MIN_STACK_SIZE
            ? 0
            : missing !== 0 && pos.hand[(31 - Math.clz32(missing)) * NUMBERS + number]! > 0
              ? 1
              : -1;
        if (prepared < 0) continue;
        for (let c = 0; c < COLOUR_COUNT; c++)
          if (colours & (1 << c)) at = this.op(at, TAKE, id, cardOf(c as Colour, number), prepared, 0);
      }
    }
    return at;
  }

  /** Whether the hand holds the `count` cards of `colour` from `from` up. */
  private fills(colour: number, from: number, count: number): boolean {
    for (let n = from; n < from + count; n++) if (this.position.hand[colour * NUMBERS + n]! === 0) return false;
    return true;
  }

  /** Plays the operation at `at` of `ops`. */
  private apply(ops: Int32Array, at: number): void {
    const pos = this.position;
    const kind = ops[at]!;
    const id = ops[at + 1]!;
    const arg = ops[at + 2]!;
    const below = ops[at + 3]!;
    const above = ops[at + 4]!;
    if (kind === PUSH_RUN) {
      pos.pushRun(id, arg, below);
      return;
    }
    if (kind === PUSH_GROUP) {
      pos.pushGroup(id, arg);
      return;
    }
    this.prepare(id, below, above);
    if (kind === TAKE) {
      pos.remove(id, arg);
      pos.give(arg, 1);
    } else if (kind === SPLIT) pos.split(id, arg);
    else pos.join(id, arg);
    pos.spendAction();
  }

  /** The ADDs before an operation on stack `id`: `below` under a run, `above` over it; a group's missing colour. */
  private prepare(id: number, below: number, above: number): void {
    const pos = this.position;
    if (pos.kind[id] === GROUP) {
      if (below > 0) pos.add(id, (31 - Math.clz32(~pos.low[id]! & 15)) * NUMBERS + pos.base[id]!);
      return;
    }
    const colour = pos.base[id]!;
    const low = pos.low[id]!;
    const high = pos.high[id]!;
    for (let k = 1; k <= below; k++) pos.add(id, colour * NUMBERS + low - k);
    for (let k = 1; k <= above; k++) pos.add(id, colour * NUMBERS + high + k);
  }

  /**
   * The first pushes a player that has not pushed may start with, written from `at`: runs and
   * colour groups of its hand totalling 25, none of them holding a smaller one that does.
   */
  private firstPushes(at: number): number {
    const pos = this.position;
    const start = at;
    for (let colour = 0; colour < COLOUR_COUNT; colour++) {
      for (let low = 0; low + MIN_STACK_SIZE - 1 <= MAX_NUMBER; low++) {
        let total = 0;
        for (let high = low; high <= MAX_NUMBER && pos.hand[colour * NUMBERS + high]! > 0; high++) {
          total += high;
          if (high - low + 1 < MIN_STACK_SIZE || total < FIRST_PUSH_TOTAL) continue;
          // Smallest: without its lowest card, it would be too short or total too little.
          if (high - low + 1 === MIN_STACK_SIZE || total - low < FIRST_PUSH_TOTAL)
            at = this.op(at, PUSH_RUN, colour, low, high, 0);
          break;
        }
      }
    }
    for (let number = 0; number <= MAX_NUMBER; number++) {
      let held = 0;
      for (let c = 0; c < COLOUR_COUNT; c++) if (pos.hand[c * NUMBERS + number]! > 0) held |= 1 << c;
      const size = number * MIN_STACK_SIZE >= FIRST_PUSH_TOTAL ? MIN_STACK_SIZE : MIN_STACK_SIZE + 1;
      if (number * size < FIRST_PUSH_TOTAL) continue;
      for (let subset = 1; subset < 16; subset++)
        if ((subset & held) === subset && bitCount(subset) === size) at = this.op(at, PUSH_GROUP, number, subset, 0, 0);
    }
    return (at - start) / FIELDS;
  }

  /** The best path as commands, replayed from the root. */
  private movesOf(stacks: Stacks, hand: readonly Card[], actions: number): RummiMove[] {
    const pos = this.position;
    pos.load(stacks, hand, actions);
    const moves: RummiMove[] = [];
    const path = this.bestPath;
    for (let d = 0; d < this.bestLength; d++) {
      const at = d * FIELDS;
      const [kind, id, arg, below, above] = [path[at]!, path[at + 1]!, path[at + 2]!, path[at + 3]!, path[at + 4]!];
      if (kind === PUSH_RUN) {
        const cards: Card[] = [];
        for (let n = arg; n <= below; n++) cards.push(cardOf(id as Colour, n));
        moves.push({ kind: 'PUSH', cards });
      } else if (kind === PUSH_GROUP) {
        const cards: Card[] = [];
        for (let c = 0; c < COLOUR_COUNT; c++) if (arg & (1 << c)) cards.push(cardOf(c as Colour, id));
        moves.push({ kind: 'PUSH', cards });
      } else {
        this.preparedAdds(id, below, above, moves);
        const s = stackId(id);
        if (kind === TAKE) moves.push({ kind: 'TAKE', stack: s, card: arg as Card });
        else if (kind === SPLIT) {
          const colour = pos.base[id]! as Colour;
          moves.push({ kind: 'SPLIT', stack: s, cards: [cardOf(colour, arg), cardOf(colour, arg + 1)] });
        } else moves.push({ kind: 'JOIN', first: s, second: stackId(arg) });
      }
      // Replayed on the position, so that the ids of the next steps are the referee's.
      this.apply(path, at);
    }
    return moves;
  }

  /** The preparing ADDs of an operation, as commands. */
  private preparedAdds(id: number, below: number, above: number, moves: RummiMove[]): void {
    const pos = this.position;
    const s = stackId(id);
    if (pos.kind[id] === GROUP) {
      if (below > 0)
        moves.push({
          kind: 'ADD',
          stack: s,
          card: ((31 - Math.clz32(~pos.low[id]! & 15)) * NUMBERS + pos.base[id]!) as Card,
        });
      return;
    }
    const colour = pos.base[id]!;
    for (let k = 1; k <= below; k++)
      moves.push({ kind: 'ADD', stack: s, card: (colour * NUMBERS + pos.low[id]! - k) as Card });
    for (let k = 1; k <= above; k++)
      moves.push({ kind: 'ADD', stack: s, card: (colour * NUMBERS + pos.high[id]! + k) as Card });
  }
}
