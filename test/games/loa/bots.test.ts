import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseBotSpec } from '../../../src/arena/bot-spec.js';
import { playGame } from '../../../src/arena/game-loop.js';
import { LineQueue } from '../../../src/arena/process/line-streams.js';
import type { BotProgram } from '../../../src/core/line-io.js';
import { Rng } from '../../../src/core/rng.js';
import { TurnInputError } from '../../../src/core/turn-input.js';
import { seat } from '../../../src/core/units.js';
import { Greedy } from '../../../src/games/loa/bots/greedy.js';
import { Planner } from '../../../src/games/loa/bots/planner.js';
import { random } from '../../../src/games/loa/bots/random.js';
import { strong } from '../../../src/games/loa/bots/strong.js';
import { game } from '../../../src/games/loa/index.js';
import { parseColour, parseMove, playStream } from '../../../src/games/loa/input.js';
import { BLACK, type Move, Position, WHITE } from '../../../src/games/loa/position.js';
import { protocol } from '../../../src/games/loa/protocol.js';
import { boardRows, formatMove, type LoaState, rules } from '../../../src/games/loa/rules.js';
import { botSetup } from '../../support/games.js';
import { board, start, stateAt } from './helpers.js';

/** A bot fed in memory: its input, what it writes, and its program's end. */
function connect(program: BotProgram) {
  const input = new LineQueue();
  const written: string[] = [];
  const done = program({ readLine: () => input.read(), writeLine: (line) => void written.push(line), log: () => {} });
  return { input, written, done };
}

/** Lets a bot's pending reads and writes run. */
const settle = () => sleep(0);

describe('reading and writing the statement', () => {
  it('reads the colour and moves exactly as the referee writes them', () => {
    assert.equal(parseColour('0'), BLACK);
    assert.equal(parseColour('1'), WHITE);
    assert.throws(() => parseColour('BLACK'), TurnInputError);
    assert.equal(formatMove(parseMove('8 2 6 4')), '8 2 6 4');
    for (const bad of ['8 2 6', '8 2 6 9', '8  2 6 4', ' 8 2 6 4', '8 2 6 4 '])
      assert.throws(() => parseMove(bad), TurnInputError, bad);
  });

  it('stops by itself at the move limit, without waiting for its input to end', async () => {
    const moves = new Int32Array(96);
    const first = (p: Position): Move => {
      p.generate(moves);
      return moves[0]! as Move;
    };
    const bot = connect((io) => playStream(io, first, 3));
    let state = start();
    bot.input.push('0');
    await settle();
    assert.equal(bot.written.length, 1, 'black moves after reading its colour');
    state = rules.play(state, rules.legalMoves(state)[0]!);
    assert.equal(formatMove(state.lastMove!), bot.written[0]);
    const reply = rules.legalMoves(state)[0]!;
    state = rules.play(state, reply);
    bot.input.push(formatMove(reply));
    await settle();
    assert.equal(bot.written[1], formatMove(rules.legalMoves(state)[0]!));
    await bot.done;
    assert.equal(bot.written.length, 2, 'the third move was the last: it returns without reading on');
  });

  it('rejects a relayed move that is illegal', async () => {
    const bot = connect(random.create(botSetup(1)));
    bot.input.push('1');
    bot.input.push('1 2 2 2');
    await assert.rejects(
      bot.done,
      /the opponent's move 1 2 2 2 is illegal: the piece at row 1 column 2 must move 2 squares south, not 1/,
    );
  });
});

/**
 * Plays a game between two in-memory bots through the protocol, the referee's way. The bots must
 * stop by themselves at the end, unless `closeInput`, when their input ends after the last move.
 */
