/**
 * Minishogi's benchmark cases: perft from the start with this engine and, in the same run, with
 * Fairy-Stockfish's wasm build (`go perft`, through tools/fairy-stockfish.js) and with the
 * `shogiops` package, so that their rates compare; and whole games through the protocol. The two
 * other engines are GPL development dependencies, used here and in tests only.
 */
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { perft as shogiopsPerft } from 'shogiops/debug';
import { parseSfen as shogiopsSfen } from 'shogiops/sfen';
import { playGame } from '../src/arena/game-loop.js';
import { game } from '../src/games/minishogi/index.js';
import { parseSfen, START_SFEN } from '../src/games/minishogi/sfen.js';

const root = process.env.TABULA_ROOT ?? new URL('../../', import.meta.url).pathname;

/** Fairy-Stockfish in a child process that does not keep the benchmark alive between runs. */
class FairyStockfish {
  private waiting: { readonly match: RegExp; readonly resolve: (line: string) => void } | null = null;

  private constructor(private readonly child: ChildProcessByStdio<Writable, Readable, null>) {
    (child.stdin as unknown as Socket).unref();
    createInterface({ input: child.stdout }).on('line', (line) => {
      const waiting = this.waiting;
      if (waiting?.match.test(line)) {
        this.waiting = null;
        waiting.resolve(line);
      }
    });
  }

  static async start(): Promise<FairyStockfish> {
    const child = spawn(process.execPath, [join(root, 'tools', 'fairy-stockfish.js')], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const engine = new FairyStockfish(child);
    await engine.ask(['usi'], /^usiok/);
    await engine.ask(['setoption name USI_Variant value minishogi', 'isready'], /^readyok/);
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
}

let fairyStockfish: Promise<FairyStockfish> | null = null;

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
  { name: 'minishogi games, built-in bots through the protocol', unit: 'turns', run: games },
];
