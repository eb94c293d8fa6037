import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parseBotSpec } from '../../../src/arena/bot-spec.js';
import { playGame } from '../../../src/arena/game-loop.js';
import { ProcessSeat } from '../../../src/arena/seats/process-seat.js';
import { BotStartError } from '../../../src/core/connection.js';
import { millis, seat } from '../../../src/core/units.js';
import { game } from '../../../src/games/minishogi/index.js';
import { formatAction, formatUsi, parseAction } from '../../../src/games/minishogi/moves.js';
import { protocol } from '../../../src/games/minishogi/protocol.js';
import { rules } from '../../../src/games/minishogi/rules.js';
import { START_SFEN } from '../../../src/games/minishogi/sfen.js';
import { moveTime, UsiBot } from '../../../src/games/minishogi/usi.js';
import { root } from '../../support/cli.js';
import { start } from './helpers.js';

const fake = (mode: string): string =>
  `usi:node ${fileURLToPath(new URL('fake-usi-engine.js', import.meta.url))} ${mode}`;
const limits = { firstTurn: millis(1000), turn: millis(100) };

/** What the engine at `seat` read over the game, from its stderr log. */
const commands = (turns: readonly { seat: number; stderr: string }[], seat: number): string[] =>
  turns
    .filter((t) => t.seat === seat)
    .flatMap((t) => t.stderr.split('\n'))
    .filter((line) => line.startsWith('> '))
    .map((line) => line.slice(2));

it('the engine is given half of what is left of the turn, keeping at least 50 ms', () => {
  assert.equal(moveTime(100), 50);
  assert.equal(moveTime(1000), 500);
  assert.equal(moveTime(60), 10);
  assert.equal(moveTime(20), 1);
});

it('a USI engine plays a whole game: handshake, positions with the moves so far, movetime, bestmove', async () => {
  const { result, replay } = await playGame(game, [fake('good'), 'builtin:random'], { seed: 3, timeLimits: limits });
  assert.deepEqual(
    result.players.map((p) => p.status),
    ['ok', 'ok'],
  );
  assert.ok(result.turns > 10, `${result.turns} turns`);
  const sent = commands(replay.turns, 0);
  const start = 'position sfen rbsgk/4p/5/P4/KGSBR b - 1';
  assert.deepEqual(sent.slice(0, 5), [
    'usi',
    'setoption name USI_Variant value minishogi',
    'isready',
    'usinewgame',
    start,
  ]);
  assert.match(sent[5]!, /^go movetime [0-9]+$/);
  assert.ok(Number(sent[5]!.split(' ')[2]) <= 500, 'at most half of the first turn');
  // Later turns: the start and every move since, in USI, and half of the 100 ms.
  const [own, theirs] = replay.turns.slice(0, 2).map((t) => formatUsi(parseAction(t.output[0]!)!));
  assert.equal(sent[6], `${start} moves ${own} ${theirs}`);
  assert.equal(sent[7], 'go movetime 50');
  assert.ok(
    replay.turns.some((t) => t.seat === 0 && /^[PSGBR]{2,}$/.test(t.input[5]!) && /^[psgbr]+$/.test(t.input[6]!)),
    'the bridge followed the game through captures by both players',
  );
});

it("usi(threads=N) sets the engine's Threads option where it has one", async () => {
  const threaded = fake('good').replace(/^usi:/, 'usi(threads=3):');
  const { replay } = await playGame(game, [threaded, fake('plain').replace(/^usi:/, 'usi(threads=3):')], {
    seed: 3,
    timeLimits: limits,
  });
  assert.ok(commands(replay.turns, 0).includes('setoption name Threads value 3'));
  assert.ok(!commands(replay.turns, 1).some((c) => c.includes('Threads')), 'not to an engine without the option');
});

it('the bridge refuses a turn that does not follow from the moves it knows', async () => {
  const command = fake('good').slice('usi:'.length);
  const bot = new UsiBot(command, new ProcessSeat(command));
  try {
    const first = await bot.turn(protocol.turnInput(start(), seat(0), true), millis(1000));
    assert.equal(first.kind, 'line');
    const other = rules.legalMoves(start()).find((m) => first.kind === 'line' && formatAction(m, 0) !== first.line)!;
    const elsewhere = rules.play(start(), other);
    const reply = rules.legalMoves(elsewhere)[0]!;
    await assert.rejects(
      bot.turn(protocol.turnInput(rules.play(elsewhere, reply), seat(0), false), millis(1000)),
      /lost track of the game/,
    );
  } finally {
    await bot.close();
  }
});

it("as player 1, with an engine that offers no variant option: no setoption, the opponent's first move", async () => {
  const { result, replay } = await playGame(game, ['builtin:random', fake('plain')], { seed: 4, timeLimits: limits });
  assert.equal(result.players[1]!.status, 'ok');
  const sent = commands(replay.turns, 1);
  const first = formatUsi(parseAction(replay.turns[0]!.output[0]!)!);
  assert.deepEqual(sent.slice(0, 4), [
    'usi',
    'isready',
    'usinewgame',
    `position sfen rbsgk/4p/5/P4/KGSBR b - 1 moves ${first}`,
  ]);
  assert.match(replay.turns[1]!.output[0]!, /^([1-5]{4}\+?|[psgbr]\*[1-5]{2})$/, "drops in player 1's case");
});

