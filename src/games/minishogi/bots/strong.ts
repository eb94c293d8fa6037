/**
 * The strong bot: the search (engine/search.ts) on the position each turn shows, thinking for a
 * share of the turn's limit. It follows the game from the moves it reads and plays, so that the
 * search sees every position since the start (or since the bot's first turn) for repetitions, and
 * counts the moves played for the 300-move limit.
 */

import { EngineReuse } from '../../../core/engine-reuse.js';
import type { BuiltinBot, Setting } from '../../../core/game.js';
import type { LineIO } from '../../../core/line-io.js';
import { failed, ok, type Result } from '../../../core/result.js';
import type { TimeLimits } from '../../../core/time-control.js';
import { OwnClock, type TurnPolicy } from '../../../core/turn-budget.js';
import type { Colour } from '../board.js';
import { Search } from '../engine/search.js';
import { positionOf, readTurn, type TurnInput } from '../input.js';
import { formatAction, parseAction } from '../moves.js';
import type { Position } from '../position.js';
import { parseSfen, START_SFEN } from '../sfen.js';

/**
 * Shares of the turn's limit (times the `time` parameter): no new iteration starts after `soft`,
 * the search stops at `hard`. The clock a bot sees starts when it reads its input, later than the
 * arena's; the rest is margin for a busy machine. A fresh process's first turn also pays for
 * starting the process, so its clock starts when the process did (the arena writes player 0's
 * first input as it starts the process). The later turn's stops are the largest measured with no
 * timeout in 1,000 games; the first turn's give the bot about the 500 ms the bridge gives
 * Fairy-Stockfish (both measured in commit 2c27129). The first turn searches at least `warmUpMs`
 * from the read, unless that ends after `latest` of the limit: player 1's process starts with the
 * game, long before its first input, and a search cut short there leaves the search's code
 * uncompiled for the 100 ms turns after it (player 1's second turn was its most frequent timeout).
 */
export const TIME_POLICY: TurnPolicy = {
  soft: 0.49,
  hard: 0.55,
  firstTurn: { soft: 0.3, hard: 0.45, warmUpMs: 100, latest: 0.5 },
};

/** This process's clock: when it started, and whether it has had a turn yet. */
const CLOCK = new OwnClock();

/**
 * This process's search, kept from game to game (core/engine-reuse.ts): a new search's table
 * (then 12 MB) for each game had V8 run full collections of the old ones as a game began, up to
 * 196 ms of wall time (200 games at concurrency 2, commit 2c27129), while the other bots think.
 */
const reuse = new EngineReuse<Search>();
const NEW_SEARCH = { make: () => new Search() };

const wholeNumber =
  (what: string) =>
  (value: string): Result<string> =>
    /^[0-9]{1,9}$/.test(value)
      ? ok(value)
      : failed(`${what} is a whole number (0 for no limit), not ${JSON.stringify(value)}`);

const params: readonly Setting[] = [
  {
    name: 'depth',
    description: 'search at most this many plies (0: as deep as the time allows)',
    default: '0',
    check: wholeNumber('depth'),
  },
  {
    name: 'nodes',
    description: 'search at most about this many positions a move (0: no limit)',
    default: '0',
    check: wholeNumber('nodes'),
  },
  {
    name: 'time',
    description: 'share of the usual thinking time (1: all of it; 0.5: half)',
    default: '1',
    check: (value) =>
      /^[0-9]*\.?[0-9]+$/.test(value) && Number(value) > 0 && Number(value) <= 1.5
        ? ok(value)
        : failed(`time is a share above 0 and at most 1.5, not ${JSON.stringify(value)}`),
  },
];

/** The position of this turn: the game followed by the opponent's last action, or rebuilt from the turn. */
function follow(previous: Position | null, turn: TurnInput, me: Colour): Position {
  const shown = positionOf(turn, me);
  const same = (pos: Position): boolean => pos.keyLo === shown.keyLo && pos.keyHi === shown.keyHi;
  const played = (pos: Position): Position | null => {
    const move = turn.lastAction === null ? null : parseAction(turn.lastAction);
    if (move === null || !pos.legalMoves().includes(move)) return null;
    pos.make(move);
    return same(pos) ? pos : null;
  };
  if (previous !== null) {
    const next = played(previous);
    if (next) return next;
  } else if (turn.lastAction === null && same(parseSfen(START_SFEN))) return parseSfen(START_SFEN);
  else {
    // Player 1's first turn after the start position's first move: the start counts for repetitions.
    const next = played(parseSfen(START_SFEN));
    if (next) return next;
  }
  // A start of the referee's own (or a game the bot lost track of): from here on, moves counted from 0 or 1.
  shown.moveNumber = me + 1;
  return shown;
}

export const strong: BuiltinBot = {
  description:
    'alpha-beta search (iterative deepening, transposition table, quiescence) knowing the end rules; depth=N, nodes=N, time=share',
  params,
  create:
    ({ timeLimits, params: given }) =>
    (io) =>
      reuse.play(NEW_SEARCH, (search) =>
        play(io, search, {
          depth: Number(given.depth ?? 0),
          nodes: Number(given.nodes ?? 0),
          share: Number(given.time ?? 1),
          timeLimits,
        }),
      ),
};

interface StrongSettings {
  readonly depth: number;
  readonly nodes: number;
  readonly share: number;
  readonly timeLimits: TimeLimits;
}

/** Plays one game with `search`, new or cleared for it. */
async function play(io: LineIO, search: Search, { depth, nodes, share, timeLimits }: StrongSettings): Promise<void> {
  let pos: Position | null = null;
  let me: Colour = 0;
  for (
    let turn = await readTurn(io, true), first = true;
    turn !== null;
    turn = await readTurn(io, false), first = false
  ) {
    const readAt = performance.now();
    if (turn.id !== null) me = turn.id;
    pos = follow(pos, turn, me);
    const { from, softMs, hardMs } = CLOCK.turn(timeLimits, TIME_POLICY, share, { first, readAt });
    const result = search.run(pos, {
      startedAt: from,
      softMs,
      hardMs,
      ...(depth > 0 && { depth }),
      ...(nodes > 0 && { nodes }),
    });
    if (result.move === null) {
      io.writeLine('random');
      continue;
    }
    pos.make(result.move);
    io.writeLine(`${formatAction(result.move, me)} depth ${result.depth} score ${result.score}`);
  }
}
