import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { seat } from '../../../src/core/units.js';
import { clicks } from '../../../src/games/mills/clicks.js';
import { game } from '../../../src/games/mills/index.js';
import { protocol } from '../../../src/games/mills/protocol.js';
import { formatMove, rules } from '../../../src/games/mills/rules.js';
import { pieceElementId, slotId } from '../../../src/games/mills/view.js';
import { byId, checkPaths, checkTargets, draw, randomGame, targetsOf, textOf, withClass } from '../../support/views.js';
import { position } from './helpers.js';

const games = [1, 2].map((seed) => randomGame(game, 2, seed));
const states = games.flat();
const ids = (nodes: { attrs: ReadonlyMap<string, string> }[]) => nodes.map((n) => n.attrs.get('data-id'));
const doubleMill = () =>
  position({ black: ['0 0', '1 0', '3 0', '4 0'], white: ['0 2', '2 2', '4 2', '6 2'], stock: [5, 5], ply: 8 });

describe('the Mills board', () => {
  it('draws every state of random games, the last move, where it came from and what it removed', () => {
    for (const state of states) {
      const svg = draw(game, state);
      const move = state.lastMove;
      assert.deepEqual(ids(withClass(svg, 'last-to')), move ? [pieceElementId(state.board[move.to]!)] : []);
      assert.deepEqual(ids(withClass(svg, 'last-from')), state.lastFrom === null ? [] : [slotId(state.lastFrom)]);
      assert.deepEqual(ids(withClass(svg, 'removed')), state.removedFrom.map(slotId));
    }
    assert.ok(
      states.some((s) => s.removed.length > 0 && s.lastFrom !== null),
      'the games hold moves that remove',
    );
  });

  it('names the slots d r and writes each piece id on its piece', () => {
    const state = games[0]![30]!;
    const svg = draw(game, state);
    for (let id = 1; id <= 18; id++) {
      const slot = state.slots[id]!;
      if (slot >= 0) assert.match(textOf(byId(svg, pieceElementId(id))), new RegExp(`^${id} `));
    }
    assert.match(textOf(svg), /\b6 2\b/);
  });

  it('shows how the game ended, a forfeit included', () => {
    assert.match(textOf(draw(game, games[0]!.at(-1)!)), /(BLACK|WHITE) wins|No winner/);
    const forfeited = rules.forfeit(games[0]![20]!, seat(0));
    assert.match(textOf(draw(game, forfeited)), /WHITE wins: BLACK forfeits/);
  });
});

describe('the clicks of a person playing Mills', () => {
  /** A move's shape, without its removals. */
  const shape = (line: string) => line.split(' ').slice(0, -2).join(' ');

  it('make exactly the legal moves, each removal a choice of its own, every path unique', () => {
    for (const state of states.filter((s) => rules.outcome(s) === null)) {
      const moves = clicks(state);
      checkPaths(moves);
      const legal = rules.legalMoves(state).map((m) => shape(formatMove(m)));
      assert.deepEqual([...new Set(moves.map((m) => shape(m.line)))].sort(), legal.sort());
      for (const m of moves) {
        const parsed = protocol.parseOutput(state, rules.toMove(state), m.line);
        assert.ok(parsed.ok, m.line);
        const requested = m.path.slice(m.line.startsWith('MOVE') ? 2 : 1);
        assert.deepEqual(rules.play(state, parsed.value.move).removed.map(pieceElementId), requested, m.line);
      }
    }
  });

  it('click a double mill as the slot, then the two pieces to remove, in order', () => {
    const moves = clicks(doubleMill()).filter((m) => m.line.startsWith('PUT 2 0 '));
    assert.equal(moves.length, 4 * 3, 'any two of the four white pieces, in either order');
    assert.deepEqual(moves.find((m) => m.line === 'PUT 2 0 8 6')?.path, ['slot-2-0', 'piece-8', 'piece-6']);
    assert.deepEqual(clicks(doubleMill()).find((m) => m.line === 'PUT 5 0 0 0')?.path, ['slot-5-0']);
  });

  it('click a move as the piece, then the slot it goes to', () => {
    const s = position({ black: ['0 0', '1 0', '3 0', '5 1'], white: ['0 2', '2 2', '4 2', '6 2'] });
    assert.deepEqual(clicks(s).find((m) => m.line === 'MOVE 1 7 0 0 0')?.path, ['piece-1', 'slot-7-0']);
  });

  it('are marked on the board: what may be clicked next, and what was clicked', () => {
    checkTargets(game, doubleMill());
    checkTargets(game, position({ black: ['0 0', '1 0', '5 1'], white: ['0 2', '2 2', '4 2'] }));
    for (const state of games[1]!.filter((_, i) => i % 25 === 5)) checkTargets(game, state);
    assert.deepEqual(targetsOf(draw(game, doubleMill())), [], 'a spectator clicks nothing');
  });
});
