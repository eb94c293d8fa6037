import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { playGame } from '../../../src/arena/game-loop.js';
import { millis } from '../../../src/core/units.js';
import { greedyMove } from '../../../src/games/rummikode/bots/greedy.js';
import { TurnPlayer } from '../../../src/games/rummikode/engine/turn.js';
import { game } from '../../../src/games/rummikode/index.js';
import { readTurn, type TurnInput } from '../../../src/games/rummikode/input.js';
import { formatMove } from '../../../src/games/rummikode/moves.js';
import { protocol } from '../../../src/games/rummikode/protocol.js';
import type { RummiState } from '../../../src/games/rummikode/rules.js';
import { cards, playLines, position, stack } from './helpers.js';

// Generous limits: on a loaded machine a timeout would change the game. Time is measured apart.
const timeLimits = { firstTurn: millis(60_000), turn: millis(60_000) };
/** Node-limited, so that the games do not depend on the machine's load. */
const STRONG = 'builtin:strong(time=0,nodes=2000)';

/** What a bot reads at `state`. */
async function input(state: RummiState): Promise<TurnInput> {
  const lines = protocol.turnInput(state, state.mover, false);
  const turn = await readTurn({ readLine: async () => lines.shift() ?? null, writeLine: () => {}, log: () => {} });
  return turn!;
}

describe('the greedy bot', () => {
  it('pushes its biggest stack, then adds, then waits; it never rearranges', () => {
    const t = {
      hand: cards('03_BLUE 04_BLUE 05_BLUE 06_BLUE 08_BLACK 08_GREEN 08_YELLOW 10_GREEN'),
      stacks: [],
      actionsLeft: 5,
      opened: true,
    };
    assert.equal(formatMove(greedyMove(t)), 'PUSH 03_BLUE 04_BLUE 05_BLUE 06_BLUE');
    const tableOnly = { ...t, hand: cards('09_GREEN 01_BLACK'), stacks: [stack('10_GREEN 11_GREEN 12_GREEN')] };
    assert.equal(formatMove(greedyMove(tableOnly)), 'ADD 0 09_GREEN');
    assert.equal(formatMove(greedyMove({ ...tableOnly, hand: cards('01_BLACK') })), 'WAIT');
    assert.equal(
      formatMove(
        greedyMove({ ...t, opened: false, hand: cards('03_BLUE 04_BLUE 05_BLUE 08_BLACK 08_GREEN 08_YELLOW') }),
      ),
      'WAIT',
      'nothing totals 25',
    );
  });
});

