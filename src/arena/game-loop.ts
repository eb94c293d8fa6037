/**
 * The turn loop of one game: ask the seat to move, time its answer, check it with the game's
 * protocol and rules, and record everything. It knows no game by name.
 */
import { availableParallelism, loadavg } from 'node:os';
import { type BotConnection, BotStartError, type TurnResult } from '../core/connection.js';
import { checkGameOptions, checkSeats, type GameDefinition } from '../core/game.js';
import type { PlayerStatus } from '../core/game-result.js';
import { deriveSeed } from '../core/rng.js';
import { type Millis, millis, type Seat, seat, type TimeLimits } from '../core/units.js';
import { OutputBudget, quoteOutput } from './bot-output.js';
import { botNames, type ConnectOptions, connectBot } from './bot-spec.js';
import { type Opening, startOf } from './opening.js';
import { type GameResult, REPLAY_VERSION, type Replay, type ReplayHead, type ReplayTurn } from './replay.js';

export interface GameOptions<S = unknown> {
  readonly seed: number;
  /** The game's options by name (`GameDefinition.options`); defaults for the rest. */
  readonly gameOptions?: Readonly<Record<string, string>>;
  /** The game's own limits unless given. */
  readonly timeLimits?: TimeLimits;
  readonly connect?: ConnectOptions;
  /** Where the game starts, when not at the game's own start. */
  readonly opening?: Opening;
  /** Called once the bots are started, with what the replay holds besides its turns and result: for live views. */
  readonly onStart?: (head: ReplayHead) => void;
  /** Called before a seat is asked to move: a person's seat shows the state's legal moves. */
  readonly onAsk?: (ask: { readonly state: S; readonly seat: Seat; readonly input: readonly string[] }) => void;
  /** Called after every turn, for live views. */
  readonly onTurn?: (turn: ReplayTurn) => void;
  /** Each seat's name in reports; `botNames(specs)` unless given (a run names its bots once for all its games). */
  readonly names?: readonly string[];
  /**
   * A bot that cannot be started (no such command) loses its game as a crash, instead of the game
   * being abandoned with `BotStartError`: for runs, which check their bots before they begin.
   */
  readonly forfeitUnstarted?: boolean;
}

export interface PlayedGame {
  readonly result: GameResult;
  readonly replay: Replay;
}

/** Exit time for bots at the end of a game, unless the game sets its own. */
const DEFAULT_EXIT_GRACE = millis(100);

type Failure = { readonly status: Exclude<PlayerStatus, 'ok'>; readonly message: string };

/** One game in progress: its state, its bots, and what each seat has done and used. */
interface GameInPlay<S> {
  readonly specs: readonly string[];
  readonly names: readonly string[];
  readonly forfeitUnstarted: boolean;
  readonly limits: TimeLimits;
  /** How far past its limit an answer is still taken. */
  readonly margin: number;
  readonly bots: BotConnection[];
  readonly failures: (Failure | null)[];
  readonly hasPlayed: boolean[];
  /** Thinking time used by each seat, against `limits.game`. */
  readonly used: number[];
  readonly turns: ReplayTurn[];
  /** What each seat's answers and comments may still take of its replay. */
  readonly output: OutputBudget[];
  state: S;
  /** Set when a failure ended the game: the reason given instead of the rules' own. */
  endedBy: string | null;
}

/**
 * Plays one game between the bots named by `specs`, one per seat in order. Throws `SetupError` for
 * a table or options the game does not have and `BotStartError` when a bot cannot be started;
 * whatever happens, every bot process is ended before it returns.
 */
