/**
 * Solved flying endgames, 3 stones against 3, by retrograde analysis: every position (who is to
 * move, where each side's stones stand) gets its exact value with perfect play on both sides, as a
 * distance: the number of moves until the side to move wins (odd) or loses (even), or 0 for a draw.
 *
 * Both sides fly, so a side wins by closing a mill: the opponent is down to 2. A side closes mills
 * only on its live lines (all 16 in Nine Men's Morris; in Mills, not on a line its three pieces
 * filled before: such a mill is not new and takes nothing). When both sides have the same live
 * lines the table is kept for the side to move only, and positions that a symmetry of the board
 * (one keeping the live lines) maps onto each other are stored once.
 *
 * The analysis goes level by level (wins in 1, losses in 2, wins in 3, ...), and can stop at any
 * time and go on later (`solve(deadline)`): once a level is done, every position of that distance
 * or less is known. A win in 1 (an open two: two stones on a live line and its third point free)
 * and the positions where every move allows one are found by counting, not by search.
 */
import { LINE_MASKS, POINT_COUNT } from '../morris.js';
import { ALL_POINTS, lowestPoint } from './bitboard.js';
import { mapMask, SYMMETRY_COUNT, symmetriesKeeping } from './symmetry.js';
import { FLIGHTS, TRIO_COUNT, TRIOS, trioRank } from './trios.js';

/** The value of a position not in the table (stones overlapping, or a symmetric copy). */
const INVALID = 255;
/** A free point for each stone that flies: 24 points, 6 stones. */
const FLIGHT_TARGETS = POINT_COUNT - 6;

/** For each trio, the points that complete a live line holding two of its stones. */
function completions(live: number): Int32Array {
  const thirds = new Int32Array(TRIO_COUNT);
  for (let r = 0; r < TRIO_COUNT; r++) {
    const trio = TRIOS[r]!;
    for (let i = 0; i < LINE_MASKS.length; i++) {
      if (((live >>> i) & 1) === 0) continue;
      const rest = LINE_MASKS[i]! & ~trio;
      if (rest !== 0 && (rest & (rest - 1)) === 0) thirds[r]! |= rest;
    }
  }
  return thirds;
}

/** Whether each trio fills a live line. */
function fillsLive(live: number): Uint8Array {
  const fills = new Uint8Array(TRIO_COUNT);
  for (let i = 0; i < LINE_MASKS.length; i++) if ((live >>> i) & 1) fills[trioRank(LINE_MASKS[i]!)] = 1;
  return fills;
}

/** The trios up to a group of symmetries: one representative per orbit, and how to reach it. */
class Orbits {
  /** The orbit of each trio. */
  readonly orbit = new Int16Array(TRIO_COUNT);
  /** A symmetry mapping each trio to its orbit's representative. */
  readonly toRep = new Int8Array(TRIO_COUNT);
  /** Each orbit's representative, the least trio in it. */
  readonly reps: number[] = [];
  /**
   * The symmetries (but the identity) that fix each orbit's representative: those of orbit o are
   * `fixing[fixStart[o]]` to `fixing[fixStart[o + 1] - 1]`.
   */
  readonly fixing: Int8Array;
  readonly fixStart: Int32Array;

  constructor(readonly group: readonly number[]) {
    const repOf = new Map<number, number>();
    const fixing: number[][] = [];
    for (let r = 0; r < TRIO_COUNT; r++) {
      let best = r;
      let via = 0;
      for (const g of group) {
        const image = trioRank(mapMask(g, TRIOS[r]!));
        if (image < best) [best, via] = [image, g];
      }
      if (!repOf.has(best)) {
        repOf.set(best, this.reps.length);
        this.reps.push(best);
        fixing.push(group.filter((g) => g !== 0 && mapMask(g, TRIOS[best]!) === TRIOS[best]));
      }
      this.orbit[r] = repOf.get(best)!;
      this.toRep[r] = via;
    }
    this.fixing = Int8Array.from(fixing.flat());
    this.fixStart = new Int32Array(fixing.length + 1);
    for (const [o, f] of fixing.entries()) this.fixStart[o + 1] = this.fixStart[o]! + f.length;
  }

  /** The least number among the images of trio mask `other` by the symmetries fixing orbit o's representative. */
  least(o: number, other: number): number {
    let best = trioRank(other);
    for (let i = this.fixStart[o]!, end = this.fixStart[o + 1]!; i < end; i++) {
      const rank = trioRank(mapMask(this.fixing[i]!, other));
      if (rank < best) best = rank;
    }
    return best;
  }

  /** How many symmetries fix both orbit o's representative and the trio mask `other`, the identity included. */
  fixed(o: number, other: number): number {
    let n = 1;
    for (let i = this.fixStart[o]!, end = this.fixStart[o + 1]!; i < end; i++)
      if (mapMask(this.fixing[i]!, other) === other) n++;
    return n;
  }
}

/** The most entries a table has: two halves, no symmetry to share. */
export const MOST_ENTRIES = 2 * TRIO_COUNT * TRIO_COUNT;

