/**
 * Fits the Minishogi evaluation's weights (Texel's method) to game results, or to a stronger
 * engine's scores:
 *
 *   node dist/scripts/tuning/minishogi.js play GAMES NODES FILE [SEED]
 *     self-play of the search at NODES a move from random openings (2 to 8 random plies), writing
 *     the game's quiet positions with its result for player 0 (1, 0.5 or 0), one `SFEN result` a
 *     line;
 *   node dist/scripts/tuning/minishogi.js fit FILE... [--epochs N] [--write]
 *     fits the weights so that sigmoid(K x evaluation) predicts the results (K fitted first, with
 *     the current weights), placement tables pulled towards 0; prints the loss on a tenth of the
 *     positions held out, and with --write rewrites src/games/minishogi/engine/weights.ts;
 *   node dist/scripts/tuning/minishogi.js label FILE OUT ENGINE [DEPTH] [WORKERS]
 *     scores the positions of FILE (as `play` writes them) by the USI engine ENGINE
 *     (Fairy-Stockfish, 16 MB of hash), a search to DEPTH (9) each, WORKERS (2) engines at once,
 *     writing one `SFEN score best` a line to OUT: the engine's score for the side to move in its
 *     own centipawns (a mate as 10000), and its best move in USI. Each engine's hash keeps what it
 *     searched before, so a score depends on the positions that engine took earlier: with one
 *     worker two runs give the same file, with more the order they share the positions in decides;
 *   node dist/scripts/tuning/minishogi.js fit-scores FILE... [--epochs N] [--anchor L] [--write]
 *     the same as `fit`, fitted to those scores instead of results: a position whose best move
 *     captures or promotes is left out, the scores are scaled to the evaluation's unit by the
 *     factor that fits the current weights best, and every weight is pulled towards its current
 *     value by L x (difference)² (2e-10 by default) rather than towards 0.
 *
 * A position is quiet when the player to move is not in check and the search's move neither
 * captures nor promotes: its static evaluation then means what the game's result says.
 */
import { spawn } from 'node:child_process';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { Rng } from '../../src/core/rng.js';
import {
  evaluate,
  HAND,
  MOBILITY,
  PLACEMENT,
  WEIGHT_COUNT,
  weightName,
} from '../../src/games/minishogi/engine/evaluation.js';
import { DECIDED, Search } from '../../src/games/minishogi/engine/search.js';
import { WEIGHTS } from '../../src/games/minishogi/engine/weights.js';
import { isDrop, isPromotion, type Move, moveTo, parseUsi } from '../../src/games/minishogi/moves.js';
import type { Position } from '../../src/games/minishogi/position.js';
import { type MinishogiState, rules } from '../../src/games/minishogi/rules.js';
import { formatSfen, parseSfen, START_SFEN } from '../../src/games/minishogi/sfen.js';

function play(games: number, nodes: number, file: string, seed: number): void {
  const searches = [new Search(), new Search()];
  const started = performance.now();
  let written = 0;
  for (let g = 0; g < games; g++) {
    const rng = new Rng(seed + g);
    let state: MinishogiState = rules.initial({ seats: 2, seed: seed + g, options: {} });
    // The searches see the game from its start, on one position.
    const pos = parseSfen(START_SFEN);
    const played = (m: Move) => {
      pos.make(m);
      state = rules.play(state, m);
    };
    const opening = 2 + rng.below(7);
    for (let i = 0; i < opening && state.outcome === null; i++) played(rng.pick(pos.legalMoves()));
    for (const search of searches) search.clear();
    const quiet: string[] = [];
    while (state.outcome === null) {
      const result = searches[pos.side]!.run(pos, { nodes });
      const m = result.move!;
      const capture = ((m >> 5) & 31) < 25 && pos.board[m & 31] !== 0;
      if (!pos.inCheck() && !capture && (m & 1024) === 0 && Math.abs(result.score) < DECIDED)
        quiet.push(formatSfen(pos));
      played(m);
    }
    const winner = state.outcome.winner;
    const result = winner === null ? 0.5 : winner === 0 ? 1 : 0;
    appendFileSync(file, quiet.map((sfen) => `${sfen} ${result}\n`).join(''));
    written += quiet.length;
    if ((g + 1) % 50 === 0)
      process.stderr.write(
        `${g + 1} games, ${written} positions, ${((performance.now() - started) / 1000).toFixed(0)} s\n`,
      );
  }
}

