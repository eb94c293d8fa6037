import assert from 'node:assert/strict';
import { it } from 'node:test';
import { Rng } from '../../../src/core/rng.js';
import { game } from '../../../src/games/morris/index.js';
import { countMoves, perft } from '../../../src/games/morris/position.js';
import { lostBy, type MorrisState, phaseOf, rules, sidesOf } from '../../../src/games/morris/rules.js';
import { fields, listed, ONE, parseError, playLines, position, start, ZERO } from './helpers.js';

const takesOf = (state: MorrisState, prefix: string): string[] =>
  listed(state)
    .filter((c) => c.startsWith(prefix))
    .map((c) => c.slice(prefix.length));

it('the published move counts, depths 1 to 5', () => {
  assert.deepEqual(
    [1, 2, 3, 4, 5].map((depth) => game.perft!.count(depth)),
    [24, 552, 12144, 255024, 5140800],
  );
  assert.equal(game.perft!.count(0), 1);
});

it('divide: each first command and its count, summing to the total', () => {
  const divided = game.perft!.divide(3);
  assert.equal(divided.length, 24);
  assert.deepEqual(divided[0], { move: 'PLACE;A1', count: 23 * 22 });
  assert.equal(
    divided.reduce((sum, d) => sum + d.count, 0),
    12144,
  );
  assert.throws(() => game.perft!.count(1, 'A1:0'), /from the start position only/);
});

it('closing a mill takes exactly one stone, even when two lines close at once', () => {
  // Player 0 has A1 A7 and B4 C4: placing on A4 closes A1-A4-A7 and A4-B4-C4 together.
  const s = position({ zero: ['A1', 'A7', 'B4', 'C4'], one: ['D1', 'G1', 'G4', 'D7'], placed: [4, 4], ply: 8 });
  assert.deepEqual(takesOf(s, 'PLACE&TAKE;A4;'), ['D1', 'G1', 'G4', 'D7']);
  assert.ok(!listed(s).includes('PLACE;A4'));
  const after = playLines(s, 'PLACE&TAKE;A4;G4');
  assert.equal(after.stones[1], fields('D1', 'G1', 'D7'));
  assert.equal(lostBy(after, ONE), 1);
  assert.equal(after.placed[0], 5);
});

it('a mill formed again by moving out and back in takes again', () => {
  let s = position({ zero: ['A1', 'A4', 'D7', 'F6'], one: ['D1', 'G1', 'G4', 'E4', 'C5'] });
  s = playLines(s, 'MOVE&TAKE;D7;A7;C5', 'MOVE;G4;G7', 'MOVE;A7;D7', 'MOVE;G7;G4');
  assert.deepEqual(takesOf(s, 'MOVE&TAKE;D7;A7;'), ['D1', 'G1', 'E4', 'G4']);
  assert.equal(lostBy(playLines(s, 'MOVE&TAKE;D7;A7;E4'), ONE), lostBy(s, ONE) + 1);
});

it('stones in a mill may be taken only when every stone is in one', () => {
  // Player 1 has the mill G1-G4-G7 and a loose D2; then only the mill.
  const loose = position({ zero: ['A1', 'A4', 'D7'], one: ['G1', 'G4', 'G7', 'D2'], placed: [3, 4], ply: 6 });
  assert.deepEqual(takesOf(loose, 'PLACE&TAKE;A7;'), ['D2']);
  assert.match(parseError(loose, 'PLACE&TAKE;A7;G4'), /in the mill G1-G4-G7: take one outside a mill \(D2\)/);
  const allInMills = position({
    zero: ['A1', 'A4', 'D7'],
    one: ['G1', 'G4', 'G7', 'F4', 'E4'],
    placed: [3, 5],
    ply: 6,
  });
  assert.deepEqual(takesOf(allInMills, 'PLACE&TAKE;A7;'), ['G1', 'E4', 'F4', 'G4', 'G7']);
});

it('flying: a player down to 3 stones moves anywhere; with 4 it steps', () => {
  const three = position({ zero: ['G7', 'D2', 'D3'], one: ['B4', 'C4', 'E4', 'F4'] });
  assert.equal(phaseOf(three, ZERO), 'flying');
  const flown = playLines(three, 'MOVE;G7;E5');
  assert.equal(flown.stones[0], fields('E5', 'D2', 'D3'));
  const four = position({ zero: ['G7', 'D2', 'D3', 'C5'], one: ['B4', 'C4', 'E4', 'F4'] });
  assert.equal(phaseOf(four, ZERO), 'moving');
  assert.match(parseError(four, 'MOVE;G7;E5'), /^E5 is not adjacent to G7/);
  // The opponent with 4 does not fly because its opponent does.
  assert.equal(phaseOf(three, ONE), 'moving');
  // A flight may close a mill.
  assert.deepEqual(takesOf(three, 'MOVE&TAKE;G7;D1;'), ['B4', 'C4', 'E4', 'F4']);
});

