/** Test helpers: positions built directly, and commands played from their text. */
import assert from 'node:assert/strict';
import { pointOfField } from '../../../src/boards/morris.js';
import { seat } from '../../../src/core/units.js';
import { protocol } from '../../../src/games/morris/protocol.js';
import { type MorrisState, rules } from '../../../src/games/morris/rules.js';
import * as support from '../../support/games.js';

/** A mask of the named fields. */
export function fields(...names: string[]): number {
  return names.reduce((mask, name) => {
    const p = pointOfField(name);
    assert.ok(p !== undefined, `no field ${name}`);
    return mask | (1 << p);
  }, 0);
}

export interface PositionSpec {
  /** Player 0's and player 1's stones, as field names. */
  readonly zero: readonly string[];
  readonly one: readonly string[];
  /** Stones placed so far: all 9 unless given. */
  readonly placed?: readonly [number, number];
  /** Commands played: even for player 0 to move. */
  readonly ply?: number;
}

export function position(spec: PositionSpec): MorrisState {
  const stones: [number, number] = [fields(...spec.zero), fields(...spec.one)];
  assert.equal(stones[0] & stones[1], 0, 'a field given to both players');
  return { stones, placed: spec.placed ?? [9, 9], ply: spec.ply ?? 40, lastMove: null, outcome: null };
}

/** Plays output lines in turn, each parsed for the player to move; fails on any rejected line. */
export const playLines = (state: MorrisState, ...lines: string[]): MorrisState =>
  support.playLines({ rules, protocol }, state, ...lines);

/** The error for an output line of the player to move. */
export const parseError = (state: MorrisState, line: string): string =>
  support.parseError({ rules, protocol }, state, line);

/** The listed commands of the player to move. */
export const listed = (state: MorrisState): string[] => {
  const input = protocol.turnInput(state, rules.toMove(state), false);
  return input.slice(3);
};

export const ZERO = seat(0);
export const ONE = seat(1);
export const start = (): MorrisState => rules.initial({ seats: 2, seed: 1, options: {} });
