/**
 * The most cards that can be laid down as stacks, exactly, by a dynamic program over the numbers 0..12
 * (after van Rijn, Takes & Vis, "The complexity of Rummikub problems", 2015): at each number, each
 * colour has at most two runs in progress (two copies of each card), each remembered by its length
 * 0, 1, 2 or "3 or more"; the cards of the number go on those runs, start new ones, or go into
 * colour groups, which must come out whole at that number.
 *
 * Two uses: with the hand as the cards and the table's stacks as places where they attach (a run's
 * two ends, a group's missing colour), it is the most a player throws by PUSH and ADD alone; with
 * table and hand together and nothing attached, it is the most unlimited rearrangement could lay.
 * Everything is preallocated: `best` allocates nothing.
 */
import { CARD_KINDS, COLOUR_COUNT, NUMBERS } from '../cards.js';

/** Lane states: 0 no run, 1 and 2 a run of that length so far, 3 a run that may stop here. */
const LANE_STATES = 4;
/** The unordered pairs of lane states (a <= b), one code each: 10 codes. */
const PAIRS: (readonly [number, number])[] = [];
const PAIR_CODE = new Uint8Array(LANE_STATES * LANE_STATES);
for (let a = 0; a < LANE_STATES; a++) {
  for (let b = a; b < LANE_STATES; b++) {
    PAIR_CODE[a * LANE_STATES + b] = PAIR_CODE[b * LANE_STATES + a] = PAIRS.length;
    PAIRS.push([a, b]);
  }
}
const PAIR_COUNT = PAIRS.length;
const pairCode = (a: number, b: number): number => PAIR_CODE[a * LANE_STATES + b]!;
/** Whether both lanes of a pair may stop: no run left shorter than 3. */
const CLOSABLE = Uint8Array.from(PAIRS, ([a, b]) => (a !== 1 && a !== 2 && b !== 1 && b !== 2 ? 1 : 0));

/** At most 2 copies of a card, 2 run ends of one kind at one place: counts 0..2 index the tables. */
const LEVELS = 3;
const SITUATIONS = LEVELS ** 3;
const combo = (pair: number, cards: number, endings: number, startings: number): number =>
  pair * SITUATIONS + (cards * LEVELS + endings) * LEVELS + startings;

/**
 * For one colour at one number: given the lane pair, the cards of that colour and number, the
 * table runs that start at this number (a shorter run may end into one, ADDed below it) and those
 * that ended at the number before (a run may start on top of one, ADDed above it), every choice:
 * the next pair, the cards laid in runs, the cards sent to colour groups.
 */
const OPTION_FIRST = new Uint16Array(PAIR_COUNT * LEVELS ** 3 + 1);
const optionNext: number[] = [];
const optionPlaced: number[] = [];
const optionGroup: number[] = [];
interface Option {
  readonly next: number;
  readonly placed: number;
  readonly group: number;
}
/**
 * Whether lane state `a` can do all that `b` can from here: 3 may stop or go on, so it covers 0;
 * 3 covers 2, which covers 1 (each must go on, the longer reaching 3 sooner).
 */
