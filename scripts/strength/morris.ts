/**
 * `npm run strength -- morris`: Nine Men's Morris's strong bot against random, greedy, itself at half
 * its depth and itself with a tenth of its time (see boards/morris.ts), then the check of its solved
 * endgames over those games, then the placing positions where it must not let itself be shut in
 * (boards/morris-shut-in.ts), on its clock and at fixed depths.
 */
import { Evaluator } from '../../src/boards/morris-engine/evaluation.js';
import { STRONG_PARAMS } from '../../src/boards/morris-engine/players.js';
import { Search, type SearchLimits, SOFT_SHARE } from '../../src/boards/morris-engine/search.js';
import { MORRIS_WEIGHTS } from '../../src/games/morris/bots/strong.js';
import { game } from '../../src/games/morris/index.js';
import { MorrisPosition } from '../../src/games/morris/position.js';
import { formatMove, unpackCommand } from '../../src/games/morris/rules.js';
import { morrisBoardGauntlet } from './boards/morris.js';
import { SHUT_IN_CASES, shutInPosition } from './boards/morris-shut-in.js';

export async function main(args: readonly string[]): Promise<void> {
  await morrisBoardGauntlet(
    { game, position: (state) => MorrisPosition.of(state.stones, state.placed, state.ply) },
    args,
  );
  reportShutIn();
}

/** The default bot's thinking time a turn, as `Player` gives it. */
const BOT_MS = Number(STRONG_PARAMS.find((s) => s.name === 'time')!.default) * game.timeLimits.turn;

/**
 * How many shut-in positions the bot gets right: on its clock (in this process), at node counts
 * about what its clock allows on a quiet machine (2,000 to 2,600 nodes a millisecond), with its soft
 * limit as on the clock, then at depths 6 to 10.
 */
function reportShutIn(): void {
  const search = new Search(new Evaluator(MORRIS_WEIGHTS));
  // On the clock, one search, compiled and its table's memory written; else a new search for each
  // position, whose answer depends on nothing else (as in the test).
  const failures = (limits: () => SearchLimits, timed: boolean): string[] =>
    SHUT_IN_CASES.filter((c) => {
      const s = timed ? search : new Search(new Evaluator(MORRIS_WEIGHTS));
      return !c.safe.includes(formatMove(unpackCommand(s.run(shutInPosition(c), limits()).move)));
    }).map((c) => c.from);
  // Once untimed first, so that the timed searches run compiled code.
  for (const c of SHUT_IN_CASES)
    search.run(shutInPosition(c), { depth: 6, softDeadline: Infinity, hardDeadline: Infinity });
  console.log(`\nplacing positions where the bot must not be shut in (${SHUT_IN_CASES.length}): passed`);
  const rows: [string, () => SearchLimits][] = [
    [
      `on its clock (${BOT_MS} ms)`,
      () => {
        const now = performance.now();
        return { depth: 64, softDeadline: now + SOFT_SHARE * BOT_MS, hardDeadline: now + BOT_MS };
      },
    ],
    ...[20_000, 30_000, 40_000].map((nodes): [string, () => SearchLimits] => [
      `${nodes} nodes`,
      () => ({ depth: 64, softDeadline: Infinity, hardDeadline: Infinity, nodes }),
    ]),
    ...[6, 7, 8, 9, 10].map((depth): [string, () => SearchLimits] => [
      `depth ${depth}`,
      () => ({ depth, softDeadline: Infinity, hardDeadline: Infinity }),
    ]),
  ];
  for (const [i, [name, limits]] of rows.entries()) {
    const failed = failures(limits, i === 0);
    const list = failed.length > 0 ? `; not: ${failed.join(', ')}` : '';
    console.log(`${name.padEnd(22)}  ${SHUT_IN_CASES.length - failed.length}${list}`);
  }
}
