/**
 * What a game provides to the arena. The arena knows games only through these interfaces: a game
 * is a folder under src/games/ whose index exports a `GameDefinition` as `game`.
 */
import type { BotConnection } from './connection.js';
import type { GameResult } from './game-result.js';
import type { BotProgram, LineIO } from './line-io.js';
import type { Result } from './result.js';
import type { TimeLimits } from './time-control.js';
import type { Millis, Seat } from './units.js';

export interface GameSetup {
  /** Number of seats at the table, within `GameDefinition.seats`. */
  readonly seats: number;
  /** Seed of every random choice the referee makes (deals, shuffles). */
  readonly seed: number;
  /**
   * The game's options (`--option name=value`), already checked against `GameDefinition.options`
   * by name; each game checks its values (throwing `SetupError`) and fills in defaults.
   */
  readonly options: Readonly<Record<string, string>>;
}

/** The game cannot be set up as asked: a wrong number of bots, an unknown option or a bad value. */
export class SetupError extends Error {
  override readonly name = 'SetupError';
}

/** Who plays a game: its name, and how many seats its table has. */
export interface Seating {
  readonly title: string;
  readonly seats: { readonly min: number; readonly max: number };
}

/** Refuses a table of `seats` seats that the game is not played by: the one check, for every caller. */
export function checkSeats(game: Seating, seats: number): void {
  const { min, max } = game.seats;
  if (seats >= min && seats <= max) return;
  const range = min === max ? `${min}` : `${min} to ${max}`;
  throw new SetupError(`${game.title} is played by ${range} players, not ${seats}`);
}

/** Refuses options the game does not have, naming those it has. */
export function checkGameOptions(game: GameDefinition, options: Readonly<Record<string, string>>): void {
  checkSettings(game.id, 'option', game.options ?? [], options);
}

/** How a finished game ended. */
export interface Outcome {
  /** The seat that won, or null for a draw (or, with more seats, no single winner). */
  readonly winner: Seat | null;
  /** Why the game ended, in words: "mill reduced WHITE to 2 pieces", "turn limit: 9 against 8 pieces". */
  readonly reason: string;
  /** The game's score for each seat, indexed by seat. */
  readonly scores: readonly number[];
  /**
   * Each seat's place, 1 the best, tied seats sharing a place (1, 1, 3). When absent: the winner 1
   * and the others 2, or all 1 for a draw.
   */
  readonly ranks?: readonly number[];
}

/**
 * The rules of a game: pure and synchronous. States are values, never mutated by these functions,
 * so the match loop may keep every state for the replay.
 */
export interface Rules<State, Move> {
  initial(setup: GameSetup): State;
  /** The seat that must act now. Meaningless once `outcome` is not null. */
  toMove(state: State): Seat;
  legalMoves(state: State): Move[];
  play(state: State, move: Move): State;
  /** The seat failed (timeout, crash, invalid output): it loses, or leaves the table when more remain. */
  forfeit(state: State, seat: Seat): State;
  /** Null while the game goes on. */
  outcome(state: State): Outcome | null;
  /** A plain-JSON picture of the state, for replays and viewers. */
  snapshot(state: State): unknown;
}

/** A bot's output line, read: the move, and free text the bot added (shown in replays). */
export interface Answer<Move> {
  readonly move: Move;
  readonly comment?: string;
}

/** The statement's protocol: text in, text out. */
export interface Protocol<State, Move> {
  /** The lines a seat reads before it must act, its initialisation included on its first turn. */
  turnInput(state: State, seat: Seat, firstTurn: boolean): string[];
  /**
   * Reads a seat's output line into a legal move, or says exactly what is wrong with it. Blanks at
   * the end of the line are no part of the answer (see `withoutTrailingBlanks`).
   */
  parseOutput(state: State, seat: Seat, line: string): Result<Answer<Move>>;
  /**
   * Lines sent, untimed, to each seat still playing when the game has ended, before its input is
   * closed: a streaming protocol relays the last move so that the bot sees the end by itself.
   */
  finalInput?(state: State, seat: Seat): string[];
}

/**
 * The one policy on blanks at the end of an answer line, for every game: spaces and tabs there are
 * ignored, whatever else a game's protocol says of spaces. A person cannot see them, an editor or a
 * print statement adds them, and the published referees mostly drop them (Java's `split` and `trim`).
 */
