/**
 * What the web arena's server and its pages say to each other: the JSON of its API and the
 * messages of its WebSocket. Types only: the pages import them, and no code comes along.
 */
import type { GameResult, ReplayHead, ReplayTurn } from '../arena/replay.js';
import type { ClickMove } from '../core/game.js';
import type { BotReport } from '../runs/report/bot-report.js';
import type { RunReport } from '../runs/report/run-report.js';
import type { RunKind } from '../runs/store/records.js';

/**
 * A game as the viewer shows it: a stored game (`123`), a game another process plays now
 * (`live-7`), a person's game on this server (`play-2`), or the replay file of `tabula view` (`file`).
 */
export type GameKey = string;

/** A replay, complete or still being played. */
export interface GameRecord extends ReplayHead {
  readonly turns: readonly ReplayTurn[];
  /** Absent while the game goes on. */
  readonly result?: GameResult;
}

export interface GameData {
  readonly key: GameKey;
  readonly record: GameRecord;
  /** The stored game's id, once it is stored. */
  readonly storedId?: number;
  readonly runId?: number;
  /** The game's title, as the game names itself. */
  readonly title: string;
  /**
   * The `tabula play ... --seed` command line that plays the game again; '' on a contest's server
   * where one of its bots is another author's, which the one asking cannot run.
   */
  readonly playCommand: string;
  /** Seats played by a person here. */
  readonly personSeats: readonly number[];
  /** What the person's seat is asked now, when it is its turn. */
  readonly ask?: Ask;
  /** Still being played. */
  readonly live: boolean;
  /** The contest it was played in, on a contest site's server. */
  readonly contest?: ContestOfGame;
  /**
   * What became of the stored game, where there is more to say than its result: an earlier play of a
   * run's game played again, or why a contest rated nobody by it.
   */
  readonly note?: string;
}

/** A contest as a game's page names it: its game, title and leaderboard. */
export interface ContestOfGame {
  readonly game: string;
  readonly title: string;
  readonly leaderboard: string;
}

/** A person's seat must move: the lines it was sent, and its legal moves as clicks. */
export interface Ask {
  readonly seat: number;
  readonly turn: number;
  readonly input: readonly string[];
  readonly moves: readonly ClickMove[];
  /** The seat's limit for this turn; null for none. */
  readonly limitMs: number | null;
}

export interface RunSummary {
  readonly id: number;
  readonly kind: RunKind;
  readonly game: string;
  readonly title: string;
  readonly bots: readonly string[];
  /** `match, 100 games`, `round-robin tournament, 2 rounds`. */
  readonly what: string;
  readonly gamesPlayed: number;
  /** Games the run will have played when complete (at most, for a match that an SPRT may stop). */
  readonly gamesPlanned: number;
  readonly createdAt: string;
  readonly lastGameAt: string | null;
}

export interface LiveSummary {
  readonly key: GameKey;
  readonly game: string;
  readonly bots: readonly string[];
  readonly turns: number;
  readonly runId?: number;
  readonly startedAt: string;
}

export interface RunsData {
  readonly runs: readonly RunSummary[];
  readonly live: readonly LiveSummary[];
}

/** One stored game of a run, as its page lists it. */
export interface RunGame {
  readonly id: number;
  readonly index: number;
  readonly round: number;
  readonly seats: readonly number[];
  readonly winner: number | null;
  readonly reason: string;
  readonly turns: number;
}

/** A bot's failure, with the turn it failed at, for a link to it. */
export interface FailureLink {
  readonly gameId: number;
  readonly turn: number | null;
  readonly status: string;
  readonly message: string;
}

/** Response times of a bot in bins against its limit. */
export interface TimeHistogram {
  readonly limitMs: number;
  /** Upper edges of the bins, in ms; the last bin is at or over the limit. */
  readonly edges: readonly number[];
  readonly counts: readonly number[];
}

export interface BotDetails {
  readonly bot: string;
  readonly failures: readonly FailureLink[];
  readonly turns: TimeHistogram;
  readonly firstTurn: TimeHistogram;
}

export interface RunData {
  readonly summary: RunSummary;
  readonly report: RunReport;
  readonly games: readonly RunGame[];
  /** Per bot, in the run's order (`report.bots`): failures with their turns, response time histograms. */
  readonly bots: readonly (BotDetails & Pick<BotReport, 'bot'>)[];
  /** A match with an SPRT: the LLR after each game. */
  readonly llr?: readonly number[];
  readonly live: readonly LiveSummary[];
}

export interface GameChoice {
  readonly id: string;
  readonly title: string;
  readonly seats: { readonly min: number; readonly max: number };
  readonly bots: readonly { readonly name: string; readonly description: string }[];
  /** Whether a person can play it by clicking (the game has a view with clicks); typing always works. */
  readonly clicks: boolean;
}

export interface StartRequest {
  readonly game: string;
  readonly opponent: string;
  /** The person's seat. */
  readonly seat: number;
  /** The person's limit per turn; none when absent. */
  readonly humanMs?: number;
}

export type ServerMessage =
  /** Runs or stored games changed: lists and run pages fetch again. */
  | { readonly type: 'runs' }
  | { readonly type: 'turns'; readonly key: GameKey; readonly turns: readonly ReplayTurn[] }
  | { readonly type: 'ask'; readonly key: GameKey; readonly ask: Ask | null }
  | { readonly type: 'end'; readonly key: GameKey; readonly result: GameResult | null; readonly storedId?: number }
  | { readonly type: 'refused'; readonly key: GameKey; readonly line: string; readonly error: string }
  /** The replay file of `tabula view` changed. */
  | { readonly type: 'reload' }
  /** A message the server could not take (not JSON, or not of the shape below): what was wrong with it. */
  | { readonly type: 'error'; readonly error: string };

export type ClientMessage =
  | { readonly type: 'watch'; readonly key: GameKey }
  | { readonly type: 'move'; readonly key: GameKey; readonly line: string };

/** `/api/rules/<game>`: a game's rules in Tabula's words, as HTML made from its `rules.md`. */
export interface RulesData {
  readonly game: string;
  readonly title: string;
  /** The rules, rendered: no tag of the document's own, no link into the repository. */
  readonly html: string;
}
