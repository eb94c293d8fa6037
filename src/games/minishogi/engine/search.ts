/**
 * The search: iterative deepening of a principal-variation alpha-beta search on one `Position`
 * with make and unmake, a transposition table, quiescence on captures, check extensions,
 * null-move pruning, internal iterative reductions, late-move reductions and pruning of quiet
 * moves near the leaves. Moves are tried in the order: the table's move, captures by the value
 * taken, killers, then by history.
 *
 * It plays by the statement's end rules: no legal move loses (stalemate too); the third
 * occurrence of a position ends the game, lost by the player giving check if the player to move is
 * in check, else lost by player 0; 300 moves in all are a draw. A position met again within the
 * searched line counts as decided by repetition too, since either side could repeat the cycle;
 * one met once before in the game counts only at its third occurrence. Repetitions are seen
 * through the position's own history of keys, the moves before the root included.
 *
 * Everything it needs is allocated when it is made: nothing per node.
 */
import { negate } from '../../../core/negate.js';
import type { Colour } from '../board.js';
import type { Move } from '../moves.js';
import { typeOfCode } from '../pieces.js';
import { MAX_MOVES, type Position } from '../position.js';
import { MAX_PLIES } from '../rules.js';
import { evaluate } from './evaluation.js';
import { exchange, VALUE } from './exchange.js';
import { EXACT, LOWER, TranspositionTable, UPPER } from './table.js';
import { WEIGHTS } from './weights.js';

/** The deepest line the search follows, extensions and quiescence included. */
export const MAX_PLY = 96;
const INFINITE = 32000;
/** A win now scores MATE, a win k plies from the root MATE - k. */
export const MATE = 31000;
/** Scores beyond this are decided: a mate, a stalemate or a repetition. */
export const DECIDED = MATE - 2 * MAX_PLY;

/** How many plies to reduce late quiet moves by, indexed `depth * 64 + move number`. */
const REDUCTIONS = new Int8Array(64 * 64);
for (let d = 1; d < 64; d++)
  for (let m = 1; m < 64; m++) REDUCTIONS[d * 64 + m] = Math.floor(0.75 + (Math.log(d) * Math.log(m)) / 2);

/** Repetition filter: counts of the keys of the positions before the current one, by their low bits. */
const FILTER_BITS = 12;
const FILTER_MASK = (1 << FILTER_BITS) - 1;

/** Move ordering classes: the table's move, captures that do not lose material, killers, quiet moves by history, losing captures. */
const TABLE_MOVE = 1 << 30;
const CAPTURE = 1 << 28;
const KILLER = 1 << 26;
const HISTORY_MAX = 1 << 14;
const LOSING_CAPTURE = -(1 << 26);
/** A move's exchange not yet weighed (no exchange is worth this much). */
const NOT_WEIGHED = -(1 << 30);

export interface Limits {
  /** The deepest iteration. */
  readonly depth?: number;
  /** Stops once this many positions have been visited (deterministic, unlike time). */
  readonly nodes?: number;
  /** Starts no new iteration after this many milliseconds since `startedAt`. */
  readonly softMs?: number;
  /** Stops the search after this many milliseconds since `startedAt`. */
  readonly hardMs?: number;
  /** `performance.now()` when the clock started; now when absent. */
  readonly startedAt?: number;
  /** Stops the search once its first element is not 0 (another thread may set it). */
  readonly stop?: Int32Array;
  /** Told after each completed iteration. */
  readonly onIteration?: (report: Report) => void;
}

export interface Report {
  readonly depth: number;
  /** For the side to move at the root, in hundredths of a pawn, or beyond ±`DECIDED` for a decided game. */
  readonly score: number;
  readonly nodes: number;
  readonly ms: number;
  readonly pv: readonly Move[];
}

/** A search's answer: the move (null when there is no legal move) and the last completed iteration. */
export interface SearchResult extends Report {
  readonly move: Move | null;
}

