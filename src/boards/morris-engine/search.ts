/**
 * The search, written once for both games over the engine's position: iterative deepening of a
 * principal-variation alpha-beta, with a transposition table, moves ordered by the table's move,
 * takes, blocks of the opponent's threats, killer moves and history, late quiet moves searched one
 * move shallower, and a quiescence search of takes at the horizon. Solved endgames, when given,
 * score the positions they hold exactly.
 */

import { negate } from '../../core/negate.js';
import { keyStones } from './bitboard.js';
import { DECIDED, type Evaluator, WIN_SCORE } from './evaluation.js';
import { isCapture, moveFrom, moveTake1, moveTake2, moveTo, NO_MOVE, type PackedMove } from './moves.js';
import { type BoardPosition, DRAWN, LOST, MAX_MOVES, ONGOING, WON } from './position.js';
import { EXACT, LOWER, TranspositionTable, UPPER } from './transposition.js';
import { zobristKeys } from './zobrist.js';

export interface SearchLimits {
  /** The deepest iteration, in moves. */
  readonly depth: number;
  /** `performance.now()` after which no new iteration starts. */
  readonly softDeadline: number;
  /** `performance.now()` at which the search stops, in the middle of an iteration if need be. */
  readonly hardDeadline: number;
  /**
   * Nodes after which the search stops as at the hard deadline, and after SOFT_SHARE of which no
   * iteration starts: a clock that is the same on every machine, for tests.
   */
  readonly nodes?: number;
}

/**
 * The soft deadline, where no new iteration starts, as a share of the hard one (of the time, or of
 * the nodes): an iteration costs more than all before it.
 */
export const SOFT_SHARE = 0.6;

export interface SearchResult {
  readonly move: PackedMove;
  /** For the side to move, in hundredths of a stone; beyond ±DECIDED a win or a loss. */
  readonly score: number;
  /** The deepest iteration completed. */
  readonly depth: number;
  readonly nodes: number;
}

/**
 * Solved endgames: the exact score of a position for the side to move, `ply` moves below the root,
 * or NO_SCORE when the tables do not hold it.
 */
export type Probe = (p: BoardPosition, ply: number) => number;
export const NO_SCORE = -0x7fffffff;

/** The deepest line searched, quiescence included. */
const MAX_PLY = 96;
/** Takes searched in a row at the horizon. */
const MAX_QUIESCENCE = 6;
/**
 * Positions this close to the turn limit hash their distance to it, since the limit changes their
 * value; farther ones cannot reach it within a search.
 */
const LIMIT_HORIZON = MAX_PLY + 4;
/** One key per distance to the limit, 0 to LIMIT_HORIZON; then zero, the key of every farther position. */
const LIMIT_KEYS = zobristKeys(LIMIT_HORIZON + 2, 0x5eed_0004).fill(0, 2 * (LIMIT_HORIZON + 1));

/** A stepping side with this many moves or fewer is searched a move deeper (see `search`). */
const FEW_MOVES = 3;

const TT_MOVE = 1 << 30;
const CAPTURE = 1 << 28;
const BLOCK = 1 << 26;
const KILLER = 1 << 24;
const HISTORY_MAX = 1 << 22;
/** A take of one of the opponent's key stones (see `keyStones`) comes before other takes. */
const KEY_TAKE = 1 << 23;

export class Search {
  private readonly moves = Array.from({ length: MAX_PLY + 1 }, () => new Int32Array(MAX_MOVES));
  private readonly order = Array.from({ length: MAX_PLY + 1 }, () => new Int32Array(MAX_MOVES));
  private readonly killers = new Int32Array(2 * (MAX_PLY + 1)).fill(NO_MOVE);
  /** Per side, origin (NONE for a put) and target: how often a quiet move cut the search off. */
  private readonly history = new Int32Array(2 * 32 * 32);
  private readonly table: TranspositionTable;
  private p!: BoardPosition;
  private nodes = 0;
  private hardDeadline = 0;
  private maxNodes = Infinity;
  private aborted = false;
  private rootMove: PackedMove = NO_MOVE;
  private rootScore = 0;

  constructor(
    private readonly evaluator: Evaluator,
    private readonly probe: Probe | null = null,
    tableBits = 20,
  ) {
    this.table = new TranspositionTable(tableBits);
  }

  /** Forgets every position searched: for a new game, so that it is played as by a new search. */
  clear(): void {
    this.table.clear();
  }

