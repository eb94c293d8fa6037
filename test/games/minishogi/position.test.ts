import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Rng } from '../../../src/core/rng.js';
import { bishopAttacks, rookAttacks } from '../../../src/games/minishogi/board.js';
import { isDrop, isPromotion, type Move, moveTo } from '../../../src/games/minishogi/moves.js';
import { MAX_MOVES, type Position } from '../../../src/games/minishogi/position.js';
import { formatSfen, parseSfen, positionKey, START_SFEN } from '../../../src/games/minishogi/sfen.js';

/** A slider's attacks walked square by square along `directions` (row, column steps) to the first piece. */
function walked(sq: number, occupied: number, directions: readonly (readonly [number, number])[]): number {
  let attacks = 0;
  for (const [dr, dc] of directions) {
    for (let row = Math.floor(sq / 5) + dr, col = (sq % 5) + dc; row >= 0 && row < 5 && col >= 0 && col < 5; ) {
      attacks |= 1 << (row * 5 + col);
      if (occupied & (1 << (row * 5 + col))) break;
      row += dr;
      col += dc;
    }
  }
  return attacks;
}

describe('slider attacks', () => {
  it('read from their tables, equal the rays walked square by square, on every square', () => {
    const rng = new Rng(25);
    for (let sq = 0; sq < 25; sq++) {
      for (let i = 0; i < 2000; i++) {
        // Sparse and dense boards alike.
        const occupied = rng.nextU32() & (i % 2 === 0 ? rng.nextU32() : -1) & ((1 << 25) - 1);
        const rook = walked(sq, occupied, [
          [1, 0],
          [-1, 0],
          [0, 1],
          [0, -1],
        ]);
        const bishop = walked(sq, occupied, [
          [1, 1],
          [1, -1],
          [-1, 1],
          [-1, -1],
        ]);
        assert.equal(rookAttacks(sq, occupied), rook, `rook on ${sq}, occupied ${occupied}`);
        assert.equal(bishopAttacks(sq, occupied), bishop, `bishop on ${sq}, occupied ${occupied}`);
      }
    }
  });
});

describe('Zobrist keys', () => {
  it('follow every move and unmove: the key of a position reached by moves is that of the same position read from SFEN', () => {
    const rng = new Rng(5);
    for (let g = 0; g < 30; g++) {
      const pos = parseSfen(START_SFEN);
      const keys: string[] = [];
      for (let ply = 0; ply < 120; ply++) {
        const moves = pos.legalMoves();
        if (moves.length === 0) break;
        keys.push(`${pos.keyLo} ${pos.keyHi}`);
        pos.make(rng.pick(moves));
        const fresh = parseSfen(formatSfen(pos));
        assert.deepEqual([pos.keyLo, pos.keyHi], [fresh.keyLo, fresh.keyHi], formatSfen(pos));
      }
      // The history holds the key before each move; unmaking gives each back.
      for (const [i, key] of keys.entries()) assert.equal(`${pos.historyKeyLo(i)} ${pos.historyKeyHi(i)}`, key);
      while (pos.historyLength > 0) {
        const expected = keys.pop();
        pos.unmake();
        assert.equal(`${pos.keyLo} ${pos.keyHi}`, expected);
      }
    }
  });

  it('tell apart what the repetition rule tells apart: the side to move, each hand', () => {
    const sfens = [
      '4k/5/5/5/K4 b G 1',
      '4k/5/5/5/K4 w G 1',
      '4k/5/5/5/K4 b g 1',
      '4k/5/5/5/K4 b 2G 1',
      '4k/5/5/5/K4 b GS 1',
      '4k/5/5/5/K4 b - 1',
    ];
    const keys = new Set(
      sfens.map((s) => {
        const p = parseSfen(s);
        return `${p.keyLo} ${p.keyHi}`;
      }),
    );
    assert.equal(keys.size, sfens.length);
    assert.equal(new Set(sfens.map((s) => positionKey(parseSfen(s)))).size, sfens.length, "as the referee's keys do");
  });

  it('a null move passes the turn and comes back', () => {
    const pos = parseSfen(START_SFEN);
    const [lo, hi] = [pos.keyLo, pos.keyHi];
    pos.makeNull();
    assert.equal(pos.side, 1);
    assert.ok(pos.historyIsNull(0));
    assert.deepEqual(
      [pos.keyLo, pos.keyHi],
      (() => {
        const p = parseSfen('rbsgk/4p/5/P4/KGSBR w - 1');
        return [p.keyLo, p.keyHi];
      })(),
    );
    pos.unmakeNull();
    assert.deepEqual([pos.side, pos.keyLo, pos.keyHi, pos.historyLength], [0, lo, hi, 0]);
  });
});

/** Calls `visit` on each position of `games` random games from the start (100 plies at most), with its legal moves. */
function alongRandomGames(seed: number, games: number, visit: (pos: Position, moves: readonly Move[]) => void): void {
  const rng = new Rng(seed);
  for (let g = 0; g < games; g++) {
    const pos = parseSfen(START_SFEN);
    for (let ply = 0; ply < 100; ply++) {
      const moves = pos.legalMoves();
      if (moves.length === 0) break;
      visit(pos, moves);
      pos.make(rng.pick(moves));
    }
  }
}

describe('generateCaptures', () => {
  it('writes exactly the legal moves that take a piece, in check too', () => {
    const buffer = new Int32Array(MAX_MOVES);
    let checked = 0;
    alongRandomGames(9, 30, (pos, moves) => {
      const captures = moves.filter((m) => !isDrop(m) && pos.typeAt(moveTo(m)) !== null).sort();
      const n = pos.generateCaptures(buffer, 0);
      assert.deepEqual(Array.from(buffer.subarray(0, n)).sort(), captures, formatSfen(pos));
      checked += n;
    });
    assert.ok(checked > 1000, `${checked} captures`);
  });
});

describe('generateQuietChecks', () => {
  it('writes, in the order of generate, exactly the legal moves that take nothing, promote nothing and attack the king from where they land', () => {
    const buffer = new Int32Array(MAX_MOVES);
    let checked = 0;
    alongRandomGames(10, 40, (pos, moves) => {
      const checks = moves.filter((m) => {
        if (isPromotion(m) || (!isDrop(m) && pos.typeAt(moveTo(m)) !== null)) return false;
        pos.make(m);
        const direct = (pos.checkers() & (1 << moveTo(m))) !== 0;
        pos.unmake();
        return direct;
      });
      const n = pos.generateQuietChecks(buffer, 0);
      assert.deepEqual(Array.from(buffer.subarray(0, n)), checks, formatSfen(pos));
      checked += n;
    });
    assert.ok(checked > 1000, `${checked} checks`);
  });
});

describe('givesCheck', () => {
  it('tells, for every legal move, whether the opponent is in check once it is made', () => {
    let checks = 0;
    alongRandomGames(11, 40, (pos, moves) => {
      for (const m of moves) {
        const told = pos.givesCheck(m);
        pos.make(m);
        assert.equal(told, pos.inCheck(), `${formatSfen(pos)} after ${m}`);
        if (told) checks++;
        pos.unmake();
      }
    });
    assert.ok(checks > 1000, `${checks} checks`);
  });
});
