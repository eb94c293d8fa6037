/**
 * Where a bot's lost games of Nine Men's Morris were lost, by a deep search's judgement: for each
 * game of a stored match that its first bot lost (a Sanmill match, say, with the strong bot first),
 * that bot's positions are searched with the engine (`--nodes`, 2,000,000 by default: depth 12 to
 * 17 in the placing phase, where the bot's 15 ms reach 7 to 10), one after another until the first
 * scored at `--threshold` (300: three stones down) or worse for it. Prints, for each game, the
 * score of the bot's first position, of its first in the moving phase, where it reached the
 * threshold, and the bot's move after which the score fell most, with the search's own move there;
 * then the losses counted by how they ended and by the phase of that move (and whether the search
 * would have played it too: then the fall was beyond its horizon at that move), those already a
 * stone down as the moving phase began, and those whose first position was (the opening's random
 * plies' doing).
 *
 *   npm run build && node dist/scripts/checks/morris-losses.js --db FILE [--nodes N] [--threshold N]
 */
import { parseArgs } from 'node:util';
import { Evaluator } from '../../src/boards/morris-engine/evaluation.js';
import { Search } from '../../src/boards/morris-engine/search.js';
import type { Seat } from '../../src/core/units.js';
import { MORRIS_WEIGHTS } from '../../src/games/morris/bots/strong.js';
import { game } from '../../src/games/morris/index.js';
import { MorrisPosition } from '../../src/games/morris/position.js';
import { formatMove, type MorrisState, unpackCommand } from '../../src/games/morris/rules.js';
import { Store } from '../../src/runs/store/store.js';
import { replayedTurns } from '../strength/boards/morris.js';

const USAGE = 'usage: morris-losses.js --db FILE [--nodes N] [--threshold N]';
const options = { db: { type: 'string' }, nodes: { type: 'string' }, threshold: { type: 'string' } } as const;
let values: { db?: string; nodes?: string; threshold?: string };
try {
  values = parseArgs({ options }).values;
} catch (e) {
  console.error(`${(e as Error).message}\n${USAGE}`);
  process.exit(2);
}
const nodes = Number(values.nodes ?? 2_000_000);
const threshold = Number(values.threshold ?? 300);
/** A stone down, for the bot: its first position this bad was the opening's random plies' doing. */
const BEHIND = 100;
if (values.db === undefined || !(nodes > 0) || !(threshold > 0)) {
  console.error(USAGE);
  process.exit(2);
}

/** One of the bot's positions, searched. */
interface Judged {
  readonly state: MorrisState;
  readonly played: string;
  readonly best: string;
  readonly score: number;
  readonly depth: number;
}

const search = new Search(new Evaluator(MORRIS_WEIGHTS));
function judge(state: MorrisState, played: string): Judged {
  search.clear();
  const p = MorrisPosition.of(state.stones, state.placed, state.ply);
  const r = search.run(p, { depth: 64, softDeadline: Infinity, hardDeadline: Infinity, nodes });
  return { state, played, best: formatMove(unpackCommand(r.move)), score: r.score, depth: r.depth };
}

const count = (m: Map<string, number>, key: string): void => {
  m.set(key, (m.get(key) ?? 0) + 1);
};
const phaseOf = (j: Judged, seat: Seat): string => (j.state.placed[seat]! < 9 ? 'placing' : 'moving');
const byEnd = new Map<string, number>();
const byFall = new Map<string, number>();
let badOpenings = 0;
let behindAfterPlacing = 0;
let fallsAgreed = 0;
let losses = 0;
let store: Store;
try {
  // Read only: a mistyped path is an error, not an empty database made there.
  store = new Store(values.db, { readonly: true });
} catch (e) {
  console.error((e as Error).message);
  process.exit(2);
}
try {
  for (const run of store.runs()) {
    for (const stored of store.games(run.id)) {
      const watched = stored.seats.indexOf(0) as Seat;
      const { winner, reason } = stored.result;
      if (stored.earlierPlay !== undefined || winner === null || winner === watched || stored.result.game !== game.id)
        continue;
      const replay = store.replay(stored.id)!;
      const judged: Judged[] = [];
      // A turn that failed (a timeout, a bad command) ends the game: nothing of it to judge.
      for (const { seat, state, move } of replayedTurns(game, replay)) {
        if (move === null) break;
        if (seat === watched) {
          judged.push(judge(state, formatMove(move)));
          if (judged.at(-1)!.score <= -threshold) break;
        }
      }
      losses++;
      count(byEnd, reason.replace(/^player \d /, ''));
      // The bot's move after which the search's score fell most, to its next position.
      let fall = -1;
      for (let i = 0; i + 1 < judged.length; i++)
        if (fall < 0 || judged[i]!.score - judged[i + 1]!.score > judged[fall]!.score - judged[fall + 1]!.score)
          fall = i;
      const first = judged[0];
      if (first !== undefined && first.score <= -BEHIND) badOpenings++;
      const moving = judged.find((j) => phaseOf(j, watched) === 'moving');
      const last = judged.at(-1);
      if (moving === undefined ? last !== undefined && last.score <= -threshold : moving.score <= -BEHIND)
        behindAfterPlacing++;
      const parts = [
        first === undefined ? 'no move' : `first move at ply ${first.state.ply}: ${first.score}`,
        moving === undefined ? 'placing to the end' : `moving from ply ${moving.state.ply}: ${moving.score}`,
        last === undefined || last.score > -threshold
          ? `never ${-threshold} or worse`
          : `${last.score} at ply ${last.state.ply}`,
      ];
      if (fall >= 0) {
        const [a, b] = [judged[fall]!, judged[fall + 1]!];
        count(byFall, phaseOf(a, watched));
        if (a.played === a.best) fallsAgreed++;
        parts.push(
          `the largest fall after ply ${a.state.ply} (${phaseOf(a, watched)}): ${a.played}, the search ${a.best}, ${a.score} to ${b.score}`,
        );
      }
      console.log(`run ${run.id} game ${stored.index} (seat ${watched}, ${reason}): ${parts.join('; ')}`);
    }
  }
} finally {
  store.close();
}
const list = (m: Map<string, number>): string => [...m].map(([k, n]) => `${k} ${n}`).join(', ');
console.log(`\n${losses} losses; how they ended: ${list(byEnd)}`);
console.log(`the largest fall in the phase: ${list(byFall)}`);
console.log(`of those, the bot's move the search's own (the fall beyond the search): ${fallsAgreed}`);
console.log(`at -${BEHIND} or worse as the moving phase began (or -${threshold} before): ${behindAfterPlacing}`);
console.log(`first move already at -${BEHIND} or worse: ${badOpenings}`);
