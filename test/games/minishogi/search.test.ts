import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { playGame } from '../../../src/arena/game-loop.js';
import { turnStops } from '../../../src/core/turn-budget.js';
import { millis } from '../../../src/core/units.js';
import { TIME_POLICY } from '../../../src/games/minishogi/bots/strong.js';
import { DECIDED, MATE, Search, type SearchResult } from '../../../src/games/minishogi/engine/search.js';
import { game } from '../../../src/games/minishogi/index.js';
import { formatAction, type Move, parseAction } from '../../../src/games/minishogi/moves.js';
import type { Position } from '../../../src/games/minishogi/position.js';
import { formatSfen, parseSfen, START_SFEN } from '../../../src/games/minishogi/sfen.js';

/** Plays actions written in the statement's notation on `pos`. */
function play(pos: Position, ...actions: string[]): Position {
  for (const action of actions) {
    const move = parseAction(action);
    assert.ok(move !== null && pos.legalMoves().includes(move), `${action} is legal in ${formatSfen(pos)}`);
    pos.make(move);
  }
  return pos;
}

const searchAt = (pos: Position, depth: number): SearchResult => new Search(16).run(pos, { depth });
const action = (pos: Position, result: SearchResult): string => formatAction(result.move!, pos.side);

/**
 * Whether the side to move loses within `n` more moves of its opponent, whatever it plays: by
 * exhaustive search, the opponent's moves all checks except the last (any move that leaves no
 * legal move: mate or stalemate). An independent check of the search's mates.
 */
function loses(pos: Position, n: number): boolean {
  const replies = pos.legalMoves();
  if (replies.length === 0) return true;
  if (n === 0) return false;
  return replies.every((reply) => {
    pos.make(reply);
    const won = wins(pos, n);
    pos.unmake();
    return won;
  });
}

function wins(pos: Position, n: number): boolean {
  return pos.legalMoves().some((move) => {
    pos.make(move);
    const won = (n === 1 || pos.inCheck()) && loses(pos, n - 1);
    pos.unmake();
    return won;
  });
}

describe('the search finds', () => {
  // Mates confirmed by Fairy-Stockfish (go depth 12: mate 1, 3 and 5 plies) and by `wins` below.
  const mates: [string, number, string][] = [
    ['4k/5/4P/5/K4 b G 1', 1, 'a gold drop: G*12 mates, G*32 stalemates'],
    ['2s1k/4p/PBg+B1/1S1R1/1KGr1 b - 29', 2, '2333'],
    ['2sr1/G3p/s+R3/P1g1k/K1B1B b - 37', 2, '4334'],
    ['2s1k/4p/P1S1r/B1K2/b4 w R2G 42', 2, 'player 1: 5533+'],
    ['2s1k/brg1p/1B1S1/PK3/1G2R b - 9', 3, '2312'],
    ['r2k1/1p2p/Ss3/4b/KGGBR w - 16', 3, 'player 1: 5153'],
    ['1bRsk/P1s2/G4/2KBp/4R b G 43', 3, '1514'],
  ];
  for (const [sfen, n, what] of mates) {
    it(`a mate in ${n} (${what}) in ${sfen}`, () => {
      const pos = parseSfen(sfen);
      assert.ok(wins(pos, n) && (n === 1 || !wins(pos, n - 1)), 'the position is a mate in exactly n');
      // Two plies past the mate: a check that gives its piece away is not extended (search.ts).
      const result = searchAt(pos, 2 * n + 2);
      assert.equal(result.score, MATE - (2 * n - 1), 'scored as a win in 2n - 1 plies');
      play(pos, action(pos, result));
      assert.ok(loses(pos, n - 1), `${action(pos, result)} wins in ${n}`);
    });
  }

  // Fairy-Stockfish's best move at depth 10, at least 400 hundredths of a pawn better than its second.
  const captures: [string, string][] = [
    ['2k2/5/Rg1b1/5/K4 b - 1', '5343'],
    ['1p1g1/bRs2/G1Skp/2R2/K4 w b 26', '5234'],
    ['2s1k/3gp/2G1R/r3b/1KSB1 b p 19', '1314'],
    ['r2gk/4p/4S/P3B/KG+b1R w s 10', '3513'],
    ['rk2+P/bs3/1S3/PK1g1/2GB1 w R 24', '5243'],
    ['3k1/bs3/Psg1P/B3R/K1g1R b - 39', '1535'],
  ];
  for (const [sfen, best] of captures) {
    it(`the winning capture ${best} in ${sfen}`, () => {
      const pos = parseSfen(sfen);
      assert.equal(action(pos, searchAt(pos, 8)), best);
    });
  }
});

