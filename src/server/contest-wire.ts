/**
 * The JSON of a contest server's API (`tabula ladder`), as its pages and scripts (`tabula submit`)
 * read it. Types only. A contract: change it only by adding fields.
 */

import type { Diagnostic } from '../contest/diagnostics.js';
import type { EntrantStatus, TestStatus } from '../contest/store/records.js';
import type { Verdict } from '../contest/verdict.js';

/** Who asks: an author, the admin, or nobody; `csrf` is what a page sends with each change it asks for. */
export interface Viewer {
  readonly author: string | null;
  readonly admin: boolean;
  /** The session's token against cross-site requests, for the `x-csrf-token` header; null without a session. */
  readonly csrf: string | null;
}

export interface LeagueInfo {
  readonly index: number;
  readonly name: string;
  /** Its boss, a built-in bot; null for the top league. */
  readonly boss: string | null;
}

/** Where a contest's API and pages are: every server has `/api/contests/<game>`, `/contests/<game>`. */
export interface ContestPlaces {
  /** The base of its API: `{api}/leaderboard`, `{api}/submissions`, `{api}/starters/<lang>`, ... */
  readonly api: string;
  /** Its pages' URLs. */
  readonly pages: {
    readonly leaderboard: string;
    readonly rules: string;
    readonly submit: string;
    readonly starters: string;
    /** The page where a logged-in author writes a bot, plays it against an opponent, and submits it. */
    readonly editor: string;
  };
}

/** What names a contest of the site, its tables, and where it is. */
export interface ContestHead extends ContestPlaces {
  readonly game: string;
  readonly title: string;
  /** The sizes of table the game is played at. */
  readonly seats: { readonly min: number; readonly max: number };
  /** The sizes its ladder plays, each with its weight. */
  readonly tableMix: readonly { readonly size: number; readonly weight: number }[];
  /** No ladder game starts while frozen. */
  readonly frozen: boolean;
}

/** A contest of the site, as `GET /api/contests` lists it. */
export interface ContestListing extends ContestHead {
  /** Active versions, and games played. */
  readonly versions: number;
  readonly gamesPlayed: number;
}

export interface ContestInfo extends ContestHead {
  /** How many contests the site holds: more than one, and its pages link to the others. */
  readonly contests: number;
  readonly leagues: readonly LeagueInfo[];
  /** What `--lang` takes, with the command each is built and run with. */
  readonly languages: readonly {
    readonly id: string;
    readonly name: string;
    readonly build: string | null;
    readonly run: string;
  }[];
  readonly finals: readonly FinalSummary[];
  /** The most a submission's files hold, and submissions an author may make an hour. */
  readonly limits: { readonly sourceBytes: number; readonly submissionsPerHour: number };
  readonly viewer: Viewer;
}

/** Games, and how they ended from one side: a win first alone, a draw first with others, a loss anything else. */
export interface Tally {
  readonly games: number;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
}

/** Where its rated games put it: its mean place (1 the best; null before any game), and its tables by size. */
export interface Places {
  readonly meanPlace: number | null;
  /** Rated games by table size: `{"2": 40, "4": 12}`. */
  readonly tableSizes: Readonly<Record<string, number>>;
}

/** One line of the leaderboard: an active version or a boss. */
export interface LeaderboardRow extends Tally, Places {
  /** Its place in its league, from 1. */
  readonly rank: number;
  /** The author's name; null for a boss. */
  readonly author: string | null;
  /** The submission's id (the entrant's). */
  readonly submission: number;
  /** The author's n-th submission; 0 for a boss. */
  readonly version: number;
  readonly league: string;
  /** `alice.v3`, `wood-boss`. */
  readonly name: string;
  /** A boss's built-in bot. */
  readonly boss: string | null;
  readonly mu: number;
  readonly sigma: number;
  /** μ − 3σ. */
  readonly rating: number;
  /** Whether σ is below the contest's settled value. */
  readonly settled: boolean;
}

