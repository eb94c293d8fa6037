/**
 * A quick, deterministic strength measurement of Minishogi's search, in process: `builtin:strong`'s
 * search (limited by depth or nodes, or by time) against Fairy-Stockfish (`/usr/games/fairy-stockfish`,
 * an external program: `apt-get install fairy-stockfish`) or the random player, refereed by
 * Tabula's rules. Games come in pairs with seats swapped, each pair from the same random opening
 * plies. Prints the score with its 95% interval and the Elo difference, per rung.
 *
 *   npm run build && node dist/scripts/minishogi-ladder.js [--games 200] [--plies 2] [--seed 1]
 *       [--engine nodes=20000] [--base DIR] fsf:depth=2 fsf:nodes=20000 fsf:movetime=100 random base:nodes=20000 ...
 *
 * `--engine` and each opponent's limit: `depth=N`, `nodes=N` or `movetime=MS` (for the engine,
 * `movetime` is the bot's own budget for a turn of that length, as in a game). `base:<limit>` is the
 * search of another build of Tabula (`--base`, its dist/ folder): an earlier version, to compare with.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { Rng } from '../src/core/rng.js';
import { formatUsi, type Move, parseUsi } from '../src/games/minishogi/moves.js';
import { type MinishogiState, rules } from '../src/games/minishogi/rules.js';
import type { Limits, Search } from '../src/games/minishogi/search/search.js';
import { parseSfen, START_SFEN } from '../src/games/minishogi/sfen.js';

const FAIRY_STOCKFISH = process.env.FAIRY_STOCKFISH ?? '/usr/games/fairy-stockfish';

interface Player {
  readonly name: string;
  newGame(): Promise<void>;
  /** The move after `moves` from the start. */
  play(moves: readonly Move[]): Promise<Move>;
  close(): void;
}

function parseLimit(text: string): { kind: 'depth' | 'nodes' | 'movetime'; value: number } {
  const match = /^(depth|nodes|movetime)=([0-9]+)$/.exec(text);
  if (!match) throw new Error(`a limit is depth=N, nodes=N or movetime=MS, not ${JSON.stringify(text)}`);
  return { kind: match[1] as 'depth' | 'nodes' | 'movetime', value: Number(match[2]) };
}

/** What the ladder uses of a build of Tabula (this one's, or another's through `--base`). */
interface Build {
  readonly Search: new () => Search;
  readonly parseSfen: typeof parseSfen;
}

async function loadBuild(dist: string): Promise<Build> {
  const folder = `${dist}/src/games/minishogi`;
  const [search, sfen] = await Promise.all([import(`${folder}/search/search.js`), import(`${folder}/sfen.js`)]);
  return { Search: search.Search, parseSfen: sfen.parseSfen };
}

/** The search, as builtin:strong runs it (bots/strong.ts: movetime gives its shares of a turn), from the game's moves. */
function engine(name: string, build: Build, limitText: string): Player {
  const limit = parseLimit(limitText);
  const search = new build.Search();
  const limits = (): Limits => {
    const startedAt = performance.now();
    if (limit.kind === 'depth') return { depth: limit.value };
    if (limit.kind === 'nodes') return { nodes: limit.value };
    return { startedAt, softMs: limit.value * 0.3, hardMs: limit.value * 0.55 };
  };
  return {
    name: `${name}(${limitText})`,
    newGame: async () => search.clear(),
    play: async (moves) => {
      // Moves are numbers of the same layout in every build.
      const pos = build.parseSfen(START_SFEN);
      for (const m of moves) pos.make(m);
      return search.run(pos, limits()).move!;
    },
    close: () => {},
  };
}

function randomPlayer(seed: number): Player {
  let rng = new Rng(seed);
  let games = 0;
  return {
    name: 'random',
    newGame: async () => {
      rng = new Rng(seed + games++);
    },
    play: async (moves) => {
      const pos = parseSfen(START_SFEN);
      for (const m of moves) pos.make(m);
      return rng.pick(pos.legalMoves());
    },
    close: () => {},
  };
}

function fairyStockfish(limitText: string): Player {
  const limit = parseLimit(limitText);
  const child = spawn(FAIRY_STOCKFISH, [], { stdio: ['pipe', 'pipe', 'inherit'] });
  const waiting: ((line: string) => void)[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => waiting[0]?.(line));
  const ask = (lines: readonly string[], done: RegExp): Promise<string> =>
    new Promise((resolve) => {
      waiting.push((line) => {
        if (done.test(line)) {
          waiting.shift();
          resolve(line);
        }
      });
      child.stdin.write(lines.map((l) => `${l}\n`).join(''));
    });
  const ready = ask(['usi', 'setoption name UCI_Variant value minishogi', 'isready'], /^readyok/);
  return {
    name: `fsf(${limitText})`,
    newGame: async () => {
      await ready;
      await ask(['usinewgame', 'isready'], /^readyok/);
    },
    play: async (moves) => {
      const line = await ask(
        [
          `position sfen ${START_SFEN}${moves.length ? ` moves ${moves.map(formatUsi).join(' ')}` : ''}`,
          `go ${limit.kind} ${limit.value}`,
        ],
        /^bestmove /,
      );
      const move = parseUsi(line.split(' ')[1]!);
      if (move === null) throw new Error(`Fairy-Stockfish answered ${line}`);
      return move;
    },
    close: () => void child.stdin.end('quit\n'),
  };
}

