/**
 * What a contest server shows, from the contest's tables: the leaderboard, a submission, an author,
 * a final, the admin's view; and a stored game as its viewer may see it. What is private stays
 * with its owner: an author reads the stderr of their own bots only (a crash's message quotes it),
 * their builds' logs and their sources; the admin reads everything.
 */
import type { Replay } from '../arena/replay.js';
import type { Contest } from '../contest/contest.js';
import { SUBMISSIONS_PER_HOUR } from '../contest/contest.js';
import { FIRST_RATING, rateTable, SETTLED_SIGMA, scoreAt, shownRating } from '../contest/ratings.js';
import type { ContestGameRecord, EntrantRecord, FinalRecord } from '../contest/store/records.js';
import { MAX_SOURCE_BYTES } from '../contest/submission.js';
import type { StoredGame } from '../runs/store/records.js';
import { findLanguage } from '../starters/kit.js';
import type {
  AdminData,
  AuthorData,
  BuildLine,
  ContestGameLine,
  ContestHead,
  ContestInfo,
  ContestListing,
  ContestPlaces,
  FailureLine,
  FinalData,
  FinalSummary,
  Leaderboard,
  LeaderboardRow,
  OpponentLine,
  Places,
  SubmissionData,
  VersionLine,
  Viewer,
} from './contest-wire.js';
import { hidePrivate } from './private-parts.js';
import { shellWord } from './reproduce.js';

/** Who asks, as the contest knows them. */
export interface Asker {
  readonly authorId: number | null;
  readonly admin: boolean;
}

/** Whether `asker` may read the private parts (stderr, logs, sources) of `entrant`. */
export const mayRead = (asker: Asker, entrant: EntrantRecord): boolean =>
  asker.admin || (entrant.authorId !== null && entrant.authorId === asker.authorId);

/** Where a contest's API and pages are, on every server. */
export function contestPlaces(game: string): ContestPlaces {
  const pages = `/contests/${game}`;
  return {
    api: `/api/contests/${game}`,
    pages: {
      leaderboard: pages,
      rules: `/rules/${game}`,
      submit: `${pages}/submit`,
      starters: `${pages}/starters`,
      editor: `${pages}/editor`,
    },
  };
}

/** What names a contest, its tables, and where it is. */
const contestHead = (contest: Contest): ContestHead => ({
  game: contest.game.id,
  title: contest.game.title,
  seats: { ...contest.game.seats },
  ...contestPlaces(contest.game.id),
  tableMix: contest.tableMix,
  frozen: contest.frozen,
});

/** A contest as the site's list shows it. */
export function contestListing(contest: Contest): ContestListing {
  return {
    ...contestHead(contest),
    versions: contest.tables.entrants().filter((e) => e.authorId !== null && e.status === 'active').length,
    gamesPlayed: contest.store.gameCount(contest.runId),
  };
}

export function contestInfo(contest: Contest, viewer: Viewer, contests: number): ContestInfo {
  return {
    ...contestHead(contest),
    contests,
    leagues: contest.leagues.map((l) => ({ index: l.index, name: l.name, boss: l.boss })),
    languages: contest.languages.taken.map((l) => ({ id: l.id, name: l.name, build: l.build, run: l.run })),
    finals: contest.tables.finals().map((f) => finalSummary(contest, f)),
    limits: { sourceBytes: MAX_SOURCE_BYTES, submissionsPerHour: SUBMISSIONS_PER_HOUR },
    viewer,
  };
}

/** The active versions and the bosses, the highest league first, by rating within each. */
export function leaderboard(contest: Contest): Leaderboard {
  const playing = contest.tables.entrants().filter((e) => e.status === 'active');
  const rows: LeaderboardRow[] = [];
  for (const league of [...contest.leagues].reverse()) {
    const inLeague = playing.filter((e) => e.league === league.index).sort((a, b) => shownRating(b) - shownRating(a));
    for (const [i, e] of inLeague.entries()) rows.push({ rank: i + 1, ...entrantLine(contest, e) });
  }
  return { game: contest.game.id, rows };
}

function entrantLine(contest: Contest, e: EntrantRecord): Omit<LeaderboardRow, 'rank'> {
  return {
    author: e.authorId === null ? null : contest.authorName(e.authorId),
    submission: e.id,
    version: e.version,
    league: contest.leagues[e.league]!.name,
    name: contest.nameOf(e),
    boss: e.boss,
    mu: round(e.mu),
    sigma: round(e.sigma),
    rating: round(shownRating(e)),
    settled: e.sigma < SETTLED_SIGMA,
    games: e.games,
    wins: e.wins,
    draws: e.draws,
    losses: e.losses,
    ...places(e),
  };
}