  /** The best move for the side to move at `p`, whose game must be going on; `p` is left as it was. */
  run(p: BoardPosition, limits: SearchLimits): SearchResult {
    this.p = p;
    this.nodes = 0;
    this.aborted = false;
    this.hardDeadline = limits.hardDeadline;
    this.maxNodes = limits.nodes ?? Infinity;
    // Both from this search only: a killer of the last turn's ply k is a move of another position.
    this.history.fill(0);
    this.killers.fill(NO_MOVE);
    const n = p.generate(this.moves[0]!, 0);
    if (n === 0) throw new Error('no legal move');
    let best: SearchResult = { move: this.moves[0]![0]!, score: 0, depth: 0, nodes: 0 };
    if (n === 1) return best;
    for (let depth = 1; depth <= limits.depth; depth++) {
      this.rootMove = best.move;
      this.rootScore = best.score;
      const score = this.search(depth, -WIN_SCORE, WIN_SCORE, 0);
      if (this.aborted) {
        // A move that beat the previous best in the unfinished iteration was searched in full.
        if (this.rootMove !== best.move)
          best = { move: this.rootMove, score: this.rootScore, depth: best.depth, nodes: this.nodes };
        break;
      }
      best = { move: this.rootMove, score, depth, nodes: this.nodes };
      if (Math.abs(score) > DECIDED && WIN_SCORE - Math.abs(score) <= depth) break;
      if (performance.now() > limits.softDeadline || this.nodes > SOFT_SHARE * this.maxNodes) break;
    }
    return { ...best, nodes: this.nodes };
  }

  private keyLo(): number {
    return this.p.hashLo ^ LIMIT_KEYS[this.limitKey()]!;
  }
  private keyHi(): number {
    return this.p.hashHi ^ LIMIT_KEYS[this.limitKey() + 1]!;
  }
  /** The low half's index in LIMIT_KEYS; without a branch, so that the code near the limit is the code compiled in the first turns. */
  private limitKey(): number {
    return 2 * Math.min(this.p.pliesLeft, LIMIT_HORIZON + 1);
  }

  private tick(): boolean {
    if ((++this.nodes & 31) === 0 && (performance.now() > this.hardDeadline || this.nodes > this.maxNodes))
      this.aborted = true;
    return this.aborted;
  }

  private search(depth: number, alpha: number, beta: number, ply: number): number {
    const p = this.p;
    if (p.status !== ONGOING) return terminalScore(p.status, ply);
    if (ply > 0 && this.probe !== null) {
      const solved = this.probe(p, ply);
      if (solved !== NO_SCORE) return solved;
    }
    if (depth <= 0 || ply >= MAX_PLY) return this.quiesce(alpha, beta, ply, 0);
    if (this.tick()) return 0;

    const lo = this.keyLo();
    const hi = this.keyHi();
    let ttMove = NO_MOVE;
    if (this.table.probe(lo, hi)) {
      ttMove = this.table.move();
      if (ply > 0 && this.table.depth() >= depth) {
        const score = fromTable(this.table.score(), ply);
        const bound = this.table.bound();
        if (bound === EXACT || (bound === LOWER && score >= beta) || (bound === UPPER && score <= alpha)) return score;
      }
    }
    if (ply === 0) ttMove = this.rootMove;

    const moves = this.moves[ply]!;
    const order = this.order[ply]!;
    const n = p.generate(moves, 0);
    // A stepping side with few moves is close to being shut in, which the placing phase decides
    // and the search sees only many moves later: its moves cost no depth (as a chess engine
    // extends checks). Each such move halves the depth's pace, never stops it.
    if (ply > 0 && n <= FEW_MOVES && p.stock[p.side] === 0) depth++;
    this.score(moves, order, n, ttMove, ply);
    const alpha0 = alpha;
    let best = -WIN_SCORE;
    let bestMove = NO_MOVE;
    for (let i = 0; i < n; i++) {
      const m = pickNext(moves, order, i, n);
      const quiet = !isCapture(m) && order[i]! < KILLER;
      p.make(m);
      let score: number;
      if (i === 0) score = negate(this.search(depth - 1, negate(beta), negate(alpha), ply + 1));
      else {
        const reduction = depth >= 3 && i >= 3 && quiet ? 1 : 0;
        score = negate(this.search(depth - 1 - reduction, negate(alpha + 1), negate(alpha), ply + 1));
        if (score > alpha && (reduction > 0 || score < beta))
          score = negate(this.search(depth - 1, negate(beta), negate(alpha), ply + 1));
      }
      p.unmake();
      if (this.aborted) return 0;
      if (score > best) {
        best = score;
        bestMove = m;
        if (ply === 0) {
          this.rootMove = m;
          this.rootScore = score;
        }
        if (score > alpha) {
          alpha = score;
          if (alpha >= beta) {
            if (!isCapture(m)) this.rememberCutoff(m, depth, ply);
            break;
          }
        }
      }
    }
    this.table.store(
      lo,
      hi,
      bestMove,
      toTable(best, ply),
      depth,
      best <= alpha0 ? UPPER : best >= beta ? LOWER : EXACT,
    );
    return best;
  }

