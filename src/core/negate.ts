/**
 * A search score for the other side. Scores change sides as `0 - x`, never as `-x`: the negation of
 * 0 is -0, which is not a small integer to V8, and one -0 makes it throw away a search's compiled
 * code in the middle of a timed turn, to compile it again on a helper thread that another game's
 * bot may need.
 */
export const negate = (x: number): number => 0 - x;
