/**
 * The strong bot's search: iterative deepening principal-variation alpha-beta on one position with
 * make and unmake, a transposition table keyed by the position's Zobrist hash, move ordering (the
 * table's move, killers, history) and late-move reductions, over evaluation.ts at the leaves.
 *
 * It knows the end rules exactly: after a move, the mover wins when its pieces are connected (also
 * when the opponent's are), the opponent wins when only its pieces are (a capture took its last
 * stray piece), the game is drawn when the move limit is reached, and a side with no legal move
 * draws. A draw scores 0, so the search steers towards one when it is losing and away from it when
 * it is winning. Everything lives in typed arrays allocated once: nothing is allocated per node.
 */
import { performance } from 'node:perf_hooks';
import { negate } from '../../../core/negate.js';
import { EMPTY, MAX_MOVES, type Move, type Position } from '../position.js';
import { evaluate, type Weights } from './evaluation.js';

/** A win `h` moves from the root scores `WIN - h`; a loss the opposite. Far above any evaluation. */
export const WIN = 1_000_000;
/** Scores beyond this are wins (or below its opposite, losses) found by the search. */
const DECIDED = WIN - 1000;
const INFINITE = WIN + 1;
/** The deepest the search goes from the root. */
const MAX_HEIGHT = 100;
/** Depths up to this one always complete, whatever the clock says: they see every loss in one. */
const MIN_DEPTH = 2;

/** Kinds of transposition-table score. */
const EXACT = 0;
const LOWER = 1;
const UPPER = 2;

/** History scores are halved when one reaches this, so that recent cutoffs weigh most. */
const HISTORY_CAP = 1 << 24;
/** Ordering scores of the table's move and the killers, above every history score. */
const HASH_ORDER = 1 << 30;
const KILLER_ORDER = 1 << 28;

export interface Limits {
  /** The deepest iteration. */
  readonly depth: number;
  /** Stop after about this many nodes (deterministic, unlike time). */
  readonly nodes: number;
  /** No new iteration starts once this many milliseconds have passed. */
  readonly softMs: number;
  /** The search stops at this many milliseconds, keeping the best move of the last iteration. */
  readonly hardMs: number;
}

export interface SearchReport {
  readonly move: Move;
  /** For the side to move: above `WIN - 1000` a forced win, 0 a draw. */
  readonly score: number;
  /** The last iteration completed. */
  readonly depth: number;
  readonly nodes: number;
}

export class Search {
  /** The moves of each height, `MAX_MOVES` apiece, and their ordering scores. */
  private readonly moves = new Int32Array(MAX_HEIGHT * MAX_MOVES);
  private readonly order = new Int32Array(MAX_HEIGHT * MAX_MOVES);
  /** Two quiet moves per height that caused a cutoff. */
  private readonly killers = new Int32Array(MAX_HEIGHT * 2);
  /** `history[colour * 4096 + move]`: how often and deep a quiet move caused a cutoff. */
  private readonly history = new Int32Array(2 * 4096);
  /** The table: the hash's high half (the low half picks the slot), packed move/depth/kind, score. */
  private readonly ttKeys: Int32Array;
  private readonly ttData: Int32Array;
  private readonly ttScores: Int32Array;
  private readonly ttMask: number;

  private p!: Position;
  private rootPly = 0;
  private maxMoves = 0;
  private nodes = 0;
  private nodeLimit = Infinity;
  private started = 0;
  private hardMs = Infinity;
  private abortable = false;
  private stopped = false;
  private rootBest = 0;
  private previousBest = 0;

  /** `tableBits`: the transposition table holds 2^tableBits entries of 12 bytes. */
  constructor(
    private readonly weights: Weights,
    tableBits = 19,
  ) {
    this.ttKeys = new Int32Array(1 << tableBits);
    this.ttData = new Int32Array(1 << tableBits).fill(-1);
    this.ttScores = new Int32Array(1 << tableBits);
    this.ttMask = (1 << tableBits) - 1;
  }

