/**
 * The solved endgames a bot holds, and their use by the search. Tables are made on demand, one per
 * pair of live-line sets (see endgame-table.ts), and solved in time slices that the bot gives them
 * (`work`); a table's decided entries are used at once, its draws once it is complete.
 */
import { popcount } from './bitboard.js';
import { FlyingTable, MOST_ENTRIES, Workspace } from './endgame-table.js';
import { WIN_SCORE } from './evaluation.js';
import { ALL_LINES, type BoardPosition, DRAWN, LOST, WON } from './position.js';
import { NO_SCORE } from './search.js';

const key = (live: readonly [number, number]): number => live[0] * 0x10000 + live[1];

/** The values of tables made after the first turn: room for two of the largest. */
const POOL_BYTES = 2 * MOST_ENTRIES;
/** A table no game is likely to need (one side has lost a line), to rehearse the analysis on. */
const REHEARSAL: readonly [number, number] = [ALL_LINES & ~1, ALL_LINES];

export class Endgames {
  private readonly tables = new Map<number, FlyingTable>();
  private readonly pending: FlyingTable[] = [];
  /** Where the tables are solved, one after the other: made by `prepare`, or by the first analysis. */
  private workspace: Workspace | null = null;

  /**
   * Makes what solving any table needs, so that no later turn has to, and, unless a table is
   * pending (whose analysis the first turn runs), runs the making and the analysis of a table until
   * `deadline` (then drops it), so that V8 has compiled that code before a timed turn meets a new
   * table: for the bot's first turn.
   */
  prepare(deadline: number): void {
    this.workspace ??= new Workspace(MOST_ENTRIES, POOL_BYTES);
    if (this.pending.length > 0) return;
    const rehearsal = new FlyingTable(REHEARSAL);
    rehearsal.solve(deadline, this.workspace);
    this.workspace.giveBack(rehearsal);
  }

  /** The table for these live lines, made (not yet solved) if there was none. */
  table(live: readonly [number, number]): FlyingTable {
    const known = this.tables.get(key(live));
    if (known) return known;
    const table = new FlyingTable(live, this.workspace ?? undefined);
    this.tables.set(key(live), table);
    this.pending.push(table);
    return table;
  }

  /** Whether `p` is a flying endgame of 3 against 3: all stones placed, three on each side. */
  static holds(p: BoardPosition): boolean {
    return p.stock[0] === 0 && p.stock[1] === 0 && popcount(p.stones[0]!) === 3 && popcount(p.stones[1]!) === 3;
  }

  /** The live lines of both seats in `p`, a flying endgame. */
  static liveOf(p: BoardPosition): [number, number] {
    return [p.liveLines(0), p.liveLines(1)];
  }

  /** Solves pending tables until `deadline`; true when none is left pending. */
  work(deadline: number): boolean {
    if (this.pending.length === 0) return true;
    this.workspace ??= new Workspace();
    while (this.pending.length > 0) {
      if (!this.pending[0]!.solve(deadline, this.workspace)) return false;
      this.pending.shift();
    }
    return true;
  }

  /**
   * The exact score of `p` for the side to move, `ply` moves below the root, or NO_SCORE: the
   * search's probe. Tables not made yet are not made here (that takes time the search has not).
   */
  readonly probe = (p: BoardPosition, ply: number): number => {
    if (!Endgames.holds(p)) return NO_SCORE;
    const table = this.tables.get(key(Endgames.liveOf(p)));
    if (table === undefined) return NO_SCORE;
    const distance = table.probe(p.side, p.stones[p.side]!, p.stones[1 - p.side]!);
    // Beyond the turn limit, or drawn: the game ends at the limit, three stones each.
    if (distance === 0 || distance > p.pliesLeft)
      return distance === 0 && !table.complete ? NO_SCORE : limitScore(p, ply);
    return distance & 1 ? WIN_SCORE - ply - distance : -WIN_SCORE + ply + distance;
  };
}

/** The score of the game ended by the turn limit as `p` stands. */
function limitScore(p: BoardPosition, ply: number): number {
  const status = p.limitStatus(p.side);
  const end = ply + p.pliesLeft;
  return status === WON ? WIN_SCORE - end : status === LOST ? -WIN_SCORE + end : status === DRAWN ? 0 : NO_SCORE;
}