export class Search {
  readonly table: TranspositionTable;
  private pos!: Position;
  private readonly moves = new Int32Array(MAX_PLY * MAX_MOVES);
  private readonly order = new Int32Array(MAX_PLY * MAX_MOVES);
  private readonly killers = new Int32Array(MAX_PLY * 2);
  /** Quiet moves' success, indexed `side << 10 | (move & 1023)`. */
  private readonly history = new Int32Array(2 << 10);
  private readonly staticEvals = new Int32Array(MAX_PLY);
  private readonly pv = new Int32Array(MAX_PLY * MAX_PLY);
  private readonly pvLength = new Int32Array(MAX_PLY);
  private readonly filter = new Uint8Array(1 << FILTER_BITS);
  /** The history index of the root position, and of the last null move on the current line (-1: none). */
  private rootIndex = 0;
  private nullIndex = -1;
  private nodes = 0;
  private maxNodes = Infinity;
  private deadline = Infinity;
  private stopFlag: Int32Array | null = null;
  private stopped = false;
  /** False until the first iteration is complete: there must be a move to play. */
  private mayStop = false;
  private rootBest = 0;

  /**
   * `tableBits`: the transposition table has 2^tableBits entries of 12 bytes. 2^18 (3 MB) searched
   * 1.06 times the nodes a millisecond of CPU of 2^20 (12 MB) on median, at nearly the same depth:
   * a probe waits for memory, less long in a smaller table (measured in commit e066f2d).
   */
  constructor(tableBits = 18) {
    this.table = new TranspositionTable(tableBits);
  }

  /** Forgets everything learnt: for a new game. */
  clear(): void {
    this.table.clear();
    this.history.fill(0);
  }

  /** Searches `pos` (left as it was) within `limits`; the moves made on `pos` before are the game so far. */
  run(pos: Position, limits: Limits): SearchResult {
    const startedAt = limits.startedAt ?? performance.now();
    this.pos = pos;
    this.nodes = 0;
    this.maxNodes = limits.nodes ?? Infinity;
    this.deadline = limits.hardMs === undefined ? Infinity : startedAt + limits.hardMs;
    this.stopFlag = limits.stop ?? null;
    this.stopped = false;
    this.mayStop = false;
    this.table.newSearch();
    this.killers.fill(0);
    for (let i = 0; i < this.history.length; i++) this.history[i] = this.history[i]! >> 2;
    this.rootIndex = pos.historyLength;
    this.nullIndex = -1;
    this.filter.fill(0);
    for (let i = 0; i < this.rootIndex; i++) this.filter[pos.historyKeyLo(i) & FILTER_MASK]!++;

    const maxDepth = Math.min(limits.depth ?? MAX_PLY - 1, MAX_PLY - 1);
    let result: SearchResult = { move: null, score: -MATE, depth: 0, nodes: 0, ms: 0, pv: [] };
    for (let depth = 1; depth <= maxDepth; depth++) {
      this.rootBest = 0;
      const score = this.aspiration(depth, result.score);
      const ms = performance.now() - startedAt;
      if (this.stopped) {
        // A move that beat the last iteration's choice in a completed search of its own is played.
        if (this.rootBest !== 0 && this.rootBest !== result.move)
          result = { ...result, move: this.rootBest as Move, pv: [this.rootBest as Move] };
        break;
      }
      if (this.rootBest === 0) break; // no legal move
      result = { move: this.rootBest as Move, score, depth, nodes: this.nodes, ms, pv: this.principalVariation() };
      this.mayStop = true;
      limits.onIteration?.(result);
      if (limits.softMs !== undefined && ms >= limits.softMs) break;
      if (Math.abs(score) >= DECIDED && depth >= MATE - Math.abs(score) + 2) break;
      if (this.outOfBudget()) break;
    }
    return { ...result, nodes: this.nodes, ms: performance.now() - startedAt };
  }