it("from a start of the referee's own (random plies), the engine is told that position, then the moves since", async () => {
  for (const seat of [0, 1]) {
    const bots = ['builtin:random', 'builtin:random'];
    bots[seat] = fake('good');
    const timeLimits = { firstTurn: millis(5000), turn: millis(5000) };
    const { result, replay } = await playGame(game, bots, { seed: 6, timeLimits, opening: { randomPlies: 3 } });
    assert.deepEqual(
      result.players.map((p) => p.status),
      ['ok', 'ok'],
      result.reason,
    );
    const positions = commands(replay.turns, seat).filter((line) => line.startsWith('position '));
    // The position before the engine's first turn, as the referee's snapshot writes it (with its own move number).
    const k = replay.turns.findIndex((t) => t.seat === seat);
    const before = (k === 0 ? replay.initialState : replay.turns[k - 1]!.state) as { sfen: string };
    const shown = `${before.sfen.split(' ').slice(0, 3).join(' ')} 1`;
    assert.notEqual(shown, START_SFEN);
    assert.equal(positions[0], `position sfen ${shown}`);
    assert.match(positions[1]!, /^position sfen .* moves \S+ \S+$/);
    assert.ok(positions[1]!.startsWith(`position sfen ${shown} moves `), positions[1]);
  }
});

it('an engine whose variant option lacks minishogi cannot be started', async () => {
  await assert.rejects(
    playGame(game, [fake('chess'), 'builtin:random'], { seed: 1, timeLimits: limits }),
    (err: unknown) => err instanceof BotStartError && /UCI_Variant option does not offer minishogi/.test(err.message),
  );
});

it('an engine that resigns, plays an illegal move, says nothing, thinks too long or crashes loses', async () => {
  const outcome = async (mode: string) => {
    const { result } = await playGame(game, [fake(mode), 'builtin:random'], {
      seed: 1,
      timeLimits: { firstTurn: millis(300), turn: millis(100) },
    });
    assert.equal(result.winner, 1, mode);
    return `${result.players[0]!.status}: ${result.players[0]!.message}`;
  };
  assert.equal(await outcome('resign'), 'invalid: the engine answered "bestmove resign": resigned');
  assert.equal(await outcome('illegal'), 'invalid: "5551": illegal action: your king on 55 cannot move to 51');
  assert.match(await outcome('silent'), /^timeout: no answer within 300 ms/);
  assert.match(await outcome('slow'), /^timeout: no answer within 300 ms/);
  assert.match(await outcome('crash'), /^crash: exited with code 3/);
});

it('a real game against Fairy-Stockfish through the bridge', async () => {
  // Its wasm build needs seconds to start (the handshake's own allowance covers it); its thinking is
  // capped, and on a busy machine it overshoots 150 ms by up to 250: the turns leave room for that.
  const engine = `usi:node ${JSON.stringify(join(root, 'tools', 'fairy-stockfish.js'))} --max-movetime 100`;
  const { result } = await playGame(game, [engine, 'builtin:random'], {
    seed: 1,
    timeLimits: { firstTurn: millis(1000), turn: millis(1000) },
  });
  assert.deepEqual(
    result.players.map((p) => p.status),
    ['ok', 'ok'],
    result.reason,
  );
  assert.equal(result.winner, 0, result.reason);
});

describe('usi(depth=N) and usi(nodes=N)', () => {
  const limited = (params: string): string => fake('good').replace(/^usi:/, `usi(${params}):`);

  it('asks for go depth or go nodes instead of movetime, every turn', async () => {
    for (const [params, go] of [
      ['depth=4', 'go depth 4'],
      ['nodes=20000', 'go nodes 20000'],
      ['depth=3,nodes=500', 'go depth 3 nodes 500'],
    ] as const) {
      const { result, replay } = await playGame(game, [limited(params), 'builtin:random'], {
        seed: 5,
        timeLimits: limits,
      });
      assert.equal(result.players[0]!.status, 'ok', params);
      const goes = commands(replay.turns, 0).filter((line) => line.startsWith('go '));
      assert.ok(goes.length > 3 && goes.every((line) => line === go), `${params}: ${goes.join(', ')}`);
    }
  });

  it('refuses values that are not whole numbers from 1, and unknown parameters', () => {
    assert.throws(
      () => parseBotSpec(game, limited('depth=0')),
      /usi: parameter depth=0: depth is a whole number from 1, not "0"/,
    );
    assert.throws(() => parseBotSpec(game, limited('nodes=1e5')), /nodes is a whole number from 1/);
    assert.throws(
      () => parseBotSpec(game, limited('movetime=100')),
      /usi has no parameter "movetime" \(its parameters: threads, depth, nodes\)/,
    );
  });
});