  /** Takes only, from a stand-pat score: the horizon does not stop in the middle of an exchange. */
  private quiesce(alpha: number, beta: number, ply: number, taken: number): number {
    const p = this.p;
    if (this.tick()) return 0;
    const stand = this.evaluator.evaluate(p);
    if (stand >= beta || taken >= MAX_QUIESCENCE || ply >= MAX_PLY) return stand;
    if (stand > alpha) alpha = stand;
    const threats = p.millThreats(p.side);
    if (threats === 0) return stand;
    const moves = this.moves[ply]!;
    const order = this.order[ply]!;
    let n = 0;
    // Every take arrives on a threat; not every move there takes (a step along the line it fills).
    const all = p.generate(moves, 0, threats);
    for (let i = 0; i < all; i++) if (isCapture(moves[i]!)) moves[n++] = moves[i]!;
    this.score(moves, order, n, NO_MOVE, ply);
    let best = stand;
    for (let i = 0; i < n; i++) {
      const m = pickNext(moves, order, i, n);
      p.make(m);
      const score =
        p.status !== ONGOING
          ? terminalScore(p.status, ply + 1)
          : negate(this.quiesce(negate(beta), negate(alpha), ply + 1, taken + 1));
      p.unmake();
      if (this.aborted) return 0;
      if (score > best) {
        best = score;
        if (score > alpha) {
          alpha = score;
          if (alpha >= beta) break;
        }
      }
    }
    return best;
  }

  /** Ordering keys: the table's move, takes (of key stones first), blocks of the opponent's threats, killers, history. */
  private score(moves: Int32Array, order: Int32Array, n: number, ttMove: PackedMove, ply: number): void {
    const p = this.p;
    const blocks = p.millThreats(1 - p.side);
    const key = keyStones(p.stones[p.side]!, p.stones[1 - p.side]!);
    const k1 = this.killers[2 * ply]!;
    const k2 = this.killers[2 * ply + 1]!;
    const h = p.side * 1024;
    for (let i = 0; i < n; i++) {
      const m = moves[i]!;
      const history = this.history[h + moveFrom(m) * 32 + moveTo(m)]!;
      if (m === ttMove) order[i] = TT_MOVE;
      else if (isCapture(m))
        order[i] = CAPTURE + history + KEY_TAKE * (((key >>> moveTake1(m)) & 1) + ((key >>> moveTake2(m)) & 1));
      else if ((blocks >>> moveTo(m)) & 1) order[i] = BLOCK + history;
      else if (m === k1 || m === k2) order[i] = KILLER + history;
      else order[i] = history;
    }
  }

  private rememberCutoff(m: PackedMove, depth: number, ply: number): void {
    if (this.killers[2 * ply] !== m) {
      this.killers[2 * ply + 1] = this.killers[2 * ply]!;
      this.killers[2 * ply] = m;
    }
    const i = this.p.side * 1024 + moveFrom(m) * 32 + moveTo(m);
    this.history[i]! += depth * depth;
    if (this.history[i]! > HISTORY_MAX) for (let j = 0; j < this.history.length; j++) this.history[j]! >>= 1;
  }
}

/** Moves the best-keyed of moves[i..n) to i (a step of selection sort) and returns it. */
function pickNext(moves: Int32Array, order: Int32Array, i: number, n: number): PackedMove {
  let best = i;
  for (let j = i + 1; j < n; j++) if (order[j]! > order[best]!) best = j;
  if (best !== i) {
    const m = moves[best]!;
    moves[best] = moves[i]!;
    moves[i] = m;
    const k = order[best]!;
    order[best] = order[i]!;
    order[i] = k;
  }
  return moves[i]!;
}

/** The score of a finished game for the side to move, `ply` moves below the root: sooner wins are better. */
function terminalScore(status: number, ply: number): number {
  if (status === WON) return WIN_SCORE - ply;
  if (status === LOST) return -WIN_SCORE + ply;
  return status === DRAWN ? 0 : NaN;
}

/**
 * Wins and losses are stored as distances from the position, not from the root. The arithmetic
 * runs for every score, so that V8 has seen it before the first decided one (see `negate`).
 */
function toTable(score: number, ply: number): number {
  return score + (score > DECIDED ? ply : 0) - (score < -DECIDED ? ply : 0);
}
function fromTable(score: number, ply: number): number {
  return score - (score > DECIDED ? ply : 0) + (score < -DECIDED ? ply : 0);
}
