/**
 * The sizes of table a contest's ladder games are played at, and how often each: RummiKode's at 2, 3
 * and 4 players alike unless its organiser says otherwise; a two-player game's at 2. A table is drawn
 * at a size of the mix, by weight, among those its candidates can fill.
 */
import { checkSeats, type Seating } from '../core/game.js';

/** Each size with its weight (a positive integer), smallest first. */
export type TableMix = readonly { readonly size: number; readonly weight: number }[];

/** Every size the game allows, alike. */
export function defaultMix(game: Seating): TableMix {
  const mix: { size: number; weight: number }[] = [];
  for (let size = game.seats.min; size <= game.seats.max; size++) mix.push({ size, weight: 1 });
  return mix;
}

/** A mix refused: what is wrong with it, in the organiser's words. */
export class TableMixError extends Error {
  override readonly name = 'TableMixError';
}

/**
 * A mix as the organiser writes it: sizes, each with an optional weight, `2,3,4` or `2:1,4:3`. A size
 * the game is not played at is refused, naming the sizes it is.
 */
export function parseTableMix(text: string, game: Seating): TableMix {
  const mix = new Map<number, number>();
  for (const part of text.split(',').map((p) => p.trim())) {
    const match = /^(\d{1,2})(?::(\d{1,3}))?$/.exec(part);
    if (!match)
      throw new TableMixError(
        `"${part.slice(0, 20)}" is not a table size: sizes, each with a weight if wanted (2,3,4 or 2:1,4:3)`,
      );
    const size = Number(match[1]);
    const weight = match[2] === undefined ? 1 : Number(match[2]);
    try {
      checkSeats(game, size);
    } catch (err) {
      throw new TableMixError((err as Error).message);
    }
    if (weight < 1) throw new TableMixError(`the weight of tables of ${size} is a positive whole number`);
    if (mix.has(size)) throw new TableMixError(`tables of ${size} are named twice`);
    mix.set(size, weight);
  }
  return [...mix].sort(([a], [b]) => a - b).map(([size, weight]) => ({ size, weight }));
}

/** The mix as the database keeps it: `{"2":1,"4":2}`. */
export const mixToJson = (mix: TableMix): string =>
  JSON.stringify(Object.fromEntries(mix.map((m) => [m.size, m.weight])));

export const mixFromJson = (json: string): TableMix =>
  Object.entries(JSON.parse(json) as Record<string, number>)
    .map(([size, weight]) => ({ size: Number(size), weight }))
    .sort((a, b) => a.size - b.size);

/** The largest table of the mix. */
export const largestTable = (mix: TableMix): number => mix.at(-1)!.size;

/**
 * A table size drawn by weight among those of the mix that `available` entrants can fill; null when
 * they fill none.
 */
export function drawTableSize(mix: TableMix, available: number, random: () => number): number | null {
  const fillable = mix.filter((m) => m.size <= available);
  const total = fillable.reduce((sum, m) => sum + m.weight, 0);
  if (total === 0) return null;
  let pick = random() * total;
  for (const m of fillable) {
    pick -= m.weight;
    if (pick < 0) return m.size;
  }
  return fillable.at(-1)!.size;
}

/** A table's seatings, one a game: every rotation of its seats (`[a, b, c]`, `[b, c, a]`, `[c, a, b]`). */
export function rotations<T>(table: readonly T[]): T[][] {
  return table.map((_, k) => [...table.slice(k), ...table.slice(0, k)]);
}

/**
 * A final's round: every pair at tables of two; at larger tables, a random deal of everyone into as
 * few tables of at most `size` as hold them, as even as can be (ten at tables of four: 4, 3 and 3),
 * so that nobody sits out.
 */
export function finalTables<T>(entrants: readonly T[], size: number, random: () => number): T[][] {
  if (size <= 2) return entrants.flatMap((a, i) => entrants.slice(i + 1).map((b) => [a, b]));
  const dealt = [...entrants];
  for (let i = dealt.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [dealt[i], dealt[j]] = [dealt[j]!, dealt[i]!];
  }
  const count = Math.ceil(dealt.length / size);
  const tables: T[][] = [];
  for (let t = 0, at = 0; t < count; t++) {
    const seats = Math.floor(dealt.length / count) + (t < dealt.length % count ? 1 : 0);
    tables.push(dealt.slice(at, at + seats));
    at += seats;
  }
  return tables;
}