  /** Forgets everything learnt (the table, the history): the same as a new search, for a new game. */
  clear(): void {
    this.ttKeys.fill(0);
    this.ttData.fill(-1);
    this.ttScores.fill(0);
    this.history.fill(0);
  }

  /**
   * The best move for the side to move at `p`, which must have one, `ply` moves into a game drawn
   * after `maxMoves`. `p` is left as it was.
   */
  search(p: Position, ply: number, maxMoves: number, limits: Limits): SearchReport {
    this.p = p;
    this.rootPly = ply;
    this.maxMoves = maxMoves;
    this.nodes = 0;
    this.nodeLimit = limits.nodes;
    this.hardMs = limits.hardMs;
    this.started = performance.now();
    this.stopped = false;
    for (let i = 0; i < this.history.length; i++) this.history[i]! >>= 2;
    this.killers.fill(0);

    const only = p.generate(this.moves) === 1;
    let move = this.moves[0]!;
    let score = 0;
    let depth = 0;
    if (only) return { move: move as Move, score, depth, nodes: 0 };
    for (let d = 1; d <= limits.depth && d < MAX_HEIGHT; d++) {
      this.abortable = d > MIN_DEPTH;
      this.rootBest = 0;
      this.previousBest = depth === 0 ? 0 : move;
      const s = this.pvs(d, -INFINITE, INFINITE, 0);
      if (this.stopped) {
        // The root's moves are searched best first: one that beat the last iteration's best is better.
        if (this.rootBest !== 0) move = this.rootBest;
        break;
      }
      move = this.rootBest;
      score = s;
      depth = d;
      if (s > DECIDED || s < -DECIDED || (d >= MIN_DEPTH && performance.now() - this.started >= limits.softMs)) break;
    }
    return { move: move as Move, score, depth, nodes: this.nodes };
  }

  /** Stops the search when it has used its time or nodes, once the shallow depths are done. */
  private checkLimits(): void {
    if (this.abortable && (this.nodes >= this.nodeLimit || performance.now() - this.started >= this.hardMs))
      this.stopped = true;
  }

  /** The value of the position for the side to move, searched `depth` more moves, `height` moves from the root. */
  private pvs(depth: number, alpha: number, beta: number, height: number): number {
    if ((++this.nodes & 255) === 0) this.checkLimits();
    if (this.stopped) return 0;
    const p = this.p;
    const gamePly = this.rootPly + height;
    // Within reach of the move limit a score depends on the ply, not only on the position.
    const tableSafe = gamePly + depth < this.maxMoves;
    const slot = p.hashLo & this.ttMask;
    let hashMove = 0;
    if (this.ttKeys[slot] === p.hashHi && this.ttData[slot] !== -1) {
      const data = this.ttData[slot]!;
      hashMove = data & 0xfff;
      if (height > 0 && tableSafe && ((data >>> 12) & 0x7f) >= depth) {
        const s = fromTable(this.ttScores[slot]!, height);
        const kind = data >>> 19;
        // A win or loss found at an earlier ply may come too late now: after the move limit.
        const inTime = (s <= DECIDED && s >= -DECIDED) || this.rootPly + WIN - Math.abs(s) <= this.maxMoves;
        if (inTime && (kind === EXACT || (kind === LOWER && s >= beta) || (kind === UPPER && s <= alpha))) return s;
      }
    }
    if (depth <= 0) return evaluate(p, this.weights);
    // At the root the last iteration's best move comes first, whatever the table kept.
    if (height === 0 && this.previousBest !== 0) hashMove = this.previousBest;

    const base = height * MAX_MOVES;
    const n = p.generate(this.moves, base);
    if (n === 0) return 0; // no legal move: a draw
    this.scoreMoves(base, n, hashMove, height);

    const mover = p.toMove;
    const alphaBefore = alpha;
    let best = -INFINITE;
    let bestMove = 0;
    for (let i = 0; i < n; i++) {
      const m = this.pickNext(base, i, n) as Move;
      const quiet = p.squares[m >> 6] === EMPTY;
      const captured = p.make(m);
      let s: number;
      if (p.moverConnected(m)) s = WIN - height - 1;
      else if (captured !== EMPTY && p.isConnected(p.toMove)) s = -(WIN - height - 1);
      else if (gamePly + 1 >= this.maxMoves) s = 0;
      else if (i === 0) s = negate(this.pvs(depth - 1, negate(beta), negate(alpha), height + 1));
      else {
        const reduce = depth >= 3 && i >= 3 && quiet && this.order[base + i]! < KILLER_ORDER ? 1 : 0;
        s = negate(this.pvs(depth - 1 - reduce, -1 - alpha, negate(alpha), height + 1));
        if (s > alpha && reduce !== 0) s = negate(this.pvs(depth - 1, -1 - alpha, negate(alpha), height + 1));
        if (s > alpha && s < beta) s = negate(this.pvs(depth - 1, negate(beta), negate(alpha), height + 1));
      }
      p.unmake(m, captured);
      if (this.stopped) return 0;
      if (s > best) {
        best = s;
        bestMove = m;
        if (height === 0) this.rootBest = m;
        if (s > alpha) {
          alpha = s;
          if (s >= beta) {
            if (quiet) this.rewardCutoff(m, mover, depth, height);
            break;
          }
        }
      }
    }
    if (tableSafe) {
      const kind = best >= beta ? LOWER : best > alphaBefore ? EXACT : UPPER;
      this.ttKeys[slot] = p.hashHi;
      this.ttData[slot] = bestMove | (Math.min(depth, 0x7f) << 12) | (kind << 19);
      this.ttScores[slot] = toTable(best, height);
    }
    return best;
  }

