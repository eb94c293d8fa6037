import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fieldName } from '../../../src/boards/morris.js';
import { seat } from '../../../src/core/units.js';
import { clicks } from '../../../src/games/morris/clicks.js';
import { game } from '../../../src/games/morris/index.js';
import { protocol } from '../../../src/games/morris/protocol.js';
import { formatMove, rules } from '../../../src/games/morris/rules.js';
import { checkPaths, checkTargets, draw, randomGame, targetsOf, textOf, withClass } from '../../support/views.js';
import { playLines, position } from './helpers.js';

const games = [1, 2, 3, 4, 5].map((seed) => randomGame(game, 2, seed));
const states = games.flat();
/** Player 0 to move D2 to D1, closing A1-D1-G1. */
const millToClose = () => position({ zero: ['A1', 'G1', 'D2', 'B6', 'F6'], one: ['C4', 'E4', 'D7', 'G7'] });
const ids = (nodes: { attrs: ReadonlyMap<string, string> }[]) => nodes.map((n) => n.attrs.get('data-id'));

describe("the Nine Men's Morris board", () => {
  it('draws every state of random games, the last command marked: its origin, target and take', () => {
    for (const state of states) {
      const svg = draw(game, state);
      const move = state.lastMove;
      assert.deepEqual(ids(withClass(svg, 'last-to')), move ? [fieldName(move.to)] : []);
      assert.deepEqual(ids(withClass(svg, 'last-from')), move?.kind === 'MOVE' ? [fieldName(move.from)] : []);
      assert.deepEqual(ids(withClass(svg, 'removed')), move?.take != null ? [fieldName(move.take)] : []);
    }
    assert.ok(states.some((s) => s.lastMove?.kind === 'MOVE' && s.lastMove.take !== null));
  });

  it('names the fields along the edges and counts the stones in hand', () => {
    const svg = textOf(draw(game, playLines(game.rules.initial({ seats: 2, seed: 1, options: {} }), 'PLACE;A1')));
    for (const label of ['A', 'G', '1', '7', '8 in hand', '9 in hand']) assert.ok(svg.includes(label), label);
    assert.match(svg, /last move: Player 0 PLACE;A1/);
  });

  it('shows how the game ended, a forfeit included', () => {
    const ended = games.map((g) => textOf(draw(game, g.at(-1)!)));
    assert.ok(ended.every((t) => /Player [01] wins|No winner/.test(t)));
    assert.match(textOf(draw(game, rules.forfeit(games[0]![10]!, seat(1)))), /Player 0 wins: player 1 forfeits/);
  });
});

describe("the clicks of a person playing Nine Men's Morris", () => {
  it('make exactly the listed commands, by their fields, every path unique', () => {
    for (const state of states.filter((s) => rules.outcome(s) === null)) {
      const moves = clicks(state);
      checkPaths(moves);
      assert.deepEqual(
        moves.map((m) => m.line),
        rules.legalMoves(state).map(formatMove),
      );
      const listed = protocol.turnInput(state, rules.toMove(state), false).slice(3);
      assert.deepEqual(
        moves.map((m) => m.line),
        listed,
        'in the order the protocol lists them',
      );
    }
  });

  it('click a command as its fields: MOVE&TAKE;D2;D1;C4 is D2, D1, C4', () => {
    const moves = clicks(millToClose());
    assert.deepEqual(moves.find((m) => m.line === 'MOVE&TAKE;D2;D1;C4')?.path, ['D2', 'D1', 'C4']);
    assert.deepEqual(moves.find((m) => m.line === 'MOVE;B6;D6')?.path, ['B6', 'D6']);
  });

  it('are marked on the board: what may be clicked next, and what was clicked', () => {
    checkTargets(game, millToClose());
    for (const state of games[0]!.filter((s, i) => i % 5 === 2 && rules.outcome(s) === null)) checkTargets(game, state);
    assert.deepEqual(targetsOf(draw(game, games[0]![5]!)), [], 'a spectator clicks nothing');
  });
});
