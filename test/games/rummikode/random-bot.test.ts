import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { playGame } from '../../../src/arena/game-loop.js';
import { TurnInputError } from '../../../src/core/turn-input.js';
import { millis, seat } from '../../../src/core/units.js';
import { random } from '../../../src/games/rummikode/bots/random.js';
import { readCardText } from '../../../src/games/rummikode/cards.js';
import { game } from '../../../src/games/rummikode/index.js';
import { readTurn } from '../../../src/games/rummikode/input.js';
import { protocol } from '../../../src/games/rummikode/protocol.js';
import { rules } from '../../../src/games/rummikode/rules.js';
import { botSetup, inMemoryBot } from '../../support/games.js';
import { cards, position, stack, start } from './helpers.js';

/** A LineIO reading the given lines, then the end of input. */
function reader(lines: readonly string[]) {
  const queue = [...lines];
  return { readLine: async () => queue.shift() ?? null, writeLine: () => {}, log: () => {} };
}

const connect = inMemoryBot;

describe('the input reader', () => {
  it('reads back what the referee writes', async () => {
    const s = position({
      hands: ['05_BLUE 01_GREEN', '08_BLUE 08_BLUE 12_YELLOW'],
      stacks: ['01_BLUE 02_BLUE 03_BLUE', null, '07_BLACK 07_BLUE 07_YELLOW'],
      mover: 1,
      actionsLeft: 3,
      pile: '04_GREEN',
    });
    const io = reader(protocol.turnInput(s, seat(1), false));
    const turn = await readTurn(io);
    assert.deepEqual(turn, {
      me: 1,
      players: [
        { cardCount: 2, actionsLeft: 0, hand: cards('05_BLUE 01_GREEN') },
        { cardCount: 3, actionsLeft: 3, hand: cards('08_BLUE 08_BLUE 12_YELLOW') },
      ],
      drawCount: 1,
      stacks: [stack('01_BLUE 02_BLUE 03_BLUE'), null, stack('07_BLACK 07_BLUE 07_YELLOW')],
    });
    assert.equal(await readTurn(io), null);
  });

  it('rejects input that breaks the statement', async () => {
    const head = ['0', '2', '1', '50', '1', '5', '05_BLUE', '1', '0', '06_BLUE'];
    await assert.rejects(readTurn(reader(['x'])), TurnInputError);
    await assert.rejects(readTurn(reader(['2', '2', '0', '50'])), /myPlayerIndex 2 is not below playersCount 2/);
    await assert.rejects(
      readTurn(reader(['0', '2', '0', '50', '2', '5', '05_BLUE', '1', '0', '06_BLUE'])),
      /nbCards 2 but 1 cards/,
    );
    await assert.rejects(
      readTurn(reader(['0', '2', '0', '50', '1', '5', '5_BLUE', '1', '0', '06_BLUE'])),
      /expected a card/,
    );
    await assert.rejects(readTurn(reader([...head, '0 1 01_BLUE 02_BLUE 03_BLUE'])), /type 1 is wrong for a sequence/);
    await assert.rejects(readTurn(reader([...head, '0 0 01_BLUE 03_BLUE 04_BLUE'])), /consecutive/);
    assert.equal(readCardText('08_blue'), null, 'the referee writes colours in upper case');
  });
});

describe('the random bot', () => {
  it('answers valid commands, and the same for the same seed', async () => {
    const play = async (seed: number) => {
      const bot = connect(random.create(botSetup(seed)));
      let s = start(2, 5);
      const answers: string[] = [];
      for (let i = 0; i < 60 && !rules.outcome(s); i++) {
        const mover = rules.toMove(s);
        // The bot plays seat 0; seat 1 only waits.
        if (mover !== 0) {
          s = rules.play(s, { kind: 'WAIT' });
          continue;
        }
        const line = await bot.turn(protocol.turnInput(s, mover, i === 0));
        const parsed = protocol.parseOutput(s, mover, line);
        assert.ok(parsed.ok, `${line}: ${parsed.ok ? '' : parsed.error}`);
        s = rules.play(s, parsed.value.move);
        answers.push(line);
      }
      await bot.close();
      return answers;
    };
    const first = await play(42);
    assert.deepEqual(await play(42), first);
    assert.ok(
      new Set(first.map((line) => line.split(' ')[0])).size > 2,
      `the bot varies its commands: ${first.join(', ')}`,
    );
  });
});

describe('games between built-in bots', () => {
  // Generous limits: on a loaded machine a timeout would change the game. The limits are checked apart.
  const timeLimits = { firstTurn: millis(20_000), turn: millis(10_000) };
  for (const players of [2, 3, 4]) {
    it(`with ${players} players, reproducible from the seed`, async () => {
      const bots = Array<string>(players).fill('builtin:random');
      const play = () => playGame(game, bots, { seed: 11 + players, timeLimits });
      const [a, b] = [await play(), await play()];
      const untimed = (turns: typeof a.replay.turns) => turns.map((t) => ({ ...t, timeMs: 0 }));
      assert.deepEqual(untimed(a.replay.turns), untimed(b.replay.turns));
      assert.deepEqual(a.result, b.result);
      assert.ok(
        a.result.players.every((p) => p.status === 'ok'),
        JSON.stringify(a.result.players),
      );
      // The ranks follow the final cards in hand, then the actions played.
      const final = a.replay.turns.at(-1)!.state as { players: { hand: string[]; played: number }[] };
      const key = final.players.map((p) => [p.hand.length, p.played] as const);
      const better = (x: readonly [number, number], y: readonly [number, number]) =>
        x[0] < y[0] || (x[0] === y[0] && x[1] < y[1]);
      assert.deepEqual(
        a.result.players.map((p) => p.rank),
        key.map((k) => 1 + key.filter((other) => better(other, k)).length),
      );
      assert.deepEqual(
        a.replay.turns.map((t) => t.limitMs),
        a.replay.turns.map((t, i) =>
          a.replay.turns.findIndex((u) => u.seat === t.seat) === i ? timeLimits.firstTurn : timeLimits.turn,
        ),
        "the first-turn limit on each player's first command only",
      );
    });
  }
});

describe('the game definition', () => {
  it("seats 2 to 4 with the statement's time limits and the random bot", () => {
    assert.equal(game.id, 'rummikode');
    assert.deepEqual(game.seats, { min: 2, max: 4 });
    assert.deepEqual(game.timeLimits, { firstTurn: 1000, turn: 100 });
    assert.equal(game.bots.random, random);
  });
});