  /** A search of `depth` in a window around the last iteration's score, widened until the score is inside. */
  private aspiration(depth: number, guess: number): number {
    let delta = 30;
    let alpha = -INFINITE;
    let beta = INFINITE;
    if (depth >= 5 && Math.abs(guess) < DECIDED) {
      alpha = guess - delta;
      beta = guess + delta;
    }
    for (;;) {
      const score = this.negamax(alpha, beta, depth, 0, this.pos.inCheck());
      if (this.stopped) return score;
      if (score <= alpha) {
        beta = (alpha + beta) >> 1;
        alpha = Math.max(score - delta, -INFINITE);
      } else if (score >= beta) beta = Math.min(score + delta, INFINITE);
      else return score;
      delta *= 2;
      if (delta > 500) {
        alpha = -INFINITE;
        beta = INFINITE;
      }
    }
  }

  private principalVariation(): Move[] {
    return Array.from(this.pv.subarray(0, this.pvLength[0]!)) as Move[];
  }

  private outOfBudget(): boolean {
    return this.nodes >= this.maxNodes || (this.stopFlag !== null && this.stopFlag[0] !== 0);
  }

  /**
   * Counts a node; sets `stopped` when a limit is reached (never before the first iteration is done).
   * The clock is read every 128 nodes: in a new process, before V8 has compiled the search, 1,024
   * nodes took up to 77 ms, past a 100 ms turn's stop at 55 ms (measured in commit c94574e).
   */
  private visit(): void {
    this.nodes++;
    if (!this.mayStop) return;
    if (this.nodes >= this.maxNodes) this.stopped = true;
    else if (
      (this.nodes & 127) === 0 &&
      (performance.now() >= this.deadline || (this.stopFlag !== null && this.stopFlag[0] !== 0))
    )
      this.stopped = true;
  }

  /**
   * The score of the current position if the game ends here by repetition, else 0. Only positions
   * with the same side to move, after the last null move, can repeat.
   */
  private repetition(ply: number, inCheck: boolean): number {
    const pos = this.pos;
    const lo = pos.keyLo;
    if (this.filter[lo & FILTER_MASK] === 0) return 0;
    const hi = pos.keyHi;
    const n = pos.historyLength;
    let count = 0;
    for (let i = n - 4; i > this.nullIndex && i >= 0; i -= 2) {
      if (pos.historyKeyLo(i) !== lo || pos.historyKeyHi(i) !== hi) continue;
      count++;
      if (i >= this.rootIndex || count >= 2) {
        // The player giving check loses; without check, player 0 loses.
        const win = MATE - ply;
        return inCheck || pos.side === 1 ? win : -win;
      }
    }
    return 0;
  }

