/**
 * The turn loop of one game: ask the seat to move, time its answer, check it with the game's
 * protocol and rules, and record everything. It knows no game by name. A game is planned once
 * (`planGame`: its table, options, bots and opening checked) and played from its plan.
 */
import { availableParallelism, loadavg } from 'node:os';
import { type BotConnection, BotStartError, type TurnResult } from '../core/connection.js';
import { checkGameOptions, checkSeats, type GameDefinition } from '../core/game.js';
import type { PlayerStatus } from '../core/game-result.js';
import { deriveSeed } from '../core/rng.js';
import {
  DEFAULT_EXIT_GRACE,
  type Load,
  round3,
  TimeControl,
  type TimeLimits,
  type TurnAllowance,
} from '../core/time-control.js';
import { type Millis, millis, type Seat, seat } from '../core/units.js';
import { TABULA_VERSION } from '../core/version.js';
import { OutputBudget, quoteOutput } from './bot-output.js';
import { type Bot, type ConnectOptions, connectBot, parseBots } from './bot-spec.js';
import { checkOpening, type Opening, startOf } from './opening.js';
import { type GameResult, REPLAY_VERSION, type Replay, type ReplayHead, type ReplayTurn } from './replay.js';

/** A game ready to be played: its table, options and opening checked, its bots parsed and named. */
export interface GamePlan<S = unknown, M = unknown> {
  readonly game: GameDefinition<S, M>;
  /** One per seat, in seat order. */
  readonly bots: readonly Bot[];
  readonly seed: number;
  /** The game's options by name (`GameDefinition.options`); the game's defaults for the rest. */
  readonly gameOptions: Readonly<Record<string, string>>;
  readonly timeLimits: TimeLimits;
  /** How far past its limit an answer is still taken (and recorded as an overrun). */
  readonly margin: Millis;
  /** Where the game starts, when not at the game's own start. */
  readonly opening?: Opening;
  /** How bot processes are run. */
  readonly connect: ConnectOptions;
  /**
   * A bot that cannot be started (no such command) loses its game as a crash, instead of the game
   * being abandoned with `BotStartError`: for runs, which check their bots before they begin.
   */
  readonly forfeitUnstarted?: boolean;
}

/** What a game is asked to be, as a user gives it: `planGame` checks it. */
export interface GameRequest {
  /** One bot argument per seat, in seat order. */
  readonly bots: readonly string[];
  readonly seed: number;
  readonly gameOptions?: Readonly<Record<string, string>>;
  /** The game's own limits unless given. */
  readonly timeLimits?: TimeLimits;
  readonly margin?: Millis;
  readonly opening?: Opening;
  readonly connect?: ConnectOptions;
}

/**
 * Checks what a game is asked to be and plans it: throws `SetupError` for a table, options or an
 * opening the game does not have, `BotStartError` for a bot argument it cannot start.
 */
export function planGame<S, M>(game: GameDefinition<S, M>, request: GameRequest): GamePlan<S, M> {
  const generic = game as GameDefinition;
  checkSeats(game, request.bots.length);
  const bots = parseBots(generic, request.bots);
  const gameOptions = request.gameOptions ?? {};
  checkGameOptions(generic, gameOptions);
  if (request.opening)
    checkOpening(generic, request.opening, { seats: bots.length, seed: request.seed, options: gameOptions });
  return {
    game,
    bots,
    seed: request.seed,
    gameOptions,
    timeLimits: request.timeLimits ?? game.timeLimits,
    margin: request.margin ?? millis(0),
    ...(request.opening && { opening: request.opening }),
    connect: request.connect ?? {},
  };
}

