/**
 * Makes Nine Men's Morris's opening book (src/games/morris/bots/book-data.ts): every position of the
 * first `--plies` moves (any stones placed, none taken), up to the board's symmetries, searched by
 * the strong bot's search to `--depth`, its move kept. One search and its transposition table serve
 * all positions, deepest first, so that each search finds the lines of the ones before.
 *
 *   npm run build && node dist/scripts/tuning/morris-book.js --plies 4 --depth 10 > src/games/morris/bots/book-data.ts
 *
 * Prints the module on stdout, its progress on stderr.
 */
import { bookable, canonical, encodeEntry, mapMove } from '../../src/boards/morris-engine/book.js';
import { Evaluator } from '../../src/boards/morris-engine/evaluation.js';
import { MAX_MOVES } from '../../src/boards/morris-engine/position.js';
import { Search } from '../../src/boards/morris-engine/search.js';
import { MORRIS_WEIGHTS } from '../../src/games/morris/bots/strong.js';
import { MorrisPosition } from '../../src/games/morris/position.js';

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : Number(process.argv[i + 1]);
}

const plies = option('plies', 4);
const depth = option('depth', 10);

/** The positions of each ply, one per symmetry class: [side to move's stones, other side's]. */
function positions(): [number, number][][] {
  const levels: [number, number][][] = [[[0, 0]]];
  const moves = new Int32Array(MAX_MOVES);
  for (let ply = 1; ply < plies; ply++) {
    const next = new Map<number, [number, number]>();
    for (const [own, opp] of levels[ply - 1]!) {
      const p = position(own, opp, ply - 1);
      const n = p.generate(moves, 0);
      for (let i = 0; i < n; i++) {
        p.make(moves[i]!);
        if (bookable(p))
          next.set(canonical(p.stones[p.side]!, p.stones[1 - p.side]!).key, [p.stones[p.side]!, p.stones[1 - p.side]!]);
        p.unmake();
      }
    }
    levels.push([...next.values()]);
  }
  return levels;
}

function position(own: number, opp: number, ply: number): MorrisPosition {
  const side = ply & 1;
  const stones: [number, number] = side === 0 ? [own, opp] : [opp, own];
  return MorrisPosition.of(stones, [Math.ceil(ply / 2), Math.floor(ply / 2)], ply);
}

const levels = positions();
const search = new Search(new Evaluator(MORRIS_WEIGHTS), null, 22);
const entries: string[] = [];
const started = performance.now();
for (let ply = levels.length - 1; ply >= 0; ply--) {
  for (const [own, opp] of levels[ply]!) {
    const p = position(own, opp, ply);
    const { move } = search.run(p, { depth, softDeadline: Infinity, hardDeadline: Infinity });
    const { key, symmetry } = canonical(own, opp);
    entries.push(encodeEntry(key, mapMove(symmetry, move)));
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  process.stderr.write(`ply ${ply}: ${levels[ply]!.length} positions, ${seconds} s so far\n`);
}
entries.sort();

const lines: string[] = [];
for (let i = 0; i < entries.length; i += 10) lines.push(`  '${entries.slice(i, i + 10).join('')}' +`);
process.stdout.write(`/**
 * Nine Men's Morris's opening book, made by scripts/tuning/morris-book.ts (do not edit):
 * \`node dist/scripts/tuning/morris-book.js --plies ${plies} --depth ${depth}\`: every position of the first
 * ${plies} moves (no stone taken), up to symmetry, and the move of a search to depth ${depth}; ${entries.length}
 * entries, encoded as src/boards/morris-engine/book.ts reads them.
 */
/** The book holds every position before the first this many moves. */
export const BOOK_PLIES = ${plies};
export const BOOK_DATA =
${lines.join('\n').replace(/ \+$/, ';')}
`);