  /** `inCheck`: whether the side to move is in check, known to the caller. */
  private negamax(alpha: number, beta: number, depth: number, ply: number, inCheck: boolean): number {
    const pos = this.pos;
    const pvNode = beta - alpha > 1;
    this.pvLength[ply] = ply;
    if (ply > 0) {
      this.visit();
      if (this.stopped) return 0;
      const repeated = this.repetition(ply, inCheck);
      if (repeated !== 0) return repeated;
      if (pos.moveNumber > MAX_PLIES) return pos.generate(this.moves, ply * MAX_MOVES) === 0 ? -MATE + ply : 0;
      // Mate distance: no line from here beats a mate found nearer the root.
      alpha = Math.max(alpha, -MATE + ply);
      beta = Math.min(beta, MATE - ply - 1);
      if (alpha >= beta) return alpha;
      if (ply >= MAX_PLY - 1) return evaluate(pos, WEIGHTS, null);
    }
    if (depth <= 0) return this.quiescence(alpha, beta, ply, inCheck, true);

    const keyLo = pos.keyLo;
    const keyHi = pos.keyHi;
    const entry = this.table.probe(keyLo, keyHi);
    let tableMove = 0;
    let staticEval = -INFINITE;
    if (entry >= 0) {
      tableMove = this.table.move(entry);
      if (!pvNode && this.table.depth(entry) >= depth) {
        const score = fromTable(this.table.score(entry), ply);
        const bound = this.table.bound(entry);
        if (bound === EXACT || (bound === LOWER && score >= beta) || (bound === UPPER && score <= alpha)) return score;
      }
      if (!inCheck) staticEval = this.table.eval(entry);
    } else if (!inCheck) staticEval = evaluate(pos, WEIGHTS, null);
    this.staticEvals[ply] = staticEval;
    // A node the table knows no move for is searched a ply shallower (internal iterative
    // reduction): with nothing good to try first its search costs the most, and the next iteration,
    // which finds the table filled, searches it to the full depth.
    if (depth >= 4 && tableMove === 0) depth--;
    const improving = ply >= 2 && !inCheck && staticEval > this.staticEvals[ply - 2]!;

    if (!pvNode && !inCheck && ply > 0) {
      // The position is so good that a shallow search would not change it.
      if (depth <= 4 && staticEval - 90 * (improving ? depth - 1 : depth) >= beta && Math.abs(beta) < DECIDED)
        return staticEval;
      // Even passing keeps the score above beta: a real move will too. Not when the opponent holds
      // pieces to drop: passing then hands it attacks that a real move may well prevent.
      if (
        depth >= 3 &&
        staticEval >= beta &&
        pos.handSize((pos.side ^ 1) as Colour) <= 1 &&
        this.nullIndex !== pos.historyLength - 1
      ) {
        const reduction = 3 + (depth >> 2);
        const savedNull = this.nullIndex;
        this.nullIndex = pos.historyLength;
        pos.makeNull();
        const score = negate(this.negamax(negate(beta), 1 - beta, depth - 1 - reduction, ply + 1, false));
        pos.unmakeNull();
        this.nullIndex = savedNull;
        if (this.stopped) return 0;
        if (score >= beta) return score >= DECIDED ? beta : score;
      }
    }

    const base = ply * MAX_MOVES;
    let n = pos.generate(this.moves, base);
    if (n === 0) return -MATE + ply; // checkmated or stalemated: either loses
    // Moves that take or promote not yet tried: once none is left, the quiet moves late-move
    // pruning skips are all that is left.
    let noisy = this.scoreMoves(base, n, tableMove, ply);

    const alphaBefore = alpha;
    let best = -INFINITE;
    let bestMove = 0;
    let quiets = 0;
    const filterIndex = keyLo & FILTER_MASK;
    this.filter[filterIndex]!++;
    for (let i = 0; i < n; i++) {
      const m = this.pick(base, i, n);
      const quiet = isQuiet(pos.board, m);
      if (quiet) quiets++;
      else noisy--;

      // Near the leaves, late quiet moves, and moves that lose material or cannot reach alpha, are skipped.
      const prunable = ply > 0 && !inCheck && best > -DECIDED;
      if (prunable && quiet && depth <= 4 && 2 * quiets > (3 + depth * depth) * (improving ? 2 : 1)) {
        if (noisy === 0) break;
        // The quiet moves after it are skipped too: only the captures and promotions left are
        // picked from now on, rather than every skipped move in turn.
        n = i + 1 + this.keepNoisy(base + i + 1, base + n);
        continue;
      }
      const futile = prunable && quiet && depth <= 3 && staticEval + 120 + 150 * depth <= alpha;
      let gain = NOT_WEIGHED;
      if (prunable && !futile && depth <= 5) gain = exchange(pos, m);
      const losing = gain !== NOT_WEIGHED && gain < -(quiet ? 60 : 120) * depth;
      const givesCheck = pos.givesCheck(m as Move);
      if ((futile || losing) && !givesCheck) continue;
      // A check is searched a ply deeper, unless it gives the checking piece away (a drop next to
      // the king that it takes, say): drops make checks so many that extending them all would
      // swallow the search. A check that gives its piece away is reduced like a quiet move, and so is
      // a quiet evasion late in the order (the check itself was extended when it kept its piece).
      let safeCheck = false;
      if (givesCheck) {
        if (gain === NOT_WEIGHED) gain = exchange(pos, m);
        safeCheck = gain >= 0;
      }
      pos.make(m as Move);
      const next = safeCheck ? depth : depth - 1;
      let score: number;
      if (i === 0) score = negate(this.negamax(negate(beta), negate(alpha), next, ply + 1, givesCheck));
      else {
        let reduction = 0;
        if (depth >= 3 && quiet && !safeCheck && i >= (pvNode ? 3 : 2)) {
          reduction = REDUCTIONS[Math.min(depth, 63) * 64 + Math.min(i, 63)]!;
          if (!pvNode) reduction++;
          if (this.isKiller(m, ply)) reduction--;
          reduction -= (this.history[((pos.side ^ 1) << 10) | (m & 1023)]! / 8192) | 0;
          reduction = Math.max(0, Math.min(reduction, depth - 2));
        }
        score = negate(this.negamax(-1 - alpha, negate(alpha), next - reduction, ply + 1, givesCheck));
        if (score > alpha && reduction > 0)
          score = negate(this.negamax(-1 - alpha, negate(alpha), next, ply + 1, givesCheck));
        if (score > alpha && score < beta)
          score = negate(this.negamax(negate(beta), negate(alpha), next, ply + 1, givesCheck));
      }
      pos.unmake();
      if (this.stopped) {
        this.filter[filterIndex]!--;
        return 0;
      }
      if (score > best) {
        best = score;
        if (score > alpha) {
          bestMove = m;
          alpha = score;
          if (ply === 0) this.rootBest = m;
          this.updatePv(ply, m);
          if (score >= beta) {
            if (quiet) this.rewardQuiet(m, ply, depth, base, i);
            break;
          }
        }
      }
    }
    this.filter[filterIndex]!--;
    if (best === -INFINITE) best = alpha; // every move was pruned
    const bound = best >= beta ? LOWER : best > alphaBefore ? EXACT : UPPER;
    this.table.store(keyLo, keyHi, bestMove, toTable(best, ply), inCheck ? 0 : staticEval, depth, bound);
    return best;
  }