/** What follows a game as it is played: live views, and a person's seat. */
export interface GameHooks<S = unknown> {
  /** Called once the bots are started, with what the replay holds besides its turns and result: for live views. */
  readonly onStart?: (head: ReplayHead) => void;
  /** Called before a seat is asked to move, with its limit: a person's seat shows the state's legal moves. */
  readonly onAsk?: (ask: {
    readonly state: S;
    readonly seat: Seat;
    readonly input: readonly string[];
    readonly limit: Millis;
  }) => void;
  /** Called after every turn, for live views. */
  readonly onTurn?: (turn: ReplayTurn) => void;
  /** The connection of a seat held by a person (`human`): its answers come from outside, such as a web page. */
  readonly person?: (seat: Seat) => BotConnection;
  /**
   * The connection of a seat held by something other than its bot, where it gives one: a recorded
   * game's answers (arena/reproduce.ts). Its bot is then never started: it only names the seat.
   */
  readonly seat?: (seat: Seat) => BotConnection | undefined;
  /**
   * Called after every turn with the state it was played from: a reason ends the game there, unfinished,
   * a draw whose result says why (a game played again that parted from its record).
   */
  readonly stopAfter?: (turn: ReplayTurn, before: S) => string | null;
}

export interface PlayedGame {
  readonly result: GameResult;
  readonly replay: Replay;
}

type Failure = { readonly status: Exclude<PlayerStatus, 'ok'>; readonly message: string };

/** One game in progress: its state, its bots, and what each seat has done and used. */
interface GameInPlay<S> {
  readonly plan: GamePlan<S>;
  readonly time: TimeControl;
  readonly bots: BotConnection[];
  readonly failures: (Failure | null)[];
  readonly turns: ReplayTurn[];
  /** What each seat's answers and comments may still take of its replay. */
  readonly output: OutputBudget[];
  state: S;
  /** Set when a failure ended the game, or `stopAfter` stopped it: the reason given instead of the rules' own. */
  endedBy: string | null;
}

/**
 * Plays a game from the bots named by `bots`, one per seat in order: `planGame`, then `playPlan`.
 * Throws as they do; whatever happens, every bot process is ended before it returns.
 */
export async function playGame<S, M>(
  game: GameDefinition<S, M>,
  bots: readonly string[],
  options: Omit<GameRequest, 'bots'> & GameHooks<S>,
): Promise<PlayedGame> {
  return playPlan(planGame(game, { ...options, bots }), options);
}

/**
 * Plays a planned game. Throws `BotStartError` when a bot cannot be started (unless the plan
 * forfeits such a bot); whatever happens, every bot process is ended before it returns.
 */
export async function playPlan<S, M>(plan: GamePlan<S, M>, hooks: GameHooks<S> = {}): Promise<PlayedGame> {
  const { game, bots } = plan;
  const startedAt = new Date().toISOString();
  const setup = { seats: bots.length, seed: plan.seed, options: plan.gameOptions };
  const initial = startOf(game, setup, plan.opening);
  const table: GameInPlay<S> = {
    plan: plan as GamePlan<S>,
    time: new TimeControl(plan.timeLimits, plan.margin, bots.length, (s) => table.bots[s]?.timeLimits),
    bots: [],
    failures: bots.map(() => null),
    turns: [],
    output: bots.map(() => new OutputBudget()),
    state: initial,
    endedBy: null,
  };
  const head: ReplayHead = {
    version: REPLAY_VERSION,
    game: game.id,
    seed: plan.seed,
    startedAt,
    referee: TABULA_VERSION,
    players: bots.map((bot, i) => ({ seat: seat(i), bot: bot.argument, name: bot.name })),
    timeLimits: table.time.record(),
    ...(Object.keys(plan.gameOptions).length > 0 && { options: plan.gameOptions }),
    ...(plan.opening && { opening: plan.opening }),
    initialState: game.rules.snapshot(initial),
  };
  try {
    for (const [i, bot] of bots.entries()) {
      const botSetup = { seed: deriveSeed(plan.seed, i), gameOptions: plan.gameOptions, timeLimits: plan.timeLimits };
      table.bots.push(
        hooks.seat?.(seat(i)) ??
          connectBot(game as GameDefinition, bot, {
            setup: botSetup,
            options: plan.connect,
            margin: plan.margin,
            seat: seat(i),
            person: hooks.person,
          }),
      );
    }
    hooks.onStart?.(head);
    while (game.rules.outcome(table.state) === null && table.endedBy === null) {
      const before = table.state;
      const turn = await playTurn(game, table, hooks.onAsk);
      table.turns.push(turn);
      hooks.onTurn?.(turn);
      const stop = hooks.stopAfter?.(turn, before) ?? null;
      if (stop !== null && game.rules.outcome(table.state) === null) table.endedBy = stop;
    }
    // A game stopped unfinished has no last word to give: its bots are ended below.
    if (game.rules.outcome(table.state) !== null) await dismissBots(game, table);
  } finally {
    await Promise.all(table.bots.map((b) => b.close()));
  }
  const result = resultOf(game, table);
  const replay: Replay = { ...head, turns: table.turns, result };
  return { result, replay };
}

