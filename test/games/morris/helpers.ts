/** Test helpers: positions built directly, and commands played from their text. */
import assert from 'node:assert/strict';
import { pointOfField } from '../../../src/boards/morris.js';
import { seat } from '../../../src/core/units.js';
import { protocol } from '../../../src/games/morris/protocol.js';
import { rules, type MorrisState } from '../../../src/games/morris/rules.js';

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

/** Plays commands in turn, each parsed for the player to move; fails on any rejected one. */
export function playLines(state: MorrisState, ...lines: string[]): MorrisState {
  for (const line of lines) {
    const parsed = protocol.parseOutput(state, rules.toMove(state), line);
    assert.ok(parsed.ok, `${line}: ${parsed.ok ? '' : parsed.error}`);
    state = rules.play(state, parsed.move);
  }
  return state;
}

/** The error for a command of the player to move. */
export function parseError(state: MorrisState, line: string): string {
  const parsed = protocol.parseOutput(state, rules.toMove(state), line);
  assert.ok(!parsed.ok, `${JSON.stringify(line)} was accepted`);
  return parsed.error;
}

/** The listed commands of the player to move. */
export const listed = (state: MorrisState): string[] => {
  const input = protocol.turnInput(state, rules.toMove(state), false);
  return input.slice(3);
};

export const ZERO = seat(0);
export const ONE = seat(1);
export const start = (): MorrisState => rules.initial({ players: 2, seed: 1, options: {} });