export interface Leaderboard {
  readonly game: string;
  /** Every league's rows, the highest league first, best first in each. */
  readonly rows: readonly LeaderboardRow[];
}

/** A game of the contest, as lists show it. */
export interface ContestGameLine {
  /** The stored game's id (the viewer's key); null while it is being played. */
  readonly id: number | null;
  readonly kind: 'rated' | 'validation' | 'final';
  /** The entrants' names in seat order. */
  readonly seats: readonly string[];
  readonly winner: number | null;
  /** How it ended; a crash's reason quotes its bot's stderr only for those who may read it. */
  readonly reason: string;
  readonly turns: number;
  readonly rated: boolean;
  /** Why a game meant to be rated was not. */
  readonly note: string;
  readonly finishedAt: string | null;
  /**
   * On its submission's page, once stored: the submission's seat, the path of that seat's record
   * (`{api}/games/<id>/record?seat=K`), and what follows the server's URL in the `tabula reproduce`
   * line that plays the game again with the submission's run command (`12 --seat 0 'python3 bot.py'`).
   */
  readonly own?: { readonly seat: number; readonly record: string; readonly reproduce: string };
}

/** A failure of one's bot: the game, the turn, what it was. */
export interface FailureLine {
  readonly gameId: number;
  readonly turn: number;
  readonly status: string;
  /** Empty for those who may not read it (a crash's message quotes the bot's stderr). */
  readonly message: string;
}

/** The games against one opponent at any table: a win finishing ahead of it, a draw level, a loss behind. */
export interface OpponentLine extends Tally {
  readonly opponent: string;
}

export interface SubmissionData extends Tally, Places {
  readonly id: number;
  readonly author: string;
  readonly version: number;
  readonly name: string;
  readonly lang: string;
  readonly status: EntrantStatus;
  /** Why it was rejected or retired, in a line. */
  readonly reason: string;
  /** What its build and validation printed. */
  readonly log: string;
  readonly league: string;
  readonly mu: number;
  readonly sigma: number;
  readonly rating: number;
  readonly submittedAt: string;
  readonly changedAt: string;
  /**
   * While it waits to be built (its status `building`): how many builds come before its own, those
   * waiting ahead of it and its author's earlier one being built; null once its build has begun.
   */
  readonly waiting: { readonly ahead: number } | null;
  readonly validation: readonly ContestGameLine[];
  /** Its rated and final games, by opponent. */
  readonly opponents: readonly OpponentLine[];
  readonly failures: readonly FailureLine[];
  /** Its rated and final games, newest first. */
  readonly playedGames: readonly ContestGameLine[];
  /** Whether it is better than the version it replaced, from twin games (contest/verdict.ts); null for a first version. */
  readonly verdict: Verdict | null;
}

/** A version as an author's page lists it: what anyone may see of it. */
export interface VersionLine extends Tally, Places {
  readonly id: number;
  readonly version: number;
  readonly name: string;
  readonly lang: string;
  readonly status: EntrantStatus;
  readonly league: string;
  readonly rating: number;
  readonly submittedAt: string;
}

export interface AuthorData {
  readonly name: string;
  readonly joinedAt: string;
  /** Newest first. */
  readonly versions: readonly VersionLine[];
  /** Whether the viewer is this author (or the admin): the versions' pages then show everything. */
  readonly own: boolean;
}

export interface FinalSummary {
  readonly id: number;
  readonly rounds: number;
  readonly startedAt: string;
  readonly endedAt: string | null;
  readonly gamesPlanned: number;
  readonly gamesPlayed: number;
}

export interface FinalStanding extends Tally, Places {
  readonly rank: number;
  readonly name: string;
  readonly author: string;
  readonly submission: number;
  readonly mu: number;
  readonly sigma: number;
  readonly rating: number;
  /** A win 1, a draw ½. */
  readonly points: number;
}

export interface FinalData extends FinalSummary {
  readonly standings: readonly FinalStanding[];
  readonly games: readonly ContestGameLine[];
}

