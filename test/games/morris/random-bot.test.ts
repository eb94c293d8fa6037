import assert from 'node:assert/strict';
import { it } from 'node:test';
import { playGame } from '../../../src/arena/game-loop.js';
import type { Replay } from '../../../src/arena/replay.js';
import type { LineIO } from '../../../src/core/line-io.js';
import { TurnInputError } from '../../../src/core/turn-input.js';
import { millis } from '../../../src/core/units.js';
import { random } from '../../../src/games/morris/bots/random.js';
import { game } from '../../../src/games/morris/index.js';
import { readInitialisation, readTurn } from '../../../src/games/morris/input.js';
import { protocol } from '../../../src/games/morris/protocol.js';
import { rules } from '../../../src/games/morris/rules.js';
import { botSetup, inMemoryBot } from '../../support/games.js';
import { ONE, playLines, start, ZERO } from './helpers.js';

/** A LineIO reading the given lines, then the end of input. */
function reader(lines: readonly string[]): LineIO {
  const queue = [...lines];
  return { readLine: async () => queue.shift() ?? null, writeLine: () => {}, log: () => {} };
}

const connect = inMemoryBot;

it('the bot side reads back what the referee writes', async () => {
  const s = playLines(start(), 'PLACE;A1', 'PLACE;D2', 'PLACE;A4');
  const io = reader(protocol.turnInput(s, ONE, true));
  const init = await readInitialisation(io);
  assert.equal(init?.playerId, 1);
  assert.equal(init?.neighbours.size, 24);
  assert.deepEqual(init?.neighbours.get('D2'), ['B2', 'D1', 'D3', 'F2']);
  const turn = await readTurn(io);
  assert.equal(turn?.opMove, 'PLACE;A4');
  assert.deepEqual(
    [turn?.board.get('A1'), turn?.board.get('D2'), turn?.board.get('G7'), turn?.board.size],
    [0, 1, 2, 24],
  );
  assert.equal(turn?.commands.length, 21);
  assert.deepEqual(turn?.commands.slice(0, 2), ['PLACE;D1', 'PLACE;G1']);
  assert.equal(await readTurn(io), null);
});

it('the bot side rejects input that breaks the statement', async () => {
  await assert.rejects(readInitialisation(reader(['2'])), TurnInputError);
  await assert.rejects(readInitialisation(reader(['0', 'x'])), TurnInputError);
  await assert.rejects(readInitialisation(reader(['0', '1', 'A1:A4,D1'])), /FIELD:N1;N2/);
  await assert.rejects(readTurn(reader(['-', 'A1:3'])), /FIELD:STATE/);
  await assert.rejects(readTurn(reader(['-', 'A1:2', 'many'])), /number of commands/);
  assert.equal(await readInitialisation(reader(['0', '24', 'A1:A4;D1'])), null, 'input ended early');
});

it('the random bot plays a listed command, and the same seed plays the same', async () => {
  const lines = protocol.turnInput(start(), ZERO, true);
  const play = async (seed: number) => {
    const bot = connect(random.create(botSetup(seed)));
    const answers = [await bot.turn(lines)];
    for (let i = 0; i < 7; i++) answers.push(await bot.turn(lines.slice(26)));
    await bot.close();
    return answers;
  };
  const first = await play(42);
  for (const answer of first) assert.ok(lines.slice(29).includes(answer), answer);
  assert.deepEqual(await play(42), first);
  assert.ok(new Set(first).size > 1, 'the bot varies its answers');
});

/** The replay without what depends on the clock. */
const timeless = (replay: Replay) => ({
  ...replay,
  startedAt: '',
  turns: replay.turns.map((t) => ({ ...t, timeMs: 0 })),
});

it('a whole game between built-in bots: valid throughout, and the same again from the same seed', async () => {
  const specs = ['builtin:random', 'builtin:random'];
  // Limits no loaded machine can break: the game, not the clock, is under test.
  const timeLimits = { firstTurn: millis(60_000), turn: millis(60_000) };
  const first = await playGame(game, specs, { seed: 2024, timeLimits });
  const again = await playGame(game, specs, { seed: 2024, timeLimits });
  assert.deepEqual(timeless(again.replay), timeless(first.replay));
  const { result, replay } = first;
  assert.deepEqual(
    result.players.map((p) => p.status),
    ['ok', 'ok'],
  );
  assert.equal(replay.turns.length, result.turns);
  assert.ok(result.turns > 18 && result.turns <= 200, `${result.turns} turns`);
  for (const [i, turn] of replay.turns.entries()) {
    assert.equal(turn.seat, i % 2);
    const commands = turn.input.slice(i < 2 ? 29 : 3);
    assert.equal(turn.input[i < 2 ? 28 : 2], String(commands.length));
    assert.ok(commands.includes(turn.output[0]!), `turn ${i + 1}: ${turn.output[0]}`);
    assert.equal(turn.input[i < 2 ? 26 : 0], i === 0 ? '-' : replay.turns[i - 1]!.output[0]);
  }
  assert.notDeepEqual(
    timeless((await playGame(game, specs, { seed: 2025, timeLimits })).replay).turns,
    timeless(first.replay).turns,
  );
});

it('random games end by a player down to 2 stones, or a draw', async () => {
  const reasons = new Set<string>();
  for (let g = 0; g < 20; g++) {
    const bots = [connect(random.create(botSetup(2 * g))), connect(random.create(botSetup(2 * g + 1)))];
    let state = start();
    while (rules.outcome(state) === null) {
      const mover = rules.toMove(state);
      const line = await bots[mover]!.turn(protocol.turnInput(state, mover, state.ply < 2));
      const parsed = protocol.parseOutput(state, mover, line);
      assert.ok(parsed.ok, `${line}: ${parsed.ok ? '' : parsed.error}`);
      state = rules.play(state, parsed.value.move);
    }
    await Promise.all(bots.map((bot) => bot.close()));
    reasons.add(rules.outcome(state)!.reason.replace(/player [01]/, 'player N'));
  }
  // A blocked player is rare between random bots; rules.test.ts builds one.
  assert.deepEqual([...reasons].sort(), ['draw after 200 turns', 'player N is down to 2 stones']);
});

it("the game definition: the random bot, the statement's time limits, no options", () => {
  assert.equal(game.id, 'morris');
  assert.equal(game.bots.random, random);
  assert.deepEqual(game.timeLimits, { firstTurn: 1000, turn: 50 });
  assert.deepEqual(game.seats, { min: 2, max: 2 });
  assert.equal(game.options, undefined);
});