/**
 * The arrays an analysis works in (its counters and queue: 6 bytes an entry, 49 MB for the largest
 * table), lent to one table at a time and kept for the next, grown when a larger table needs them;
 * and a pool the tables' values are cut from (they are kept). A bot makes them once, in its first
 * turn: allocating them in the turn that met a new table set V8's garbage collector going there,
 * and the turn overran its time.
 */
export class Workspace {
  private counters: Int16Array;
  private queue: Int32Array;
  private user: FlyingTable | null = null;
  private readonly pool: Uint8Array;
  private pooled = 0;

  constructor(entries = 0, poolBytes = 0) {
    this.counters = new Int16Array(entries);
    this.queue = new Int32Array(entries);
    this.pool = new Uint8Array(poolBytes);
  }

  /** The arrays, for `table`'s analysis until it gives them back. */
  lend(table: FlyingTable, size: number): { counters: Int16Array; queue: Int32Array } {
    if (this.user !== null && this.user !== table) throw new Error('the workspace is in use by another table');
    this.user = table;
    if (this.queue.length < size) {
      this.counters = new Int16Array(size);
      this.queue = new Int32Array(size);
    }
    return { counters: this.counters.subarray(0, size), queue: this.queue.subarray(0, size) };
  }

  giveBack(table: FlyingTable): void {
    if (this.user === table) this.user = null;
  }

  /** A table's values, zeroed: from the pool while it lasts. */
  values(size: number): Uint8Array {
    if (this.pooled + size > this.pool.length) return new Uint8Array(size);
    this.pooled += size;
    return this.pool.subarray(this.pooled - size, this.pooled);
  }
}

const orbitsByGroup = new Map<string, Orbits>();
function orbitsOf(group: readonly number[]): Orbits {
  const key = group.join(',');
  const known = orbitsByGroup.get(key);
  if (known) return known;
  const orbits = new Orbits(group);
  orbitsByGroup.set(key, orbits);
  return orbits;
}

export class FlyingTable {
  /** Both sides have the same live lines: one table, for the side to move. */
  readonly symmetric: boolean;
  /** The highest distance found. */
  longest = 0;
  private readonly orbits: Orbits;
  private readonly halves: number;
  /** Per side (0: the side of `live[0]`): the points completing its open twos, and its mills. */
  private readonly thirds: readonly [Int32Array, Int32Array];
  private readonly fills: readonly [Uint8Array, Uint8Array];
  /**
   * Entry `(half * orbits + orbit) * 2024 + rank`: the distance, 0 while unknown. The row is the
   * orbit of the trio of the side not to move, the column the mover's trio once the row's trio is
   * mapped onto its orbit's representative: every position one move before a position of a row
   * lies in one row, which keeps the analysis in the cache.
   */
  private readonly values: Uint8Array;
  /**
   * Moves not yet known to lose, ×16 (symmetric copies count as fractions of a move); only read
   * where the first pass wrote, so a lent array need not be cleared. Held while the analysis runs.
   */
  private counters: Int16Array | null = null;
  /** Positions decided and not yet followed back to their predecessors, in order of distance. */
  private queue: Int32Array | null = null;
  private workspace: Workspace | null = null;
  private queued = 0;
  private done = 0;
  /** Entries set up so far (the first pass); the analysis proper starts after it. */
  private initialised = 0;

  /**
   * `live`: the live lines of the two sides, each a mask over LINE_MASKS' indices; `workspace`,
   * where the values are cut from.
   */
  constructor(
    readonly live: readonly [number, number],
    workspace?: Workspace,
  ) {
    this.symmetric = live[0] === live[1];
    this.halves = this.symmetric ? 1 : 2;
    this.orbits = orbitsOf(symmetriesKeeping(live[0], live[1]));
    const thirds = completions(live[0]);
    const fills = fillsLive(live[0]);
    this.thirds = [thirds, this.symmetric ? thirds : completions(live[1])];
    this.fills = [fills, this.symmetric ? fills : fillsLive(live[1])];
    const size = this.halves * this.orbits.reps.length * TRIO_COUNT;
    this.values = workspace?.values(size) ?? new Uint8Array(size);
  }

  get complete(): boolean {
    return this.initialised === this.values.length && this.done === this.queued;
  }

  /** Entries in the table (symmetric copies and overlapping stones left out or not). */
  get size(): number {
    return this.values.length;
  }

  /**
   * The distance of the position where the side `mover` (0 or 1, as in `live`) is to move with the
   * trio `own` against the trio `other`: odd for a win, even for a loss in that many moves, and 0
   * for a draw, or while unknown (see `complete`).
   */
  probe(mover: number, own: number, other: number): number {
    return this.values[this.entry(this.symmetric ? 0 : mover, own, other)]!;
  }

  /** The entry of a position: its row is the other side's trio up to symmetry, its column the mover's trio's image. */
  private entry(half: number, own: number, other: number): number {
    const { orbit, toRep, reps } = this.orbits;
    const r = trioRank(other);
    const o = orbit[r]!;
    return (half * reps.length + o) * TRIO_COUNT + this.orbits.least(o, mapMask(toRep[r]!, own));
  }