describe('the strong bot', () => {
  /** The commands a fresh strong bot plays in its turn from `start`. */
  async function turnFrom(start: RummiState, keep: number, openBy = 0): Promise<string[]> {
    const player = new TurnPlayer({ nodes: 100_000, ms: 0 }, keep, (text) => assert.fail(text), openBy);
    const played: string[] = [];
    for (let state = start; state.mover === start.mover && !state.outcome; state = playLines(state, played.at(-1)!))
      played.push(formatMove(player.answer(await input(state))));
    return played;
  }

  it('plays a planned turn one command at a time, a TAKE whose card goes on a stack as a MOVE', async () => {
    // It opens, moves 09_BLUE from the group of four onto the blue run, and 10_BLUE follows it.
    const start = position({
      hands: ['10_YELLOW 11_YELLOW 12_YELLOW 10_BLUE', '01_BLACK'],
      stacks: ['09_BLACK 09_BLUE 09_GREEN 09_YELLOW', '06_BLUE 07_BLUE 08_BLUE'],
      opened: [false, true],
    });
    assert.deepEqual(await turnFrom(start, 0), [
      'PUSH 10_YELLOW 11_YELLOW 12_YELLOW',
      'MOVE 0 1 09_BLUE',
      'ADD 1 10_BLUE',
    ]);
  });

  it('keeps the last card it could add for its next turn, once it has thrown, unless another player is close to out', async () => {
    const spec = { stacks: ['01_BLUE 02_BLUE 03_BLUE'], opened: [false, true], pile: '00_GREEN 05_GREEN' };
    const calm = position({
      ...spec,
      hands: ['10_YELLOW 11_YELLOW 12_YELLOW 04_BLUE 00_BLACK', '11_BLACK 11_BLUE 00_BLUE 00_YELLOW 07_GREEN'],
    });
    assert.deepEqual(await turnFrom(calm, 1), ['PUSH 10_YELLOW 11_YELLOW 12_YELLOW', 'WAIT']);
    assert.deepEqual(await turnFrom(calm, 0), ['PUSH 10_YELLOW 11_YELLOW 12_YELLOW', 'ADD 0 04_BLUE', 'WAIT']);
    const racing = position({
      ...spec,
      hands: ['10_YELLOW 11_YELLOW 12_YELLOW 04_BLUE 00_BLACK', '11_BLACK 11_BLUE 00_BLUE'],
    });
    assert.deepEqual(await turnFrom(racing, 1), ['PUSH 10_YELLOW 11_YELLOW 12_YELLOW', 'ADD 0 04_BLUE', 'WAIT']);
    const spoiled = position({
      ...spec,
      hands: ['10_YELLOW 11_YELLOW 12_YELLOW 04_BLUE 00_BLACK', '11_BLACK 11_BLUE 04_BLUE 00_YELLOW 07_GREEN'],
    });
    assert.deepEqual(
      await turnFrom(spoiled, 1),
      ['PUSH 10_YELLOW 11_YELLOW 12_YELLOW', 'ADD 0 04_BLUE', 'WAIT'],
      'the other player could add its own 04_BLUE first',
    );
  });

  it('waits rather than open with a turn that leaves more than 3 cards, until its turn to open by, or another player is close to out', async () => {
    const spec = { stacks: [], opened: [false, true], pile: '00_GREEN 05_GREEN' };
    const far = '11_BLACK 11_BLUE 00_BLUE 00_YELLOW 07_GREEN 02_BLACK 03_BLACK 09_GREEN 09_BLUE';
    const big = position({ ...spec, hands: ['10_YELLOW 11_YELLOW 12_YELLOW 01_BLACK 03_GREEN 05_BLUE 07_BLACK', far] });
    assert.deepEqual(await turnFrom(big, 1, 18), ['WAIT'], 'opening would leave 4 cards');
    assert.deepEqual(await turnFrom(big, 1, 1), ['PUSH 10_YELLOW 11_YELLOW 12_YELLOW'], 'its turn to open by');
    assert.deepEqual(await turnFrom(big, 1, 0), ['PUSH 10_YELLOW 11_YELLOW 12_YELLOW']);
    const small = position({ ...spec, hands: ['10_YELLOW 11_YELLOW 12_YELLOW 01_BLACK 03_GREEN 05_BLUE', far] });
    assert.deepEqual(await turnFrom(small, 1, 18), ['PUSH 10_YELLOW 11_YELLOW 12_YELLOW'], 'leaves 3 cards');
    const close = position({
      ...spec,
      hands: ['10_YELLOW 11_YELLOW 12_YELLOW 01_BLACK 03_GREEN 05_BLUE 07_BLACK', '11_BLACK 11_BLUE 00_BLUE 00_YELLOW'],
    });
    assert.deepEqual(await turnFrom(close, 1, 18), ['PUSH 10_YELLOW 11_YELLOW 12_YELLOW'], 'the other holds 4');
  });

  for (const players of [2, 3, 4]) {
    it(`plays only valid commands, in games of ${players} with the other bots, the same for the same seed`, async () => {
      const others = ['builtin:greedy', 'builtin:random', STRONG];
      for (let g = 0; g < 4; g++) {
        const bots = Array.from({ length: players }, (_, i) =>
          i === g % players ? STRONG : others[(g + i) % others.length]!,
        );
        const play = () => playGame(game, bots, { seed: 100 * players + g, timeLimits });
        const { result, replay } = await play();
        assert.ok(
          result.players.every((p) => p.status === 'ok'),
          JSON.stringify(result.players),
        );
        for (const turn of replay.turns) assert.equal(turn.stderr, '', `turn ${turn.turn}, seat ${turn.seat}`);
        if (g === 0) assert.deepEqual((await play()).result.players, result.players);
      }
    });
  }
});
