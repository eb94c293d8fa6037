import assert from 'node:assert/strict';
import { it } from 'node:test';
import { TurnInputError } from '../../../src/core/turn-input.js';
import { seat } from '../../../src/core/units.js';
import { random } from '../../../src/games/mills/bots/random.js';
import { game } from '../../../src/games/mills/index.js';
import { readTurn } from '../../../src/games/mills/input.js';
import { protocol } from '../../../src/games/mills/protocol.js';
import { piecesOnBoard, rules } from '../../../src/games/mills/rules.js';
import { botSetup, inMemoryBot } from '../../support/games.js';
import { playLines, start } from './helpers.js';

const connect = inMemoryBot;

/** A LineIO reading the given lines, then the end of input. */
function reader(lines: readonly string[]) {
  const queue = [...lines];
  return { readLine: async () => queue.shift() ?? null, writeLine: () => {}, log: () => {} };
}

it('readTurn reads back what turnInput writes', async () => {
  const s = playLines(start(), 'PUT 0 0', 'PUT 1 0', 'PUT 3 2');
  const io = reader(protocol.turnInput(s, seat(1), false));
  const turn = await readTurn(io);
  assert.deepEqual(turn && { ...turn, options: turn.options.length }, {
    colour: 'WHITE',
    turnsLeft: 199,
    myPieces: 1,
    opponentPieces: 2,
    myStock: 8,
    opponentStock: 7,
    pieces: [
      { id: 1, owner: 1, direction: 0, radius: 0 },
      { id: 2, owner: 0, direction: 1, radius: 0 },
      { id: 3, owner: 1, direction: 3, radius: 2 },
    ],
    options: 21,
  });
  assert.equal(turn?.options[0], 'PUT 0 1 0 0');
  assert.equal(await readTurn(io), null);
});

it('readTurn rejects input that breaks the statement', async () => {
  await assert.rejects(readTurn(reader(['RED 200 0 0 9 9'])), TurnInputError);
  await assert.rejects(readTurn(reader(['BLACK 200 0 0 9'])), TurnInputError);
  await assert.rejects(readTurn(reader(['BLACK 200 0 0 9 9', '1', '1 2 0 0'])), /owner 2/);
});

it('the random bot answers one of the listed options, and stops at the end of input', async () => {
  const lines = protocol.turnInput(start(), seat(0), true);
  const bot = connect(random.create(botSetup(7)));
  const answer = await bot.turn(lines);
  assert.ok(lines.slice(3).includes(answer), answer);
  await bot.close();
});

it('two random bots with the same seed answer the same', async () => {
  const lines = protocol.turnInput(start(), seat(0), true);
  const play = async (seed: number) => {
    const bot = connect(random.create(botSetup(seed)));
    const answers: string[] = [];
    for (let i = 0; i < 8; i++) answers.push(await bot.turn(lines));
    await bot.close();
    return answers;
  };
  const first = await play(42);
  assert.deepEqual(await play(42), first);
  assert.ok(new Set(first).size > 1, 'the bot varies its answers');
});

it('random bots play whole games through the protocol', async () => {
  const reasons = new Set<string>();
  for (let game = 0; game < 20; game++) {
    const bots = [connect(random.create(botSetup(2 * game))), connect(random.create(botSetup(2 * game + 1)))];
    let state = start();
    while (rules.outcome(state) === null) {
      const mover = rules.toMove(state);
      const line = await bots[mover]!.turn(protocol.turnInput(state, mover, state.ply < 2));
      const parsed = protocol.parseOutput(state, mover, line);
      assert.ok(parsed.ok, `${line}: ${parsed.ok ? '' : parsed.error}`);
      state = rules.play(state, parsed.value.move);
      const pieces = piecesOnBoard(state);
      for (const s of [0, 1]) assert.equal(pieces.filter((p) => p.owner === s).length, state.onBoard[s]);
    }
    await Promise.all(bots.map((bot) => bot.close()));
    reasons.add(rules.outcome(state)!.reason.replace(/[0-9]+/g, 'N'));
  }
  assert.ok(reasons.size > 1, `every game ended the same way: ${[...reasons].join(', ')}`);
});

it("the game definition offers the random bot and the statement's time limits", () => {
  assert.equal(game.id, 'mills');
  assert.equal(game.bots.random, random);
  assert.deepEqual(game.timeLimits, { firstTurn: 1000, turn: 50 });
  assert.equal(game.rules.legalMoves(game.rules.initial({ seats: 2, seed: 0, options: {} })).length, 24);
});