/** What the admin's page shows and changes. */
export interface AdminData {
  readonly frozen: boolean;
  readonly openInvites: number;
  readonly authors: number;
  /** Every submission, newest first. */
  readonly submissions: readonly (VersionLine & { readonly author: string; readonly reason: string })[];
  readonly gamesPlayed: number;
  readonly playingNow: number;
  /** The builds being made, the oldest first, then those waiting, in the order they came. */
  readonly builds: readonly BuildLine[];
  /** How many are built at once (`tabula ladder --builds`), one an author at most. */
  readonly buildSlots: number;
}

/** A submission being built, or waiting to be: the admin may cancel it. */
export interface BuildLine {
  readonly submission: number;
  /** `alice.v3`. */
  readonly name: string;
  readonly author: string;
  readonly lang: string;
  /** When its build began; null while it waits. */
  readonly since: string | null;
  /** While it waits: how many builds come before its own (as `SubmissionData.waiting`); null once begun. */
  readonly ahead: number | null;
}

export type { Diagnostic };

/** An author's source for a game in a language, as the editor opens it (`{api}/drafts/<lang>`). */
export interface Draft {
  readonly lang: string;
  /** The language's main file (`bot.py`): what the text is, and what a submission of it sends. */
  readonly file: string;
  readonly text: string;
  /** Where the text comes from: the draft the author last saved, their newest submission in the language, or its starter. */
  readonly from: 'draft' | 'submission' | 'starter';
  /** When the draft was saved; null unless it comes from a draft. */
  readonly savedAt: string | null;
}

/** An opponent a test game may seat: a boss, or an active version, whose code its author alone sees. */
export interface TestOpponent {
  /** The entrant's id: what `POST {api}/tests` takes as `opponent`. */
  readonly id: number;
  /** `wood-boss`, `alice.v3`. */
  readonly name: string;
  readonly league: string;
  readonly boss: boolean;
  readonly rating: number;
}

export type { TestStatus };

/** A test game of a draft: its build and its game; for its author and the admin only. */
export interface TestGameData {
  readonly id: number;
  readonly lang: string;
  /** The opponent's name, at every other seat. */
  readonly opponent: string;
  readonly players: number;
  /** The draft's seat (from 0) and the game's seed, as played: drawn where not chosen. */
  readonly seat: number;
  readonly seed: number;
  readonly status: TestStatus;
  /** While it waits for a slot: the test games ahead of it; null otherwise. */
  readonly ahead: number | null;
  /** Why it failed, in a line; empty otherwise. */
  readonly reason: string;
  /** Its build, once done: whether it was built before (the same files), what it printed, its errors by line. */
  readonly build: {
    readonly ok: boolean;
    readonly cached: boolean;
    readonly log: string;
    readonly diagnostics: readonly Diagnostic[];
  } | null;
  /** The stored game's id once played: `GET /api/games/<id>`, the page `<contest's pages>/games/<id>`. */
  readonly gameId: number | null;
  /** Once played: the draft's place (1 the best, ties sharing) and how the game ended. */
  readonly outcome: { readonly place: number; readonly reason: string } | null;
  readonly createdAt: string;
  /** When the test game and its stored game are deleted. */
  readonly expiresAt: string;
}

/** What the editor page reads besides the contest (`GET {api}/editor`): for a logged-in author. */
export interface EditorData {
  /** The language the author last saved a draft in, or last submitted in; null for neither. */
  readonly lang: string | null;
  /** The bosses, lowest league first, then the active versions, best rated first (the author's own too). */
  readonly opponents: readonly TestOpponent[];
  readonly limits: {
    /** Test games an author may ask for a minute (429 past it, with the wait). */
    readonly perMinute: number;
    /** How long a test game is kept. */
    readonly keptDays: number;
    /** The most a draft's text may hold, in bytes. */
    readonly draftBytes: number;
    /** Test games played at once on the server, every author's: the organiser's share of its slots; 0 when Play is off. */
    readonly slots: number;
  };
  /** The author's test games in this contest, newest first (at most 20). */
  readonly tests: readonly TestGameData[];
}
