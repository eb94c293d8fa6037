/**
 * The strong bot's search as a USI engine (`tabula usi minishogi strong`), for shogi GUIs and other
 * arenas: `usi`, `isready`, `usinewgame`, `position startpos|sfen ... [moves ...]`, `go` with
 * `movetime`, `depth`, `nodes`, `btime`/`wtime`/`binc`/`winc`/`byoyomi` or `infinite`, `stop`,
 * `quit`. The search runs in a thread of its own (engine/worker.ts), so that `stop` is read while
 * it thinks. The bot's parameters apply: `depth` and `nodes` cap every search, `time` scales the
 * time it gives itself.
 */
import { Worker } from 'node:worker_threads';
import type { LineIO } from '../../core/line-io.js';
import type { Colour } from './board.js';
import { DECIDED, MATE } from './engine/search.js';
import type { SearchLimits, WorkerAnswer, WorkerData, WorkerRequest } from './engine/worker.js';
import { parseUsi } from './moves.js';
import { parseSfen, SfenError, START_SFEN } from './sfen.js';

/** Kept back from the time a `go` allows: the engine's own overhead and the GUI's. */
const MARGIN_MS = 10;
/** With a clock (`btime`...), a move takes about this share of what is left, and at most `HARD_SHARE` of it. */
const MOVES_TO_GO = 20;
const HARD_SHARE = 0.4;

/** A `go` command's arguments, by name; `infinite` and `ponder` as 1. */
type GoArguments = ReadonlyMap<string, number>;

function readGo(args: readonly string[]): GoArguments {
  const go = new Map<string, number>();
  for (let i = 0; i < args.length; i++) {
    const name = args[i]!;
    if (name === 'infinite' || name === 'ponder') go.set(name, 1);
    else if (/^[0-9]+$/.test(args[i + 1] ?? '')) go.set(name, Number(args[++i]));
  }
  return go;
}

/** The search's limits for a `go`, the side to move `side`, and the bot's parameters. */
export function goLimits(go: GoArguments, side: Colour, params: Readonly<Record<string, string>>): SearchLimits {
  const share = Number(params.time ?? 1);
  const cap = (name: string): number | undefined => {
    const values = [go.get(name), Number(params[name] ?? 0) || undefined].filter(
      (v): v is number => v !== undefined && v > 0,
    );
    return values.length > 0 ? Math.min(...values) : undefined;
  };
  const depth = cap('depth');
  const nodes = cap('nodes');
  const fixed = { ...(depth !== undefined && { depth }), ...(nodes !== undefined && { nodes }) };
  const ms = (value: number): number => Math.max(1, value * share - MARGIN_MS);
  if (go.has('infinite') || go.has('ponder')) return fixed;
  const movetime = go.get('movetime');
  if (movetime !== undefined) return { ...fixed, softMs: ms(movetime), hardMs: ms(movetime) };
  const left = go.get(side === 0 ? 'btime' : 'wtime');
  const byoyomi = go.get('byoyomi') ?? 0;
  if (left === undefined && byoyomi === 0) return fixed;
  const remaining = left ?? 0;
  const target = remaining / MOVES_TO_GO + (go.get(side === 0 ? 'binc' : 'winc') ?? 0) + byoyomi;
  return { ...fixed, softMs: ms(target / 2), hardMs: ms(Math.min(2 * target, remaining * HARD_SHARE + byoyomi)) };
}

/** A score in USI: `cp N`, or `mate N` (plies, negative when the engine is mated). */
function usiScore(score: number): string {
  if (score >= DECIDED) return `mate ${MATE - score}`;
  if (score <= -DECIDED) return `mate -${MATE + score}`;
  return `cp ${score}`;
}

/** Reads a `position` command; throws `SfenError` on a bad position or an illegal move. */
function readPosition(args: readonly string[]): { sfen: string; moves: string[] } {
  const at = args.indexOf('moves');
  const head = at < 0 ? args : args.slice(0, at);
  const moves = at < 0 ? [] : args.slice(at + 1);
  let sfen: string;
  if (head[0] === 'startpos' && head.length === 1) sfen = START_SFEN;
  else if (head[0] === 'sfen') sfen = head.slice(1).join(' ');
  else throw new SfenError('expected position startpos or position sfen <sfen>, then moves if any');
  const pos = parseSfen(sfen);
  for (const text of moves) {
    const move = parseUsi(text);
    if (move === null || !pos.legalMoves().includes(move)) throw new SfenError(`illegal move ${text}`);
    pos.make(move);
  }
  return { sfen, moves };
}

