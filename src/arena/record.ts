/**
 * A game's record for one seat: what the author of that seat's bot needs to play the game again on
 * their own machine, their bot at that seat and the others' recorded answers at the rest (`tabula
 * reproduce`, arena/reproduce.ts). It holds the seed, the referee's version, the limits, options and
 * opening, every line the seat was sent, and each turn's answer line; of the other seats nothing
 * but their answers, without comments: no stderr, no message that quotes it, no code. A contract
 * that scripts and saved files read: change it only by adding fields, and bump `RECORD_VERSION` for
 * anything else.
 */
import { createHash } from 'node:crypto';
import * as v from 'valibot';
import { SetupError } from '../core/game.js';
import type { PlayerStatus } from '../core/game-result.js';
import type { Seat } from '../core/units.js';
import type { Opening } from './opening.js';
import type { Replay, ReplayHead, ReplayTurn } from './replay.js';

/** What a record file says it is, first: a replay or any other JSON is told apart by it. */
export const RECORD_FORMAT = 'tabula-game-record';
export const RECORD_VERSION = 1;

type Failed = Exclude<PlayerStatus, 'ok'>;

export interface RecordTurn {
  /** 1 for the first turn of the game, as in the replay. */
  readonly turn: number;
  readonly seat: Seat;
  /** On the record's seat's turns: the exact lines it was sent. */
  readonly input?: readonly string[];
  /** On another seat's turns: a digest of the lines it was sent (`inputDigest`), to tell a referee that sends others. */
  readonly inputDigest?: string;
  /** The answer line, or none where the seat failed without one; another seat's without its comment. */
  readonly output: readonly string[];
  /** How the seat failed at this turn, where it did. */
  readonly failure?: Failed;
}

export interface GameRecord {
  readonly format: typeof RECORD_FORMAT;
  readonly version: typeof RECORD_VERSION;
  /** The game, as `tabula games` lists it. */
  readonly game: string;
  /** The stored game's id on the server that played it; null for a game it did not store. */
  readonly gameId: number | null;
  /** The referee's version (`ReplayHead.referee`); null for a game stored before replays said it. */
  readonly referee: string | null;
  readonly seed: number;
  readonly timeLimits: ReplayHead['timeLimits'];
  readonly options?: Readonly<Record<string, string>>;
  readonly opening?: Opening;
  /** The seat the record is for: the one whose lines it holds, and whose bot plays again. */
  readonly seat: Seat;
  /** Every seat's bot, by its name in reports. */
  readonly players: readonly { readonly seat: Seat; readonly name: string }[];
  readonly turns: readonly RecordTurn[];
  /** How the game ended: each seat's place (1 the best) and status. */
  readonly result: {
    readonly winner: Seat | null;
    readonly reason: string;
    readonly players: readonly { readonly seat: Seat; readonly rank: number; readonly status: PlayerStatus }[];
  };
}

/** A digest of a turn's lines: enough to tell other lines, and nothing of what they say. */
export const inputDigest = (lines: readonly string[]): string =>
  createHash('sha256')
    .update(lines.map((l) => `${l}\n`).join(''))
    .digest('hex')
    .slice(0, 16);

/**
 * The record of `seat` from a stored game's replay, as the one who asks may read it (its result's
 * reason keeps only what they may read: server/private-parts.ts).
 */
export function recordOf(replay: Replay, seat: Seat, gameId: number | null): GameRecord {
  return {
    format: RECORD_FORMAT,
    version: RECORD_VERSION,
    game: replay.game,
    gameId,
    referee: replay.referee ?? null,
    seed: replay.seed,
    timeLimits: replay.timeLimits,
    ...(replay.options && { options: replay.options }),
    ...(replay.opening && { opening: replay.opening }),
    seat,
    players: replay.players.map((p) => ({ seat: p.seat, name: p.name ?? p.bot })),
    turns: replay.turns.map((t) => ({
      turn: t.turn,
      seat: t.seat,
      ...(t.seat === seat
        ? { input: t.input, output: t.output }
        : { inputDigest: inputDigest(t.input), output: answerOf(t) }),
      ...(t.failure && { failure: t.failure.status }),
    })),
    result: {
      winner: replay.result.winner,
      reason: replay.result.reason,
      players: replay.result.players.map((p) => ({ seat: p.seat, rank: p.rank, status: p.status })),
    },
  };
}

