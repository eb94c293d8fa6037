/**
 * What a game provides to the arena. The arena core knows games only through these interfaces:
 * a game is a folder under src/games/ whose index exports a `GameDefinition` as `game`.
 */
import type { BotProgram } from './line-io.js';
import type { Seat, TimeLimits } from './units.js';

export interface GameSetup {
  /** Number of seats at the table, within `GameDefinition.seats`. */
  readonly players: number;
  /** Seed of every random choice the referee makes (deals, shuffles). */
  readonly seed: number;
}

/** How a finished game ended. */
export interface Outcome {
  /** The seat that won, or null for a draw (or, with more seats, no single winner). */
  readonly winner: Seat | null;
  /** Why the game ended, in words: "mill reduced WHITE to 2 pieces", "turn limit: 9 against 8 pieces". */
  readonly reason: string;
  /** The game's score for each seat, indexed by seat. */
  readonly scores: readonly number[];
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

export type Parsed<Move> =
  | { readonly ok: true; readonly move: Move; /** Free text the bot added, shown in replays. */ readonly comment?: string }
  | { readonly ok: false; readonly error: string };

/** The statement's protocol: text in, text out. */
export interface Protocol<State, Move> {
  /** The lines a seat reads before it must act, its initialisation included on its first turn. */
  turnInput(state: State, seat: Seat, firstTurn: boolean): string[];
  /** Reads a seat's output line into a legal move, or says exactly what is wrong with it. */
  parseOutput(state: State, seat: Seat, line: string): Parsed<Move>;
}

export interface BuiltinBot {
  readonly description: string;
  /** The bot, speaking the statement's protocol; `seed` fixes its random choices. */
  create(seed: number): BotProgram;
}

export interface GameDefinition<State = unknown, Move = unknown> {
  /** The name used on the command line: `tabula play <id> ...`. */
  readonly id: string;
  readonly title: string;
  readonly seats: { readonly min: number; readonly max: number };
  readonly timeLimits: TimeLimits;
  readonly rules: Rules<State, Move>;
  readonly protocol: Protocol<State, Move>;
  readonly bots: Readonly<Record<string, BuiltinBot>>;
}