export const withoutTrailingBlanks = (line: string): string => line.replace(/[ \t]+$/, '');

/** What a built-in bot is told as it starts: what an external bot knows from the statement, and its settings. */
export interface BotSetup {
  /** Fixes the bot's random choices. */
  readonly seed: number;
  /** The game's options for this game (`--option`), checked by name. */
  readonly gameOptions: Readonly<Record<string, string>>;
  /** The limits the arena enforces in this game (the statement's, unless the user changed them). */
  readonly timeLimits: TimeLimits;
  /** The bot's own settings, `builtin:<name>(<param>=<value>,...)`, checked by name; defaults for the rest. */
  readonly params: Readonly<Record<string, string>>;
  /**
   * True when the bot has a process of its own (`tabula bot`, a bot process of a match), whose
   * priority it may then change (core/start-up-priority.ts); not in the arena's process.
   */
  readonly ownProcess?: boolean;
}

export interface BuiltinBot {
  readonly description: string;
  /** The settings `builtin:<name>(<param>=<value>,...)` takes. */
  readonly params?: readonly Setting[];
  /** The bot, speaking the statement's protocol. */
  create(setup: BotSetup): BotProgram;
}

/** A named setting with a default: a game option (`--option name=value`) or a bot parameter. */
export interface Setting {
  readonly name: string;
  readonly description: string;
  /** The value when the setting is not given, as the user would write it. */
  readonly default: string;
  /** Checks a value the user gave; every value is accepted when absent. */
  readonly check?: (value: string) => Result<string>;
}

/**
 * Refuses settings not among `known`, naming those there are, and values their `check` refuses:
 * `what` names the owner (`mills`, `builtin:strong`), `kind` the settings (`option`, `parameter`).
 */
export function checkSettings(
  what: string,
  kind: string,
  known: readonly Setting[],
  given: Readonly<Record<string, string>>,
): void {
  for (const [name, value] of Object.entries(given)) {
    const setting = known.find((s) => s.name === name);
    if (!setting)
      throw new SetupError(
        `${what} has no ${kind} "${name}" (its ${kind}s: ${known.map((s) => s.name).join(', ') || 'none'})`,
      );
    const checked = setting.check?.(value);
    if (checked && !checked.ok) throw new SetupError(`${what}: ${kind} ${name}=${value}: ${checked.error}`);
  }
}

/** Counts the leaves of the legal-move tree: the check of a rules engine against published tables. */
export interface Perft {
  /** `position` in the game's own notation (an SFEN for shogi); the start when absent. */
  count(depth: number, position?: string): number;
  /** The count under each legal move at the root, each move named in the game's notation. */
  divide(depth: number, position?: string): { readonly move: string; readonly count: number }[];
}

/**
 * The move counter of a two-player game with no position notation: from its start, through its rules;
 * `count` counts the leaves below a state (a game's fast path).
 */
export function perftFromStart<S, M>(
  gameId: string,
  rules: Rules<S, M>,
  count: (state: S, depth: number) => number,
  name: (move: M) => string,
): Perft {
  const start = (position: string | undefined): S => {
    if (position !== undefined) throw new SetupError(`${gameId} counts moves from the start position only`);
    return rules.initial({ seats: 2, seed: 0, options: {} });
  };
  return {
    count: (depth, position) => count(start(position), depth),
    divide: (depth, position) => {
      const root = start(position);
      return rules.legalMoves(root).map((m) => ({ move: name(m), count: count(rules.play(root, m), depth - 1) }));
    },
  };
}

/**
 * Talks another protocol to an engine for one seat, as `<scheme>:<command>` (e.g. `usi:...`), or
 * `<scheme>(<param>=<value>,...):<command>`.
 */
export interface Bridge {
  readonly description: string;
  readonly params?: readonly Setting[];
  /** `start` runs the engine's command as a process bot, under the arena's limits and clock. */
  connect(
    command: string,
    start: (command: string) => BotConnection,
    params: Readonly<Record<string, string>>,
  ): BotConnection;
}

/**
 * A built-in bot's engine under another protocol on stdin/stdout, for programs that speak that
 * protocol rather than the statement's (a shogi GUI speaks USI): `tabula <protocol> <game> <bot>`.
 */