describe('the search knows the end rules', () => {
  it('stalemating the opponent wins, for either player', () => {
    for (const [sfen, best] of [
      ['K1Rpk/5/2Pb1/4G/3B1 b RG2S 33', '1423'],
      ['p1k2/1s2p/1B1b1/5/K1S+r1 w r2g 28', '4243'],
    ] as const) {
      const pos = parseSfen(sfen);
      const result = searchAt(pos, 3);
      assert.equal(action(pos, result), best, sfen);
      assert.equal(result.score, MATE - 1);
      play(pos, best);
      assert.ok(pos.legalMoves().length === 0 && !pos.inCheck(), 'a stalemate, the only immediate win');
    }
  });

  // Each cycle below returns to its first position after four moves; the game is set up so that
  // the last move asked for would make a third occurrence. Without the history the search makes it.

  it('player 0 does not complete a third occurrence, which would lose', () => {
    // Player 1's dragon checks from 53 and 52; player 0's king goes between 23 and 32.
    const cycle = ['5253', '2332', '5352', '3223'];
    const pos = play(parseSfen('5/+r4/3K1/4P/4k w S 30'), ...cycle, ...cycle.slice(0, 3));
    const fresh = parseSfen(formatSfen(pos));
    assert.equal(action(fresh, searchAt(fresh, 6)), '3223', 'without the history, the search repeats');
    const result = searchAt(pos, 6);
    assert.notEqual(action(pos, result), '3223');
    assert.ok(result.score > -DECIDED, `${result.score}: player 0 has other moves`);
  });

  it('player 1 completes a third occurrence, which wins, though far behind', () => {
    const cycle = ['3344', '1221', '4433', '2112'];
    const pos = play(parseSfen('5/4k/2K2/4G/4S b p 30'), ...cycle, ...cycle.slice(0, 3));
    const fresh = parseSfen(formatSfen(pos));
    assert.ok(searchAt(fresh, 6).score < -300, 'without the history, player 1 is behind');
    const result = searchAt(pos, 6);
    assert.equal(action(pos, result), '2112');
    assert.equal(result.score, MATE - 1, 'a win on the spot');
  });

  it('the player giving check does not complete a third occurrence with the other in check, which would lose', () => {
    // Player 1's horse checks from 13 and 14; player 0's king goes between 35 and 25. The game
    // starts after the first check, so that the check makes the third occurrence.
    const cycle = ['1413', '3525', '1314', '2535'];
    const pos = play(
      parseSfen(formatSfen(play(parseSfen('5/4S/k4/4+b/2K2 w - 30'), '1413'))),
      ...cycle.slice(1),
      ...cycle,
    );
    const fresh = parseSfen(formatSfen(pos));
    assert.equal(action(fresh, searchAt(fresh, 6)), '1413', 'without the history, the search checks again');
    const result = searchAt(pos, 6);
    assert.notEqual(action(pos, result), '1413');
    assert.ok(result.score > -DECIDED);
  });

  it('after the 300th move the game is drawn, unless that move ends it', () => {
    const behind = parseSfen('r3k/5/5/5/K4 b - 1');
    assert.ok(searchAt(behind, 4).score < -300, 'a rook down');
    behind.moveNumber = 300;
    assert.ok(searchAt(behind, 4).score === 0, 'the 300th move: a draw whatever it is');
    const mating = parseSfen('4k/5/4P/5/K4 b G 300');
    assert.equal(searchAt(mating, 4).score, MATE - 1, 'a mate on the 300th move wins');
  });
});

