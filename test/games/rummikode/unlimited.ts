/**
 * The bound of unlimited rearrangement, by an integer program (den Hertog & Hulshof, 2006) solved
 * with HiGHS: the most cards of table and hand together that stacks can hold, minus the table. Every
 * stack is a run of 3 to 5 cards or a colour group of 3 or 4 (a longer run is two shorter ones); each
 * is used at most twice, and no card more often than table and hand hold it. TAKE lets table cards
 * leave, so the table need not all stay: a bound on what any turn throws, however many actions.
 */
import highsModule from 'highs';
import {
  CARD_KINDS,
  type Card,
  COLOUR_COUNT,
  type Colour,
  cardOf,
  MAX_NUMBER,
} from '../../../src/games/rummikode/cards.js';
import type { Table } from '../../../src/games/rummikode/moves.js';
import { cardsOf } from '../../../src/games/rummikode/stacks.js';

// The package's types are read as CommonJS, where the default import is the whole module; Node
// loads its ES module, whose default export is the loader.
const highsLoader = highsModule as unknown as typeof highsModule.default;
const highs = await highsLoader();

/** Every stack that may be used: runs of 3 to 5, groups of 3 or 4 colours. */
const STACKS: readonly (readonly Card[])[] = (() => {
  const stacks: Card[][] = [];
  for (let colour = 0; colour < COLOUR_COUNT; colour++)
    for (let length = 3; length <= 5; length++)
      for (let low = 0; low + length - 1 <= MAX_NUMBER; low++)
        stacks.push(Array.from({ length }, (_, i) => cardOf(colour as Colour, low + i)));
  for (let number = 0; number <= MAX_NUMBER; number++)
    for (let colours = 0; colours < 16; colours++) {
      const group = [0, 1, 2, 3].filter((c) => colours & (1 << c)).map((c) => cardOf(c as Colour, number));
      if (group.length >= 3) stacks.push(group);
    }
  return stacks;
})();

const VARIABLES = STACKS.map((_, i) => `x${i}`);
const SIZES = STACKS.map((cards, i) => `${cards.length} x${i}`).join(' + ');
/** Each card's row, but for its count. */
const ROWS: readonly string[] = Array.from({ length: CARD_KINDS }, (_, card) => {
  const using = STACKS.flatMap((cards, i) => (cards.includes(card as Card) ? [`x${i}`] : []));
  return ` c${card}: ${using.join(' + ')} <= `;
});
const BOUNDS = `Bounds\n${VARIABLES.map((x) => ` 0 <= ${x} <= 2`).join('\n')}\nGeneral\n ${VARIABLES.join(' ')}\nEnd\n`;

/** Each card's count in table and hand together, and the table's size. */
function counts(table: Table): { held: number[]; tableSize: number } {
  const held = new Array<number>(CARD_KINDS).fill(0);
  let tableSize = 0;
  for (const stack of table.stacks) {
    for (const card of stack ? cardsOf(stack) : []) {
      held[card]!++;
      tableSize++;
    }
  }
  for (const card of table.hand) held[card]!++;
  return { held, tableSize };
}

function solve(objective: string, held: readonly number[], extra = ''): { status: string; value: number } {
  const lp = `${objective}\nSubject To\n${ROWS.map((row, card) => `${row}${held[card]}\n`).join('')}${extra}${BOUNDS}`;
  const solution = highs.solve(lp);
  return { status: solution.Status, value: solution.ObjectiveValue };
}

/** The bound for the player to move at `table`. */
export function unlimitedBound(table: Table): number {
  const { held, tableSize } = counts(table);
  const { status, value } = solve(`Maximize\n obj: ${SIZES}`, held);
  if (status !== 'Optimal') throw new Error(`the integer program was not solved: ${status}`);
  return Math.round(value) - tableSize;
}

/**
 * Whether unlimited rearrangement throws at least `thrown` at `table`: a stacking of that many
 * cards exists. Much faster than the bound itself, which must also prove that none does better.
 */
export function withinBound(table: Table, thrown: number): boolean {
  const { held, tableSize } = counts(table);
  const { status } = solve('Minimize\n obj: 0 x0', held, ` target: ${SIZES} >= ${thrown + tableSize}\n`);
  if (status !== 'Optimal' && status !== 'Infeasible') throw new Error(`the integer program was not solved: ${status}`);
  return status === 'Optimal';
}