/** An entrant's mean place and tables by size. */
const places = (e: Pick<EntrantRecord, 'games' | 'places' | 'tableSizes'>): Places => ({
  meanPlace: e.games === 0 ? null : round(e.places / e.games),
  tableSizes: { ...e.tableSizes },
});

/** A figure to three decimals, as the API gives ratings and places. */
export const round = (x: number): number => Math.round(x * 1000) / 1000;

/** The games a submission's page lists, newest first, and the failures it links. */
const LISTED_GAMES = 200;
const LISTED_FAILURES = 50;

/** A submission, whole: only for its author and the admin. */
export function submissionData(contest: Contest, entrant: EntrantRecord, asker: Asker): SubmissionData {
  const line = entrantLine(contest, entrant);
  const { tables } = contest;
  const games = gameLines(contest, tables.gamesOf(entrant.id, LISTED_GAMES, false), asker, entrant);
  return {
    id: entrant.id,
    author: line.author!,
    version: entrant.version,
    name: line.name,
    lang: entrant.lang!,
    status: entrant.status,
    reason: entrant.reason,
    log: entrant.log,
    league: line.league,
    mu: line.mu,
    sigma: line.sigma,
    rating: line.rating,
    games: entrant.games,
    wins: entrant.wins,
    draws: entrant.draws,
    losses: entrant.losses,
    meanPlace: line.meanPlace,
    tableSizes: line.tableSizes,
    submittedAt: entrant.submittedAt,
    changedAt: entrant.changedAt,
    waiting: waitingOf(contest, entrant.id),
    validation: gameLines(contest, tables.gamesOf(entrant.id, LISTED_GAMES, true), asker, entrant),
    opponents: opponents(contest, entrant),
    failures: failures(contest, entrant, asker),
    playedGames: games,
    verdict: contest.verdict(entrant),
  };
}

/** Where a submission waits to be built; null when it does not. */
function waitingOf(contest: Contest, id: number): { ahead: number } | null {
  const ahead = contest.buildsAhead(id);
  return ahead === null ? null : { ahead };
}

/** An author's page: their versions as anyone may see them. */
export function authorData(contest: Contest, authorId: number, asker: Asker): AuthorData {
  const author = contest.people.author(authorId)!;
  const versions = contest.tables
    .entrants()
    .filter((e) => e.authorId === authorId)
    .reverse()
    .map((e) => versionLine(contest, e));
  return { name: author.name, joinedAt: author.createdAt, versions, own: asker.admin || asker.authorId === authorId };
}

function versionLine(contest: Contest, e: EntrantRecord): VersionLine {
  return {
    id: e.id,
    version: e.version,
    name: contest.nameOf(e),
    lang: e.lang ?? '',
    status: e.status,
    league: contest.leagues[e.league]!.name,
    rating: round(shownRating(e)),
    games: e.games,
    wins: e.wins,
    draws: e.draws,
    losses: e.losses,
    ...places(e),
    submittedAt: e.submittedAt,
  };
}

/** The stored games with these ids, by id, for the lines that name them. */
const storedById = (contest: Contest, ids: readonly number[]): Map<number, StoredGame> =>
  new Map(contest.store.gamesWithIds(ids).map((g) => [g.id, g]));

/**
 * The games as `asker` may read them: a crash's reason quotes the bot's stderr, for its author alone;
 * with `own`, the submission whose page lists them, each stored game's record of its seat.
 */
