/**
 * `tabula view`'s file, read and checked: a replay of this version, of a game Tabula knows, with what
 * the viewer reads (players, turns, the result) in their places. Anything else is refused with one
 * line that names what is wrong, before the file is served and whenever it is read again.
 */
import { readFile, stat } from 'node:fs/promises';
import * as v from 'valibot';
import { REPLAY_VERSION, type Replay } from '../arena/replay.js';
import { issueText } from './client-input.js';
import { ServeError } from './errors.js';

const count = v.pipe(v.number(), v.integer(), v.minValue(0));
/** A time in ms; a limit of Infinity (a person's) is null in JSON. */
const ms = v.nullable(v.number());
const lines = v.array(v.string());

// Loose objects: fields added to the format later (it only grows, replay.ts says) are kept.
const player = v.looseObject({ seat: count, bot: v.string(), name: v.optional(v.string()) });
const turn = v.looseObject({
  turn: count,
  seat: count,
  input: lines,
  output: lines,
  stderr: v.string(),
  timeMs: ms,
  limitMs: ms,
  comment: v.optional(v.string()),
  failure: v.optional(v.looseObject({ status: v.string(), message: v.string() })),
});
const playerResult = v.looseObject({
  bot: v.string(),
  seat: count,
  score: v.number(),
  rank: v.number(),
  status: v.string(),
  message: v.string(),
});
const replay = v.pipe(
  v.looseObject({
    version: v.number(),
    game: v.string(),
    seed: v.number(),
    startedAt: v.string(),
    players: v.pipe(v.array(player), v.minLength(1, 'a replay has players')),
    timeLimits: v.looseObject({ firstTurnMs: ms, turnMs: ms }),
    turns: v.array(turn),
    result: v.looseObject({
      game: v.string(),
      seed: v.number(),
      turns: count,
      winner: v.nullable(count),
      reason: v.string(),
      players: v.array(playerResult),
    }),
  }),
  v.check((r) => r.turns.every((t) => t.seat < r.players.length), 'a turn is played by a seat the game does not have'),
);

/**
 * The replay in the file at `path`, checked; `known`: the ids of the games Tabula knows. Throws a
 * ServeError that names the file and what is wrong with it.
 */
export async function readReplayFile(path: string, known: readonly string[]): Promise<Replay> {
  const info = await stat(path).catch((err: NodeJS.ErrnoException) => {
    throw new ServeError(err.code === 'ENOENT' ? `no replay file at ${path}` : `cannot read ${path}: ${err.message}`);
  });
  if (info.isDirectory()) throw new ServeError(`${path} is a directory, not a replay file`);
  if (!info.isFile()) throw new ServeError(`${path} is not a file, so not a replay file`);
  const text = await readFile(path, 'utf8').catch((err: Error) => {
    throw new ServeError(`cannot read ${path}: ${err.message}`);
  });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    // JSON.parse quotes the text around the fault, line breaks and all: one line here.
    const cut = text.trim() === '' ? 'it is empty' : (err as Error).message.replace(/\s+/g, ' ');
    throw new ServeError(`${path} is not a replay file: not JSON (${cut})`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new ServeError(`${path} is not a replay file: it holds ${Array.isArray(value) ? 'a list' : 'no object'}`);
  const { version, game } = value as { version?: unknown; game?: unknown };
  // The version first: a replay of another version may have another shape, which is not a mistake of its own.
  if (version !== REPLAY_VERSION)
    throw new ServeError(
      `${path} is a replay of version ${JSON.stringify(version ?? null)}, and this Tabula reads version ${REPLAY_VERSION}`,
    );
  if (typeof game === 'string' && !known.includes(game))
    throw new ServeError(
      `${path} is a replay of "${game}", a game Tabula does not know (known games: ${known.join(', ')})`,
    );
  const checked = v.safeParse(replay, value);
  if (!checked.success) throw new ServeError(`${path} is not a replay file: ${issueText(checked.issues)}`);
  return value as Replay;
}
