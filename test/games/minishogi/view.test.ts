import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { seat } from '../../../src/core/units.js';
import { fileOf, rankOf, type Square, square } from '../../../src/games/minishogi/board.js';
import { clicks } from '../../../src/games/minishogi/clicks.js';
import { game } from '../../../src/games/minishogi/index.js';
import { formatAction, isDrop, isPromotion, moveFrom, moveTo } from '../../../src/games/minishogi/moves.js';
import { listedActions } from '../../../src/games/minishogi/protocol.js';
import { type MinishogiState, rules } from '../../../src/games/minishogi/rules.js';
import { type MinishogiSnapshot, PROMOTE, STAY, squareId } from '../../../src/games/minishogi/view.js';
import {
  byId,
  checkPaths,
  checkTargets,
  classesOf,
  draw,
  randomGame,
  targetsOf,
  textOf,
  withClass,
} from '../../support/views.js';

const games = [1, 2, 3, 4].map((seed) => randomGame(game, 2, seed));
const states = games.flat();
const ids = (nodes: { attrs: ReadonlyMap<string, string> }[]) => nodes.map((n) => n.attrs.get('data-id'));
const id = (sq: Square) => squareId(fileOf(sq), rankOf(sq));
const playing = states.filter((s) => rules.outcome(s) === null);

describe('the Minishogi board', () => {
  it('draws every state of random games, the last move marked and a king in check', () => {
    for (const state of states) {
      const svg = draw(game, state);
      const move = state.lastMove;
      assert.deepEqual(ids(withClass(svg, 'last-to')), move === null ? [] : [id(moveTo(move))]);
      assert.deepEqual(ids(withClass(svg, 'last-from')), move === null || isDrop(move) ? [] : [id(moveFrom(move))]);
      const king = square(state.position.kings[state.position.side]!);
      assert.deepEqual(ids(withClass(svg, 'check')), state.position.inCheck() ? [id(king)] : []);
    }
    assert.ok(states.some((s) => s.position.inCheck()));
    assert.ok(states.some((s) => s.lastMove !== null && isDrop(s.lastMove)));
  });

  it('draws the start as the statement sets it out, player 0 at the bottom', () => {
    const svg = draw(game, games[0]![0]!);
    const at = (file: number, rank: number) => textOf(byId(svg, squareId(file, rank)));
    assert.deepEqual([at(5, 5), at(1, 5), at(5, 4), at(5, 1), at(1, 1), at(1, 2)], ['K', 'R', 'P', 'r', 'k', 'p']);
    assert.match(textOf(svg), /Player 1 nothing in hand .*Player 0 to move nothing in hand/);
  });

  it('draws both hands, each kind once, and promoted pieces as the statement writes them', () => {
    const state = states.find((s) => s.hands[0].length > 0 && s.hands[1].length > 0)!;
    const svg = draw(game, state);
    for (const s of [0, 1] as const) {
      const strip = textOf(withClass(svg, `side-${s}`)[0]!);
      const letters = [...new Set(state.hands[s])].map((kind) => 'PSGBR'[kind]!);
      for (const letter of letters) assert.ok(strip.includes(s === 0 ? letter : letter.toLowerCase()), letter);
    }
    const sfen = (s: MinishogiState) => (rules.snapshot(s) as MinishogiSnapshot).sfen;
    const promoted = states.find((s) => sfen(s).includes('+'));
    assert.ok(promoted, 'a promoted piece in the games');
    assert.match(textOf(draw(game, promoted)), /\+[PSBRpsbr]/);
  });

  it('shows how the game ended, a forfeit included', () => {
    assert.ok(games.every((g) => /Player [01] wins|No winner/.test(textOf(draw(game, g.at(-1)!)))));
    assert.match(textOf(draw(game, rules.forfeit(games[0]![9]!, seat(1)))), /Player 0 wins: player 1 forfeits/);
  });
});

describe('the clicks of a person playing Minishogi', () => {
  it('make exactly the listed actions: square to square, a promotion choice where both exist, a drop from the hand', () => {
    for (const state of playing) {
      const moves = clicks(state);
      checkPaths(moves);
      const mover = state.position.side;
      const legal = rules.legalMoves(state);
      assert.deepEqual(
        moves.map((m) => m.line),
        legal.map((m) => formatAction(m, mover)),
      );
      assert.deepEqual(moves.map((m) => m.line).sort(), listedActions(state).sort());
      for (const [i, m] of legal.entries()) {
        const path = moves[i]!.path;
        if (isDrop(m)) assert.deepEqual(path, [`hand-${mover}-${moves[i]!.line[0]!.toUpperCase()}`, id(moveTo(m))]);
        else {
          const twin = legal.some(
            (o) => o !== m && !isDrop(o) && moveFrom(o) === moveFrom(m) && moveTo(o) === moveTo(m),
          );
          const choice = twin ? [isPromotion(m) ? PROMOTE : STAY] : [];
          assert.deepEqual(path, [id(moveFrom(m)), id(moveTo(m)), ...choice]);
        }
      }
    }
    assert.ok(playing.some((s) => clicks(s).some((m) => m.path.includes(PROMOTE))));
  });

  it('are marked on the board: a square, a piece in hand, and the promotion choice', () => {
    const promoting = playing.find((s) => clicks(s).some((m) => m.path.includes(PROMOTE)))!;
    checkTargets(game, promoting);
    const svg = draw(game, promoting, { targets: [PROMOTE, STAY] });
    assert.deepEqual(targetsOf(svg), [PROMOTE, STAY]);
    assert.match(textOf(svg), /Promote/);
    const dropping = playing.find((s) => s.hands[s.position.side].length > 0)!;
    const hand = clicks(dropping).find((m) => m.path[0]!.startsWith('hand-'))!.path[0]!;
    const handSvg = draw(game, dropping, { targets: [hand] });
    assert.deepEqual(targetsOf(handSvg), [hand]);
    assert.ok(!classesOf(byId(handSvg, hand)).includes('selected'));
    for (const state of games[2]!.filter((s, i) => i % 10 === 3 && rules.outcome(s) === null))
      checkTargets(game, state);
  });
});
