/**
 * The turn loop of one game: ask the seat to move, time its answer, check it with the game's
 * protocol and rules, and record everything. It knows no game by name.
 */
import { connectBot, type ConnectOptions } from './bot-spec.js';
import { BotStartError, type BotConnection, type TurnResult } from '../core/connection.js';
import { SetupError, checkGameOptions, type GameDefinition } from '../core/game.js';

import { REPLAY_VERSION, type GameResult, type PlayerStatus, type Replay, type ReplayTurn } from './replay.js';
import { deriveSeed } from '../core/rng.js';
import { millis, seat, type TimeLimits } from '../core/units.js';

export interface GameOptions {
  readonly seed: number;
  /** The game's options by name (`GameDefinition.options`); defaults for the rest. */
  readonly gameOptions?: Readonly<Record<string, string>>;
  /** The game's own limits unless given. */
  readonly timeLimits?: TimeLimits;
  readonly connect?: ConnectOptions;
  /** Called after every turn, for live views. */
  readonly onTurn?: (turn: ReplayTurn) => void;
}

export interface PlayedGame {
  readonly result: GameResult;
  readonly replay: Replay;
}

/** Exit time for bots at the end of a game, unless the game sets its own. */
const DEFAULT_EXIT_GRACE = millis(100);

type Failure = { readonly status: Exclude<PlayerStatus, 'ok'>; readonly message: string };

/**
 * Plays one game between the bots named by `specs`, one per seat in order. Throws `BotStartError`
 * when a bot cannot be started; whatever happens, every bot process is ended before it returns.
 */
export async function playGame<S, M>(game: GameDefinition<S, M>, specs: readonly string[], options: GameOptions): Promise<PlayedGame> {
  const { rules, protocol } = game;
  if (specs.length < game.seats.min || specs.length > game.seats.max) {
    const range = game.seats.min === game.seats.max ? `${game.seats.min}` : `${game.seats.min} to ${game.seats.max}`;
    throw new SetupError(`${game.id} is played by ${range} bots, not ${specs.length}`);
  }
  const gameOptions = options.gameOptions ?? {};
  checkGameOptions(game, gameOptions);
  const limits = options.timeLimits ?? game.timeLimits;
  const startedAt = new Date().toISOString();
  const initial = rules.initial({ players: specs.length, seed: options.seed, options: gameOptions });
  const failures: (Failure | null)[] = specs.map(() => null);
  const hasPlayed = specs.map(() => false);
  /** Thinking time used by each seat, against `limits.game`. */
  const used = specs.map(() => 0);
  const turns: ReplayTurn[] = [];
  const bots: BotConnection[] = [];
  let state = initial;
  let endedBy: string | null = null;

  try {
    specs.forEach((spec, i) => bots.push(connectBot(game, spec, { seed: deriveSeed(options.seed, i), gameOptions, timeLimits: limits }, options.connect)));
    for (let outcome = rules.outcome(state); outcome === null; outcome = rules.outcome(state)) {
      const s = rules.toMove(state);
      const first = !hasPlayed[s];
      hasPlayed[s] = true;
      const input = protocol.turnInput(state, s, first);
      const perTurn = first ? limits.firstTurn : limits.turn;
      const limit = limits.game === undefined ? perTurn : millis(Math.max(0, Math.min(perTurn, limits.game - used[s]!)));
      const answer = await bots[s]!.turn(input, limit);
      if ('elapsed' in answer) used[s]! += answer.elapsed;
      if (answer.kind === 'crash' && answer.neverStarted) throw new BotStartError(specs[s]!, answer.detail);

      let failure: Failure | null = null;
      let comment: string | undefined;
      if (answer.kind === 'line') {
        const parsed = protocol.parseOutput(state, s, answer.line);
        if (parsed.ok) {
          state = rules.play(state, parsed.value.move);
          comment = parsed.value.comment;
        } else failure = { status: 'invalid', message: `${JSON.stringify(answer.line)}: ${parsed.error}` };
      } else failure = describeFailure(answer, limit, limit < perTurn);

      if (failure) {
        failures[s] = failure;
        state = rules.forfeit(state, s);
        await bots[s]!.close();
        if (rules.outcome(state)) endedBy = `seat ${s} ${failure.status}: ${failure.message}`;
      }
      const turn: ReplayTurn = {
        turn: turns.length + 1,
        seat: s,
        input,
        output: answer.kind === 'line' ? [answer.line] : [],
        stderr: answer.stderr,
        timeMs: 'elapsed' in answer ? round3(answer.elapsed) : 0,
        limitMs: limit,
        ...(comment !== undefined && { comment }),
        ...(failure && { failure }),
        state: rules.snapshot(state),
      };
      turns.push(turn);
      options.onTurn?.(turn);
    }
    // The game is over: those still playing get the last word, then their input closes.
    const grace = game.exitGrace ?? DEFAULT_EXIT_GRACE;
    await Promise.all(
      bots.map((bot, i) => {
        if (!failures[i] && protocol.finalInput) bot.send(protocol.finalInput(state, seat(i)));
        return bot.close(grace);
      }),
    );
  } finally {
    await Promise.all(bots.map((b) => b.close()));
  }

  const outcome = rules.outcome(state)!;
  const result: GameResult = {
    game: game.id,
    seed: options.seed,
    turns: turns.length,
    winner: outcome.winner,
    reason: endedBy ?? outcome.reason,
    players: specs.map((bot, i) => ({
      bot,
      seat: seat(i),
      score: outcome.scores[i] ?? 0,
      rank: outcome.ranks?.[i] ?? (outcome.winner === null || outcome.winner === i ? 1 : 2),
      status: failures[i]?.status ?? 'ok',
      message: failures[i]?.message ?? '',
    })),
  };
  const replay: Replay = {
    version: REPLAY_VERSION,
    game: game.id,
    seed: options.seed,
    startedAt,
    players: specs.map((bot, i) => ({ seat: seat(i), bot })),
    timeLimits: { firstTurnMs: limits.firstTurn, turnMs: limits.turn },
    initialState: rules.snapshot(initial),
    turns,
    result,
  };
  return { result, replay };
}

/** `budget`: the limit was what remained of the seat's time for the whole game. */
function describeFailure(answer: Exclude<TurnResult, { kind: 'line' }>, limit: number, budget: boolean): Failure {
  switch (answer.kind) {
    case 'timeout': {
      const within = budget ? `within the ${round3(limit)} ms left of its time for the game` : `within ${limit} ms`;
      return {
        status: 'timeout',
        message: `no answer ${within} (stopped after ${round3(answer.elapsed)} ms, ${round3(answer.elapsed - limit)} ms over)`,
      };
    }
    case 'crash':
      return { status: 'crash', message: answer.detail };
    case 'overflow':
      return { status: 'invalid', message: answer.detail };
  }
}

const round3 = (ms: number): number => Math.round(ms * 1000) / 1000;