it('placing lasts 9 stones each, whatever was taken; then moving', () => {
  let s = start();
  const rng = new Rng(11);
  for (let i = 0; i < 18; i++) {
    assert.equal(phaseOf(s, rules.toMove(s)), 'placing', `command ${i + 1}`);
    s = rules.play(s, rng.pick(rules.legalMoves(s)));
  }
  assert.deepEqual(s.placed, [9, 9]);
  assert.notEqual(phaseOf(s, ZERO), 'placing');
  assert.ok(rules.legalMoves(s).every((m) => m.kind === 'MOVE'));
});

it('a player who cannot move on its next turn loses', () => {
  // Player 1's A1 D1 G1 A4 can only go to B4, which player 0 now fills.
  const s = position({ zero: ['D2', 'G4', 'A7', 'B6', 'F6'], one: ['A1', 'D1', 'G1', 'A4'] });
  assert.deepEqual(listed(playLines(s, 'MOVE;F6;F4')), ['MOVE;A4;B4']);
  const blocked = playLines(s, 'MOVE;B6;B4');
  assert.deepEqual(rules.outcome(blocked), { winner: 0, reason: 'player 1 cannot move', scores: [5, 0] });
  assert.deepEqual(rules.legalMoves(blocked), []);
  assert.equal(parseError(blocked, 'MOVE;A4;B4'), 'the game is over');
});

it('a player down to 2 stones loses, during placement too', () => {
  const moving = position({ zero: ['A1', 'G1', 'G7'], one: ['B2', 'D2', 'F4', 'C3'], ply: 41 });
  const won = playLines(moving, 'MOVE&TAKE;F4;F2;A1');
  assert.deepEqual(rules.outcome(won), { winner: 1, reason: 'player 0 is down to 2 stones', scores: [0, 5] });
  // Player 0 has lost 6 with one stone still to place: a seventh loss ends the game at once.
  const placing = position({ zero: ['A1', 'G7'], one: ['B2', 'D2', 'C3', 'E3', 'C5'], placed: [8, 7], ply: 15 });
  const early = playLines(placing, 'PLACE&TAKE;F2;A1');
  assert.deepEqual(rules.outcome(early), { winner: 1, reason: 'player 0 is down to 2 stones', scores: [0, 5] });
});

it('the 200th command ends the game in a draw, unless it wins', () => {
  const last = position({ zero: ['A1', 'G1', 'G7'], one: ['B2', 'D2', 'F4', 'C3'], ply: 199 });
  assert.equal(rules.toMove(last), ONE);
  const drawn = playLines(last, 'MOVE;C3;C4');
  assert.equal(drawn.ply, 200);
  assert.deepEqual(rules.outcome(drawn), { winner: null, reason: 'draw after 200 turns', scores: [2, 2] });
  assert.deepEqual(rules.outcome(playLines(last, 'MOVE&TAKE;F4;F2;G7')), {
    winner: 1,
    reason: 'player 0 is down to 2 stones',
    scores: [0, 5],
  });
  assert.equal(rules.outcome(playLines({ ...last, ply: 197 }, 'MOVE;C3;C4')), null, 'the 198th is not the last');
});

it('a seat that fails forfeits: -1 against 5', () => {
  assert.deepEqual(rules.outcome(rules.forfeit(start(), ZERO)), {
    winner: 1,
    reason: 'player 0 forfeits',
    scores: [-1, 5],
  });
  assert.deepEqual(rules.outcome(rules.forfeit(start(), ONE)), {
    winner: 0,
    reason: 'player 1 forfeits',
    scores: [5, -1],
  });
});

it('playing leaves the state as it was, and the snapshot shows the board', () => {
  const s = playLines(start(), 'PLACE;A1', 'PLACE;D2');
  const copy = structuredClone(s);
  const next = playLines(s, 'PLACE;G7');
  assert.deepEqual(s, copy);
  assert.deepEqual(rules.snapshot(next), {
    ply: 3,
    toMove: 1,
    stones: [['A1', 'G7'], ['D2']],
    placed: [2, 1],
    lastMove: 'PLACE;G7',
    outcome: null,
  });
  assert.throws(
    () => rules.play(next, { kind: 'PLACE', to: next.lastMove!.to, take: null }),
    /illegal command PLACE;G7: G7 is not free/,
  );
});

it('counting agrees with listing in every phase of random games', () => {
  const rng = new Rng(5);
  const phases = new Set<string>();
  for (let g = 0; g < 30; g++) {
    let s = start();
    while (!rules.outcome(s)) {
      const { own, opp, ownPlaced } = sidesOf(s);
      const moves = rules.legalMoves(s);
      assert.equal(countMoves(own, opp, ownPlaced), moves.length);
      phases.add(phaseOf(s, rules.toMove(s)));
      s = rules.play(s, rng.pick(moves));
    }
    if (g < 3) assert.equal(perft(sidesOf(s), 2), 0, 'nothing follows the end');
  }
  assert.deepEqual([...phases].sort(), ['flying', 'moving', 'placing']);
});