const laneCovers = (a: number, b: number): boolean => a === b || a === 3 || (a === 2 && b === 1);
/** Whether lane pair `p` covers pair `q`, lane by lane in some matching. */
function covers(p: number, q: number): boolean {
  const [a, b] = PAIRS[p]!;
  const [c, d] = PAIRS[q]!;
  return (laneCovers(a, c) && laneCovers(b, d)) || (laneCovers(a, d) && laneCovers(b, c));
}
for (let pair = 0; pair < PAIR_COUNT; pair++) {
  const open = PAIRS[pair]!.filter((s) => s > 0);
  for (let cards = 0; cards < LEVELS; cards++) {
    for (let endings = 0; endings < LEVELS; endings++) {
      for (let startings = 0; startings < LEVELS; startings++) {
        const c = combo(pair, cards, endings, startings);
        OPTION_FIRST[c] = optionNext.length;
        const options: Option[] = [];
        for (let kept = 0; kept < 1 << open.length; kept++) {
          const going = open.filter((_, i) => (kept >> i) & 1);
          const stopping = open.filter((_, i) => !((kept >> i) & 1));
          // A lane stops where it may: 3 or more long, or ended into a table run starting here.
          if (going.length > cards || stopping.filter((s) => s < 3).length > endings) continue;
          const left = cards - going.length;
          for (let fresh = 0; fresh <= left; fresh++) {
            for (let attached = 0; attached <= Math.min(fresh, startings); attached++) {
              for (let group = 0; group <= left - fresh; group++) {
                const lanes = [
                  ...going.map((s) => Math.min(s + 1, 3)),
                  ...Array<number>(attached).fill(3),
                  ...Array<number>(fresh - attached).fill(1),
                  0,
                  0,
                ];
                options.push({ next: pairCode(lanes[0]!, lanes[1]!), placed: going.length + fresh + group, group });
              }
            }
          }
        }
        // Only the options no other one beats: as many to groups, as many laid, lanes at least as far.
        const kept = options.filter(
          (o, i) =>
            !options.some(
              (p, j) =>
                p.group === o.group &&
                p.placed >= o.placed &&
                covers(p.next, o.next) &&
                (j < i || p.placed > o.placed || !covers(o.next, p.next)),
            ),
        );
        for (const o of kept) {
          optionNext.push(o.next);
          optionPlaced.push(o.placed);
          optionGroup.push(o.group);
        }
      }
    }
  }
}
OPTION_FIRST[PAIR_COUNT * LEVELS ** 3] = optionNext.length;
const OPTION_NEXT = Uint8Array.from(optionNext);
const OPTION_PLACED = Uint8Array.from(optionPlaced);
const OPTION_GROUP = Uint8Array.from(optionGroup);

/** Whether `counts` (0..2 per colour) make whole new colour groups, each of 3 or 4 different colours. */
function newGroups(counts: readonly number[]): boolean {
  const total = counts.reduce((a, b) => a + b, 0);
  const colours = counts.filter((n) => n > 0).length;
  const doubled = counts.filter((n) => n === 2).length;
  if (total === 0) return true;
  if (doubled === 0) return colours >= 3;
  // Two groups, each holding every doubled colour and a share of the single ones.
  const single = colours - doubled;
  for (let first = 0; first <= single; first++) if (doubled + first >= 3 && doubled + single - first >= 3) return true;
  return false;
}

const GROUP_CODES = LEVELS ** COLOUR_COUNT;
/**
 * Computed once, with NEW_GROUPS: every bot process builds GROUPS_FIT when it starts, within its
 * first command's time.
 */
const DIGITS_OF: readonly (readonly number[])[] = Array.from({ length: GROUP_CODES }, (_, code) =>
  Array.from({ length: COLOUR_COUNT }, (_, c) => Math.floor(code / LEVELS ** c) % LEVELS),
);
const NEW_GROUPS = Uint8Array.from(DIGITS_OF, (counts) => (newGroups(counts) ? 1 : 0));
/** Whether each colour's count in `a` is at most that in `b` and in `c`. */
const within = (a: readonly number[], b: readonly number[], c: readonly number[]): boolean =>
  a[0]! <= b[0]! &&
  a[0]! <= c[0]! &&
  a[1]! <= b[1]! &&
  a[1]! <= c[1]! &&
  a[2]! <= b[2]! &&
  a[2]! <= c[2]! &&
  a[3]! <= b[3]! &&
  a[3]! <= c[3]!;
/**
 * GROUPS_FIT[sent * 81 + gaps]: whether the cards `sent` to colour groups at one number (a count
 * per colour, base 3) can all be laid, some in the gaps of table groups (`gaps`: how many table
 * groups of that number miss each colour), the rest as new groups (`sent - into`: no digit borrows).
 */
const GROUPS_FIT = new Uint8Array(GROUP_CODES * GROUP_CODES);
for (let sent = 0; sent < GROUP_CODES; sent++) {
  for (let gaps = 0; gaps < GROUP_CODES; gaps++) {
    let fits = false;
    for (let into = 0; into <= sent && !fits; into++)
      fits = within(DIGITS_OF[into]!, DIGITS_OF[sent]!, DIGITS_OF[gaps]!) && NEW_GROUPS[sent - into] === 1;
    GROUPS_FIT[sent * GROUP_CODES + gaps] = fits ? 1 : 0;
  }
}