/** Plays one game from the opening; the result for seat 0 (1, 0.5 or 0) and why it ended. */
async function playOne(
  players: readonly [Player, Player],
  opening: readonly Move[],
  seed: number,
): Promise<{ score: number; reason: string; plies: number }> {
  await Promise.all(players.map((p) => p.newGame()));
  let state: MinishogiState = rules.initial({ players: 2, seed, options: {} });
  const moves: Move[] = [];
  const play = (m: Move) => {
    state = rules.play(state, m);
    moves.push(m);
  };
  for (const m of opening) play(m);
  while (state.outcome === null) {
    const player = players[state.position.side]!;
    const move = await player.play(moves);
    if (!state.position.legalMoves().includes(move))
      throw new Error(
        `${player.name} played an illegal move ${formatUsi(move)} after ${moves.map(formatUsi).join(' ')}`,
      );
    play(move);
  }
  const o = state.outcome;
  return {
    score: o.winner === null ? 0.5 : o.winner === 0 ? 1 : 0,
    reason: o.reason.replace(/[0-9]+/g, 'N'),
    plies: state.ply,
  };
}

function randomOpening(seed: number, plies: number): Move[] {
  const rng = new Rng(seed);
  for (;;) {
    let state = rules.initial({ players: 2, seed, options: {} });
    const moves: Move[] = [];
    for (let i = 0; i < plies && state.outcome === null; i++) {
      const m = rng.pick(rules.legalMoves(state));
      moves.push(m);
      state = rules.play(state, m);
    }
    if (state.outcome === null) return moves;
  }
}

async function rung(mine: Player, other: Player, games: number, plies: number, seed: number): Promise<void> {
  const scores: number[] = [];
  const reasons = new Map<string, number>();
  let plyTotal = 0;
  const started = performance.now();
  for (let pair = 0; pair < games / 2; pair++) {
    const opening = randomOpening(seed + pair, plies);
    const a = await playOne([mine, other], opening, seed + pair);
    const b = await playOne([other, mine], opening, seed + pair);
    scores.push(a.score, 1 - b.score);
    for (const r of [a, b]) {
      reasons.set(r.reason, (reasons.get(r.reason) ?? 0) + 1);
      plyTotal += r.plies;
    }
    if ((pair + 1) % 10 === 0) process.stderr.write(`  ${scores.length} games: ${(mean(scores) * 100).toFixed(1)}%\n`);
  }
  const m = mean(scores);
  const sd = Math.sqrt(scores.reduce((s, x) => s + (x - m) ** 2, 0) / (scores.length - 1 || 1));
  const half = (1.96 * sd) / Math.sqrt(scores.length);
  const elo = (p: number): string => (p <= 0 ? '-inf' : p >= 1 ? '+inf' : (-400 * Math.log10(1 / p - 1)).toFixed(0));
  const wins = scores.filter((s) => s === 1).length;
  const draws = scores.filter((s) => s === 0.5).length;
  const seat0 = mean(scores.filter((_, i) => i % 2 === 0));
  const seat1 = mean(scores.filter((_, i) => i % 2 === 1));
  console.log(
    `${mine.name} vs ${other.name}: ${scores.length} games, +${wins} =${draws} -${scores.length - wins - draws}, ` +
      `${(m * 100).toFixed(1)}% ± ${(half * 100).toFixed(1)} (Elo ${elo(m)} [${elo(m - half)}, ${elo(m + half)}]), ` +
      `as player 0 ${(seat0 * 100).toFixed(0)}%, as player 1 ${(seat1 * 100).toFixed(0)}%, ` +
      `${(plyTotal / scores.length).toFixed(0)} plies a game, ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  console.log(
    `  endings: ${[...reasons]
      .sort((x, y) => y[1] - x[1])
      .map(([r, n]) => `${n} ${r}`)
      .join('; ')}`,
  );
}

const mean = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;

const args = process.argv.slice(2);
const option = (name: string, fallback: string): string => {
  const i = args.indexOf(name);
  if (i < 0) return fallback;
  const [value] = args.splice(i, 2).slice(1);
  return value ?? fallback;
};
const games = Number(option('--games', '200'));
const plies = Number(option('--plies', '2'));
const seed = Number(option('--seed', '1'));
const base = option('--base', '');
const mine = engine(
  'strong',
  await loadBuild(new URL('../', import.meta.url).pathname),
  option('--engine', 'nodes=20000'),
);
for (const opponent of args) {
  const other =
    opponent === 'random'
      ? randomPlayer(seed)
      : opponent.startsWith('fsf:')
        ? fairyStockfish(opponent.slice(4))
        : opponent.startsWith('base:') && base !== ''
          ? engine('base', await loadBuild(base), opponent.slice(5))
          : null;
  if (other === null)
    throw new Error(`an opponent is random, fsf:<limit> or base:<limit> (with --base), not ${opponent}`);
  await rung(mine, other, games, plies, seed);
  other.close();
}