/** Characters of a comment by which a line the caps cut short inside it is cut where it begins. */
const COMMENT_START = 64;

/**
 * A turn's answer without its comment. Every game's protocol reads the comment as the rest of the
 * line after the move, trimmed: the line is cut where it begins. A line the replay kept cut short
 * (over its caps, bot-output.ts) ends inside the comment, which is then found by its start.
 */
function answerOf(turn: ReplayTurn): string[] {
  const [line] = turn.output;
  const comment = turn.comment;
  if (line === undefined || comment === undefined || comment === '') return [...turn.output];
  const text = line.trimEnd();
  const at = text.endsWith(comment) ? text.length - comment.length : text.indexOf(comment.slice(0, COMMENT_START));
  return [at > 0 ? text.slice(0, at).trimEnd() : text];
}

const count = v.pipe(v.number(), v.integer(), v.minValue(0));
const seatNumber = v.pipe(
  count,
  v.transform((n) => n as Seat),
);
const lines = v.array(v.string());
const failed = v.picklist(['timeout', 'crash', 'invalid'] as const);

// Loose objects: fields added to the contract later are kept.
const schema = v.looseObject({
  format: v.literal(RECORD_FORMAT),
  version: v.literal(RECORD_VERSION),
  game: v.string(),
  gameId: v.nullable(count),
  referee: v.nullable(v.string()),
  seed: count,
  timeLimits: v.looseObject({
    firstTurnMs: v.number(),
    turnMs: v.number(),
    gameMs: v.optional(v.number()),
    marginMs: v.optional(v.number()),
  }),
  options: v.optional(v.record(v.string(), v.string())),
  opening: v.optional(v.union([v.object({ randomPlies: count }), v.object({ position: v.string() })])),
  seat: seatNumber,
  players: v.pipe(v.array(v.looseObject({ seat: seatNumber, name: v.string() })), v.minLength(1)),
  turns: v.array(
    v.looseObject({
      turn: count,
      seat: seatNumber,
      input: v.optional(lines),
      inputDigest: v.optional(v.string()),
      output: lines,
      failure: v.optional(failed),
    }),
  ),
  result: v.looseObject({
    winner: v.nullable(seatNumber),
    reason: v.string(),
    players: v.array(
      v.looseObject({
        seat: seatNumber,
        rank: count,
        status: v.picklist(['ok', 'timeout', 'crash', 'invalid'] as const),
      }),
    ),
  }),
});

/**
 * A record read from JSON (a file, or a server's answer), checked; `from` names where it came from.
 * Anything else is a `SetupError` saying what is wrong, in one line.
 */
export function readRecord(value: unknown, from: string): GameRecord {
  const format = (value as { format?: unknown } | null)?.format;
  if (typeof value !== 'object' || value === null || format !== RECORD_FORMAT)
    throw new SetupError(`${from} is not a game record (one is downloaded from a game of your submission's page)`);
  // The version first: a record of another version may have another shape, which is not a mistake of its own.
  const { version } = value as { version?: unknown };
  if (version !== RECORD_VERSION)
    throw new SetupError(
      `${from} is a game record of version ${JSON.stringify(version ?? null)}, and this Tabula reads version ${RECORD_VERSION}`,
    );
  const checked = v.safeParse(schema, value);
  if (!checked.success) {
    const [issue] = checked.issues;
    throw new SetupError(`${from} is not a whole game record: ${v.getDotPath(issue) ?? 'it'}: ${issue.message}`);
  }
  const record = checked.output as GameRecord;
  const seats = record.players.length;
  if (record.players.some((p, i) => p.seat !== i))
    throw new SetupError(`${from} is not a whole game record: its players are not in seat order`);
  if (record.seat >= seats || record.turns.some((t) => t.seat >= seats))
    throw new SetupError(`${from} is not a whole game record: it names a seat its game does not have`);
  if (record.turns.some((t) => t.seat === record.seat && t.input === undefined))
    throw new SetupError(`${from} is not a whole game record: a turn of seat ${record.seat} lacks its input`);
  return record;
}
