/**
 * Who plays next in a contest, as Halite's matchmaker chooses (and better for new versions): a
 * version whose rating is not settled yet first, the newest of those with the fewest games (a new
 * version plays a burst until its σ is small); else the version with the fewest games; and every
 * fourth choice the version idle longest, so that none starves. Each other seat of its table is drawn
 * from its league (bosses included; with the nearest leagues' while its own has fewer than two
 * others), among the k nearest in μ not seated yet, k = 5 / (0.01 + r)^0.65 for r uniform in [0, 1):
 * mostly near, now and then far.
 */
import { SETTLED_SIGMA } from './ratings.js';
import { drawTableSize, type TableMix } from './table-mix.js';

/** An entrant as the pairing sees it. */
export interface Candidate {
  readonly id: number;
  /** Null for a boss: bosses are opponents, never chosen first. */
  readonly authorId: number | null;
  readonly league: number;
  readonly mu: number;
  readonly sigma: number;
  /** Games played and being played. */
  readonly games: number;
  /** When it was last planned into a game (ms since the epoch; 0: never). */
  readonly lastPlanned: number;
}

/** How often the longest idle version goes first: every n-th choice. */
const IDLE_TURN = 4;

/** Whether the `turn`-th choice is the longest idle version's. */
export const idleTurn = (turn: number): boolean => turn % IDLE_TURN === IDLE_TURN - 1;

/**
 * The next table, the version chosen first, its size drawn from `mix` among those its possible
 * opponents can fill; null when no version has anyone to play. Each further seat is drawn as a pair's
 * opponent is, among those not seated yet.
 */
export function chooseTable(
  candidates: readonly Candidate[],
  mix: TableMix,
  turn: number,
  random: () => number,
): readonly Candidate[] | null {
  const versions = candidates.filter((c) => c.authorId !== null && opponentsOf(c, candidates).length > 0);
  if (versions.length === 0) return null;
  const first = idleTurn(turn) ? longestIdle(versions) : neediest(versions);
  const opponents = opponentsOf(first, candidates).sort(
    (a, b) => Math.abs(a.mu - first.mu) - Math.abs(b.mu - first.mu),
  );
  const size = drawTableSize(mix, 1 + opponents.length, random);
  if (size === null) return null;
  const table = [first];
  while (table.length < size) {
    const k = Math.min(opponents.length, Math.ceil(5 / (0.01 + random()) ** 0.65));
    table.push(opponents.splice(Math.floor(random() * k), 1)[0]!);
  }
  return table;
}

/** Unsettled versions before settled ones; then the fewest games; then the newest. */
function neediest(versions: readonly Candidate[]): Candidate {
  const unsettled = versions.filter((c) => c.sigma >= SETTLED_SIGMA);
  const pool = unsettled.length > 0 ? unsettled : versions;
  return pool.reduce((best, c) => (c.games < best.games || (c.games === best.games && c.id > best.id) ? c : best));
}

function longestIdle(versions: readonly Candidate[]): Candidate {
  return versions.reduce((best, c) => (c.lastPlanned < best.lastPlanned ? c : best));
}

/**
 * Fewer others than this in a version's league, and the nearest leagues' play it too: a version
 * promoted into a league held by its boss alone would meet only that boss, lose every game, and
 * its σ, each game telling almost nothing, would never settle (a test's once did not in 2,000).
 */
const FEW_OPPONENTS = 2;

/** Who `entrant` may play: others of its league, and while they are fewer than two, the nearest leagues' (the lower first). */
function opponentsOf(entrant: Candidate, candidates: readonly Candidate[]): Candidate[] {
  const others = candidates.filter(
    (c) => c.id !== entrant.id && (c.authorId === null || c.authorId !== entrant.authorId),
  );
  const found: Candidate[] = [];
  for (let distance = 0; found.length < FEW_OPPONENTS && found.length < others.length; distance++) {
    found.push(...others.filter((c) => c.league === entrant.league - distance));
    if (distance > 0 && found.length < FEW_OPPONENTS)
      found.push(...others.filter((c) => c.league === entrant.league + distance));
  }
  return found;
}
