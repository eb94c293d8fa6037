/**
 * Compares evaluation weights of the morris engine (src/boards/morris-engine/) by self-play, for
 * tuning the strong bots of Mills and Nine Men's Morris: paired games from random openings of 4
 * plies (both players play the same first moves, seats swapped within a pair), on the engine's
 * position directly, both players at one fixed depth, so that the games are deterministic and
 * independent of the machine's load.
 *
 *   npm run build && node dist/scripts/tuning/morris.js match GAME DEPTH PAIRS A [B] [SEED]
 *   npm run build && node dist/scripts/tuning/morris.js tune GAME DEPTH PAIRS STEPS [WORKERS]
 *
 * GAME is `morris` or `mills`; A, B are JSON objects of weights that replace the game's own
 * (`{"mobility":20}`; B `{}` unless given). `match` prints A's wins, draws, losses and score.
 * `tune` is a coordinate search from the game's weights: each weight of STEPS (`{"mobility":5}`)
 * moved up and down by its step, each such bot playing a match against the round's weights, WORKERS
 * matches at once (processes of this script); every step that scores 53% or more is kept, and the
 * rounds go on until none does.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Evaluator, type Weights } from '../../src/boards/morris-engine/evaluation.js';
import { type BoardPosition, LOST, MAX_MOVES, ONGOING, WON } from '../../src/boards/morris-engine/position.js';
import { Search } from '../../src/boards/morris-engine/search.js';
import { Rng } from '../../src/core/rng.js';
import { MILLS_WEIGHTS } from '../../src/games/mills/bots/strong.js';
import { MillsPosition } from '../../src/games/mills/position.js';
import { MORRIS_WEIGHTS } from '../../src/games/morris/bots/strong.js';
import { MorrisPosition } from '../../src/games/morris/position.js';

const GAMES = {
  morris: { weights: MORRIS_WEIGHTS, start: (): BoardPosition => MorrisPosition.of([0, 0], [0, 0], 0) },
  mills: { weights: MILLS_WEIGHTS, start: (): BoardPosition => MillsPosition.of([], [9, 9], 0) },
};
type GameId = keyof typeof GAMES;
const OPENING_PLIES = 4;
/** A step is kept when it scores this much against the round's weights. */
const KEEP = 0.53;

interface Score {
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
}
const share = (s: Score): number => (s.wins + s.draws / 2) / (s.wins + s.draws + s.losses);

/** Weights A against weights B, both at `depth`: `pairs` openings, each played from both seats. */
function match(game: GameId, depth: number, pairs: number, a: Weights, b: Weights, seed: number): Score {
  const { start } = GAMES[game];
  const rng = new Rng(seed);
  const moves = new Int32Array(MAX_MOVES);
  const limits = { depth, softDeadline: Infinity, hardDeadline: Infinity };
  let wins = 0;
  let draws = 0;
  for (let pair = 0; pair < pairs; pair++) {
    const opening: number[] = [];
    const p = start();
    for (let i = 0; i < OPENING_PLIES; i++) {
      const m = moves[rng.below(p.generate(moves, 0))]!;
      opening.push(m);
      p.make(m);
    }
    for (const seatA of [0, 1]) {
      const q = start();
      for (const m of opening) q.make(m);
      const searches = [a, b].map((w) => new Search(new Evaluator(w), null, 18));
      while (q.status === ONGOING) q.make(searches[q.side === seatA ? 0 : 1]!.run(q, limits).move);
      const winner = q.status === WON ? q.side : q.status === LOST ? 1 - q.side : -1;
      if (winner === seatA) wins++;
      else if (winner === -1) draws++;
    }
  }
  return { wins, draws, losses: 2 * pairs - wins - draws };
}

/** The coordinate search, WORKERS matches at once, each a process of this script. */
async function tune(game: GameId, depth: number, pairs: number, steps: Record<string, number>, workers: number) {
  let base: Weights = GAMES[game].weights;
  const play = (a: Weights) =>
    new Promise<Score>((resolve) => {
      const args = [
        'match',
        game,
        String(depth),
        String(pairs),
        JSON.stringify(a),
        JSON.stringify(base),
        '1',
        '--json',
      ];
      const child = fork(fileURLToPath(import.meta.url), args, { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
      let out = '';
      child.stdout!.on('data', (d) => (out += d));
      child.on('exit', () => resolve(JSON.parse(out) as Score));
    });
  for (let round = 0; ; round++) {
    const tries = Object.entries(steps).flatMap(([k, d]) =>
      [d, -d].map((delta) => ({ k, v: base[k as keyof Weights] + delta })),
    );
    const kept = new Map<string, { v: number; score: number }>();
    let next = 0;
    const worker = async () => {
      for (let t = tries[next++]; t !== undefined; t = tries[next++]) {
        const score = share(await play({ ...base, [t.k]: t.v }));
        console.log(`round ${round}: ${t.k} ${t.v}: ${(100 * score).toFixed(1)}%`);
        if (score >= KEEP && score > (kept.get(t.k)?.score ?? 0)) kept.set(t.k, { v: t.v, score });
      }
    };
    await Promise.all(Array.from({ length: workers }, worker));
    if (kept.size === 0) break;
    base = { ...base, ...Object.fromEntries([...kept].map(([k, { v }]) => [k, v])) };
    console.log(`round ${round}: ${JSON.stringify(base)}`);
  }
  console.log(`weights: ${JSON.stringify(base)}`);
}

const [mode, gameText, depthText, pairsText, x, y, z] = process.argv.slice(2);
const usage = 'usage: morris-tune.js match GAME DEPTH PAIRS A [B] [SEED] | tune GAME DEPTH PAIRS STEPS [WORKERS]';
if (!(gameText === 'morris' || gameText === 'mills') || x === undefined || !['match', 'tune'].includes(mode ?? '')) {
  console.error(usage);
  process.exit(2);
}
const game = gameText;
const weights = (text: string | undefined): Weights => ({ ...GAMES[game].weights, ...JSON.parse(text ?? '{}') });
if (mode === 'match') {
  const score = match(game, Number(depthText), Number(pairsText), weights(x), weights(y), Number(z ?? 1));
  if (process.argv.includes('--json')) process.stdout.write(JSON.stringify(score));
  else
    console.log(
      `${game} A ${x} against B ${y ?? '{}'}: ${score.wins}-${score.draws}-${score.losses}, ${(100 * share(score)).toFixed(1)}%`,
    );
} else await tune(game, Number(depthText), Number(pairsText), JSON.parse(x), Number(y ?? 2));
