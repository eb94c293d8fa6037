/**
 * A game played again from its record (arena/record.ts) on this machine: a bot at the record's seat,
 * the recorded answers at the others (seats/recorded-seat.ts), on the record's seed, limits, options
 * and opening. The referee is deterministic from the seed and the moves, so while the bot answers as
 * recorded the game is the stored one, turn for turn. It stops after the first answer that is
 * another move, or a failure where there was none (or none where there was one); and after anything
 * the referee does otherwise than recorded: other lines sent to a seat, another seat asked, another
 * end. Either way it says where, and how.
 */
import { checkGameOptions, checkSeats, type GameDefinition, SetupError } from '../core/game.js';
import { type TimeOverrides, withOverrides } from '../core/time-control.js';
import { type Millis, millis, type Seat } from '../core/units.js';
import { TABULA_VERSION } from '../core/version.js';
import { quoteOutput } from './bot-output.js';
import { type Bot, type ConnectOptions, parseBots } from './bot-spec.js';
import { type GamePlan, playPlan } from './game-loop.js';
import { type GameRecord, inputDigest, type RecordTurn } from './record.js';
import type { Replay, ReplayTurn } from './replay.js';
import { RecordedSeat } from './seats/recorded-seat.js';

/** Where the game played again parted from its record. */
export interface Difference {
  readonly turn: number;
  readonly seat: Seat;
  /**
   * `answer`: the bot at the record's seat answered otherwise; `referee`: the referee played
   * otherwise than recorded (the lines it sent, the seat it asked, where and how the game ended).
   */
  readonly what: 'answer' | 'referee';
  /** For an answer: the line recorded and the line answered, null where there was none (the seat failed). */
  readonly recorded?: string | null;
  readonly answered?: string | null;
  /** All of it in a line, naming the turn and the seat. */
  readonly message: string;
}

export interface Reproduction {
  /** The game played again: to its end, or up to the turn where it differs. */
  readonly replay: Replay;
  /** Null when it was played as recorded, turn for turn, to the recorded result. */
  readonly difference: Difference | null;
}

export interface ReproduceOptions {
  /** How the bot's process is run (its sandbox). */
  readonly connect?: ConnectOptions;
  /**
   * Limits instead of the record's (a slower machine, a debugger): the lines sent do not depend on
   * them, so the game is the same while the bot answers in time.
   */
  readonly limits?: TimeOverrides;
  /** How far past its limit an answer is still taken: the record's, unless given. */
  readonly margin?: Millis;
  readonly onTurn?: (turn: ReplayTurn) => void;
}

/**
 * Refuses, as a `SetupError`, a record that this referee cannot be sure to play as it was played:
 * one of an unknown referee, or of another version.
 */
export function checkReferee(record: GameRecord): void {
  if (record.referee === null)
    throw new SetupError(
      'the record does not say which referee played it (its game was stored before replays said): it cannot be played again for sure',
    );
  if (record.referee !== TABULA_VERSION)
    throw new SetupError(
      `the record was played by referee ${record.referee}; this Tabula is ${TABULA_VERSION}: play it again with Tabula ${record.referee}`,
    );
}

/**
 * Plays `record`'s game again, `bot` (a command line, or any bot argument) at its seat. Throws
 * `SetupError` for a record it refuses (`checkReferee`, a table or options the game does not have)
 * and `BotStartError` for a bot that cannot be started; every bot process is ended before it returns.
 */
export async function reproduce(
  game: GameDefinition,
  record: GameRecord,
  bot: string,
  options: ReproduceOptions = {},
): Promise<Reproduction> {
  checkReferee(record);
  checkSeats(game, record.players.length);
  checkGameOptions(game, record.options ?? {});
  const [own] = parseBots(game, [bot]);
  const others = record.players.filter((p) => p.seat !== record.seat);
  const recorded = new Map(
    others.map((p) => [
      p.seat,
      new RecordedSeat(
        recordedName(p.name),
        record.turns.filter((t) => t.seat === p.seat),
      ),
    ]),
  );
  const limits = record.timeLimits;
  const plan: GamePlan = {
    game,
    bots: record.players.map((p): Bot => (p.seat === record.seat ? own! : recordedBot(p.name))),
    seed: record.seed,
    gameOptions: record.options ?? {},
    timeLimits: withOverrides(
      {
        firstTurn: millis(limits.firstTurnMs),
        turn: millis(limits.turnMs),
        ...(limits.gameMs !== undefined && { game: millis(limits.gameMs) }),
      },
      options.limits ?? {},
    ),
    margin: options.margin ?? millis(limits.marginMs ?? 0),
    ...(record.opening && { opening: record.opening }),
    connect: options.connect ?? {},
  };
  const found: { difference: Difference | null } = { difference: null };
  const { replay } = await playPlan(plan, {
    seat: (s) => recorded.get(s),
    ...(options.onTurn && { onTurn: options.onTurn }),
    stopAfter: (turn, before) => {
      found.difference = differenceAt(game, record, turn, before);
      return (
        found.difference && `played again from its record up to here, where it differs: ${found.difference.message}`
      );
    },
  });
  return { replay, difference: found.difference ?? differenceAtEnd(record, replay) };
}

