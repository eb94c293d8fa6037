import assert from 'node:assert/strict';
import { it } from 'node:test';
import { Rng } from '../../../src/core/rng.js';
import { squareAt } from '../../../src/games/minishogi/board.js';
import { GOLD, KING, PAWN, ROOK } from '../../../src/games/minishogi/pieces.js';
import { formatSfen, parseSfen, positionKey, SfenError, START_SFEN } from '../../../src/games/minishogi/sfen.js';
import { PERFT_ALLOWED } from './helpers.js';

it('the start: kings on 55 and 11, pawns on 54 and 12, player 0 to move', () => {
  const start = parseSfen(START_SFEN);
  assert.equal(start.typeAt(squareAt(5, 5)), KING);
  assert.equal(start.colourAt(squareAt(5, 5)), 0);
  assert.equal(start.typeAt(squareAt(1, 1)), KING);
  assert.equal(start.colourAt(squareAt(1, 1)), 1);
  assert.equal(start.typeAt(squareAt(5, 4)), PAWN);
  assert.equal(start.typeAt(squareAt(1, 2)), PAWN);
  assert.equal(start.typeAt(squareAt(1, 5)), ROOK);
  assert.equal(start.typeAt(squareAt(2, 1)), GOLD);
  assert.equal(start.side, 0);
  assert.equal(formatSfen(start), START_SFEN);
});

it('SFEN round trips: the published positions, hands written in the canonical order', () => {
  const sortedHands = (sfen: string): string => [...sfen.split(' ')[2]!].sort().join('');
  for (const [sfen] of PERFT_ALLOWED) {
    const written = formatSfen(parseSfen(sfen));
    const [board, side, , moveNumber] = sfen.split(' ');
    assert.deepEqual(
      [board, side, moveNumber],
      [0, 1, 3].map((i) => written.split(' ')[i]),
    );
    assert.equal(sortedHands(written), sortedHands(sfen));
    assert.equal(formatSfen(parseSfen(written)), written);
  }
  assert.equal(formatSfen(parseSfen('k2+PS/2G2/BS3/b2K1/R4 b PRg 101')), 'k2+PS/2G2/BS3/b2K1/R4 b RPg 101');
});

it('SFEN round trips along random games, and make/unmake restores every position', () => {
  const rng = new Rng(11);
  let positions = 0;
  for (let game = 0; game < 20; game++) {
    const position = parseSfen(START_SFEN);
    const seen: string[] = [];
    for (let ply = 0; ply < 120; ply++) {
      const moves = position.legalMoves();
      if (moves.length === 0) break;
      const sfen = formatSfen(position);
      assert.equal(formatSfen(parseSfen(sfen)), sfen);
      seen.push(sfen);
      position.make(rng.pick(moves));
      positions++;
    }
    for (let i = seen.length - 1; i >= 0; i--) {
      position.unmake();
      assert.equal(formatSfen(position), seen[i]);
    }
  }
  assert.ok(positions > 1000, `${positions} positions`);
});

it('hands: counts, any order on input, rook-bishop-gold-silver-pawn and black first on output', () => {
  assert.equal(formatSfen(parseSfen('4k/5/5/5/K4 b g2PRs 3')), '4k/5/5/5/K4 b R2Pgs 3');
  assert.equal(formatSfen(parseSfen('4k/5/5/5/K4 w -')), '4k/5/5/5/K4 w - 1', 'the move number may be left out');
  assert.equal(positionKey(parseSfen('4k/5/5/5/K4 b 2P 40')), '4k/5/5/5/K4 b 2P', 'the key has no move number');
});

it('bad SFENs are refused with what is wrong', () => {
  const cases: [string, RegExp][] = [
    ['rbsgk/4p/5/P4/KGSBR', /3 or 4 fields/],
    ['rbsgk/4p/5/P4 b - 1', /4 ranks, not 5/],
    ['rbsgk/4p/6/P4/KGSBR b - 1', /rank 3 .* 6 squares/],
    ['rbsgk/4p/5/P4/KGSBRP b - 1', /rank 5 .* more than 5 squares/],
    ['rbsgk/4p/5/P3/KGSBR b - 1', /rank 4 .* 4 squares/],
    ['rbsgk/4p/5/P4/KGSBX b - 1', /"X" is not a minishogi piece/],
    ['rbsgk/4p/5/P4/KGSB+G b - 1', /"\+G" is not a minishogi piece/],
    ['rbsgk/4p/5/P4/KGSBR x - 1', /side to move/],
    ['rbsgk/4p/5/P4/KGSBR b K 1', /a hand holds P, S, G, B or R/],
    ['rbsgk/4p/5/P4/KGSBR b 2 1', /hands are/],
    ['rbsgk/4p/5/P4/KGSBR b - 0', /move number/],
    ['rbsg1/4p/5/P4/KGSBR b - 1', /player 1 has 0 kings/],
    ['rbsgk/4p/5/P4/KGSBR b P 1', /3 pieces of the P kind/],
    ['P3k/5/5/5/K4 b - 1', /unpromoted pawn on its last rank/],
    ['4k/P4/5/P4/K4 b - 1', /two unpromoted pawns on one file/],
    ['4k/4R/5/5/K4 b - 1', /player 1's king is in check with player 0 to move/],
  ];
  for (const [sfen, message] of cases)
    assert.throws(
      () => parseSfen(sfen),
      (err: unknown) => err instanceof SfenError && message.test(err.message),
      sfen,
    );
  assert.ok(parseSfen('4k/5/5/5/K3r b - 1').inCheck(), 'the side to move may be in check');
  // Tokins are not pawns: two on a file, or one on the last rank, are fine.
  assert.equal(formatSfen(parseSfen('+P3k/+P4/5/5/K4 b - 1')), '+P3k/+P4/5/5/K4 b - 1');
});