export async function playGame<S, M>(
  game: GameDefinition<S, M>,
  specs: readonly string[],
  options: GameOptions<S>,
): Promise<PlayedGame> {
  checkSeats(game, specs.length);
  const gameOptions = options.gameOptions ?? {};
  checkGameOptions(game, gameOptions);
  const limits = options.timeLimits ?? game.timeLimits;
  const startedAt = new Date().toISOString();
  const initial = startOf(game, { players: specs.length, seed: options.seed, options: gameOptions }, options.opening);
  const margin = options.connect?.timeMargin ?? 0;
  const table: GameInPlay<S> = {
    specs,
    names: options.names ?? botNames(specs),
    forfeitUnstarted: options.forfeitUnstarted === true,
    limits,
    margin,
    bots: [],
    failures: specs.map(() => null),
    hasPlayed: specs.map(() => false),
    used: specs.map(() => 0),
    turns: [],
    output: specs.map(() => new OutputBudget()),
    state: initial,
    endedBy: null,
  };
  const head: ReplayHead = {
    version: REPLAY_VERSION,
    game: game.id,
    seed: options.seed,
    startedAt,
    players: specs.map((bot, i) => ({ seat: seat(i), bot, name: table.names[i]! })),
    timeLimits: {
      firstTurnMs: limits.firstTurn,
      turnMs: limits.turn,
      ...(limits.game !== undefined && { gameMs: limits.game }),
      ...(margin > 0 && { marginMs: margin }),
    },
    ...(Object.keys(gameOptions).length > 0 && { options: gameOptions }),
    ...(options.opening && { opening: options.opening }),
    initialState: game.rules.snapshot(initial),
  };
  try {
    for (const [i, spec] of specs.entries()) {
      const setup = { seed: deriveSeed(options.seed, i), gameOptions, timeLimits: limits };
      table.bots.push(connectBot(game, spec, setup, options.connect ?? {}, seat(i)));
    }
    options.onStart?.(head);
    while (game.rules.outcome(table.state) === null) {
      const turn = await playTurn(game, table, options.onAsk);
      table.turns.push(turn);
      options.onTurn?.(turn);
    }
    await dismissBots(game, table);
  } finally {
    await Promise.all(table.bots.map((b) => b.close()));
  }
  const result = resultOf(game, table, options.seed);
  const replay: Replay = { ...head, turns: table.turns, result };
  return { result, replay };
}

/**
 * The time a seat has for this turn: its turn limit, or what is left of its time for the game if
 * less. A seat with limits of its own (a person's) has those instead of the game's.
 */
function turnLimit(table: GameInPlay<unknown>, s: Seat, first: boolean): { limit: Millis; perTurn: Millis } {
  const limits = table.bots[s]!.timeLimits ?? table.limits;
  const perTurn = first ? limits.firstTurn : limits.turn;
  const limit =
    limits.game === undefined ? perTurn : millis(Math.max(0, Math.min(perTurn, limits.game - table.used[s]!)));
  return { limit, perTurn };
}

/** Asks the seat to move, checks its answer, and plays it; a failing seat forfeits and its bot is ended. */
async function playTurn<S, M>(
  game: GameDefinition<S, M>,
  table: GameInPlay<S>,
  onAsk: GameOptions<S>['onAsk'],
): Promise<ReplayTurn> {
  const { rules, protocol } = game;
  const s = rules.toMove(table.state);
  const first = !table.hasPlayed[s];
  table.hasPlayed[s] = true;
  const input = protocol.turnInput(table.state, s, first);
  const { limit, perTurn } = turnLimit(table, s, first);
  onAsk?.({ state: table.state, seat: s, input });
  const answer = await table.bots[s]!.turn(input, limit);
  if ('elapsed' in answer) table.used[s]! += answer.elapsed;
  if (answer.kind === 'crash' && answer.neverStarted && !table.forfeitUnstarted)
    throw new BotStartError(table.specs[s]!, answer.detail);

  let failure: Failure | null = null;
  let comment: string | undefined;
  if (answer.kind === 'line') {
    const parsed = protocol.parseOutput(table.state, s, answer.line);
    if (parsed.ok) {
      table.state = rules.play(table.state, parsed.value.move);
      comment = parsed.value.comment;
    } else failure = { status: 'invalid', message: `${quoteOutput(answer.line)}: ${parsed.error}${aheadNote(answer)}` };
  } else failure = describeFailure(answer, limit, limit < perTurn, table.margin);

  if (failure) {
    table.failures[s] = failure;
    table.state = rules.forfeit(table.state, s);
    await table.bots[s]!.close();
    if (rules.outcome(table.state)) table.endedBy = `seat ${s} ${failure.status}: ${failure.message}`;
  }
  return {
    turn: table.turns.length + 1,
    seat: s,
    input,
    ...keptOutput(table.output[s]!, answer, comment),
    stderr: answer.stderr,
    timeMs: 'elapsed' in answer ? round3(answer.elapsed) : 0,
    ...('cpu' in answer && answer.cpu !== undefined && { cpuMs: round3(answer.cpu) }),
    limitMs: limit,
    ...(failure && { failure }),
    state: rules.snapshot(table.state),
  };
}