/** One engine: its position, and the search thread, started at the first need. */
class UsiEngine {
  private readonly stop = new Int32Array(new SharedArrayBuffer(4));
  private worker: Worker | null = null;
  /** Settles once the search thread has started. */
  private ready: Promise<void> = Promise.resolve();
  private started = (): void => {};
  private position: { readonly sfen: string; readonly moves: readonly string[] } = { sfen: START_SFEN, moves: [] };
  /** Settles with the `bestmove` of the search under way; null when none is. */
  private searching: Promise<void> | null = null;
  private answered = (): void => {};
  /** Whether the search under way has no limit of its own: only `stop` ends it. */
  private unlimited = false;

  constructor(
    private readonly io: LineIO,
    private readonly params: Readonly<Record<string, string>>,
  ) {}

  /** Handles one command; false for `quit`. */
  async handle(line: string): Promise<boolean> {
    const io = this.io;
    const [command = '', ...args] = line.trim().split(/\s+/);
    switch (command) {
      case 'usi':
        io.writeLine('id name Tabula minishogi strong');
        io.writeLine('id author Tabula');
        io.writeLine('usiok');
        break;
      case 'isready':
        this.thread();
        await this.ready;
        io.writeLine('readyok');
        break;
      case 'usinewgame':
        this.thread().postMessage({ kind: 'clear' } satisfies WorkerRequest);
        break;
      case 'position':
        try {
          this.position = readPosition(args);
        } catch (err) {
          if (!(err instanceof SfenError)) throw err;
          io.writeLine(`info string ${err.message}`);
        }
        break;
      case 'go':
        this.go(args);
        break;
      case 'stop':
      case 'ponderhit':
        Atomics.store(this.stop, 0, 1);
        break;
      case 'quit':
        return false;
      case '':
      case 'setoption':
      case 'gameover':
        break;
      default:
        io.writeLine(`info string unknown command ${command}`);
    }
    return true;
  }

  /** At the end of the input: a search with limits of its own is answered, an unlimited one is stopped first. */
  async finish(): Promise<void> {
    if (this.searching && this.unlimited) Atomics.store(this.stop, 0, 1);
    await this.searching;
  }

  async close(): Promise<void> {
    Atomics.store(this.stop, 0, 1);
    await this.worker?.terminate();
  }

  private go(args: readonly string[]): void {
    if (this.searching) {
      this.io.writeLine('info string already searching: stop first');
      return;
    }
    const side = (parseSfen(this.position.sfen).side ^ (this.position.moves.length & 1)) as Colour;
    const limits = goLimits(readGo(args), side, this.params);
    this.unlimited = Object.keys(limits).length === 0;
    Atomics.store(this.stop, 0, 0);
    this.searching = new Promise((resolve) => (this.answered = resolve));
    const request: WorkerRequest = {
      kind: 'go',
      ...this.position,
      startedAt: performance.timeOrigin + performance.now(),
      limits,
    };
    this.thread().postMessage(request);
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    // No options from this process's command line: `--input-type`, say, would stop the thread from starting.
    const worker = new Worker(new URL('./engine/worker.js', import.meta.url), {
      workerData: { stop: this.stop } satisfies WorkerData,
      execArgv: [],
    });
    this.ready = new Promise((resolve) => (this.started = resolve));
    worker.on('message', (answer: WorkerAnswer) => {
      if (answer.kind === 'ready') this.started();
      else if (answer.kind === 'iteration') {
        const nps = Math.round((answer.nodes * 1000) / Math.max(1, answer.ms));
        this.io.writeLine(
          `info depth ${answer.depth} score ${usiScore(answer.score)} nodes ${answer.nodes} nps ${nps} time ${Math.round(answer.ms)} pv ${answer.pv.join(' ')}`,
        );
      } else {
        this.io.writeLine(`bestmove ${answer.move ?? 'resign'}`);
        this.searching = null;
        this.answered();
      }
    });
    worker.on('error', (err) => {
      this.io.log(`the search thread failed: ${err.stack ?? err.message}`);
      this.io.writeLine('bestmove resign');
      this.searching = null;
      this.answered();
    });
    this.worker = worker;
    return worker;
  }
}

/** Speaks USI on `io` until `quit` or the end of the input. */
export async function serveUsi(io: LineIO, params: Readonly<Record<string, string>>): Promise<void> {
  const engine = new UsiEngine(io, params);
  try {
    for (let line = await io.readLine(); line !== null; line = await io.readLine())
      if (!(await engine.handle(line))) return;
    await engine.finish();
  } finally {
    await engine.close();
  }
}