const STATES = PAIR_COUNT ** COLOUR_COUNT;
/** A state's lane pair of colour c: DIGIT[state * 4 + c]. */
const DIGIT = new Uint8Array(STATES * COLOUR_COUNT);
for (let state = 0; state < STATES; state++)
  for (let c = 0, rest = state; c < COLOUR_COUNT; c++, rest = Math.floor(rest / PAIR_COUNT))
    DIGIT[state * COLOUR_COUNT + c] = rest % PAIR_COUNT;
/** Whether every lane of a state may stop. */
const STATE_CLOSABLE = Uint8Array.from({ length: STATES }, (_, state) => {
  for (let c = 0; c < COLOUR_COUNT; c++) if (CLOSABLE[DIGIT[state * COLOUR_COUNT + c]!] === 0) return 0;
  return 1;
});

/** The inputs to fill, then `best()`. Indexes are cards: `colour * 13 + number`. */
export class Placement {
  /** The cards to lay, per card: 0..2. */
  readonly cards = new Uint8Array(CARD_KINDS);
  /** Table runs whose lowest card is this one: a run of cards below may end into each. */
  readonly runStarts = new Uint8Array(CARD_KINDS);
  /** Table runs whose highest card is this one: a run of cards above may start on each. */
  readonly runEnds = new Uint8Array(CARD_KINDS);
  /** Table colour groups of this number missing this colour. */
  readonly groupGaps = new Uint8Array(CARD_KINDS);

  /** The best count laid so far per state (-1: not reached), for this number and the next. */
  private readonly value = new Int16Array(2 * STATES).fill(-1);
  /** The states reached, for this number and the next. */
  private readonly active = new Int32Array(2 * STATES);
  private readonly situation = new Uint8Array(CARD_KINDS);
  private readonly laneValue = new Int16Array(PAIR_COUNT);
  private readonly nextLaneValue = new Int16Array(PAIR_COUNT);

  clear(): void {
    this.cards.fill(0);
    this.runStarts.fill(0);
    this.runEnds.fill(0);
    this.groupGaps.fill(0);
  }

