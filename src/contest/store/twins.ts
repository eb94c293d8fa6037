/**
 * A contest's verdicts (verdict.ts), in the contest's tables: for each version that replaced another,
 * its predecessor and the pool of opponents fixed when it became active (the predecessor's most
 * frequent opponents still active, and the bosses), the twin games planned from the predecessor's
 * (`contest_games.twin_of`: the game each twins), and each sequential test's decision.
 */
import type Database from 'better-sqlite3';
import type { Decisions, TestDecision, TwinPair, VerdictTest } from '../verdict.js';
import { resultOf, standing, VERDICT_TESTS } from '../verdict.js';
import type { PlannedContestGame } from './records.js';

/** How many of the predecessor's most frequent opponents (besides the bosses) its successor's twin games meet. */
const POOL_SIZE = 8;

/** A version's verdict as stored: whom it is judged against, among whom, and what the tests decided so far. */
export interface VerdictRecord {
  readonly entrant: number;
  readonly predecessor: number;
  /** The opponents its twin games may seat: fixed at activation. */
  readonly pool: readonly number[];
  readonly decided: Decisions;
}

/**
 * Starts the verdict of `version`, which replaced `predecessor`: called in the transaction that
 * activates it, so that the pool is the one of that moment.
 */
export function startVerdict(db: Database.Database, contest: number, version: number, predecessor: number): void {
  const frequent = db
    .prepare(
      `SELECT o.id FROM entrant_games p
       JOIN contest_games c ON c.idx = p.idx AND c.rated = 1
       JOIN entrant_games q ON q.idx = c.idx AND q.entrant_id != p.entrant_id
       JOIN entrants o ON o.id = q.entrant_id AND o.status = 'active' AND o.author_id IS NOT NULL AND o.id != ?
       WHERE p.entrant_id = ? GROUP BY o.id ORDER BY count(*) DESC, o.id LIMIT ?`,
    )
    .all(version, predecessor, POOL_SIZE) as { id: number }[];
  const bosses = db
    .prepare('SELECT id FROM entrants WHERE contest_id = ? AND author_id IS NULL ORDER BY id')
    .all(contest) as { id: number }[];
  db.prepare('INSERT INTO verdicts (entrant_id, predecessor_id, pool, started_at) VALUES (?, ?, ?, ?)').run(
    version,
    predecessor,
    JSON.stringify([...frequent, ...bosses].map((r) => r.id)),
    new Date().toISOString(),
  );
}

/** The verdict tables of contest `contest`, on the store's connection. */
export class TwinTables {
  constructor(
    private readonly db: Database.Database,
    private readonly contest: number,
  ) {}

  /** The verdict of a version; null for a first version (it replaced none). */
  verdict(entrant: number): VerdictRecord | null {
    const row = this.db
      .prepare(
        `SELECT v.* FROM verdicts v JOIN entrants e ON e.id = v.entrant_id WHERE v.entrant_id = ? AND e.contest_id = ?`,
      )
      .get(entrant, this.contest) as VerdictRow | undefined;
    return row ? verdictOf(row) : null;
  }

  /** The verdicts of the contest's active versions whose result is not known yet. */
  open(): VerdictRecord[] {
    return (
      this.db
        .prepare(
          `SELECT v.* FROM verdicts v JOIN entrants e ON e.id = v.entrant_id
           WHERE e.contest_id = ? AND e.status = 'active' ORDER BY v.entrant_id`,
        )
        .all(this.contest) as VerdictRow[]
    )
      .map(verdictOf)
      .filter((v) => resultOf(v.decided) === 'not yet known');
  }

  /** Twin games planned for a version's verdict, played or not (not those of others' verdicts it sat in). */
  twinsPlanned(verdict: VerdictRecord): number {
    return (
      this.db
        .prepare(
          `SELECT count(*) AS n FROM entrant_games e JOIN contest_games c ON c.idx = e.idx
           JOIN entrant_games p ON p.idx = c.twin_of AND p.entrant_id = ?
           WHERE e.entrant_id = ?`,
        )
        .get(verdict.predecessor, verdict.entrant) as { n: number }
    ).n;
  }