  /**
   * Captures only (every move when in check), until the position is quiet; with `checks` (its first
   * ply), quiet moves that give check and keep their piece too, drops above all: many of Minishogi's
   * tactics begin with one. The table stores what it finds at depth 0.
   */
  private quiescence(alpha: number, beta: number, ply: number, inCheck: boolean, checks: boolean): number {
    const pos = this.pos;
    this.visit();
    if (this.stopped) return 0;
    this.pvLength[ply] = ply;
    if (ply >= MAX_PLY - 1) return evaluate(pos, WEIGHTS, null);
    const keyLo = pos.keyLo;
    const keyHi = pos.keyHi;
    const entry = this.table.probe(keyLo, keyHi);
    let tableMove = 0;
    let standPat = -INFINITE;
    if (entry >= 0) {
      const score = fromTable(this.table.score(entry), ply);
      const bound = this.table.bound(entry);
      if (bound === EXACT || (bound === LOWER && score >= beta) || (bound === UPPER && score <= alpha)) return score;
      tableMove = this.table.move(entry);
      if (!inCheck) standPat = this.table.eval(entry);
    } else if (!inCheck) standPat = evaluate(pos, WEIGHTS, null);

    const alphaBefore = alpha;
    const base = ply * MAX_MOVES;
    let best = -INFINITE;
    let n: number;
    if (inCheck) {
      n = pos.generate(this.moves, base);
      if (n === 0) return -MATE + ply;
    } else {
      if (standPat >= beta) {
        if (entry < 0) this.table.store(keyLo, keyHi, 0, toTable(standPat, ply), standPat, 0, LOWER);
        return standPat;
      }
      if (standPat > alpha) alpha = standPat;
      best = standPat;
      n = pos.generateCaptures(this.moves, base);
    }
    this.scoreMoves(base, n, tableMove, ply);
    let bestMove = 0;
    for (let i = 0; i < n; i++) {
      const m = this.pick(base, i, n);
      if (!inCheck) {
        // Captures that lose material, or cannot lift the score to alpha even if nothing is taken back.
        if (this.order[base + i]! < 0) break;
        if ((m & 1024) === 0 && standPat + VALUE[typeOfCode(pos.board[m & 31]!)]! + 150 <= alpha) continue;
      } else if (best > -DECIDED && (((m >> 5) & 31) >= 25 || pos.board[m & 31] === 0) && exchange(pos, m) < 0)
        continue; // once the king is safe, an evasion that gives a piece away (a drop in the way, say) is not tried
      pos.make(m as Move);
      const score = negate(this.quiescence(negate(beta), negate(alpha), ply + 1, pos.inCheck(), false));
      pos.unmake();
      if (this.stopped) return 0;
      if (score > best) {
        best = score;
        if (score > alpha) {
          alpha = score;
          bestMove = m;
          this.updatePv(ply, m);
          if (score >= beta) break;
        }
      }
    }
    if (checks && !inCheck && best < beta) {
      const checking = this.quietChecks(base);
      for (let i = base; i < base + checking; i++) {
        const m = this.moves[i]!;
        pos.make(m as Move);
        const score = negate(this.quiescence(negate(beta), negate(alpha), ply + 1, true, false));
        pos.unmake();
        if (this.stopped) return 0;
        if (score > best) {
          best = score;
          if (score > alpha) {
            alpha = score;
            bestMove = m;
            this.updatePv(ply, m);
            if (score >= beta) break;
          }
        }
      }
    }
    // A deeper search's entry for this position is worth more.
    if (entry < 0 || this.table.depth(entry) === 0) {
      const bound = best >= beta ? LOWER : best > alphaBefore ? EXACT : UPPER;
      this.table.store(keyLo, keyHi, bestMove, toTable(best, ply), inCheck ? 0 : standPat, 0, bound);
    }
    return best;
  }