describe('the search', () => {
  it('keeps the position as it was, and plays the same move from the same start', () => {
    const pos = play(parseSfen(START_SFEN), '2514', '4132');
    const before = formatSfen(pos);
    const first = new Search(16).run(pos, { nodes: 20000 });
    assert.equal(formatSfen(pos), before);
    assert.equal(pos.historyLength, 2);
    assert.deepEqual(new Search(16).run(pos, { nodes: 20000 }).move, first.move);
    assert.ok(first.nodes >= 20000 && first.nodes < 21000, `${first.nodes} nodes`);
  });

  it('reports each iteration with its principal variation, a legal line', () => {
    const pos = parseSfen(START_SFEN);
    const depths: number[] = [];
    new Search(16).run(pos, {
      depth: 5,
      onIteration: (report) => {
        depths.push(report.depth);
        const line = parseSfen(START_SFEN);
        for (const m of report.pv) {
          assert.ok(line.legalMoves().includes(m as Move));
          line.make(m);
        }
      },
    });
    assert.deepEqual(depths, [1, 2, 3, 4, 5]);
  });

  it('stops when told to, with a move', () => {
    const stop = new Int32Array(1);
    stop[0] = 1;
    const result = new Search(16).run(parseSfen(START_SFEN), { depth: 30, stop });
    assert.equal(result.depth, 1, 'the first iteration always completes');
    assert.ok(result.move !== null);
  });

  it('cleared after other searches, searches as a new one (a bot process reuses it game after game)', () => {
    const at = () => play(parseSfen(START_SFEN), '2514', '4132');
    const { ms: _, ...fresh } = new Search(16).run(at(), { depth: 8 });
    const used = new Search(16);
    for (const actions of [['2534'], ['2534', '3142', '4544']])
      for (let turn = 0; turn < 3; turn++) used.run(play(parseSfen(START_SFEN), ...actions), { depth: 6 + turn });
    used.clear();
    const { ms: __, ...again } = used.run(at(), { depth: 8 });
    assert.deepEqual(again, fresh);
  });
});

describe('builtin:strong', () => {
  it('beats builtin:random from either seat', async () => {
    // Limited by nodes, with time to spare: the result does not depend on the machine's load.
    const timeLimits = { firstTurn: millis(10_000), turn: millis(10_000) };
    for (const seed of [1, 2]) {
      for (const seat of [0, 1]) {
        const bots = ['builtin:random', 'builtin:random'];
        bots[seat] = 'builtin:strong(nodes=3000)';
        const { result } = await playGame(game, bots, { seed, timeLimits });
        assert.equal(result.winner, seat, `${bots.join(' vs ')}, seed ${seed}: ${result.reason}`);
      }
    }
  });

  it("plays from a start of the referee's own (random plies), following the game from there", async () => {
    const timeLimits = { firstTurn: millis(10_000), turn: millis(10_000) };
    for (const seat of [0, 1]) {
      const bots = ['builtin:random', 'builtin:random'];
      bots[seat] = 'builtin:strong(nodes=3000)';
      const { result } = await playGame(game, bots, { seed: 3, timeLimits, opening: { randomPlies: 5 } });
      assert.equal(result.winner, seat, result.reason);
    }
  });
});

describe("builtin:strong's clock", () => {
  const first = 1000;
  const later = 100;
  const limits = { firstTurn: millis(first), turn: millis(later) };
  /** A turn read at `readAt`, in a process that started 20 ms before Node's clock (`fresh`: its first turn). */
  const stopsOf = (isFirst: boolean, fresh: boolean, readAt: number) =>
    turnStops(limits, TIME_POLICY, 1, { first: isFirst, readAt, ...(fresh && { processStart: -20 }) });
  const within = (clock: { softMs: number; hardMs: number }, limit: number) =>
    assert.ok(0 < clock.softMs && clock.softMs <= clock.hardMs && clock.hardMs < limit, JSON.stringify(clock));

  it('times a later turn from its read, within the limit', () => {
    const clock = stopsOf(false, false, 5000);
    assert.equal(clock.from, 5000);
    within(clock, later);
  });

  it("times a fresh process's first turn from the process's start, since the arena's clock started then", () => {
    const clock = stopsOf(true, true, 200);
    assert.equal(clock.from, -20);
    within(clock, first);
    assert.ok(clock.softMs > 220, 'it still thinks after the read');
  });

  it("times a warm process's first turn of a later game from its read, not from the process's start", () => {
    // Timed from the start an hour before, every such turn stopped after its first iteration.
    for (const readAt of [600, 3_600_000]) {
      const clock = stopsOf(true, false, readAt);
      assert.equal(clock.from, readAt);
      within(clock, first);
    }
  });

  it('times a first turn read after the whole first-turn limit from its read', () => {
    const clock = stopsOf(true, true, 1500);
    assert.equal(clock.from, 1500);
    within(clock, first);
  });
});