/** `label`: each position's score and best move by a USI engine's search to `depth`. */
async function label(file: string, out: string, engine: string, depth: number, workers: number): Promise<void> {
  const positions = linesOf([file]).map((line) => line.split(' ').slice(0, 4).join(' '));
  writeFileSync(out, '');
  const started = performance.now();
  let next = 0;
  let done = 0;
  const worker = (): Promise<void> =>
    new Promise((resolve, reject) => {
      const child = spawn(engine, [], { stdio: ['pipe', 'pipe', 'ignore'] });
      child.on('error', reject);
      let sfen = '';
      let score: number | null = null;
      const ask = (): void => {
        if (next === positions.length) {
          child.stdin.end('quit\n');
          resolve();
          return;
        }
        sfen = positions[next++]!;
        score = null;
        child.stdin.write(`position sfen ${sfen}\ngo depth ${depth}\n`);
      };
      createInterface({ input: child.stdout }).on('line', (line) => {
        const info = /\bscore (cp|mate) (-?\d+)/.exec(line);
        if (info) score = info[1] === 'cp' ? Number(info[2]) : Math.sign(Number(info[2])) * 10_000;
        if (line === 'readyok') ask();
        else if (line.startsWith('bestmove ')) {
          const best = line.split(' ')[1]!;
          if (score !== null && best !== 'resign' && best !== '(none)')
            appendFileSync(out, `${sfen} ${score} ${best}\n`);
          if (++done % 5000 === 0)
            process.stderr.write(`${done} positions, ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
          ask();
        }
      });
      child.stdin.write('usi\nsetoption name UCI_Variant value minishogi\nsetoption name USI_Hash value 16\nisready\n');
    });
  await Promise.all(Array.from({ length: workers }, worker));
}

interface Sample {
  readonly start: number;
  readonly end: number;
  /** The game's result for player 0, or an engine's score for player 0 (`fit-scores`). */
  readonly result: number;
}

/** Sparse features of every position: (index, count) pairs. */
class Features {
  readonly indices: number[] = [];
  readonly counts: number[] = [];
  readonly samples: Sample[] = [];
  private readonly trace = new Float64Array(WEIGHT_COUNT);

  add(pos: Position, result: number): void {
    this.trace.fill(0);
    evaluate(pos, WEIGHTS, this.trace);
    const start = this.indices.length;
    this.trace.forEach((c, i) => {
      if (c !== 0) {
        this.indices.push(i);
        this.counts.push(c);
      }
    });
    this.samples.push({ start, end: this.indices.length, result });
  }
}

const linesOf = (files: readonly string[]): string[] =>
  files.flatMap((file) => readFileSync(file, 'utf8').split('\n')).filter((line) => line !== '');

/** How hard weights are pulled: the tables towards 0 when fitting results, every weight towards its value when fitting scores. */
const PULL = { results: 2e-7, scores: 2e-10 };

function fitResults(files: readonly string[], epochs: number, write: boolean): void {
  const features = new Features();
  for (const line of linesOf(files)) {
    const at = line.lastIndexOf(' ');
    features.add(parseSfen(line.slice(0, at)), Number(line.slice(at + 1)));
  }
  fit(features, null, PULL.results, epochs, write);
}

/** The scale of the weights' own fit to game results (weights.ts), for an engine's scores. */
const RESULTS_K = 0.789;

function fitScores(files: readonly string[], epochs: number, pull: number, write: boolean): void {
  const features = new Features();
  let left = 0;
  for (const line of linesOf(files)) {
    const [board, side, hands, number, score, best] = line.split(' ');
    const pos = parseSfen(`${board} ${side} ${hands} ${number}`);
    const m = parseUsi(best ?? '');
    const quiet = m !== null && !isPromotion(m) && (isDrop(m) || pos.board[moveTo(m)] === 0);
    if (!quiet || Math.abs(Number(score)) > 3000) left++;
    else features.add(pos, pos.side === 0 ? Number(score) : -Number(score));
  }
  console.log(`${left} positions left out (best move not quiet, or decided)`);
  fit(features, RESULTS_K, pull, epochs, write);
}

/**
 * Fits to results, with K fitted to the current weights and the tables pulled towards 0; or, with
 * `scoresK`, to scores, seen as sigmoid(scoresK x scale x score) with the scale fitted to the
 * current weights, every weight pulled towards its current value; the pull is `lambda` x
 * (difference)².
 */
function fit(features: Features, scoresK: number | null, lambda: number, epochs: number, write: boolean): void {
  const { samples } = features;
  const idx = Int32Array.from(features.indices);
  const cnt = Float64Array.from(features.counts);
  // Every tenth position is held out.
  const train = samples.filter((_, i) => i % 10 !== 0);
  const test = samples.filter((_, i) => i % 10 === 0);
  const w = Float64Array.from(WEIGHTS);
  const value = (s: Sample): number => {
    let e = 0;
    for (let j = s.start; j < s.end; j++) e += w[idx[j]!]! * cnt[j]!;
    return e;
  };
  const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));
  // The target of a sample, for the scale `scale` of the scores (results are targets as they are).
  let scale = 1;
  const target = (s: Sample): number => (scoresK === null ? s.result : sigmoid((scoresK * scale * s.result) / 400));
  const lossAt = (set: readonly Sample[], k: number): number =>
    set.reduce((sum, s) => sum + (sigmoid((k * value(s)) / 400) - target(s)) ** 2, 0) / set.length;
  const minimum = (f: (x: number) => number, lo: number, hi: number): number => {
    for (let i = 0; i < 40; i++) {
      const a = lo + (hi - lo) / 3;
      const b = hi - (hi - lo) / 3;
      if (f(a) < f(b)) hi = b;
      else lo = a;
    }
    return (lo + hi) / 2;
  };

  // K, the scale that best fits the current weights to results; for scores, the scale of the scores.
  let k: number;
  if (scoresK === null) k = minimum((x) => lossAt(train, x), 0.01, 10);
  else {
    k = scoresK;
    scale = minimum(
      (x) => {
        scale = x;
        return lossAt(train, k);
      },
      0.1,
      4,
    );
  }
  const loss = (set: readonly Sample[]): number => lossAt(set, k);
  console.log(
    `${samples.length} positions; K ${k.toFixed(3)}${scoresK === null ? '' : `, scores scaled by ${scale.toFixed(3)}`}; loss ${loss(train).toFixed(5)}, held out ${loss(test).toFixed(5)}`,
  );

  // Adam on the mean squared error, with the tables pulled towards 0 (results) or every weight
  // towards its current value (scores).
  const regularized = (i: number): boolean => scoresK !== null || (i >= PLACEMENT && i < HAND);
  const anchor = (i: number): number => (scoresK === null ? 0 : WEIGHTS[i]!);
  const m = new Float64Array(WEIGHT_COUNT);
  const v = new Float64Array(WEIGHT_COUNT);
  const grad = new Float64Array(WEIGHT_COUNT);
  const rate = 1;
  for (let epoch = 1; epoch <= epochs; epoch++) {
    grad.fill(0);
    for (const s of train) {
      const p = sigmoid((k * value(s)) / 400);
      const g = (2 * (p - target(s)) * p * (1 - p) * k) / 400 / train.length;
      for (let j = s.start; j < s.end; j++) grad[idx[j]!]! += g * cnt[j]!;
    }
    for (let i = 0; i < WEIGHT_COUNT; i++) {
      const gi = grad[i]! + (regularized(i) ? 2 * lambda * (w[i]! - anchor(i)) : 0);
      m[i] = 0.9 * m[i]! + 0.1 * gi;
      v[i] = 0.999 * v[i]! + 0.001 * gi * gi;
      const mh = m[i]! / (1 - 0.9 ** epoch);
      const vh = v[i]! / (1 - 0.999 ** epoch);
      w[i] = w[i]! - (rate * mh) / (Math.sqrt(vh) + 1e-12);
    }
    if (epoch % 100 === 0 || epoch === epochs)
      console.log(`epoch ${epoch}: loss ${loss(train).toFixed(5)}, held out ${loss(test).toFixed(5)}`);
  }
  const rounded = Int16Array.from(w, (x) => Math.max(-32000, Math.min(32000, Math.round(x))));
  for (const i of [
    ...Array(10).keys(),
    ...Array.from({ length: 10 }, (_, j) => HAND + j),
    ...Array.from({ length: 10 }, (_, j) => MOBILITY + j),
  ])
    console.log(`${weightName(i).padEnd(24)} ${WEIGHTS[i]} -> ${rounded[i]}`);
  if (write)
    writeWeights(
      rounded,
      scoresK === null
        ? [
            "The evaluation's weights (layout in evaluation.ts), fitted to the results of self-play games by",
            `scripts/tuning/minishogi.ts (${samples.length} positions, K = ${k.toFixed(3)}). Generated: do not edit by hand.`,
          ]
        : [
            "The evaluation's weights (layout in evaluation.ts), fitted by scripts/tuning/minishogi.ts",
            `fit-scores to a stronger engine's scores of ${samples.length} quiet positions (scaled by ${scale.toFixed(3)},`,
            `K = ${k.toFixed(3)}), from the weights before. Generated: do not edit by hand.`,
          ],
    );
}

function writeWeights(w: Int16Array, header: readonly string[]): void {
  const rows: string[] = [];
  for (let i = 0; i < w.length; i += 25) rows.push(`  ${Array.from(w.subarray(i, i + 25)).join(', ')},`);
  const text = `/**
${header.map((line) => ` * ${line}`).join('\n')}
 */
// biome-ignore format: as the tuner writes it, 25 weights a row
export const WEIGHTS: Int16Array = Int16Array.from([
${rows.join('\n')}
]);
`;
  writeFileSync(new URL('../../../src/games/minishogi/engine/weights.ts', import.meta.url), text);
  console.log('wrote src/games/minishogi/engine/weights.ts');
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { epochs: { type: 'string', default: '1000' }, anchor: { type: 'string' }, write: { type: 'boolean' } },
});
const [command, ...args] = positionals;
const epochs = Number(values.epochs);
const write = values.write === true;
if (command === 'play') {
  const [games = '100', nodes = '2000', file = 'minishogi-positions.txt', seed = '1'] = args;
  writeFileSync(file, '', { flag: 'a' });
  play(Number(games), Number(nodes), file, Number(seed));
} else if (command === 'label' && args.length >= 3) {
  const [file, out, engine, depth = '9', workers = '2'] = args as [string, string, string, string?, string?];
  await label(file, out, engine, Number(depth), Number(workers));
} else if (command === 'fit') fitResults(args, epochs, write);
else if (command === 'fit-scores') fitScores(args, epochs, Number(values.anchor ?? PULL.scores), write);
else {
  console.error(
    'usage: minishogi-tune play GAMES NODES FILE [SEED] | label FILE OUT ENGINE [DEPTH] [WORKERS] | fit FILE... [--epochs N] [--write] | fit-scores FILE... [--epochs N] [--anchor L] [--write]',
  );
  process.exitCode = 2;
}