const recordedName = (name: string): string => `${name} (recorded)`;

/**
 * A recorded seat's bot, which only names it: its seat is the record's (`GameHooks.seat`), and its
 * command is never run.
 */
const recordedBot = (name: string): Bot => ({
  argument: recordedName(name),
  name,
  spec: { kind: 'command', command: recordedName(name) },
});

/** How `turn`, played from `before`, differs from the record; null when it is as recorded. */
function differenceAt(game: GameDefinition, record: GameRecord, turn: ReplayTurn, before: unknown): Difference | null {
  const then = record.turns[turn.turn - 1];
  const where = `turn ${turn.turn} (seat ${turn.seat})`;
  const referee = (what: string): Difference => ({
    turn: turn.turn,
    seat: turn.seat,
    what: 'referee',
    message: `${where}: ${what}`,
  });
  if (then === undefined) return referee(`the recorded game had ended at turn ${record.turns.length}`);
  if (then.seat !== turn.seat)
    return referee(`the referee asked seat ${turn.seat}; the recorded game, seat ${then.seat}`);
  if (then.seat !== record.seat) {
    if (then.inputDigest !== inputDigest(turn.input))
      return referee(`the referee sent seat ${turn.seat} other lines than in the recorded game`);
    if (then.failure !== turn.failure?.status)
      return referee(
        `the referee took seat ${turn.seat}'s recorded answer otherwise: ${answerText(then.output, turn.failure)}`,
      );
    return null;
  }
  const line = then.input!.findIndex((l, i) => l !== turn.input[i]);
  const other = line >= 0 ? line : then.input!.length < turn.input.length ? then.input!.length : -1;
  if (other >= 0)
    return referee(
      `the referee sent other lines than in the recorded game: line ${other + 1} is ${quoteLine(turn.input[other])}, recorded ${quoteLine(then.input![other])}`,
    );
  if (sameAnswer(game, then, turn, before)) return null;
  return {
    turn: turn.turn,
    seat: turn.seat,
    what: 'answer',
    recorded: then.output[0] ?? null,
    answered: turn.output[0] ?? null,
    message: `${where}: recorded ${answerText(then.output, then.failure && { status: then.failure })}, answered ${answerText(turn.output, turn.failure)}`,
  };
}

/**
 * Whether the answer is the recorded one for the game: the same move (whatever its comment says), or
 * the same failure.
 */
function sameAnswer(game: GameDefinition, then: RecordTurn, turn: ReplayTurn, before: unknown): boolean {
  if (then.failure !== undefined || turn.failure !== undefined) return then.failure === turn.failure?.status;
  const [line] = then.output;
  const read = line === undefined ? null : game.protocol.parseOutput(before, turn.seat, line);
  if (!read?.ok) return false;
  const after = game.rules.snapshot(game.rules.play(before, read.value.move));
  return JSON.stringify(after) === JSON.stringify(turn.state);
}

/** An answer in words: its line, and its failure where it failed. */
function answerText(
  output: readonly string[],
  failure: { readonly status: string; readonly message?: string } | undefined,
): string {
  const [line] = output;
  const failed = failure && `${failure.status}${failure.message ? `: ${failure.message}` : ''}`;
  if (line === undefined) return `no answer (${failed ?? 'none'})`;
  return failed ? `${quoteOutput(line)} (${failed})` : quoteOutput(line);
}

const quoteLine = (line: string | undefined): string => (line === undefined ? 'none' : quoteOutput(line));

/** After a game played as recorded turn by turn: whether it ended where and as the recorded one did. */
function differenceAtEnd(record: GameRecord, replay: Replay): Difference | null {
  const last = replay.turns.at(-1);
  const at = { turn: last?.turn ?? 0, seat: last?.seat ?? record.seat, what: 'referee' as const };
  if (replay.turns.length < record.turns.length)
    return {
      ...at,
      message: `the game ended at turn ${at.turn} (${replay.result.reason}); the recorded game went on to turn ${record.turns.length}`,
    };
  const now = replay.result;
  const then = record.result;
  const same =
    now.winner === then.winner &&
    now.players.every((p) => {
      const was = then.players.find((q) => q.seat === p.seat);
      return was?.rank === p.rank && was.status === p.status;
    });
  return same
    ? null
    : {
        ...at,
        message: `the game ended at turn ${at.turn} as recorded, with another result: ${JSON.stringify(now.reason)}; recorded, ${JSON.stringify(then.reason)}`,
      };
}
