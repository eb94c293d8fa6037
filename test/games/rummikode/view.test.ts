import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { seat } from '../../../src/core/units.js';
import { clicks } from '../../../src/games/rummikode/clicks.js';
import { game } from '../../../src/games/rummikode/index.js';
import { formatMove } from '../../../src/games/rummikode/moves.js';
import { protocol } from '../../../src/games/rummikode/protocol.js';
import { type RummiState, rules } from '../../../src/games/rummikode/rules.js';
import { type RummiSnapshot, stackElementId, tableCardId } from '../../../src/games/rummikode/view.js';
import {
  checkPaths,
  checkTargets,
  draw,
  nodes,
  randomGame,
  type SvgNode,
  targetsOf,
  textOf,
  withClass,
} from '../../support/views.js';
import { playLines, position } from './helpers.js';

const games = [2, 3, 4].map((players) => randomGame(game, players, players));
const states = games.flat();
const playing = states.filter((s) => rules.outcome(s) === null);
const snapshotOf = (s: RummiState) => rules.snapshot(s) as RummiSnapshot;
/** The side group of `seat`: its name, its facts and its hand. */
const sideOf = (svg: SvgNode, s: number) => withClass(svg, `side-${s}`)[0]!;
/** The card numbers drawn in a node: one per card face shown. */
const cardsShown = (node: SvgNode) => nodes(node).filter((n) => n.name === 'text' && /^[0-9]+$/.test(n.text)).length;

/** The table elements the last command should mark: stacks (by id) and cards, from its line. */
function expectedMarks(snapshot: RummiSnapshot): string[] {
  const [kind, ...f] = snapshot.lastMove?.split(' ') ?? [];
  const holding = (card: string) => snapshot.stacks.filter((s) => s.cards.includes(card)).map((s) => s.id);
  switch (kind) {
    case 'PUSH': {
      // The stack made of exactly these cards (the first, should two be alike).
      const pushed = snapshot.stacks.find((s) => s.cards.length === f.length && f.every((c) => s.cards.includes(c)));
      return [stackElementId(pushed!.id)];
    }
    case 'ADD':
      return [tableCardId(Number(f[0]), f[1]!)];
    case 'TAKE':
    case 'JOIN':
      return [stackElementId(Number(f[0]))];
    case 'MOVE':
      return [stackElementId(Number(f[0])), tableCardId(Number(f[1]), f[2]!)];
    case 'SPLIT':
      return [...new Set([Number(f[0]), ...holding(f[2]!)])].map(stackElementId);
    default:
      return [];
  }
}

describe('the RummiKode table', () => {
  it('draws every state of random games of 2 to 4 players, the last command marked on the table and in the hand', () => {
    for (const state of states) {
      const svg = draw(game, state);
      const snapshot = snapshotOf(state);
      const onTable = withClass(svg, 'last').filter(
        (n) => n.attrs.has('data-id') && !n.attrs.get('data-id')!.startsWith('hand-'),
      );
      assert.deepEqual(
        onTable.map((n) => n.attrs.get('data-id')).sort(),
        expectedMarks(snapshot).sort(),
        snapshot.lastMove ?? '',
      );
      const toHand = snapshot.drawn !== null || snapshot.lastMove?.startsWith('TAKE');
      const mover = state.lastMover;
      if (mover !== null && state.active[mover])
        assert.equal(withClass(sideOf(svg, mover), 'last').length, toHand ? 1 : 0, snapshot.lastMove ?? '');
    }
    const kinds = new Set(states.map((s) => s.lastMove?.kind));
    for (const kind of ['PUSH', 'ADD', 'TAKE', 'MOVE', 'WAIT']) assert.ok(kinds.has(kind as never), kind);
  });

  it('marks a split and a join on the table', () => {
    const table = position({
      hands: ['08_BLUE', '01_BLACK'],
      stacks: ['01_BLUE 02_BLUE 03_BLUE 04_BLUE 05_BLUE 06_BLUE', '09_BLUE 10_BLUE 11_BLUE'],
    });
    const marked = (state: RummiState) =>
      withClass(draw(game, state), 'last')
        .map((n) => n.attrs.get('data-id'))
        .sort();
    const split = playLines(table, 'SPLIT 0 03_BLUE 04_BLUE');
    assert.deepEqual(marked(split), ['stack-0', 'stack-2']);
    assert.deepEqual(marked(playLines(split, 'JOIN 2 0')), ['stack-2']);
  });

  it('shows every hand to a spectator, whose turn it is, its actions left and the pile', () => {
    const state = games[1]![40]!;
    const snapshot = snapshotOf(state);
    const svg = draw(game, state);
    for (const [s, player] of snapshot.players.entries())
      assert.equal(cardsShown(sideOf(svg, s)), player.hand.length, `seat ${s}'s cards`);
    assert.match(
      textOf(sideOf(svg, snapshot.toMove)),
      new RegExp(`to move .* ${snapshot.actionsLeft} actions? left this turn`),
    );
    assert.match(textOf(svg), new RegExp(`Draw pile: ${snapshot.pile}`));
  });

  it("shows one player its own hand and only the number of the others' cards", () => {
    for (const state of games[2]!.filter((_, i) => i % 10 === 0)) {
      const snapshot = snapshotOf(state);
      for (const viewer of [0, 1, 2, 3]) {
        const svg = draw(game, state, { seat: seat(viewer) });
        for (const [s, player] of snapshot.players.entries()) {
          const shown = cardsShown(sideOf(svg, s));
          if (s === viewer) assert.equal(shown, player.hand.length);
          else {
            assert.equal(shown, 0, `seat ${s}'s cards are hidden from seat ${viewer}`);
            if (player.active)
              assert.match(textOf(sideOf(svg, s)), new RegExp(`^Seat ${s} (to move )?${player.hand.length} cards?`));
          }
        }
        const caption = textOf(withClass(svg, 'captions')[0]!);
        if (snapshot.drawn !== null)
          assert.equal(
            caption.includes(snapshot.drawn),
            snapshot.lastMover === viewer,
            `the drawn card, to seat ${viewer}`,
          );
      }
    }
  });

  it('shows how the game ended, and a seat that left the table', () => {
    assert.ok(games.every((g) => /Seat [0-3] wins|No winner/.test(textOf(draw(game, g.at(-1)!)))));
    const left = rules.forfeit(games[1]![30]!, seat(1));
    assert.match(textOf(sideOf(draw(game, left), 1)), /left the table/);
  });
});