export interface EngineProtocol {
  readonly description: string;
  /** The built-in bots it serves. */
  readonly bots: readonly string[];
  /** Speaks the protocol on `io` until told to quit or the input ends; `params`: the bot's, already checked. */
  serve(bot: string, params: Readonly<Record<string, string>>, io: LineIO): Promise<void>;
}

/** A Kattis-style local judge: a submission plays the game's reference opponent and must pass every game. */
export interface Judge {
  /** The built-in bot the submission plays against. */
  readonly opponent: string;
  /** The statement's rule in words, for listings: "wins every game within the move limit". */
  readonly rule: string;
  /** Null when the submission, at `seat`, passed this game; else why it did not. */
  verdict(result: GameResult, seat: Seat): string | null;
}

/** CodinGame's leagues, weakest first: a bot leaves a league by beating its boss. */
export const LEAGUES = ['wood', 'bronze', 'silver', 'gold'] as const;
export type League = (typeof LEAGUES)[number];

/**
 * A game's bosses: for each league it has, the built-in bot a submission must beat to leave it (its
 * name, with parameters if any: `strong(depth=2)`). `tabula judge` plays the highest league's boss
 * unless told otherwise.
 */
export type Bosses = Readonly<Partial<Record<League, string>>>;

/** The boss of each league the game has, weakest first. */
export function leaguesOf(bosses: Bosses | undefined): { readonly league: League; readonly boss: string }[] {
  return LEAGUES.flatMap((league) => {
    const boss = bosses?.[league];
    return boss === undefined ? [] : [{ league, boss }];
  });
}

/**
 * Starts other than the game's own, for matches from varied openings (`--random-plies`,
 * `--openings`). A game has this only when its protocol tells a bot the whole state it must play
 * from; a streaming protocol that relays only moves cannot, and such a game refuses both options.
 */
export interface Openings<State> {
  /** A position in the game's notation (a line of an openings file) as the state to start from, or why it is not one. */
  readonly parse?: (text: string, setup: GameSetup) => Result<State>;
}

/**
 * How a game is drawn in the web arena. `board` runs in the browser, from the replay's snapshots
 * alone (it lives in the game's view.ts, which imports no rules code); `clicks` runs on the server,
 * next to the rules, and tells the page which clicks make each legal move of a person's seat.
 */
export interface GameView<State = unknown> {
  /** The board as SVG text: the snapshot of a state (`Rules.snapshot`), its last move marked. */
  board(snapshot: unknown, options: BoardOptions): string;
  /** Each legal move of the seat to move in `state`: the protocol line it sends and the clicks that make it. */
  clicks?(state: State): readonly ClickMove[];
}

export interface BoardOptions {
  /** Drawn for this seat's eyes (its own hand shown, the others' hidden), or for a spectator when absent. */
  readonly seat?: Seat;
  /** Ids of the elements a person may click now, drawn as clickable and marked `data-target="<id>"`. */
  readonly targets?: readonly string[];
  /** Ids of the elements already clicked in the move being made, drawn as selected. */
  readonly selected?: readonly string[];
}

/** A legal move as a person makes it: clicks on board elements (ids), and the line they stand for. */
export interface ClickMove {
  readonly line: string;
  readonly path: readonly string[];
}

export interface GameDefinition<State = unknown, Move = unknown> extends Seating {
  /** The name used on the command line: `tabula play <id> ...`. */
  readonly id: string;
  readonly timeLimits: TimeLimits;
  readonly rules: Rules<State, Move>;
  readonly protocol: Protocol<State, Move>;
  readonly bots: Readonly<Record<string, BuiltinBot>>;
  readonly options?: readonly Setting[];
  /** How long a bot may take to exit by itself once the game has ended and its input is closed. */
  readonly exitGrace?: Millis;
  readonly perft?: Perft;
  readonly bridges?: Readonly<Record<string, Bridge>>;
  /** By protocol name: `usi` is run by `tabula usi <game> <bot>`. */
  readonly engineProtocols?: Readonly<Record<string, EngineProtocol>>;
  readonly judge?: Judge;
  readonly bosses?: Bosses;
  readonly openings?: Openings<State>;
  readonly view?: GameView<State>;
}
