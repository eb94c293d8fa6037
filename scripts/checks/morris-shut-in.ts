/**
 * Checks the labels of the shut-in positions (strength/boards/morris-shut-in.ts) by exhaustive
 * search: for each position and each legal move, whether the opponent then wins by force within
 * the rest of `--plies` moves (14 by default, the move included), every move of both sides tried,
 * no evaluation and no reduction, so that a loss found is proven and a move with none found is safe
 * that far. Prints, for each move, its label and the length of its shortest forced loss, with the
 * forced line of each loss (how it ends: shut in, or down to 2 stones); exits 1 when a label and
 * the search disagree.
 *
 *   npm run build && node dist/scripts/checks/morris-shut-in.js [--plies 14] [--case TEXT]
 *
 * The engine's search cannot serve: its late moves are searched shallower, so that it can miss a
 * loss within its depth (as the 14-move search that first labelled these positions did).
 */
import { NEIGHBOUR_MASKS } from '../../src/boards/morris.js';
import { ALL_POINTS, lowestPoint, popcount } from '../../src/boards/morris-engine/bitboard.js';
import { isCapture } from '../../src/boards/morris-engine/moves.js';
import { type BoardPosition, LOST, MAX_MOVES, ONGOING } from '../../src/boards/morris-engine/position.js';
import type { MorrisPosition } from '../../src/games/morris/position.js';
import { formatMove, unpackCommand } from '../../src/games/morris/rules.js';
import { SHUT_IN_CASES, shutInPosition } from '../strength/boards/morris-shut-in.js';

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? undefined : process.argv[i + 1];
}
const plies = Number(option('plies') ?? 14);
const only = option('case');

/**
 * What is known of each position, by the low bits of its hash: the most moves within which the
 * side to move has no forced win, and the fewest within which it has one.
 */
const BITS = 23;
const SLOTS = 1 << BITS;
const keyLo = new Int32Array(SLOTS);
const keyHi = new Int32Array(SLOTS);
const noWin = new Int8Array(SLOTS);
const win = new Int8Array(SLOTS);

function slot(p: BoardPosition): number {
  const i = p.hashLo & (SLOTS - 1);
  if (keyLo[i] !== p.hashLo || keyHi[i] !== p.hashHi) {
    keyLo[i] = p.hashLo;
    keyHi[i] = p.hashHi;
    noWin[i] = 0;
    win[i] = 127;
  }
  return i;
}

const moves = Array.from({ length: plies + 2 }, () => new Int32Array(MAX_MOVES));
const keys = Array.from({ length: plies + 2 }, () => new Int32Array(MAX_MOVES));

/** The steps `seat` could make as the board stands. */
function steps(p: BoardPosition, seat: number): number {
  const own = p.stones[seat]!;
  const free = ALL_POINTS & ~(own | p.stones[1 - seat]!);
  let n = 0;
  for (let m = own; m !== 0; m &= m - 1) n += popcount(NEIGHBOUR_MASKS[lowestPoint(m)]! & free);
  return n;
}

/** Orders the `n` moves at `ply`: the attacker's that leave the defender fewest steps first, the defender's most. */
function order(p: BoardPosition, ply: number, n: number, attacking: boolean): void {
  const ms = moves[ply]!;
  const ks = keys[ply]!;
  const defender = attacking ? 1 - p.side : p.side;
  for (let i = 0; i < n; i++) {
    p.make(ms[i]!);
    const s = steps(p, defender);
    ks[i] = (attacking ? -s : s) + (isCapture(ms[i]!) ? 100 : 0);
    p.unmake();
  }
  for (let i = 1; i < n; i++) {
    const m = ms[i]!;
    const k = ks[i]!;
    let j = i - 1;
    for (; j >= 0 && ks[j]! < k; j--) {
      ms[j + 1] = ms[j]!;
      ks[j + 1] = ks[j]!;
    }
    ms[j + 1] = m;
    ks[j + 1] = k;
  }
}

