/**
 * Paired matches for the games on the morris board (Mills, Nine Men's Morris), as the strength
 * scripts (mills.ts, morris.ts) play them: each pair of games starts from one opening of random
 * plies (chosen from the pair's seed, played by the referee, none that takes a stone), then the two
 * bots play it twice with the seats swapped, in process and through the protocol. Built-in bots
 * limited by depth (`time=0`) play the same games on any machine; timed ones think as in a real
 * game (told the game's limits) but are not held to them.
 *
 * Besides the score, it checks the strong bot's solved endgames: a bot that reaches a flying
 * endgame of 3 against 3 that the tables call drawn or won for it must not lose the game. It counts
 * the games where the bot had such an endgame to move, and those it lost all the same.
 */
import { connectBot } from '../../src/arena/bot-spec.js';
import { Endgames } from '../../src/boards/morris-engine/endgames.js';
import type { BoardPosition } from '../../src/boards/morris-engine/position.js';
import type { GameDefinition } from '../../src/core/game.js';
import { deriveSeed, Rng } from '../../src/core/rng.js';
import { millis, type Seat, seat } from '../../src/core/units.js';
import { eloInterval, PENTANOMIAL_VALUES, scoreMoments, Z95 } from '../../src/league/stats/elo.js';

/** What the match needs of a game beyond its definition. */
export interface MorrisBoardGame<S, M> {
  readonly game: GameDefinition<S, M>;
  /** Whether a move takes a stone (openings take none, so that bots reading the protocol count right). */
  readonly takes: (state: S, move: M) => boolean;
  /** The engine's position of a state. */
  readonly position: (state: S) => BoardPosition;
}

export interface MatchLine {
  readonly bot: string;
  readonly opponent: string;
  readonly games: number;
  /** The bot's score, 0..1, with its 95% interval (from the game pairs). */
  readonly score: number;
  readonly low: number;
  readonly high: number;
  /** The Elo difference the score gives, with its 95% interval. */
  readonly elo: { readonly value: number; readonly low: number; readonly high: number };
  /** The bot's score in each seat. */
  readonly seats: readonly [number, number];
  /** Games in which the bot had a 3-against-3 endgame to move (its tables' domain). */
  readonly endgames: number;
  /** Games the bot lost after reaching a 3-against-3 endgame its tables called drawn or won. */
  readonly tableLosses: number;
  readonly seconds: number;
}

/**
 * Bots are told the game's limits (a timed bot thinks as in a real game) but are not held to them:
 * a loaded machine does not forfeit games; this only stops a bot that hangs.
 */
const HANG = millis(600_000);

/** The first `plies` moves of pair `pair`'s opening. */
function opening<S, M>(g: MorrisBoardGame<S, M>, seed: number, plies: number): M[] {
  const rng = new Rng(seed);
  const moves: M[] = [];
  let state = g.game.rules.initial({ players: 2, seed, options: {} });
  for (let i = 0; i < plies && g.game.rules.outcome(state) === null; i++) {
    const quiet = g.game.rules.legalMoves(state).filter((m) => !g.takes(state, m));
    if (quiet.length === 0) break;
    const m = rng.pick(quiet);
    moves.push(m);
    state = g.game.rules.play(state, m);
  }
  return moves;
}

/**
 * One game from `moves`; returns the winner, whether `watched` had a 3-against-3 endgame to move,
 * and whether it lost after one that the tables did not lose for it.
 */
async function playFrom<S, M>(
  g: MorrisBoardGame<S, M>,
  specs: readonly [string, string],
  moves: readonly M[],
  seed: number,
  watched: Seat,
  tables: Endgames,
): Promise<{ winner: Seat | null; endgame: boolean; tableLoss: boolean }> {
  const { rules, protocol } = g.game;
  let state = rules.initial({ players: 2, seed, options: {} });
  for (const m of moves) state = rules.play(state, m);
  const bots = specs.map((spec, i) =>
    connectBot(g.game, spec, { seed: deriveSeed(seed, i), gameOptions: {}, timeLimits: g.game.timeLimits }),
  );
  const first = [true, true];
  let endgame = false;
  let safe = false;
  try {
    for (let outcome = rules.outcome(state); outcome === null; outcome = rules.outcome(state)) {
      const s = rules.toMove(state);
      if (s === watched && !safe && Endgames.holds(g.position(state))) {
        endgame = true;
        safe = tablesHold(tables, g.position(state));
      }
      const answer = await bots[s]!.turn(protocol.turnInput(state, s, first[s]!), HANG);
      first[s] = false;
      if (answer.kind !== 'line') throw new Error(`${specs[s]} failed: ${JSON.stringify(answer)}`);
      const parsed = protocol.parseOutput(state, s, answer.line);
      if (!parsed.ok) throw new Error(`${specs[s]}: ${answer.line}: ${parsed.error}`);
      state = rules.play(state, parsed.value.move);
    }
  } finally {
    await Promise.all(bots.map((b) => b.close(millis(1000))));
  }
  const winner = rules.outcome(state)!.winner;
  return { winner, endgame, tableLoss: safe && winner !== null && winner !== watched };
}