function gameLines(
  contest: Contest,
  games: readonly ContestGameRecord[],
  asker: Asker,
  own?: EntrantRecord,
): ContestGameLine[] {
  const entrants = new Map(contest.tables.entrants().map((e) => [e.id, e]));
  const entrantOf = (id: number) => entrants.get(id) ?? null;
  const names = new Map([...entrants.values()].map((e) => [e.id, contest.nameOf(e)]));
  const stored = storedById(
    contest,
    games.flatMap((g) => (g.gameId === null ? [] : [g.gameId])),
  );
  return games.flatMap((g): ContestGameLine[] => {
    const game = g.gameId === null ? undefined : stored.get(g.gameId);
    // A game planned and dropped, or cut short by a stop and not played yet, is no line of anyone's.
    if (g.gameId === null && !contest.schedule.playingNow().some((p) => p.index === g.index)) return [];
    return [
      {
        id: g.gameId,
        kind: g.kind,
        seats: g.seats.map((id) => names.get(id) ?? `#${id}`),
        winner: game?.result.winner ?? null,
        reason: game
          ? hidePrivate({ turns: [], result: game.result }, readable(g.seats, asker, entrantOf)).result.reason
          : 'being played',
        turns: game?.result.turns ?? 0,
        rated: g.rated,
        note: g.note,
        finishedAt: game?.finishedAt ?? null,
        ...(game &&
          own &&
          g.seats.includes(own.id) && { own: ownSeat(contest, game.id, g.seats.indexOf(own.id), own) }),
      },
    ];
  });
}

/** A stored game's record of `entrant`'s seat, and the `tabula reproduce` line's words after the server's URL. */
function ownSeat(
  contest: Contest,
  gameId: number,
  seat: number,
  entrant: EntrantRecord,
): NonNullable<ContestGameLine['own']> {
  const run = shellWord(findLanguage(entrant.lang!).run);
  return {
    seat,
    record: `${contestPlaces(contest.game.id).api}/games/${gameId}/record?seat=${seat}`,
    reproduce: `${gameId} --seat ${seat} ${run}`,
  };
}

/** The entrant's rated and final games, all of them, by opponent, from its side: ahead of it, level, or behind, at any table. */
function opponents(contest: Contest, entrant: EntrantRecord): OpponentLine[] {
  const byOpponent = new Map<number, { wins: number; draws: number; losses: number }>();
  for (const { seats, ranks } of contest.tables.outcomesOf(entrant.id)) {
    const mine = ranks[seats.indexOf(entrant.id)]!;
    for (const [seat, other] of seats.entries()) {
      if (other === entrant.id) continue;
      const tally = byOpponent.get(other) ?? { wins: 0, draws: 0, losses: 0 };
      if (mine < ranks[seat]!) tally.wins++;
      else if (mine === ranks[seat]) tally.draws++;
      else tally.losses++;
      byOpponent.set(other, tally);
    }
  }
  return [...byOpponent].map(([id, t]) => ({
    opponent: contest.nameOf(contest.tables.entrant(id)!),
    games: t.wins + t.draws + t.losses,
    ...t,
  }));
}

/**
 * The entrant's failures among its newest games, linked at their turns (the newest LISTED_FAILURES);
 * a crash's message only for those who may read it.
 */
function failures(contest: Contest, entrant: EntrantRecord, asker: Asker): FailureLine[] {
  const { tables } = contest;
  const games = [...tables.gamesOf(entrant.id, LISTED_GAMES, false), ...tables.gamesOf(entrant.id, LISTED_GAMES, true)]
    .filter((g) => g.gameId !== null)
    .sort((a, b) => b.index - a.index);
  const stored = storedById(
    contest,
    games.map((g) => g.gameId!),
  );
  const lines: FailureLine[] = [];
  for (const g of games) {
    const game = stored.get(g.gameId!);
    const seat = g.seats.indexOf(entrant.id);
    const player = game?.result.players.find((p) => p.seat === seat);
    if (!game || !player || player.status === 'ok') continue;
    if (lines.length >= LISTED_FAILURES) break;
    const turn =
      contest.store.replay(game.id)?.turns.find((t) => t.seat === seat && t.failure)?.turn ?? game.result.turns;
    lines.push({
      gameId: game.id,
      turn,
      status: player.status,
      message: player.status === 'crash' && !mayRead(asker, entrant) ? '' : player.message,
    });
  }
  return lines;
}

function finalSummary(contest: Contest, final: FinalRecord): FinalSummary {
  const games = contest.tables.gamesOfKind('final', final.id);
  return {
    id: final.id,
    rounds: final.rounds,
    startedAt: final.startedAt,
    endedAt: final.endedAt,
    gamesPlanned: games.length,
    gamesPlayed: games.filter((g) => g.gameId !== null).length,
  };
}

