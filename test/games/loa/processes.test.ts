import assert from 'node:assert/strict';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { it } from 'node:test';
import { playGame } from '../../../src/arena/game-loop.js';
import { isRunning } from '../../../src/core/proc.js';
import { game } from '../../../src/games/loa/index.js';
import { root } from '../../support/cli.js';

/** The Python contestant in fixtures/, written from the statement alone; it reports what it saw in `report`. */
const pythonBot = (mode: string, report: string, maxMoves?: number) =>
  [
    'python3',
    join(root, 'test/games/loa/fixtures/loa_bot.py'),
    mode,
    report,
    ...(maxMoves ? [String(maxMoves)] : []),
  ].join(' ');

const reportOf = async (file: string) => {
  const [pid, ...seen] = (await readFile(file, 'utf8')).trim().split(' ');
  return { pid: Number(pid), seen: seen.join(' ') };
};

it('a contestant process sees its loss by itself from the relayed last move', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'tabula-loa-'));
  const report = join(dir, 'black.txt');
  const { result, replay } = await playGame(game, [pythonBot('play', report), 'builtin:strong(depth=3)'], { seed: 3 });
  assert.equal(result.winner, 1, result.reason);
  assert.deepEqual(
    result.players.map((p) => p.status),
    ['ok', 'ok'],
  );
  assert.equal((await reportOf(report)).seen, 'win 1', 'the Python bot, black, saw white win');
  assert.deepEqual(replay.turns[0]!.input, ['0']);
  assert.equal(replay.turns[1]!.input[0], '1');
  assert.match(replay.turns[1]!.input[1]!, /^[1-8] [1-8] [1-8] [1-8]$/);
});

it('at the move limit both bots stop; one that lingers is ended after the grace, without penalty', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'tabula-loa-'));
  const [lingerer, player] = [join(dir, 'black.txt'), join(dir, 'white.txt')];
  let lastTurn = 0;
  const { result } = await playGame(game, [pythonBot('linger', lingerer, 10), pythonBot('play', player, 10)], {
    seed: 1,
    gameOptions: { 'max-moves': '10' },
    onTurn: () => (lastTurn = performance.now()),
  });
  const afterEnd = performance.now() - lastTurn;
  assert.deepEqual([result.winner, result.reason, result.turns], [null, 'move limit: 10 moves without a winner', 10]);
  assert.deepEqual(
    result.players.map((p) => [p.status, p.message]),
    [
      ['ok', ''],
      ['ok', ''],
    ],
  );
  const [a, b] = [await reportOf(lingerer), await reportOf(player)];
  assert.deepEqual([a.seen, b.seen], ['limit', 'limit']);
  assert.equal(isRunning(a.pid), false, 'the lingering bot was ended');
  // A bot that exits at once is gone within some 30 ms; timers may fire a millisecond early.
  assert.ok(afterEnd >= 95, `it had the grace of 100 ms before it was ended (${afterEnd} ms)`);
});

it('an illegal move loses, quoted, and the other bot is told nothing more', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'tabula-loa-'));
  const { result, replay } = await playGame(game, ['builtin:random', pythonBot('illegal', join(dir, 'white.txt'))], {
    seed: 1,
  });
  assert.equal(result.winner, 0);
  assert.equal(result.players[1]!.status, 'invalid');
  assert.equal(result.players[1]!.message, '"1 1 1 1": there is no piece at row 1 column 1');
  assert.equal(result.players[1]!.score, -1);
  assert.deepEqual(replay.turns.at(-1)!.failure, {
    status: 'invalid',
    message: '"1 1 1 1": there is no piece at row 1 column 1',
  });
});
