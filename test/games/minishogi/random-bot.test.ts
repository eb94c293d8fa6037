import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { LineIO } from '../../../src/core/line-io.js';
import { TurnInputError } from '../../../src/core/turn-input.js';
import { seat } from '../../../src/core/units.js';
import { random } from '../../../src/games/minishogi/bots/random.js';
import { game } from '../../../src/games/minishogi/index.js';
import { parseTurn, readTurn } from '../../../src/games/minishogi/input.js';
import { protocol } from '../../../src/games/minishogi/protocol.js';
import { rules } from '../../../src/games/minishogi/rules.js';
import { botSetup, inMemoryBot } from '../../support/games.js';
import { playLines, start } from './helpers.js';

const connect = inMemoryBot;

/** A LineIO reading the given lines, then the end of input. */
function reader(lines: readonly string[]): LineIO {
  const queue = [...lines];
  return { readLine: async () => queue.shift() ?? null, writeLine: () => {}, log: () => {} };
}

it('readTurn reads back what turnInput writes', async () => {
  const s = playLines(start(), '2514', '4132', '1432', '3132', 'B*23', '3223', '5453', 'b*43', '5352', '2122', '5251+');
  const io = reader([
    ...protocol.turnInput(s, seat(1), true),
    ...protocol.turnInput(playLines(s, '4334'), seat(0), false),
  ]);
  const turn = await readTurn(io, true);
  assert.deepEqual(turn && { ...turn, actions: turn.actions.length }, {
    id: 1,
    board: [
      ['+P', '.', '.', '.', 'k'],
      ['.', '.', '.', 'g', 'p'],
      ['.', 'b', '.', 's', '.'],
      ['.', '.', '.', '.', '.'],
      ['K', 'G', 'S', '.', 'R'],
    ],
    hands: ['R', 'b'],
    lastAction: '5251+',
    actions: 32,
  });
  const next = await readTurn(io, false);
  assert.equal(next?.id, null);
  assert.equal(next?.lastAction, '4334');
  assert.equal(await readTurn(io, false), null);
  assert.equal((await readTurn(reader(protocol.turnInput(start(), seat(0), true)), true))?.lastAction, null, '"none"');
});

it('parseTurn rejects input that breaks the statement', () => {
  const good = protocol.turnInput(start(), seat(0), true);
  const broken = (i: number, line: string): string[] => good.map((l, k) => (k === i ? line : l));
  const cases: [string[], RegExp][] = [
    [broken(0, '2'), /player id/],
    [broken(1, '9'), /board size 5/],
    [broken(2, 'rbsg'), /board row of 5 cells/],
    [broken(2, 'rbsgkk'), /board row of 5 cells/],
    [broken(2, 'rbsg+k'), /board row of 5 cells/],
    [broken(7, 'g'), /player 0's hand/],
    [broken(8, 'G'), /player 1's hand/],
    [broken(10, 'x'), /number of actions/],
    [good.slice(0, -1), /ended after/],
    [[...good, 'extra'], /1 lines after the actions/],
  ];
  for (const [lines, error] of cases)
    assert.throws(
      () => parseTurn(lines, true),
      (e: unknown) => e instanceof TurnInputError && error.test(e.message),
    );
});

it('the random bot answers one of the listed actions; the same seed, the same answers', async () => {
  const lines = protocol.turnInput(start(), seat(0), true);
  const later = protocol.turnInput(start(), seat(0), false);
  const play = async (seed: number) => {
    const bot = connect(random.create(botSetup(seed)));
    const answers = [await bot.turn(lines)];
    for (let i = 0; i < 7; i++) answers.push(await bot.turn(later));
    await bot.close();
    return answers;
  };
  const first = await play(42);
  for (const answer of first) assert.ok(lines.slice(11).includes(answer), answer);
  assert.deepEqual(await play(42), first);
  assert.ok(new Set(first).size > 1, 'the bot varies its answers');
});

it('random bots play whole games through the protocol, ending in different ways', async () => {
  const reasons = new Set<string>();
  for (let g = 0; g < 16; g++) {
    const bots = [connect(random.create(botSetup(2 * g))), connect(random.create(botSetup(2 * g + 1)))];
    let state = start(g);
    const played = [false, false];
    while (rules.outcome(state) === null) {
      const mover = rules.toMove(state);
      const line = await bots[mover]!.turn(protocol.turnInput(state, mover, !played[mover]));
      played[mover] = true;
      const parsed = protocol.parseOutput(state, mover, line);
      assert.ok(parsed.ok, `${line}: ${parsed.ok ? '' : parsed.error}`);
      state = rules.play(state, parsed.value.move);
    }
    await Promise.all(bots.map((bot) => bot.close()));
    assert.ok(state.ply <= 300);
    reasons.add(rules.outcome(state)!.reason.replace(/[0-9]+/g, 'N'));
  }
  assert.ok(reasons.size > 1, `every game ended the same way: ${[...reasons].join(', ')}`);
});

it("the game definition: two seats, the statement's time limits, the random bot, the USI bridge", () => {
  assert.equal(game.id, 'minishogi');
  assert.deepEqual(game.seats, { min: 2, max: 2 });
  assert.deepEqual(game.timeLimits, { firstTurn: 1000, turn: 100 });
  assert.equal(game.bots.random, random);
  assert.ok(game.bridges?.usi);
  assert.equal(game.rules.legalMoves(game.rules.initial({ seats: 2, seed: 0, options: {} })).length, 14);
  assert.equal(game.perft?.count(3), 2512);
  assert.deepEqual(
    game.perft
      ?.divide(2, '2k1S/B1rP1/2KG1/GS1p1/R1B2 b - 91')
      .map((d) => `${d.move} ${d.count}`)
      .sort(),
    ['2332 0', '3324 8', '3343 8'],
    'the published 3 moves and 16 replies (2332 mates)',
  );
  assert.throws(() => game.perft?.count(1, 'rbsgk/4p/5/P4'), /bad SFEN "rbsgk\/4p\/5\/P4": expected 3 or 4 fields/);
});
