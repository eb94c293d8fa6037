/**
 * The search in a thread of its own, for the USI engine (usi-engine.ts): the engine's thread keeps
 * reading commands (`stop` above all) while this one searches. It is told a position (an SFEN and
 * the moves since) and limits, reports each iteration and the best move, and stops early when the
 * shared flag is set.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { formatUsi, parseUsi } from '../moves.js';
import { parseSfen } from '../sfen.js';
import { type Limits, type Report, Search } from './search.js';

/** The limits a `go` sets; the clock and the stop flag are the thread's own. */
export type SearchLimits = Pick<Limits, 'depth' | 'nodes' | 'softMs' | 'hardMs'>;

/** What the engine's thread asks. `startedAt`: when the clock started, as `performance.timeOrigin + performance.now()`. */
export type WorkerRequest =
  | {
      readonly kind: 'go';
      readonly sfen: string;
      readonly moves: readonly string[];
      readonly startedAt: number;
      readonly limits: SearchLimits;
    }
  | { readonly kind: 'clear' };

/** What this thread answers: that it is ready (once); for each `go`, each iteration's report (moves in USI), then the move (null: none is legal). */
export type WorkerAnswer =
  | { readonly kind: 'ready' }
  | {
      readonly kind: 'iteration';
      readonly depth: number;
      readonly score: number;
      readonly nodes: number;
      readonly ms: number;
      readonly pv: readonly string[];
    }
  | { readonly kind: 'bestmove'; readonly move: string | null };

/** The flag, set by the engine's thread, that stops the search. */
export interface WorkerData {
  readonly stop: Int32Array;
}

const { stop } = workerData as WorkerData;
const port = parentPort!;
const search = new Search();

const iteration = (r: Report): WorkerAnswer => ({
  kind: 'iteration',
  depth: r.depth,
  score: r.score,
  nodes: r.nodes,
  ms: r.ms,
  pv: r.pv.map(formatUsi),
});

port.on('message', (request: WorkerRequest) => {
  if (request.kind === 'clear') return search.clear();
  const pos = parseSfen(request.sfen);
  for (const move of request.moves) pos.make(parseUsi(move)!);
  const result = search.run(pos, {
    ...request.limits,
    startedAt: request.startedAt - performance.timeOrigin,
    stop,
    onIteration: (report) => port.postMessage(iteration(report)),
  });
  port.postMessage({
    kind: 'bestmove',
    move: result.move === null ? null : formatUsi(result.move),
  } satisfies WorkerAnswer);
});
port.postMessage({ kind: 'ready' } satisfies WorkerAnswer);
