import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { seat } from '../../../src/core/units.js';
import { columnOf, rowOf, type Square } from '../../../src/games/loa/board.js';
import { clicks } from '../../../src/games/loa/clicks.js';
import { game } from '../../../src/games/loa/index.js';
import { fromOf, toOf } from '../../../src/games/loa/position.js';
import { protocol } from '../../../src/games/loa/protocol.js';
import { formatMove, rules } from '../../../src/games/loa/rules.js';
import { squareId } from '../../../src/games/loa/view.js';
import { checkPaths, checkTargets, draw, randomGame, targetsOf, textOf, withClass } from '../../support/views.js';

const games = [1, 2, 3, 4].map((seed) => randomGame(game, 2, seed));
const states = games.flat();
const ids = (nodes: { attrs: ReadonlyMap<string, string> }[]) => nodes.map((n) => n.attrs.get('data-id'));
const id = (sq: Square) => squareId(rowOf(sq), columnOf(sq));

describe('the Lines of Action board', () => {
  it('draws every state of random games, the last move marked with its path', () => {
    for (const state of states) {
      const svg = draw(game, state);
      const move = state.lastMove;
      assert.deepEqual(ids(withClass(svg, 'last-from')), move === null ? [] : [id(fromOf(move))]);
      assert.deepEqual(ids(withClass(svg, 'last-to')), move === null ? [] : [id(toOf(move))]);
      assert.equal(withClass(svg, 'last').length, move === null ? 0 : 1, 'the arrow of its path');
    }
  });

  it('numbers rows and columns as the statement does, and says whose move it is', () => {
    const start = games[0]![0]!;
    const text = textOf(draw(game, start));
    assert.match(text, /BLACK to move .*12 pieces .*move 0 of 100/);
    const svg = draw(game, start);
    assert.equal(svg.children.filter((n) => n.name === 'text' && /^[1-8]$/.test(n.text)).length, 16);
  });

  it('shows how the game ended, a forfeit included', () => {
    assert.ok(games.every((g) => /(BLACK|WHITE) wins|No winner/.test(textOf(draw(game, g.at(-1)!)))));
    assert.match(textOf(draw(game, rules.forfeit(games[0]![9]!, seat(1)))), /BLACK wins: WHITE forfeits/);
  });
});

describe('the clicks of a person playing Lines of Action', () => {
  it('make exactly the legal moves, as the piece then where it goes', () => {
    for (const state of states.filter((s) => rules.outcome(s) === null)) {
      const moves = clicks(state);
      checkPaths(moves);
      const legal = rules.legalMoves(state);
      assert.deepEqual(
        moves.map((m) => m.line),
        legal.map(formatMove),
      );
      for (const [i, m] of legal.entries()) {
        assert.deepEqual(moves[i]!.path, [id(fromOf(m)), id(toOf(m))]);
        assert.ok(protocol.parseOutput(state, rules.toMove(state), moves[i]!.line).ok);
      }
    }
  });

  it('are marked on the board: what may be clicked next, and what was clicked', () => {
    for (const state of games[1]!.filter((s, i) => i % 4 === 1 && rules.outcome(s) === null)) checkTargets(game, state);
    assert.deepEqual(targetsOf(draw(game, games[1]![3]!)), [], 'a spectator clicks nothing');
  });
});