async function playInMemory(black: BotProgram, white: BotProgram, closeInput = false): Promise<LoaState> {
  const bots = [connect(black), connect(white)];
  let state = start();
  const asked = [false, false];
  while (state.outcome === null) {
    const s = rules.toMove(state);
    const bot = bots[s]!;
    for (const line of protocol.turnInput(state, s, !asked[s])) bot.input.push(line);
    asked[s] = true;
    const before = bot.written.length;
    for (let i = 0; bot.written.length === before; i++) {
      assert.ok(i < 1000, 'the bot answers');
      await settle();
    }
    const parsed = protocol.parseOutput(state, s, bot.written.at(-1)!);
    assert.ok(parsed.ok, parsed.ok ? '' : parsed.error);
    state = rules.play(state, parsed.value.move);
  }
  for (const [i, bot] of bots.entries()) {
    for (const line of protocol.finalInput!(state, seat(i))) bot.input.push(line);
    if (closeInput) bot.input.end();
  }
  await Promise.race([Promise.all(bots.map((b) => b.done)), sleep(2000).then(() => assert.fail('a bot did not stop'))]);
  return state;
}

describe("the judges' player", () => {
  it('plays the same game with the same seed', async () => {
    // The judge's player leaves the move limit to the referee: it stops when its input ends.
    const a = await playInMemory(random.create(botSetup(1)), random.create(botSetup(2)), true);
    const b = await playInMemory(random.create(botSetup(1)), random.create(botSetup(2)), true);
    assert.deepEqual(boardRows(a.position), boardRows(b.position));
    assert.equal(a.ply, b.ply);
    const c = await playInMemory(random.create(botSetup(3)), random.create(botSetup(2)), true);
    assert.notDeepEqual([c.ply, boardRows(c.position)], [a.ply, boardRows(a.position)], 'another seed, another game');
  });
});

describe('the strong bot', () => {
  it('beats the random one from both seats, and both stop by themselves', async () => {
    const asBlack = await playInMemory(strong.create(botSetup(1)), random.create(botSetup(2)));
    assert.equal(asBlack.outcome?.winner, BLACK);
    const asWhite = await playInMemory(random.create(botSetup(3)), strong.create(botSetup(4)));
    assert.equal(asWhite.outcome?.winner, WHITE);
  });

  it("3 moves deep, wins every game against the judge's player within 40 of its own moves (20 games)", async () => {
    const strongBot = 'builtin:strong(depth=3)';
    for (let g = 0; g < 20; g++) {
      const at = g % 2;
      const bots = at === 0 ? [strongBot, 'builtin:random'] : ['builtin:random', strongBot];
      const { result } = await playGame(game, bots, { seed: 1000 + g });
      assert.equal(result.winner, at, `game ${g}: ${result.reason}`);
      const own = at === 0 ? Math.ceil(result.turns / 2) : Math.floor(result.turns / 2);
      assert.ok(own <= 40, `game ${g}: ${own} own moves`);
      assert.deepEqual(
        result.players.map((p) => p.status),
        ['ok', 'ok'],
      );
    }
  });
});

describe('the planner', () => {
  it('takes a win at once, and never a capture that connects the opponent', () => {
    const drawing = `
      b.......
      .w..b..w
      .......w
      ........
      ........
      ........
      ........
      ........`;
    const planner = new Planner();
    const p = board(drawing);
    const before = boardRows(p);
    assert.equal(formatMove(planner.choose(p, () => 0)), '2 5 2 2', 'the capture connects both sides: the mover wins');
    assert.deepEqual(boardRows(p), before, 'the planner leaves the position as it was');
    // With a black piece far away, the same capture would connect only white.
    const q = board(drawing.replace(/\.\s*$/, 'b'));
    for (let seed = 0; seed < 5; seed++)
      assert.notEqual(formatMove(planner.choose(q, (k) => (seed + 1) % k)), '2 5 2 2');
  });

  it('avoids a move after which a random reply can win', () => {
    // Row 5 holds 2 pieces, so white's 5 7 can move 2 west to 5 5 and join 4 4 and 6 6: every black
    // move that leaves row 5 with 2 pieces lets a random reply win with some chance.
    const p = board(`
      b.......
      ........
      ........
      ...w....
      b.....w.
      .....w..
      ........
      .......b`);
    const s = stateAt(p);
    const planner = new Planner();
    const chosen = planner.choose(p.clone(), () => 0);
    const after = rules.play(s, chosen);
    const winningReplies = rules.legalMoves(after).filter((m) => rules.play(after, m).outcome?.winner === WHITE);
    assert.deepEqual(winningReplies.map(formatMove), [], `after ${formatMove(chosen)} white could win`);
    assert.ok(
      rules.legalMoves(s).some((m) => {
        const next = rules.play(s, m);
        return rules.legalMoves(next).some((r) => rules.play(next, r).outcome?.winner === WHITE);
      }),
      'some black move would let white win',
    );
  });
});

