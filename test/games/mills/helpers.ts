/** Test helpers: positions built directly, and moves played from their output lines. */
import assert from 'node:assert/strict';
import { seat } from '../../../src/core/units.js';
import { LINES, SLOT_COUNT, slotOf } from '../../../src/games/mills/board.js';
import { protocol } from '../../../src/games/mills/protocol.js';
import { MAX_PIECE_ID, type MillsState, millKey, rules } from '../../../src/games/mills/rules.js';
import * as support from '../../support/games.js';

export interface PositionSpec {
  /** Slots as "d r"; the i-th black piece gets id 2i+1, the i-th white piece 2i+2. */
  readonly black: readonly string[];
  readonly white: readonly string[];
  readonly stock?: readonly [number, number];
  /** Plies played: even for BLACK to move. */
  readonly ply?: number;
}

/**
 * A position, as if reached by play: every line filled now is in the mill history, since it was
 * closed by some earlier move.
 */
export function position(spec: PositionSpec): MillsState {
  const board = new Int8Array(SLOT_COUNT);
  const slots = new Int8Array(MAX_PIECE_ID + 1).fill(-1);
  const owners = new Int8Array(MAX_PIECE_ID + 1).fill(-1);
  for (const [s, list] of [spec.black, spec.white].entries()) {
    for (const [i, text] of list.entries()) {
      const [d, r] = text.split(' ').map(Number) as [number, number];
      const id = 2 * i + 1 + s;
      assert.equal(board[slotOf(d, r)], 0, `slot ${text} given twice`);
      board[slotOf(d, r)] = id;
      slots[id] = slotOf(d, r);
      owners[id] = s;
    }
  }
  const mills: number[] = [];
  for (const [i, line] of LINES.entries()) {
    const ids = line.map((slot) => board[slot]!);
    if (ids.every((id) => id !== 0 && owners[id] === owners[ids[0]!]))
      mills.push(
        millKey(
          i,
          ids.reduce((mask, id) => mask | (1 << (id - 1)), 0),
        ),
      );
  }
  return {
    board,
    slots,
    owners,
    stock: spec.stock ?? [0, 0],
    onBoard: [spec.black.length, spec.white.length],
    ply: spec.ply ?? 40,
    mills: Int32Array.from(mills),
    lastMove: null,
    removed: [],
    lastFrom: null,
    removedFrom: [],
    outcome: null,
  };
}

/** Plays output lines in turn, each parsed for the player to move; fails on any rejected line. */
export const playLines = (state: MillsState, ...lines: string[]): MillsState =>
  support.playLines({ rules, protocol }, state, ...lines);

/** The error for an output line of the player to move. */
export const parseError = (state: MillsState, line: string): string =>
  support.parseError({ rules, protocol }, state, line);

export const BLACK = seat(0);
export const WHITE = seat(1);
export const start = (): MillsState => rules.initial({ seats: 2, seed: 1, options: {} });
