/**
 * What the gauntlets of the games on the morris board (../mills.ts, ../morris.ts) share: the
 * pairings, played by the gauntlet runner (../gauntlet.ts), and a check of the strong bot's solved endgames
 * over the games the gauntlet stored: a bot that has a flying endgame of 3 against 3 to move that the
 * complete table calls drawn or won for it must not lose the game.
 */
import { startOf } from '../../../src/arena/opening.js';
import type { Replay } from '../../../src/arena/replay.js';
import { Endgames } from '../../../src/boards/morris-engine/endgames.js';
import { STRONG_PARAMS } from '../../../src/boards/morris-engine/players.js';
import type { BoardPosition } from '../../../src/boards/morris-engine/position.js';
import type { GameDefinition } from '../../../src/core/game.js';
import { millis, type Seat } from '../../../src/core/units.js';
import type { MatchConfig } from '../../../src/runs/run-config.js';
import { Store } from '../../../src/runs/store/store.js';
import { gauntletOptions, type Pairing, playGauntlet } from '../gauntlet.js';

/** What the table check needs of a game beyond its definition. */
export interface MorrisBoardGame<S, M> {
  readonly game: GameDefinition<S, M>;
  /** The engine's position of a state. */
  readonly position: (state: S) => BoardPosition;
}

/**
 * Four random plies open each pair of games: varied (255,024 openings), and before any mill can
 * close, since a Nine Men's Morris bot counts the stones placed from the board and takes none.
 */
const openings = { randomPlies: 4 };
/** Depth-limited bots do not look at the clock; these limits only stop one that hangs. */
const untimed = { firstTurn: millis(600_000), turn: millis(600_000) };
const strong = 'builtin:strong(depth=6,time=0)';
/** The strong bot's default share of the turn's limit. */
const DEFAULT_TIME = Number(STRONG_PARAMS.find((s) => s.name === 'time')!.default);

/**
 * The gauntlet: depth 6 against random, greedy and depth 3 (`--pairing 6`); then the default, timed,
 * against depth 3 and against itself with a tenth of its time (`--pairing timed`).
 */
export const MORRIS_BOARD_PAIRINGS: readonly Pairing[] = [
  { name: 'random', bot: strong, opponent: 'builtin:random', games: 100, openings, timeLimits: untimed },
  { name: 'greedy', bot: strong, opponent: 'builtin:greedy', games: 100, openings, timeLimits: untimed },
  {
    name: 'depth 6 vs 3',
    bot: strong,
    opponent: 'builtin:strong(depth=3,time=0)',
    games: 200,
    openings,
    timeLimits: untimed,
  },
  // Timed, under the game's limits: the bot as it plays by default against half the depth it reaches.
  {
    name: 'timed vs 3',
    bot: 'builtin:strong',
    opponent: 'builtin:strong(depth=3,time=0)',
    games: 100,
    openings,
  },
  // Timed: the bot as it plays by default against itself with a tenth of its thinking time.
  {
    name: 'timed vs a tenth',
    bot: 'builtin:strong',
    opponent: `builtin:strong(time=${DEFAULT_TIME / 10})`,
    games: 200,
    openings,
  },
];

/** `npm run strength -- <game>`: the gauntlet, then the check of the tables over its games. */
export async function morrisBoardGauntlet<S, M>(g: MorrisBoardGame<S, M>, args: readonly string[]): Promise<void> {
  const options = gauntletOptions(args);
  await playGauntlet(g.game.id, MORRIS_BOARD_PAIRINGS, options);
  const pairings = MORRIS_BOARD_PAIRINGS.filter((r) => options.only === undefined || r.name.includes(options.only));
  console.log('\nopponent                games  3 v 3 games  lost against the table');
  for (const pairing of pairings) {
    const { games, endgames, losses } = checkTables(g, options.db, pairing, options.seed);
    console.log(
      `${pairing.name.padEnd(22)}  ${String(games).padStart(5)}  ${String(endgames).padStart(11)}  ${losses}`,
    );
  }
}

/**
 * Replays the stored games of `pairing` (seed `seed`) and counts those where its bot had a 3 against 3
 * endgame to move, and those it lost after one that the complete table calls drawn or won for it.
 */
function checkTables<S, M>(
  g: MorrisBoardGame<S, M>,
  db: string,
  pairing: Pairing,
  seed: number,
): { games: number; endgames: number; losses: number } {
  const store = new Store(db);
  const tables = new Endgames();
  let games = 0;
  let endgames = 0;
  let losses = 0;
  try {
    for (const run of store.runs()) {
      const config = run.config as MatchConfig;
      if (
        config.game !== g.game.id ||
        config.seed !== seed ||
        config.bots.join() !== [pairing.bot, pairing.opponent].join()
      )
        continue;
      for (const stored of store.games(run.id)) {
        const replay = store.replay(stored.id)!;
        const watched = stored.seats.indexOf(0) as Seat;
        let safe: boolean | null = null;
        for (const { seat, state } of replayedTurns(g.game, replay)) {
          const p = g.position(state);
          if (seat === watched && safe === null && Endgames.holds(p)) safe = holds(tables, p);
        }
        games++;
        if (safe !== null) endgames++;
        const winner = stored.result.winner;
        if (safe === true && winner !== null && winner !== watched) losses++;
      }
    }
  } finally {
    store.close();
  }
  return { games, endgames, losses };
}

/** A turn of a stored game: its seat, the state it was played from, and its move (null: it failed, the last). */
export interface ReplayedTurn<S, M> {
  readonly seat: Seat;
  readonly state: S;
  readonly move: M | null;
}

/** The turns of a stored two-player game, played again from its opening by the game's rules. */
export function* replayedTurns<S, M>(game: GameDefinition<S, M>, replay: Replay): Generator<ReplayedTurn<S, M>> {
  let state = startOf(game, { seats: 2, seed: replay.seed, options: {} }, replay.opening);
  for (const turn of replay.turns) {
    const parsed = game.protocol.parseOutput(state, turn.seat, turn.output[0] ?? '');
    yield { seat: turn.seat, state, move: parsed.ok ? parsed.value.move : null };
    if (!parsed.ok) return;
    state = game.rules.play(state, parsed.value.move);
  }
}

/** Whether `p`, a 3 against 3 endgame, is drawn or won in time for the side to move. */
function holds(tables: Endgames, p: BoardPosition): boolean {
  const table = tables.table(Endgames.liveOf(p));
  tables.work(Infinity);
  const d = table.probe(p.side, p.stones[p.side]!, p.stones[1 - p.side]!);
  return d === 0 || d % 2 === 1 || d > p.pliesLeft;
}
