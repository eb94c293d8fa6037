/**
 * `tabula reproduce <record-or-url> [game] <command>`: a game of one's own in a contest, played again
 * here with one's command at one's seat and the other seats' recorded answers at theirs
 * (arena/reproduce.ts). The record is a file downloaded from the submission's page, or fetched from
 * the server (`URL GAME --seat K`, with the token `tabula submit` keeps). Exit 0: played as recorded to
 * the recorded result; 1: it differs, where and how printed; 2: refused.
 */
import { readFile } from 'node:fs/promises';
import { type GameRecord, readRecord } from '../arena/record.js';
import { type ReplayTurn, writeReplay } from '../arena/replay.js';
import { checkReferee, type Reproduction, reproduce } from '../arena/reproduce.js';
import type { TimeOverrides } from '../core/time-control.js';
import { findGame } from '../games/registry.js';
import { gameRecord, keepMovedToken, serverOrigin, tokenFor } from './contest-client.js';
import { EXIT, UsageError } from './errors.js';
import { plural } from './plural.js';
import { type LimitOptions, sandboxOf } from './run-options.js';
import { turnLog } from './turn-log.js';

export interface ReproduceOptions extends TimeOverrides, LimitOptions {
  seat?: number;
  replay?: string;
  json?: boolean;
  verbose?: boolean;
  token?: string;
}

/** Exit code of a game played again that differs from its record. */
const DIFFERS = 1;

export async function reproduceCommand(
  source: string,
  gameOrCommand: string | undefined,
  command: string | undefined,
  options: ReproduceOptions,
): Promise<number> {
  // Two words: a record file and the command; three: a server's URL, the game, and the command.
  const bot = command ?? gameOrCommand;
  if (bot === undefined) throw new UsageError("name your bot's command: tabula reproduce RECORD COMMAND");
  const record =
    command === undefined ? await recordFile(source, options.seat) : await recordFrom(source, gameOrCommand!, options);
  // Before the game is looked for: a newer referee's record may be of a game this Tabula lacks.
  checkReferee(record);
  const game = await findGame(record.game);
  const replayPath = options.replay ?? `reproduce-${record.gameId ?? record.game}-seat${record.seat}.json`;
  const onTurn = options.verbose
    ? (turn: ReplayTurn) => void process.stderr.write(turnLog(turn, nameAt(record, turn.seat)))
    : undefined;
  const done = await reproduce(game, record, bot, {
    connect: { ...sandboxOf(options), hidden: [replayPath] },
    limits: options,
    ...(options.timeMargin !== undefined && { margin: options.timeMargin }),
    ...(onTurn && { onTurn }),
  });
  await writeReplay(replayPath, done.replay);
  process.stdout.write(
    options.json ? `${JSON.stringify(jsonOf(record, done, replayPath))}\n` : text(record, done, replayPath),
  );
  return done.difference === null ? EXIT.ok : DIFFERS;
}

/** A record file, as the submission's page downloads it; `seat`, when given, must be its seat. */
async function recordFile(path: string, seat: number | undefined): Promise<GameRecord> {
  if (/^https?:\/\//.test(path))
    throw new UsageError(`with a server's URL, name the game: tabula reproduce ${path} GAME --seat K COMMAND`);
  const read = await readFile(path, 'utf8').catch((err: NodeJS.ErrnoException) => {
    throw new UsageError(err.code === 'ENOENT' ? `there is no ${path}` : `cannot read ${path}: ${err.message}`);
  });
  let value: unknown;
  try {
    value = JSON.parse(read);
  } catch {
    throw new UsageError(`${path} is not a game record: it is not JSON`);
  }
  const record = readRecord(value, path);
  if (seat !== undefined && seat !== record.seat)
    throw new UsageError(`${path} is the record of seat ${record.seat}, not of seat ${seat}`);
  return record;
}

/** A game's record of the asker's seat, from the server that played it. */
async function recordFrom(url: string, game: string, options: ReproduceOptions): Promise<GameRecord> {
  const origin = serverOrigin(url);
  if (!/^\d+$/.test(game))
    throw new UsageError(`a game is named by its id, a number (as your submission's page lists it), not "${game}"`);
  if (options.seat === undefined) throw new UsageError(`--seat K: the seat of your bot in game ${game}`);
  const { token, moved } = await tokenFor(origin, options);
  const record = readRecord(await gameRecord(origin, token, Number(game), options.seat), `${origin}'s answer`);
  if (moved) keepMovedToken(origin, moved);
  return record;
}

/** The recorded name of a seat's bot. */
const nameAt = (record: GameRecord, seat: number): string =>
  record.players.find((p) => p.seat === seat)?.name ?? `seat ${seat}`;

function text(record: GameRecord, done: Reproduction, replayPath: string): string {
  const turns = done.replay.turns.length;
  const which = record.gameId === null ? record.game : `game ${record.gameId} (${record.game})`;
  const game = `${which}, seat ${record.seat} (${nameAt(record, record.seat)})`;
  const view = `tabula view ${replayPath}`;
  const d = done.difference;
  if (d === null) {
    const { winner, reason } = record.result;
    const result = winner === null ? `a draw: ${reason}` : `seat ${winner} (${nameAt(record, winner)}) wins: ${reason}`;
    return (
      `${game}: played again as recorded, turn for turn, to the recorded result (${plural(turns, 'turn')}): ${result}\n` +
      `replay: ${replayPath} (${view})\n`
    );
  }
  const before = d.turn - 1;
  const why =
    d.what === 'answer'
      ? `your bot answered otherwise than recorded`
      : `this Tabula's referee played otherwise than the recorded game's, though every answer before was as recorded`;
  return (
    `${game}: as recorded for ${plural(before, 'turn')}, then ${why}:\n` +
    `${d.message}\n` +
    `replay up to turn ${turns}: ${replayPath} (${view})\n`
  );
}

/** `--json`: one line, the shape docs/cli.md gives. */
function jsonOf(record: GameRecord, done: Reproduction, replayPath: string) {
  const d = done.difference;
  const head = { game: record.game, gameId: record.gameId, seat: record.seat, turns: done.replay.turns.length };
  if (d === null)
    return {
      ...head,
      reached: 'end',
      result: { winner: record.result.winner, reason: record.result.reason },
      replay: replayPath,
    };
  return {
    ...head,
    reached: 'differs',
    at: { turn: d.turn, seat: d.seat, what: d.what },
    ...(d.what === 'answer' && { recorded: d.recorded ?? null, answered: d.answered ?? null }),
    message: d.message,
    replay: replayPath,
  };
}