  /** Gives each move its ordering score: the table's move, then the killers, then by history. */
  private scoreMoves(base: number, n: number, hashMove: number, height: number): void {
    const history = this.p.toMove * 4096;
    const killer1 = this.killers[height * 2]!;
    const killer2 = this.killers[height * 2 + 1]!;
    for (let i = base; i < base + n; i++) {
      const m = this.moves[i]!;
      this.order[i] =
        m === hashMove
          ? HASH_ORDER
          : m === killer1
            ? KILLER_ORDER + 1
            : m === killer2
              ? KILLER_ORDER
              : this.history[history + m]!;
    }
  }

  /** Moves the best-ordered of the moves `i..n-1` to `i` and returns it (a selection sort step: most nodes cut off early). */
  private pickNext(base: number, i: number, n: number): number {
    const moves = this.moves;
    const order = this.order;
    let at = base + i;
    for (let j = at + 1; j < base + n; j++) if (order[j]! > order[at]!) at = j;
    const m = moves[at]!;
    const o = order[at]!;
    moves[at] = moves[base + i]!;
    order[at] = order[base + i]!;
    moves[base + i] = m;
    order[base + i] = o;
    return m;
  }

  /** A quiet move caused a cutoff: a killer at this height, and history for the side that played it. */
  private rewardCutoff(m: number, mover: number, depth: number, height: number): void {
    const k = height * 2;
    if (this.killers[k] !== m) {
      this.killers[k + 1] = this.killers[k]!;
      this.killers[k] = m;
    }
    const h = mover * 4096 + m;
    this.history[h]! += depth * depth;
    if (this.history[h]! >= HISTORY_CAP) for (let i = 0; i < this.history.length; i++) this.history[i]! >>= 1;
  }
}

/**
 * A score as the table keeps it: wins and losses counted from the node, not the root. The arithmetic
 * runs for every score, so that V8 has seen it before the first win (see core/negate.ts).
 */
const toTable = (s: number, height: number): number => s + (s > DECIDED ? height : 0) - (s < -DECIDED ? height : 0);
const fromTable = (s: number, height: number): number => s - (s > DECIDED ? height : 0) + (s < -DECIDED ? height : 0);