/** Whether `p`, a 3-against-3 endgame, is drawn or won (in time) for the side to move. */
function tablesHold(tables: Endgames, p: BoardPosition): boolean {
  const table = tables.table(Endgames.liveOf(p));
  tables.work(Infinity);
  const d = table.probe(p.side, p.stones[p.side]!, p.stones[1 - p.side]!);
  return d === 0 || d % 2 === 1 || d > p.pliesLeft;
}

/** `pairs` pairs of games of `bot` against `opponent` from openings of `plies` random plies. */
export async function pairedMatch<S, M>(
  g: MorrisBoardGame<S, M>,
  bot: string,
  opponent: string,
  pairs: number,
  plies: number,
  seed: number,
): Promise<MatchLine> {
  const started = performance.now();
  const tables = new Endgames();
  const pentanomial = [0, 0, 0, 0, 0];
  const seats: [number, number] = [0, 0];
  let endgames = 0;
  let tableLosses = 0;
  for (let pair = 0; pair < pairs; pair++) {
    const pairSeed = deriveSeed(seed, pair);
    const moves = opening(g, pairSeed, plies);
    let pairScore = 0;
    for (const at of [seat(0), seat(1)]) {
      const specs: [string, string] = at === 0 ? [bot, opponent] : [opponent, bot];
      const { winner, endgame, tableLoss } = await playFrom(g, specs, moves, pairSeed + at, at, tables);
      const score = winner === null ? 0.5 : winner === at ? 1 : 0;
      pairScore += score;
      seats[at]! += score;
      if (endgame) endgames++;
      if (tableLoss) tableLosses++;
    }
    pentanomial[pairScore * 2]!++;
  }
  const moments = scoreMoments(PENTANOMIAL_VALUES, pentanomial);
  const half = Z95 * Math.sqrt(moments.variance / moments.n);
  return {
    bot,
    opponent,
    games: 2 * pairs,
    score: moments.mean,
    low: Math.max(0, moments.mean - half),
    high: Math.min(1, moments.mean + half),
    elo: eloInterval(moments),
    seats: [seats[0] / pairs, seats[1] / pairs],
    endgames,
    tableLosses,
    seconds: (performance.now() - started) / 1000,
  };
}

const percent = (x: number): string => `${(100 * x).toFixed(1)}%`;
const elo = (x: number): string =>
  Number.isFinite(x) ? `${x > 0 ? '+' : ''}${Math.round(x)}` : x > 0 ? '+inf' : '-inf';

/** The table the strength scripts print, one line per match. */
export function printMatches(lines: readonly MatchLine[]): void {
  console.log(
    '| bot | opponent | games | score (95% interval) | Elo (95% interval) | as seat 0 | as seat 1 | 3 v 3 games | lost against the table |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const l of lines) {
    console.log(
      `| ${l.bot} | ${l.opponent} | ${l.games} | ${percent(l.score)} (${percent(l.low)}–${percent(l.high)}) | ` +
        `${elo(l.elo.value)} (${elo(l.elo.low)}, ${elo(l.elo.high)}) | ${percent(l.seats[0])} | ${percent(l.seats[1])} | ${l.endgames} | ${l.tableLosses} |`,
    );
  }
}

/** A match of the ladder: the bot, its opponent, and how many pairs of games. */
export interface Rung {
  readonly bot: string;
  readonly opponent: string;
  readonly pairs: number;
}

/**
 * The strength script's main: plays `ladder` (or the one match named on the command line) and
 * prints the table. Options: `--pairs N` (every rung), `--plies N` (random opening plies, 6 by
 * default), `--seed S`.
 */
export async function strengthMain<S, M>(
  g: MorrisBoardGame<S, M>,
  ladder: readonly Rung[],
  argv: readonly string[],
): Promise<void> {
  const options = new Map<string, string>();
  const bots: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i]!.startsWith('--')) options.set(argv[i]!.slice(2), argv[++i] ?? '');
    else bots.push(argv[i]!);
  }
  const pairs = options.has('pairs') ? Number(options.get('pairs')) : undefined;
  const plies = Number(options.get('plies') ?? 6);
  const seed = Number(options.get('seed') ?? 1);
  const rungs = bots.length === 2 ? [{ bot: bots[0]!, opponent: bots[1]!, pairs: pairs ?? 20 }] : ladder;
  console.log(`${g.game.title}: paired games from openings of ${plies} random plies, seed ${seed}`);
  const lines: MatchLine[] = [];
  for (const rung of rungs) {
    const line = await pairedMatch(g, rung.bot, rung.opponent, pairs ?? rung.pairs, plies, seed);
    console.error(
      `${rung.bot} against ${rung.opponent}: ${(100 * line.score).toFixed(1)}% in ${line.seconds.toFixed(0)} s`,
    );
    lines.push(line);
  }
  printMatches(lines);
}
