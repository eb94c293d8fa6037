/**
 * Minishogi's benchmark cases: perft from the start with this engine and, in the same run, with
 * Fairy-Stockfish's wasm build (`go perft`, through tools/fairy-stockfish.js) and with the
 * `shogiops` package, so that their rates compare; the strong bot's search and Fairy-Stockfish's
 * (nodes searched a second, from the same positions at fixed depths); and whole games through the
 * protocol. The two other engines are GPL development dependencies, used here and in tests only.
 */
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { perft as shogiopsPerft } from 'shogiops/debug';
import { parseSfen as shogiopsSfen } from 'shogiops/sfen';
import { playGame } from '../src/arena/game-loop.js';
import { Search } from '../src/games/minishogi/engine/search.js';
import { game } from '../src/games/minishogi/index.js';
import { parseSfen, START_SFEN } from '../src/games/minishogi/sfen.js';

const root = process.env.TABULA_ROOT ?? new URL('../../', import.meta.url).pathname;

/** Fairy-Stockfish in a child process that does not keep the benchmark alive between runs. */
class FairyStockfish {
  private waiting: { readonly match: RegExp; readonly resolve: (line: string) => void } | null = null;
  /** The last `info` line with a node count: a search's total once `bestmove` has come. */
  private lastInfo = '';

  private constructor(private readonly child: ChildProcessByStdio<Writable, Readable, null>) {
    (child.stdin as unknown as Socket).unref();
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (/^info .*\bnodes [0-9]+/.test(line)) this.lastInfo = line;
      const waiting = this.waiting;
      if (waiting?.match.test(line)) {
        this.waiting = null;
        waiting.resolve(line);
      }
    });
  }

  /** The wasm build through its wrapper, or the native build at `path`. */
  static async start(path: string | null = null): Promise<FairyStockfish> {
    const [command, args] =
      path === null ? [process.execPath, [join(root, 'tools', 'fairy-stockfish.js')]] : [path, []];
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
    const engine = new FairyStockfish(child);
    await engine.ask(['usi'], /^usiok/);
    // The wasm build names the option USI_Variant under USI, the native one UCI_Variant.
    const option = path === null ? 'USI_Variant' : 'UCI_Variant';
    await engine.ask([`setoption name ${option} value minishogi`, 'isready'], /^readyok/);
    return engine;
  }

  /** Sends `lines`, then waits for a line that `match` takes; only then may the benchmark exit. */
  async ask(lines: readonly string[], match: RegExp): Promise<string> {
    const output = this.child.stdout as unknown as Socket;
    this.child.ref();
    output.ref();
    try {
      return await new Promise((resolve) => {
        this.waiting = { match, resolve };
        this.child.stdin.write(lines.map((line) => `${line}\n`).join(''));
      });
    } finally {
      this.child.unref();
      output.unref();
    }
  }

  async perft(sfen: string, depth: number): Promise<number> {
    const line = await this.ask([`position sfen ${sfen}`, `go perft ${depth}`], /^Nodes searched: [0-9]+/);
    return Number(line.split(': ')[1]);
  }

  /** Searches `sfen` to `depth` from an empty hash table; the nodes searched. */
  async search(sfen: string, depth: number): Promise<number> {
    await this.ask(['usinewgame', 'isready'], /^readyok/);
    await this.ask([`position sfen ${sfen}`, `go depth ${depth}`], /^bestmove/);
    return Number(/\bnodes ([0-9]+)/.exec(this.lastInfo)![1]);
  }
}

/** Positions for the search cases: the start, and middle games with captures to weigh (from the tests). */
const SEARCH_POSITIONS = [
  START_SFEN,
  '1p1g1/bRs2/G1Skp/2R2/K4 w b 26',
  '2s1k/3gp/2G1R/r3b/1KSB1 b p 19',
  'rk2+P/bs3/1S3/PK1g1/2GB1 w R 24',
];

let fairyStockfish: Promise<FairyStockfish> | null = null;
/** Debian's native build (`apt-get install fairy-stockfish`), where installed: the opponent of the strength gauntlet. */
const NATIVE = process.env.FAIRY_STOCKFISH ?? '/usr/games/fairy-stockfish';
let native: Promise<FairyStockfish> | null = null;
const search = new Search();

async function games(): Promise<number> {
  let turns = 0;
  for (let seed = 0; seed < 5; seed++)
    turns += (await playGame(game, ['builtin:random', 'builtin:random'], { seed })).result.turns;
  return turns;
}

export const cases: { readonly name: string; readonly unit: string; readonly run: () => number | Promise<number> }[] = [
  { name: 'minishogi perft 6, this engine', unit: 'nodes', run: () => parseSfen(START_SFEN).perft(6) },
  {
    name: 'minishogi perft 6, Fairy-Stockfish wasm (go perft)',
    unit: 'nodes',
    run: async () => {
      if (!fairyStockfish) fairyStockfish = FairyStockfish.start();
      return (await fairyStockfish).perft(START_SFEN, 6);
    },
  },
  {
    name: 'minishogi perft 4, shogiops',
    unit: 'nodes',
    run: () => shogiopsPerft(shogiopsSfen('minishogi', START_SFEN).unwrap(), 4),
  },
  {
    name: 'minishogi search, builtin:strong (depth 8, 4 positions)',
    unit: 'nodes',
    run: () =>
      SEARCH_POSITIONS.reduce((nodes, sfen) => {
        search.clear();
        return nodes + search.run(parseSfen(sfen), { depth: 8 }).nodes;
      }, 0),
  },
  {
    name: 'minishogi search, Fairy-Stockfish wasm (depth 12, 4 positions)',
    unit: 'nodes',
    run: async () => {
      if (!fairyStockfish) fairyStockfish = FairyStockfish.start();
      const engine = await fairyStockfish;
      let nodes = 0;
      for (const sfen of SEARCH_POSITIONS) nodes += await engine.search(sfen, 12);
      return nodes;
    },
  },
  ...(existsSync(NATIVE)
    ? [
        {
          name: 'minishogi search, Fairy-Stockfish native (depth 12, 4 positions)',
          unit: 'nodes',
          run: async () => {
            if (!native) native = FairyStockfish.start(NATIVE);
            const engine = await native;
            let nodes = 0;
            for (const sfen of SEARCH_POSITIONS) nodes += await engine.search(sfen, 12);
            return nodes;
          },
        },
      ]
    : []),
  { name: 'minishogi games, built-in bots through the protocol', unit: 'turns', run: games },
];