  /** The most cards of `cards` laid in runs and groups, each run 3 or more long or attached to a table run. */
  best(): number {
    const { cards, runStarts, runEnds, groupGaps, situation, value, active } = this;
    // Each card's situation: how many there are, how many table runs start on it and end below it.
    for (let c = 0; c < COLOUR_COUNT; c++) {
      for (let n = 0; n < NUMBERS; n++) {
        const k = c * NUMBERS + n;
        situation[k] = combo(0, cards[k]!, Math.min(2, runStarts[k]!), n > 0 ? Math.min(2, runEnds[k - 1]!) : 0);
      }
    }
    // Two halves of `value` and `active`: this number's states, and the next's.
    let here = 0;
    let there = STATES;
    let count = 1;
    active[here] = 0;
    value[here] = 0;
    for (let n = 0; n < NUMBERS; n++) {
      let gaps = 0;
      for (let c = COLOUR_COUNT - 1; c >= 0; c--) gaps = gaps * LEVELS + Math.min(2, groupGaps[c * NUMBERS + n]!);
      const s0 = situation[n]!;
      const s1 = situation[NUMBERS + n]!;
      const s2 = situation[2 * NUMBERS + n]!;
      const s3 = situation[3 * NUMBERS + n]!;
      let nextCount = 0;
      if ((s0 | s1 | s2 | s3) === 0) {
        // Nothing here: every run stops, and the best state that may stop goes on as no runs at all
        // (there is one: laying nothing).
        let best = 0;
        for (let i = 0; i < count; i++) {
          const state = active[here + i]!;
          if (STATE_CLOSABLE[state] === 1 && value[here + state]! > best) best = value[here + state]!;
          value[here + state] = -1;
        }
        value[here] = best;
        active[here] = 0;
        count = 1;
        continue;
      }
      for (let i = 0; i < count; i++) {
        const state = active[here + i]!;
        const base = value[here + state]!;
        value[here + state] = -1;
        const d = state * COLOUR_COUNT;
        const a0 = DIGIT[d]! * SITUATIONS + s0;
        const a1 = DIGIT[d + 1]! * SITUATIONS + s1;
        const a2 = DIGIT[d + 2]! * SITUATIONS + s2;
        const a3 = DIGIT[d + 3]! * SITUATIONS + s3;
        const e0 = OPTION_FIRST[a0 + 1]!;
        const e1 = OPTION_FIRST[a1 + 1]!;
        const e2 = OPTION_FIRST[a2 + 1]!;
        const e3 = OPTION_FIRST[a3 + 1]!;
        for (let o0 = OPTION_FIRST[a0]!; o0 < e0; o0++) {
          for (let o1 = OPTION_FIRST[a1]!; o1 < e1; o1++) {
            for (let o2 = OPTION_FIRST[a2]!; o2 < e2; o2++) {
              for (let o3 = OPTION_FIRST[a3]!; o3 < e3; o3++) {
                const sent = OPTION_GROUP[o0]! + 3 * OPTION_GROUP[o1]! + 9 * OPTION_GROUP[o2]! + 27 * OPTION_GROUP[o3]!;
                if (sent !== 0 && GROUPS_FIT[sent * GROUP_CODES + gaps] === 0) continue;
                const next =
                  OPTION_NEXT[o0]! + 10 * OPTION_NEXT[o1]! + 100 * OPTION_NEXT[o2]! + 1000 * OPTION_NEXT[o3]!;
                const placed = base + OPTION_PLACED[o0]! + OPTION_PLACED[o1]! + OPTION_PLACED[o2]! + OPTION_PLACED[o3]!;
                const old = value[there + next]!;
                if (old < 0) active[there + nextCount++] = next;
                if (placed > old) value[there + next] = placed;
              }
            }
          }
        }
      }
      [here, there] = [there, here];
      count = nextCount;
    }
    let best = 0;
    for (let i = 0; i < count; i++) {
      const state = active[here + i]!;
      if (STATE_CLOSABLE[state] === 1 && value[here + state]! > best) best = value[here + state]!;
      value[here + state] = -1;
    }
    return best;
  }

  /**
   * A bound on `best()`, by the colours apart: a card may go to a colour group wherever its number
   * has 3 colours among the cards, or a table group misses its colour, as if the groups always came
   * out whole. Fast where `best()` is not: with table and hand together, most cards are there twice.
   */
  bound(): number {
    const { cards, runStarts, runEnds, groupGaps } = this;
    const value = this.laneValue;
    const next = this.nextLaneValue;
    let total = 0;
    for (let c = 0; c < COLOUR_COUNT; c++) {
      value.fill(-1);
      value[0] = 0;
      for (let n = 0; n < NUMBERS; n++) {
        next.fill(-1);
        let colours = 0;
        for (let other = 0; other < COLOUR_COUNT; other++) if (cards[other * NUMBERS + n]! > 0) colours++;
        const k = c * NUMBERS + n;
        const grouped = colours >= 3 || groupGaps[k]! > 0 ? 2 : 0;
        for (let pair = 0; pair < PAIR_COUNT; pair++) {
          const base = value[pair]!;
          if (base < 0) continue;
          const at = combo(pair, cards[k]!, Math.min(2, runStarts[k]!), n > 0 ? Math.min(2, runEnds[k - 1]!) : 0);
          for (let o = OPTION_FIRST[at]!; o < OPTION_FIRST[at + 1]!; o++) {
            if (OPTION_GROUP[o]! > grouped) continue;
            const placed = base + OPTION_PLACED[o]!;
            if (placed > next[OPTION_NEXT[o]!]!) next[OPTION_NEXT[o]!] = placed;
          }
        }
        value.set(next);
      }
      let best = 0;
      for (let pair = 0; pair < PAIR_COUNT; pair++)
        if (CLOSABLE[pair] === 1 && value[pair]! > best) best = value[pair]!;
      total += best;
    }
    return total;
  }
}