  /**
   * Goes on with the analysis until `deadline` (`performance.now()`); true once complete. It works
   * in `workspace`'s arrays when given (the same one until complete), else in arrays of its own.
   */
  solve(deadline = Infinity, workspace?: Workspace): boolean {
    if (this.complete) return true;
    if (this.queue === null) {
      const size = this.values.length;
      const arrays = workspace?.lend(this, size) ?? { counters: new Int16Array(size), queue: new Int32Array(size) };
      this.counters = arrays.counters;
      this.queue = arrays.queue;
      this.workspace = workspace ?? null;
    }
    const perHalf = this.orbits.reps.length * TRIO_COUNT;
    while (this.initialised < this.values.length) {
      const half = Math.floor(this.initialised / perHalf);
      const o = (this.initialised % perHalf) / TRIO_COUNT;
      this.initialise(half, o);
      this.initialised += TRIO_COUNT;
      if (performance.now() > deadline) return false;
    }
    const queue = this.queue;
    while (this.done < this.queued) {
      const end = Math.min(this.queued, this.done + 512);
      for (; this.done < end; this.done++) this.retract(queue[this.done]!);
      if (performance.now() > deadline && this.done < this.queued) return false;
    }
    this.counters = null;
    this.queue = null;
    this.workspace?.giveBack(this);
    this.workspace = null;
    return true;
  }

  /** The first pass over one row: wins in 1, losses in 2, and the counters of the rest. */
  private initialise(half: number, o: number): void {
    const { reps } = this.orbits;
    const rep = reps[o]!;
    const other = TRIOS[rep]!;
    const mover = this.symmetric ? 0 : half;
    const ownThirds = this.thirds[mover]!;
    // The points where the other side's open twos are, and those its stones would leave open.
    const theirs = this.thirds[1 - mover]![rep]!;
    const base = (half * reps.length + o) * TRIO_COUNT;
    for (let r = 0; r < TRIO_COUNT; r++) {
      const own = TRIOS[r]!;
      const e = base + r;
      if ((own & other) !== 0 || this.orbits.least(o, own) < r) {
        this.values[e] = INVALID;
        continue;
      }
      const free = ALL_POINTS & ~(own | other);
      if ((ownThirds[r]! & free) !== 0) {
        this.values[e] = 1;
        continue;
      }
      // The moves after which the opponent has no open two: it completes the points where its
      // open twos are, plus the point a moving stone of ours leaves if it was blocking one.
      let safe = 0;
      for (let m = own; m !== 0; m &= m - 1) {
        const open = (theirs & free) | (theirs & m & -m);
        if (open === 0) safe += FLIGHT_TARGETS;
        else if ((open & (open - 1)) === 0 && (open & free) !== 0) safe++;
      }
      if (safe === 0) this.decide(e, 2);
      else this.counters![e] = SYMMETRY_COUNT * safe;
    }
  }

  private decide(e: number, distance: number): void {
    this.values[e] = distance;
    this.queue![this.queued++] = e;
    if (distance > this.longest) this.longest = distance;
  }

  /**
   * Follows a decided position back to the positions one move before it: the side not to move
   * here flew one of its stones in. A loss here wins there; a win here takes one move away from
   * those there that could still escape, and a position left with none is lost.
   */
  private retract(e: number): void {
    const orbits = this.orbits;
    const { reps, orbit, toRep } = orbits;
    const perHalf = reps.length * TRIO_COUNT;
    const half = Math.floor(e / perHalf);
    const o = Math.floor((e % perHalf) / TRIO_COUNT);
    const r = e % TRIO_COUNT;
    const own = TRIOS[r]!;
    const rep = reps[o]!;
    const other = TRIOS[rep]!;
    const mover = this.symmetric ? 0 : half;
    // Its stones just filled a live line: every move into here took a stone, and won.
    if (this.fills[1 - mover]![rep]) return;
    const distance = this.values[e]!;
    const won = (distance & 1) === 1;
    const weight = won ? orbits.fixed(o, own) : 0;
    // Before the move, our trio was the one not to move: its symmetry maps the whole row at once.
    const g = toRep[r]!;
    const po = orbit[r]!;
    const trivial = orbits.fixStart[po] === orbits.fixStart[po + 1];
    const mapped = trioRank(mapMask(g, other));
    const free = mapMask(g, ALL_POINTS & ~(own | other));
    const row = ((this.symmetric ? 0 : 1 - half) * reps.length + po) * TRIO_COUNT;
    for (let n = 0; n < 3; n++) {
      const flights = (mapped * 3 + n) * POINT_COUNT;
      for (let f = free; f !== 0; f &= f - 1) {
        // The other side's stone came from a free point here.
        const from = FLIGHTS[flights + lowestPoint(f)]!;
        const p = row + (trivial ? from : orbits.least(po, TRIOS[from]!));
        if (this.values[p] !== 0) continue;
        if (won) {
          const counters = this.counters!;
          counters[p]! -= (SYMMETRY_COUNT * (trivial ? 1 : orbits.fixed(po, TRIOS[p - row]!))) / weight;
          if (counters[p]! > 0) continue;
        }
        this.decide(p, distance + 1);
      }
    }
  }
}
