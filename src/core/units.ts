/** Domain units shared by every game. Branded so that a seat, a duration and a count do not mix. */

declare const brand: unique symbol;
type Brand<T, B extends string> = T & { readonly [brand]: B };

/** A bot's place at the table: 0 moves first (unless a game says otherwise). */
export type Seat = Brand<number, 'Seat'>;
/** A duration in milliseconds, possibly fractional. */
export type Millis = Brand<number, 'Millis'>;

export const seat = (n: number): Seat => n as Seat;
export const millis = (n: number): Millis => n as Millis;

/** The seats of a table of `count` seats, in order. */
export function seatsOf(count: number): Seat[] {
  return Array.from({ length: count }, (_, i) => seat(i));
}