  /**
   * The next table of the predecessor's to twin, newest first: its rated games not twinned yet whose
   * other seats are all in the pool and `playing`; each as the twin game to plan (the version in the
   * predecessor's seat, the seed alike). Empty when none is left.
   */
  nextTable(verdict: VerdictRecord, playing: (id: number) => boolean): Omit<PlannedContestGame, 'index' | 'pair'>[] {
    const rows = this.db
      .prepare(
        `SELECT c.idx, c.seats, c.seed, c.pair FROM entrant_games e JOIN contest_games c ON c.idx = e.idx
         WHERE e.entrant_id = ? AND c.kind = 'rated' AND c.rated = 1
         AND NOT EXISTS (SELECT 1 FROM contest_games t WHERE t.twin_of = c.idx)
         ORDER BY c.pair DESC, c.idx`,
      )
      .all(verdict.predecessor) as { idx: number; seats: string; seed: number; pair: number }[];
    const pool = new Set(verdict.pool);
    const others = (seats: readonly number[]) =>
      seats.every((id) => id === verdict.predecessor || (pool.has(id) && playing(id)));
    const table = rows.find((r) => others(JSON.parse(r.seats)))?.pair;
    return rows
      .filter((r) => r.pair === table && others(JSON.parse(r.seats)))
      .map((r) => ({
        kind: 'rated' as const,
        seats: (JSON.parse(r.seats) as number[]).map((id) => (id === verdict.predecessor ? verdict.entrant : id)),
        seed: r.seed,
        final: null,
        twinOf: r.idx,
      }));
  }

  /**
   * The version's twin pairs whose games both counted, in the order its games were stored: its twins
   * of its predecessor's games, not the twins of another's verdict in which it was an opponent.
   */
  pairs(verdict: VerdictRecord): TwinPair[] {
    const rows = this.db
      .prepare(
        `SELECT c.seats, json_extract(g.result, '$.players') AS mine, json_extract(h.result, '$.players') AS theirs, t.seats AS twin_seats
         FROM entrant_games e
         JOIN contest_games c ON c.idx = e.idx AND c.twin_of IS NOT NULL AND c.rated = 1
         JOIN contest_games t ON t.idx = c.twin_of
         JOIN entrant_games p ON p.idx = t.idx AND p.entrant_id = ?
         JOIN games g ON g.id = c.game_id JOIN games h ON h.id = t.game_id
         WHERE e.entrant_id = ? ORDER BY c.game_id`,
      )
      .all(verdict.predecessor, verdict.entrant) as {
      seats: string;
      mine: string;
      theirs: string;
      twin_seats: string;
    }[];
    return rows.map((r) => ({
      version: seatOf(JSON.parse(r.seats), r.mine, verdict.entrant),
      predecessor: seatOf(JSON.parse(r.twin_seats), r.theirs, verdict.predecessor),
    }));
  }

  /** Stores what the tests decided (a test decides once). */
  setDecided(entrant: number, decided: Decisions): void {
    const column = (test: VerdictTest, d: TestDecision | null) =>
      this.db
        .prepare(`UPDATE verdicts SET ${test} = ?, ${test}_at = ? WHERE entrant_id = ? AND ${test} IS NULL`)
        .run(d?.hypothesis ?? null, d?.at ?? null, entrant);
    for (const test of VERDICT_TESTS) if (decided[test]) column(test, decided[test]);
  }
}

/** An entrant's standing and place at a stored game. */
function seatOf(seats: readonly number[], players: string, entrant: number): TwinPair['version'] {
  const ranks: number[] = [];
  for (const p of JSON.parse(players) as { seat: number; rank: number }[]) ranks[p.seat] = p.rank;
  const seat = seats.indexOf(entrant);
  return { standing: standing(ranks, seat), place: ranks[seat]! };
}

interface VerdictRow {
  entrant_id: number;
  predecessor_id: number;
  pool: string;
  better: 'H0' | 'H1' | null;
  better_at: number | null;
  worse: 'H0' | 'H1' | null;
  worse_at: number | null;
}

const verdictOf = (r: VerdictRow): VerdictRecord => ({
  entrant: r.entrant_id,
  predecessor: r.predecessor_id,
  pool: JSON.parse(r.pool) as number[],
  decided: {
    better: r.better ? { hypothesis: r.better, at: r.better_at! } : null,
    worse: r.worse ? { hypothesis: r.worse, at: r.worse_at! } : null,
  },
});