  /**
   * Writes from `base` the legal moves that take nothing, promote nothing, check the opponent's
   * king directly (from the square they reach) and keep their piece by static exchange, and returns
   * how many. A check that gives its piece away (a drop next to the king, which the king takes) is
   * left out: with pieces in hand such checks are many, and searching them all here cost the main
   * search its depth.
   */
  private quietChecks(base: number): number {
    const pos = this.pos;
    const n = pos.generateQuietChecks(this.moves, base);
    let checking = base;
    for (let i = base; i < base + n; i++) {
      const m = this.moves[i]!;
      if (exchange(pos, m) >= 0) this.moves[checking++] = m;
    }
    return checking - base;
  }

  /** Gives each move from `base` its ordering key; returns how many take or promote. */
  private scoreMoves(base: number, n: number, tableMove: number, ply: number): number {
    const pos = this.pos;
    const side = pos.side << 10;
    const killer0 = this.killers[ply * 2]!;
    const killer1 = this.killers[ply * 2 + 1]!;
    let noisy = 0;
    for (let i = base; i < base + n; i++) {
      const m = this.moves[i]!;
      const to = m & 31;
      const from = (m >> 5) & 31;
      const target = from < 25 ? pos.board[to]! : 0;
      if (target !== 0 || (m & 1024) !== 0) noisy++;
      let key: number;
      if (m === tableMove) key = TABLE_MOVE;
      else if (target !== 0) {
        const attacker = typeOfCode(pos.board[from]!);
        const victim = VALUE[typeOfCode(target)]!;
        // Taking a piece worth less than the taker is checked by exchanges; the rest cannot lose.
        const loses = VALUE[attacker]! > victim && exchange(pos, m) < 0;
        key = (loses ? LOSING_CAPTURE : CAPTURE) + victim * 16 - attacker + (m & 1024 ? 1024 : 0);
      } else if (m & 1024) key = CAPTURE - 1;
      else if (m === killer0) key = KILLER + 1;
      else if (m === killer1) key = KILLER;
      else key = this.history[side | (m & 1023)]!;
      this.order[i] = key;
    }
    return noisy;
  }

