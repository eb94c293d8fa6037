/**
 * What the editor page reads (contest/test-games.ts): an author's test games with their builds' words
 * by line, the opponents a test game may seat, and a test game's replay as its asker may see it: its
 * author reads their draft's stderr, never an opponent's.
 */
import type { Replay } from '../arena/replay.js';
import type { Contest } from '../contest/contest.js';
import { diagnosticsOf } from '../contest/diagnostics.js';
import { shownRating } from '../contest/ratings.js';
import type { TestGameRecord } from '../contest/store/records.js';
import { MAX_DRAFT_BYTES, TEST_GAMES_KEPT_DAYS, TESTS_PER_MINUTE } from '../contest/test-games.js';
import { findLanguage } from '../starters/kit.js';
import { type Asker, round } from './contest-data.js';
import type { EditorData, TestGameData, TestOpponent } from './contest-wire.js';
import { hidePrivate } from './private-parts.js';

/** The test games the editor lists. */
const LISTED_TESTS = 20;

export function editorData(contest: Contest, authorId: number): EditorData {
  const { tests } = contest;
  const submitted = contest.tables.entrants().filter((e) => e.authorId === authorId && e.lang !== null);
  return {
    lang: tests.lastLanguage(authorId) ?? submitted.at(-1)?.lang ?? null,
    opponents: opponents(contest),
    limits: {
      perMinute: TESTS_PER_MINUTE,
      keptDays: TEST_GAMES_KEPT_DAYS,
      draftBytes: MAX_DRAFT_BYTES,
      slots: tests.slots,
    },
    tests: tests.tables.testsOf(authorId, LISTED_TESTS).map((t) => testGameData(contest, t)),
  };
}

/** The bosses, lowest league first, then the active versions, best rated first. */
function opponents(contest: Contest): TestOpponent[] {
  const active = contest.tables.entrants().filter((e) => e.status === 'active');
  const bosses = active.filter((e) => e.authorId === null).sort((a, b) => a.league - b.league);
  const versions = active.filter((e) => e.authorId !== null).sort((a, b) => shownRating(b) - shownRating(a));
  return [...bosses, ...versions].map((e) => ({
    id: e.id,
    name: contest.nameOf(e),
    league: contest.leagues[e.league]!.name,
    boss: e.authorId === null,
    rating: round(shownRating(e)),
  }));
}

export function testGameData(contest: Contest, test: TestGameRecord): TestGameData {
  const built = test.status === 'waiting' ? null : contest.tests.buildOf(test);
  const opponent = contest.tables.entrant(test.opponent);
  const stored = test.gameId === null ? null : contest.store.gamesWithIds([test.gameId])[0];
  return {
    id: test.id,
    lang: test.lang,
    opponent: opponent ? contest.nameOf(opponent) : `entrant ${test.opponent}`,
    players: test.players,
    seat: test.seat,
    seed: test.seed,
    status: test.status,
    ahead: test.status === 'waiting' ? contest.tests.ahead(test.id) : null,
    reason: test.reason,
    build: built && {
      ok: built.ok,
      cached: test.cached === true,
      log: built.log,
      diagnostics: diagnosticsOf(built.log, findLanguage(test.lang).main),
    },
    gameId: test.gameId,
    outcome: stored && test.place !== null ? { place: test.place, reason: stored.result.reason } : null,
    createdAt: test.createdAt,
    expiresAt: new Date(Date.parse(test.createdAt) + TEST_GAMES_KEPT_DAYS * 86_400_000).toISOString(),
  };
}

/** A test game's replay for its author (their draft's seat's private parts) or the admin (all). */
export function testReplayFor(test: TestGameRecord, replay: Replay, asker: Asker): Replay {
  return asker.admin ? replay : hidePrivate(replay, new Set([test.seat]));
}