/** A final's standings, from its own games alone: ratings start afresh, points beside them. */
export function finalData(contest: Contest, final: FinalRecord, asker: Asker): FinalData {
  const planned = contest.tables.gamesOfKind('final', final.id);
  const stored = storedById(
    contest,
    planned.flatMap((g) => (g.gameId === null ? [] : [g.gameId])),
  );
  const tallies = new Map<number, FinalTally>(
    final.entrants.map((id) => [
      id,
      { rating: FIRST_RATING, wins: 0, draws: 0, losses: 0, places: 0, tableSizes: {} as Record<number, number> },
    ]),
  );
  for (const g of planned) {
    const result = g.gameId === null ? undefined : stored.get(g.gameId)?.result;
    if (!result) continue;
    const table = g.seats.map((id) => tallies.get(id)!);
    const ranks = g.seats.map((_, s) => result.players.find((p) => p.seat === s)!.rank);
    const rated = rateTable(
      table.map((t) => t.rating),
      ranks,
    );
    for (const [s, t] of table.entries()) {
      t.rating = rated[s]!;
      const score = scoreAt(ranks, s);
      if (score === 1) t.wins++;
      else if (score === 0.5) t.draws++;
      else t.losses++;
      t.places += ranks[s]!;
      t.tableSizes[table.length] = (t.tableSizes[table.length] ?? 0) + 1;
    }
  }
  const standings = [...tallies]
    .map(([id, t]) => {
      const entrant = contest.tables.entrant(id)!;
      const games = t.wins + t.draws + t.losses;
      return {
        name: contest.nameOf(entrant),
        author: contest.authorName(entrant.authorId!),
        submission: id,
        mu: round(t.rating.mu),
        sigma: round(t.rating.sigma),
        rating: round(shownRating(t.rating)),
        points: t.wins + t.draws / 2,
        games,
        wins: t.wins,
        draws: t.draws,
        losses: t.losses,
        ...places({ games, places: t.places, tableSizes: t.tableSizes }),
      };
    })
    .sort((x, y) => y.rating - x.rating)
    .map((s, i) => ({ rank: i + 1, ...s }));
  return { ...finalSummary(contest, final), standings, games: gameLines(contest, planned, asker) };
}

interface FinalTally {
  rating: { mu: number; sigma: number };
  wins: number;
  draws: number;
  losses: number;
  places: number;
  tableSizes: Record<number, number>;
}

export function adminData(contest: Contest): AdminData {
  const { tables } = contest;
  const submissions = tables
    .entrants()
    .filter((e) => e.authorId !== null)
    .reverse()
    .map((e) => ({ ...versionLine(contest, e), author: contest.authorName(e.authorId!), reason: e.reason }));
  return {
    frozen: contest.frozen,
    openInvites: contest.people.openInvites(),
    authors: contest.people.authors().length,
    submissions,
    gamesPlayed: contest.store.gameCount(contest.runId),
    playingNow: contest.schedule.playingNow().length,
    builds: buildLines(contest),
    buildSlots: contest.buildSlots,
  };
}

/** The builds in hand, then those waiting, each with its author. */
function buildLines(contest: Contest): BuildLine[] {
  const { tables } = contest;
  const { building, waiting } = contest.builds();
  const lines = [...building, ...waiting.map((b) => ({ ...b, since: null }))];
  return lines.flatMap((b): BuildLine[] => {
    const entrant = tables.entrant(b.id);
    if (!entrant) return [];
    return [
      {
        submission: b.id,
        name: contest.nameOf(entrant),
        author: contest.authorName(b.author),
        lang: entrant.lang ?? '',
        since: b.since,
        ahead: contest.buildsAhead(b.id),
      },
    ];
  });
}

/**
 * A stored game of the contest as `asker` may see it: the stderr of the seats whose bots are not
 * theirs emptied, and a crash's message there (it quotes the bot's stderr) left out.
 */
export function replayFor(contest: Contest, replay: Replay, gameId: number, asker: Asker): Replay {
  if (asker.admin) return replay;
  const planned = contest.tables.plannedOfGame(gameId);
  return hidePrivate(
    replay,
    readable(planned?.seats ?? [], asker, (id) => contest.tables.entrant(id)),
  );
}

/** The seats of a game (its entrants' ids in seat order) whose private parts `asker` may read. */
function readable(
  seats: readonly number[],
  asker: Asker,
  entrantOf: (id: number) => EntrantRecord | null,
): Set<number> {
  return new Set(
    seats.flatMap((id, seat) => {
      const entrant = entrantOf(id);
      return entrant !== null && mayRead(asker, entrant) ? [seat] : [];
    }),
  );
}
