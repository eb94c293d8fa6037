import assert from 'node:assert/strict';
import { it } from 'node:test';
import { parseSfen } from '../../../src/games/minishogi/sfen.js';
import { PERFT_ALLOWED, PERFT_FORBIDDEN } from './helpers.js';

const counts = (sfen: string, depths: number, allowPawnDropMate: boolean): number[] => {
  const position = parseSfen(sfen);
  position.allowPawnDropMate = allowPawnDropMate;
  return Array.from({ length: depths }, (_, d) => position.perft(d + 1));
};

it('perft with pawn-drop mate allowed: the published table, every depth up to 6', () => {
  for (const [sfen, expected] of PERFT_ALLOWED) assert.deepEqual(counts(sfen, expected.length, true), expected, sfen);
});

it("perft under the statement's rules: the four rows pawn-drop mate changes", () => {
  for (const [sfen, expected] of PERFT_FORBIDDEN)
    assert.deepEqual(counts(sfen, expected.length, false), expected, sfen);
});

it("perft under the statement's rules: the other rows are the same", () => {
  const changed = new Set(PERFT_FORBIDDEN.map(([sfen]) => sfen));
  for (const [sfen, expected] of PERFT_ALLOWED) {
    if (changed.has(sfen)) continue;
    // Depth 6 from the start is the slowest row; the benchmark counts it (and depth 7).
    const depths = Math.min(expected.length, 5);
    assert.deepEqual(counts(sfen, depths, false), expected.slice(0, depths), sfen);
  }
});

it('perft leaves the position as it found it', () => {
  const sfen = 'k2+PS/2G2/BS3/b2K1/R4 b PRg 101';
  const position = parseSfen(sfen);
  position.perft(3);
  const again = parseSfen(sfen);
  assert.deepEqual(
    [position.board, position.byType, position.byColour, position.hands, position.kings],
    [again.board, again.byType, again.byColour, again.hands, again.kings],
  );
  assert.equal(position.side, again.side);
  assert.equal(position.moveNumber, 101);
  assert.equal(position.perft(0), 1);
});