  /** Swaps the best-ordered move of those from `base + i` into place and returns it. */
  private pick(base: number, i: number, n: number): number {
    const moves = this.moves;
    const order = this.order;
    let best = base + i;
    let bestKey = order[best]!;
    for (let j = best + 1; j < base + n; j++) {
      const key = order[j]!;
      if (key > bestKey) {
        best = j;
        bestKey = key;
      }
    }
    const at = base + i;
    const m = moves[best]!;
    moves[best] = moves[at]!;
    order[best] = order[at]!;
    moves[at] = m;
    order[at] = bestKey;
    return m;
  }

  /**
   * Moves the captures and promotions among `moves[from..to)` to its start, in the order they
   * stand, with their ordering keys, and returns how many.
   */
  private keepNoisy(from: number, to: number): number {
    const board = this.pos.board;
    const moves = this.moves;
    const order = this.order;
    let kept = from;
    for (let j = from; j < to; j++) {
      const m = moves[j]!;
      if (!isQuiet(board, m)) {
        moves[kept] = m;
        order[kept++] = order[j]!;
      }
    }
    return kept - from;
  }

  private isKiller(m: number, ply: number): boolean {
    return m === this.killers[ply * 2] || m === this.killers[ply * 2 + 1];
  }

  /** A quiet move refuted the position: a killer here, more history; the quiet moves tried before it, less. */
  private rewardQuiet(m: number, ply: number, depth: number, base: number, index: number): void {
    if (this.killers[ply * 2] !== m) {
      this.killers[ply * 2 + 1] = this.killers[ply * 2]!;
      this.killers[ply * 2] = m;
    }
    const side = this.pos.side << 10;
    const bonus = Math.min(depth * depth, 400);
    this.addHistory(side | (m & 1023), bonus);
    for (let j = base; j < base + index; j++) {
      const other = this.moves[j]!;
      if (isQuiet(this.pos.board, other)) this.addHistory(side | (other & 1023), -bonus);
    }
  }

  /** History moves toward ±HISTORY_MAX, never past it. */
  private addHistory(i: number, bonus: number): void {
    const h = this.history[i]!;
    this.history[i] = h + bonus - (((h * Math.abs(bonus)) / HISTORY_MAX) | 0);
  }

  private updatePv(ply: number, m: number): void {
    const row = ply * MAX_PLY;
    const child = (ply + 1) * MAX_PLY;
    this.pv[row + ply] = m;
    const length = ply + 1 < MAX_PLY ? this.pvLength[ply + 1]! : ply + 1;
    for (let j = ply + 1; j < length; j++) this.pv[row + j] = this.pv[child + j]!;
    this.pvLength[ply] = Math.max(length, ply + 1);
  }
}

/** Whether the legal move `m` on `board` neither takes nor promotes (a drop takes nothing). */
const isQuiet = (board: Int8Array, m: number): boolean =>
  (m & 1024) === 0 && (((m >> 5) & 31) >= 25 || board[m & 31] === 0);

/**
 * Mate scores are stored relative to the position, not the root. The arithmetic runs for every
 * score, so that V8 has seen it before the first mate (see core/negate.ts).
 */
const toTable = (score: number, ply: number): number =>
  score + (score >= DECIDED ? ply : 0) - (score <= -DECIDED ? ply : 0);
const fromTable = (score: number, ply: number): number =>
  score - (score >= DECIDED ? ply : 0) + (score <= -DECIDED ? ply : 0);
