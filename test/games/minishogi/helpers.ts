/** Test helpers: states built from an SFEN, and moves played from their output lines. */
import { HAND_KINDS, type HandKind } from '../../../src/games/minishogi/pieces.js';
import { protocol } from '../../../src/games/minishogi/protocol.js';
import { type MinishogiState, rules } from '../../../src/games/minishogi/rules.js';
import { parseSfen, positionKey } from '../../../src/games/minishogi/sfen.js';
import * as support from '../../support/games.js';

export const start = (seed = 1): MinishogiState => rules.initial({ seats: 2, seed, options: {} });

/**
 * A game state at the SFEN's position, as if `ply` moves had been played to reach it (hands in
 * the order pawn, silver, gold, bishop, rook) and this were its first occurrence.
 */
export function stateAt(sfen: string, ply = 0, seed = 1): MinishogiState {
  const position = parseSfen(sfen);
  const hand = (colour: 0 | 1): HandKind[] => {
    const kinds: HandKind[] = [];
    for (let kind = 0; kind < HAND_KINDS; kind++)
      for (let i = 0; i < position.handCount(colour, kind as HandKind); i++) kinds.push(kind as HandKind);
    return kinds;
  };
  return {
    position,
    seed,
    ply,
    hands: [hand(0), hand(1)],
    keys: [positionKey(position)],
    lastMove: null,
    outcome: null,
  };
}

/** Plays output lines in turn, each parsed for the player to move; fails on any rejected line. */
export const playLines = (state: MinishogiState, ...lines: string[]): MinishogiState =>
  support.playLines({ rules, protocol }, state, ...lines);

/** The error for an output line of the player to move. */
export const parseError = (state: MinishogiState, line: string): string =>
  support.parseError({ rules, protocol }, state, line);

/** The legal actions, sorted. */
export function actions(state: MinishogiState): string[] {
  return protocol.turnInput(state, rules.toMove(state), false).slice(9).sort();
}

/** The published referee's perft table (notes, section 3.7): counts with pawn-drop mate allowed. */
export const PERFT_ALLOWED: readonly (readonly [string, readonly number[]])[] = [
  ['rbsgk/4p/5/P4/KGSBR b - 1', [14, 181, 2512, 35401, 533203, 8276188]],
  ['+P2+Sb/2g2/1ksp1/R1b2/K4 w gr 98', [44, 317, 8731, 102947]],
  ['+P1k1S/b1b2/5/G1RRG/1KS1P b - 65', [21, 72, 1395, 10233, 209599, 2334958]],
  ['Kb1+S1/4g/p1k1s/1+r2+r/1+p2+b w g 134', [43, 121, 4653, 22970]],
  ['2k1S/B1rP1/2KG1/GS1p1/R1B2 b - 91', [3, 16, 292, 3820, 74414, 986390]],
  ['G2k1/Ps3/R2S1/G1B2/2KPR w B 36', [6, 206, 1519, 37232, 326508]],
  ['1bsg1/r1P2/3k1/PK3/1G1+r1 w sb 12', [55, 294, 12746, 91522, 3414510]],
  ['k3S/B1GP1/5/GS1K1/R1B2 b RP 95', [49, 39, 1461, 17765, 451016]],
  ['k2+PS/2G2/BS3/b2K1/R4 b PRg 101', [61, 955, 34286, 301102]],
];

/** The rows that differ under the statement's rules, pawn-drop mate forbidden (notes, section 3.7). */
export const PERFT_FORBIDDEN: readonly (readonly [string, readonly number[]])[] = [
  ['k2+PS/2G2/BS3/b2K1/R4 b PRg 101', [60, 955, 33979, 301102]],
  ['2k1S/B1rP1/2KG1/GS1p1/R1B2 b - 91', [3, 16, 292, 3820, 74319, 986388]],
  ['1bsg1/r1P2/3k1/PK3/1G1+r1 w sb 12', [55, 294, 12742, 91522, 3414152]],
  ['k3S/B1GP1/5/GS1K1/R1B2 b RP 95', [49, 39, 1458, 17765, 449983]],
];