/** Asks the seat to move, checks its answer, and plays it; a failing seat forfeits and its bot is ended. */
async function playTurn<S, M>(
  game: GameDefinition<S, M>,
  table: GameInPlay<S>,
  onAsk: GameHooks<S>['onAsk'],
): Promise<ReplayTurn> {
  const { rules, protocol } = game;
  const s = rules.toMove(table.state);
  const input = protocol.turnInput(table.state, s, table.time.isFirstTurn(s));
  const allowance = table.time.beginTurn(s);
  const { limit } = allowance;
  onAsk?.({ state: table.state, seat: s, input, limit });
  const answer = await table.bots[s]!.turn(input, limit);
  const elapsed = 'elapsed' in answer ? answer.elapsed : undefined;
  if (elapsed !== undefined) table.time.charge(s, elapsed);
  if (answer.kind === 'crash' && answer.neverStarted && !table.plan.forfeitUnstarted)
    throw new BotStartError(table.plan.bots[s]!.argument, answer.detail);

  let failure: Failure | null = null;
  let comment: string | undefined;
  // How busy the machine was when a bot ran out of time: said in its message, kept on its turn.
  const load = answer.kind === 'timeout' ? { average: loadavg()[0]!, cores: availableParallelism() } : undefined;
  if (answer.kind === 'line') {
    const parsed = protocol.parseOutput(table.state, s, answer.line);
    if (parsed.ok) {
      table.state = rules.play(table.state, parsed.value.move);
      comment = parsed.value.comment;
    } else failure = { status: 'invalid', message: `${quoteOutput(answer.line)}: ${parsed.error}${aheadNote(answer)}` };
  } else failure = describeFailure(answer, allowance, table.time, load);

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
    timeMs: elapsed === undefined ? 0 : round3(elapsed),
    ...('cpu' in answer && answer.cpu !== undefined && { cpuMs: round3(answer.cpu) }),
    ...('wait' in answer && answer.wait !== undefined && { waitMs: round3(answer.wait) }),
    ...(answer.kind === 'timeout' && answer.answered !== undefined && { answeredMs: round3(answer.answered) }),
    ...(answer.kind === 'timeout' && answer.arenaLate !== undefined && { arenaLateMs: round3(answer.arenaLate) }),
    ...(load && { load }),
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

function resultOf<S>(game: GameDefinition<S, unknown>, table: GameInPlay<S>): GameResult {
  // Stopped unfinished: nobody won, nobody scored.
  const outcome = game.rules.outcome(table.state) ?? { winner: null, reason: '', scores: [] };
  return {
    game: game.id,
    seed: table.plan.seed,
    turns: table.turns.length,
    winner: outcome.winner,
    reason: table.endedBy ?? outcome.reason,
    players: table.plan.bots.map((bot, i) => ({
      bot: bot.argument,
      seat: seat(i),
      score: outcome.scores[i] ?? 0,
      rank: outcome.ranks?.[i] ?? (outcome.winner === null || outcome.winner === i ? 1 : 2),
      status: table.failures[i]?.status ?? 'ok',
      message: table.failures[i]?.message ?? '',
      name: bot.name,
    })),
  };
}

function describeFailure(
  answer: Exclude<TurnResult, { kind: 'line' }>,
  allowance: TurnAllowance,
  time: TimeControl,
  load: Load | undefined,
): Failure {
  switch (answer.kind) {
    case 'timeout':
      return {
        status: 'timeout',
        message: time.timeoutMessage(allowance, {
          elapsed: answer.elapsed,
          answered: answer.answered,
          cpu: answer.cpu,
          wait: answer.wait,
          unfinished: answer.unfinished ? quoteOutput(answer.unfinished) : undefined,
          load: load!,
        }),
      };
    case 'crash':
      return { status: 'crash', message: answer.detail };
    case 'overflow':
      return { status: 'invalid', message: answer.detail };
  }
}