/** Whether the side to move wins by force within `d` moves (its own last). */
function wins(p: BoardPosition, d: number, ply: number): boolean {
  if (d <= 0) return false;
  let i = slot(p);
  if (noWin[i]! >= d) return false;
  if (win[i]! <= d) return true;
  const ms = moves[ply]!;
  const n = p.generate(ms, 0);
  let found = false;
  for (let k = 0; k < n && !found; k++) {
    p.make(ms[k]!);
    found = p.status === LOST;
    p.unmake();
  }
  if (!found && d >= 3) {
    order(p, ply, n, true);
    for (let k = 0; k < n && !found; k++) {
      p.make(ms[k]!);
      found = p.status === ONGOING && loses(p, d - 1, ply + 1);
      p.unmake();
    }
  }
  i = slot(p);
  if (found) win[i] = Math.min(win[i]!, d);
  else noWin[i] = Math.max(noWin[i]!, d);
  return found;
}

/** Whether every move of the side to move lets the opponent win by force within `d - 1` moves. */
function loses(p: BoardPosition, d: number, ply: number): boolean {
  const ms = moves[ply]!;
  const n = p.generate(ms, 0);
  order(p, ply, n, false);
  for (let k = 0; k < n; k++) {
    p.make(ms[k]!);
    const lost = p.status === ONGOING && wins(p, d - 1, ply + 1);
    p.unmake();
    if (!lost) return false;
  }
  return true;
}

/** The fewest moves, odd, within which the side to move at `p` wins by force, up to `d`; 0 if none. */
function shortestWin(p: BoardPosition, d: number): number {
  for (let k = 1; k <= d; k += 2) if (wins(p, k, 1)) return k;
  return 0;
}

/** The forced line from `p`, where the side to move wins within `d`: the quickest win against the longest defence. */
function forcedLine(p: MorrisPosition, d: number): string {
  const line: string[] = [];
  let made = 0;
  for (let attacking = true; p.status === ONGOING; attacking = !attacking, d--, made++) {
    let pick = NaN;
    let latest = -1;
    for (const m of Array.from(moves[0]!.subarray(0, p.generate(moves[0]!, 0)))) {
      p.make(m);
      const status: number = p.status;
      const going = status === ONGOING;
      const wins = attacking && (status === LOST || (going && d >= 3 && loses(p, d - 1, 1)));
      const left = !attacking && going ? shortestWin(p, d - 1) : 0;
      p.unmake();
      if (wins) {
        pick = m;
        break;
      }
      if (!attacking && left > latest) {
        latest = left;
        pick = m;
      }
    }
    line.push(formatMove(unpackCommand(pick)));
    p.make(pick);
  }
  const end = p.lost(p.side) >= 7 ? 'down to 2 stones' : 'shut in';
  for (; made > 0; made--) p.unmake();
  return `${line.join(' ')}: ${end}`;
}

let disagreements = 0;
for (const c of SHUT_IN_CASES) {
  if (only !== undefined && !c.from.includes(only)) continue;
  keyLo.fill(0);
  keyHi.fill(0);
  const p = shutInPosition(c);
  console.log(`${c.from}:`);
  for (const m of Array.from(moves[0]!.subarray(0, p.generate(moves[0]!, 0)))) {
    const command = formatMove(unpackCommand(m));
    p.make(m);
    const win = shortestWin(p, plies - 1);
    const line = win > 0 ? `lost in ${win + 1}: ${forcedLine(p, win)}` : `not lost within ${plies}`;
    p.unmake();
    const label = c.losing.includes(command) ? 'losing' : 'safe';
    const agrees = (label === 'losing') === win > 0;
    if (!agrees) disagreements++;
    console.log(`  ${agrees ? '' : 'MISLABELLED '}${command} (${label}): ${line}`);
  }
}
console.log(disagreements === 0 ? 'every label agrees' : `${disagreements} labels disagree`);
process.exitCode = disagreements === 0 ? 0 : 1;