describe('the greedy player', () => {
  it('takes a win, and never a capture that connects only the opponent', () => {
    const drawing = `
      b.......
      .w..b..w
      .......w
      ........
      ........
      ........
      ........
      ........`;
    for (let seed = 0; seed < 5; seed++) {
      assert.equal(
        formatMove(new Greedy(new Rng(seed)).choose(board(drawing))),
        '2 5 2 2',
        'it connects both sides: the mover wins',
      );
      const q = board(drawing.replace(/\.\s*$/, 'b'));
      assert.notEqual(formatMove(new Greedy(new Rng(seed)).choose(q)), '2 5 2 2');
    }
  });

  it('never lets the opponent win at once when it can help it, and gathers its pieces otherwise', () => {
    // As for the planner: white's 5 7 joins 4 4 and 6 6 if row 5 still holds 2 pieces.
    const p = board(`
      b.......
      ........
      ........
      ...w....
      b.....w.
      .....w..
      ........
      .......b`);
    const s = stateAt(p);
    for (let seed = 0; seed < 5; seed++) {
      const chosen = new Greedy(new Rng(seed)).choose(p);
      const after = rules.play(s, chosen);
      const winningReplies = rules.legalMoves(after).filter((m) => rules.play(after, m).outcome?.winner === WHITE);
      assert.deepEqual(winningReplies.map(formatMove), [], `after ${formatMove(chosen)} white could win`);
    }
    // From the start, black's least spread move brings a corner piece in: 1 2 or 8 2 and the like never stay out.
    const first = Position.start();
    const spread = first.dispersion(BLACK);
    first.make(new Greedy(new Rng(1)).choose(first.clone()));
    assert.ok(first.dispersion(BLACK) < spread);
  });

  it("beats the judge's player from both seats", async () => {
    for (let g = 0; g < 6; g++) {
      const at = g % 2;
      const bots = at === 0 ? ['builtin:greedy', 'builtin:random'] : ['builtin:random', 'builtin:greedy'];
      const { result } = await playGame(game, bots, { seed: 2000 + g });
      assert.equal(result.winner, at, `game ${g}: ${result.reason}`);
    }
  });
});

describe('random openings', () => {
  it('given opening=N, the bots play the same first N moves in both games of a pair, and differ from pair to pair', async () => {
    const openings: string[][] = [];
    for (const seed of [1, 2]) {
      for (const bots of [
        ['builtin:strong(depth=1,opening=6)', 'builtin:greedy(opening=6)'],
        ['builtin:greedy(opening=6)', 'builtin:strong(depth=1,opening=6)'],
      ]) {
        const { replay } = await playGame(game, bots, { seed });
        openings.push(replay.turns.slice(0, 6).flatMap((t) => t.output));
      }
    }
    assert.deepEqual(openings[0], openings[1]);
    assert.deepEqual(openings[2], openings[3]);
    assert.notDeepEqual(openings[0], openings[2]);
    assert.throws(
      () => parseBotSpec(game, 'builtin:greedy(opening=-1)'),
      /opening=-1: expected a whole number from 0 to 40/,
    );
    assert.throws(() => parseBotSpec(game, 'builtin:strong(time=2)'), /time=2: expected a number from 0.001 to 1/);
  });
});