describe('the clicks of a person playing RummiKode', () => {
  const s = position({
    hands: ['05_BLUE 06_BLUE 07_BLUE 08_BLACK 04_GREEN 04_YELLOW', '01_BLACK'],
    stacks: [
      '01_BLUE 02_BLUE 03_BLUE 04_BLUE 05_BLUE 06_BLUE 07_BLUE',
      '04_BLACK 04_BLUE 04_GREEN 04_YELLOW',
      '09_BLUE 10_BLUE 11_BLUE',
    ],
  });
  const pathOf = (line: string) => clicks(s).find((m) => m.line === line)?.path;

  it('make exactly the legal commands, every path unique and none the beginning of another', () => {
    for (const state of playing) {
      const moves = clicks(state);
      checkPaths(moves);
      assert.deepEqual(
        moves.map((m) => m.line),
        rules.legalMoves(state).map(formatMove),
      );
      for (const m of moves) assert.ok(protocol.parseOutput(state, rules.toMove(state), m.line).ok, m.line);
    }
    checkPaths(clicks(s));
  });

  it('follow the grammar: cards and stacks, then a button where the kind needs one', () => {
    assert.deepEqual(pathOf('WAIT'), ['wait']);
    assert.deepEqual(pathOf('PUSH 05_BLUE 06_BLUE 07_BLUE'), ['hand-05_BLUE', 'hand-06_BLUE', 'hand-07_BLUE', 'push']);
    assert.deepEqual(pathOf('ADD 2 08_BLUE'), undefined, 'not held');
    assert.deepEqual(pathOf('ADD 0 08_BLACK'), undefined, 'does not fit');
    assert.deepEqual(pathOf('TAKE 1 04_GREEN'), ['card-1-04_GREEN', 'take']);
    assert.deepEqual(pathOf('MOVE 0 2 07_BLUE'), undefined, 'does not fit 9..11');
    assert.deepEqual(pathOf('SPLIT 0 03_BLUE 04_BLUE'), ['card-0-03_BLUE', 'card-0-04_BLUE']);
    assert.deepEqual(pathOf('TAKE 0 01_BLUE'), ['card-0-01_BLUE', 'take']);
    const joined = position({
      hands: ['08_BLUE', '01_BLACK'],
      stacks: ['01_BLUE 02_BLUE 03_BLUE', '04_BLUE 05_BLUE 06_BLUE 07_BLUE'],
    });
    const join = (line: string) => clicks(joined).find((m) => m.line === line)?.path;
    assert.deepEqual(join('JOIN 1 0'), ['stack-1', 'stack-0']);
    assert.deepEqual(join('JOIN 0 1'), ['stack-0', 'stack-1']);
    assert.deepEqual(join('MOVE 1 0 04_BLUE'), ['card-1-04_BLUE', 'stack-0']);
    assert.deepEqual(join('ADD 1 08_BLUE'), ['hand-08_BLUE', 'stack-1']);
  });

  it('are marked on the board, for the player and for a spectator', () => {
    checkTargets(game, s, { seat: seat(0) });
    checkTargets(game, s);
    for (const state of games[0]!.filter((st, i) => i % 15 === 4 && rules.outcome(st) === null))
      checkTargets(game, state, { seat: rules.toMove(state) });
    assert.deepEqual(targetsOf(draw(game, s)), [], 'a spectator clicks nothing');
  });
});
