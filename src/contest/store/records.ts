/** What the contest tables hold (schema.ts, version 3), as the contests see it. Types only. */
import type { TableMix } from '../table-mix.js';

/** A submitted version's way through the contest: built, validated, then ranked until replaced. */
export type EntrantStatus = 'building' | 'validating' | 'active' | 'rejected' | 'retired';

/** One contest of the site: one a game. */
export interface ContestRecord {
  readonly id: number;
  readonly game: string;
  /** The run that holds every game the contest played. */
  readonly runId: number;
  /** No ladder game starts while frozen (the admin's switch). */
  readonly frozen: boolean;
  /** The table sizes its ladder games are played at, and how often each. */
  readonly tableMix: TableMix;
  readonly createdAt: string;
}

export interface AuthorRecord {
  readonly id: number;
  readonly name: string;
  readonly createdAt: string;
}

/** A bot the contest ranks: a league's boss (a built-in bot), or a version an author submitted. */
export interface EntrantRecord {
  readonly id: number;
  /** Null for a boss. */
  readonly authorId: number | null;
  /** The author's n-th submission, from 1; 0 for a boss. */
  readonly version: number;
  /** A boss's built-in bot, with its parameters (`strong`). */
  readonly boss: string | null;
  /** The language of `tabula new` it is written in; null for a boss. */
  readonly lang: string | null;
  readonly status: EntrantStatus;
  /** Why it was rejected or retired, in a line. */
  readonly reason: string;
  /** What building and validating it printed. */
  readonly log: string;
  /** The content hash of its build (the files its command runs among); null until built, and for a boss. */
  readonly buildHash: string | null;
  /** Its league, from 0, the lowest. */
  readonly league: number;
  readonly mu: number;
  readonly sigma: number;
  readonly games: number;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  /** The sum of its places in its rated games (1 the best): its mean place is `places / games`. */
  readonly places: number;
  /** Its rated games by the size of their table. */
  readonly tableSizes: Readonly<Record<number, number>>;
  readonly submittedAt: string;
  /** When its status last changed. */
  readonly changedAt: string;
}

export type ContestGameKind = 'rated' | 'validation' | 'final';

/** A game the contest planned: its place in the contest's run, its entrants in seat order, its seed. */
export interface PlannedContestGame {
  readonly index: number;
  readonly kind: ContestGameKind;
  /** Entrant ids in seat order. */
  readonly seats: readonly number[];
  readonly seed: number;
  /** The index of the pair's first game: both games of a pair share its seed, seats swapped. */
  readonly pair: number;
  /** The final it belongs to. */
  readonly final: number | null;
  /** The predecessor's game it twins, for the verdict of a version (verdict.ts); absent otherwise. */
  readonly twinOf?: number | null;
}

/** A planned game once played: the stored game's id, and whether it counted for the ratings. */
export interface ContestGameRecord extends PlannedContestGame {
  readonly gameId: number | null;
  readonly rated: boolean;
  /** Why a game meant to be rated was not (a version replaced meanwhile, a timeout the machine caused). */
  readonly note: string;
  readonly plannedAt: string;
}

export interface FinalRecord {
  readonly id: number;
  readonly rounds: number;
  /** The versions it ranks, by entrant id. */
  readonly entrants: readonly number[];
  readonly startedAt: string;
  readonly endedAt: string | null;
}

/** A rating after a game: what the contest writes back for each entrant the game rated. */
export interface RatingUpdate {
  readonly entrant: number;
  readonly mu: number;
  readonly sigma: number;
  /** The entrant's tally, from the game: 1 first alone (a win), 0.5 first with others (a draw), 0 not first. */
  readonly score: 0 | 0.5 | 1;
  /** Its place at the table, 1 the best, tied seats sharing one. */
  readonly place: number;
  /** How many sat at the table. */
  readonly tableSize: number;
}

/**
 * What a stored game does to the contest: rated (with its updates and promotions), or why not;
 * `machine`: a timeout the machine caused, for which the game may be played again.
 */
export type GameOutcome =
  | { readonly rated: true; readonly updates: readonly RatingUpdate[]; readonly leagues: ReadonlyMap<number, number> }
  | { readonly rated: false; readonly note: string; readonly machine?: boolean };

/** An author's draft of a bot for a contest, in a language: the main file's text, saved as they type. */
export interface DraftRecord {
  readonly lang: string;
  readonly text: string;
  readonly savedAt: string;
}

/** A draft's build, kept by the content of its files: the build, packed, where it built; why not where it did not. */
export interface DraftBuildRecord {
  readonly sourceHash: string;
  readonly ok: boolean;
  readonly build: { readonly hash: string; readonly packed: Buffer } | null;
  readonly reason: string;
  readonly log: string;
}

/** Where a test game is: waiting for a slot, its draft being built, being played, played, or failed. */
export type TestStatus = 'waiting' | 'building' | 'playing' | 'played' | 'failed';

/** A test game of an author's draft against an opponent of the contest, at every other seat. */
export interface TestGameRecord {
  readonly id: number;
  readonly authorId: number;
  readonly lang: string;
  /** Its draft's build's key (draft_builds). */
  readonly sourceHash: string;
  readonly opponent: number;
  readonly players: number;
  readonly seat: number;
  readonly seed: number;
  readonly status: TestStatus;
  readonly reason: string;
  /** Whether its build was there already (the same files built before); null before its build. */
  readonly cached: boolean | null;
  /** The stored game, once played, and the draft's place in it. */
  readonly gameId: number | null;
  readonly place: number | null;
  readonly createdAt: string;
}