/** What the replay keeps of the turn's output (its answer, its comment, a line left without its end), within the caps. */
function keptOutput(budget: OutputBudget, answer: TurnResult, comment: string | undefined) {
  const line = answer.kind === 'line' ? budget.take(answer.line) : null;
  const note = comment === undefined ? null : budget.take(comment);
  const unfinished = answer.kind === 'timeout' && answer.unfinished ? budget.take(answer.unfinished) : null;
  const outputDropped = (line?.dropped ?? 0) + (unfinished?.dropped ?? 0);
  return {
    output: line ? [line.kept] : [],
    ...(answer.kind === 'line' && answer.ahead && { writtenAhead: true as const }),
    ...(unfinished && { unfinished: unfinished.kept }),
    ...(outputDropped > 0 && { outputDropped }),
    ...(note && { comment: note.kept }),
    ...(note && note.dropped > 0 && { commentDropped: note.dropped }),
  };
}

/** For an answer that was waiting before the turn's input was sent: what happened. */
const aheadNote = (answer: TurnResult): string =>
  answer.kind === 'line' && answer.ahead
    ? " (a line written ahead, before this turn's input was sent: in an earlier turn the bot wrote more than its answer)"
    : '';

/** The game is over: those still playing get the last word, then their input closes and they may exit. */
async function dismissBots<S>(game: GameDefinition<S, unknown>, table: GameInPlay<S>): Promise<void> {
  const grace = game.exitGrace ?? DEFAULT_EXIT_GRACE;
  await Promise.all(
    table.bots.map((bot, i) => {
      if (!table.failures[i] && game.protocol.finalInput) bot.send(game.protocol.finalInput(table.state, seat(i)));
      return bot.close(grace);
    }),
  );
}

function resultOf<S>(game: GameDefinition<S, unknown>, table: GameInPlay<S>, seed: number): GameResult {
  const outcome = game.rules.outcome(table.state)!;
  return {
    game: game.id,
    seed,
    turns: table.turns.length,
    winner: outcome.winner,
    reason: table.endedBy ?? outcome.reason,
    players: table.specs.map((bot, i) => ({
      bot,
      seat: seat(i),
      score: outcome.scores[i] ?? 0,
      rank: outcome.ranks?.[i] ?? (outcome.winner === null || outcome.winner === i ? 1 : 2),
      status: table.failures[i]?.status ?? 'ok',
      message: table.failures[i]?.message ?? '',
      name: table.names[i]!,
    })),
  };
}

/** `budget`: the limit was what remained of the seat's time for the whole game. */
function describeFailure(
  answer: Exclude<TurnResult, { kind: 'line' }>,
  limit: number,
  budget: boolean,
  margin: number,
): Failure {
  switch (answer.kind) {
    case 'timeout': {
      const within = budget ? `within the ${round3(limit)} ms left of its time for the game` : `within ${limit} ms`;
      const tolerated = margin > 0 ? ` and its ${margin} ms margin` : '';
      const stopped = `stopped after ${round3(answer.elapsed)} ms, ${round3(answer.elapsed - limit)} ms over`;
      // Whether the bot was computing or waiting for a core shows whom the timeout is due to.
      const cpu = answer.cpu === undefined ? '' : `; it used ${round3(answer.cpu)} ms of CPU in the turn`;
      const load = `; load average ${loadavg()[0]!.toFixed(2)} on ${availableParallelism()} cores`;
      const unfinished = answer.unfinished
        ? `; it wrote ${quoteOutput(answer.unfinished)} without a newline (a line ends with \\n; flush it)`
        : '';
      return { status: 'timeout', message: `no answer ${within}${tolerated} (${stopped}${cpu}${load})${unfinished}` };
    }
    case 'crash':
      return { status: 'crash', message: answer.detail };
    case 'overflow':
      return { status: 'invalid', message: answer.detail };
  }
}

const round3 = (ms: number): number => Math.round(ms * 1000) / 1000;
