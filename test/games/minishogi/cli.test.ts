import assert from 'node:assert/strict';
import { it } from 'node:test';
import { seat } from '../../../src/core/units.js';
import { protocol } from '../../../src/games/minishogi/protocol.js';
import { tabula } from '../../support/cli.js';
import { start } from './helpers.js';

it('tabula perft minishogi: the count as the last line, per first move with --divide, from an SFEN', async () => {
  assert.deepEqual(await tabula(['perft', 'minishogi', '--depth', '3']), { code: 0, stdout: '2512\n', stderr: '' });
  const divide = await tabula(['perft', 'minishogi', '--depth', '2', '--divide']);
  const lines = divide.stdout.trim().split('\n');
  assert.equal(lines.length, 15);
  assert.equal(lines.at(-1), '181');
  assert.ok(lines.includes('4534 14') && lines.includes('1512 2'), divide.stdout);
  // Pawn-drop mate forbidden, as the statement says: 60 where Fairy-Stockfish counts 61.
  const sfen = await tabula(['perft', 'minishogi', '--depth', '1', '--position', 'k2+PS/2G2/BS3/b2K1/R4 b PRg 101']);
  assert.equal(sfen.stdout, '60\n');
  const bad = await tabula(['perft', 'minishogi', '--depth', '1', '--position', 'k2+PS/2G2/BS3/b2K1/R4 x PRg 101']);
  assert.deepEqual(bad, {
    code: 2,
    stdout: '',
    stderr: 'tabula: bad SFEN "k2+PS/2G2/BS3/b2K1/R4 x PRg 101": the side to move is "b" or "w", not "x"\n',
  });
});

it('tabula play minishogi between built-in bots, and tabula bot minishogi random on stdin', async () => {
  const played = await tabula(['play', 'minishogi', 'builtin:random', 'builtin:random', '--seed', '4', '--json']);
  assert.equal(played.code, 0, played.stderr);
  const result = JSON.parse(played.stdout) as { game: string; seed: number; winner: number | null; reason: string };
  assert.deepEqual(
    [result.game, result.seed, result.winner, result.reason],
    ['minishogi', 4, 0, 'player 1 is checkmated'],
  );

  const input = protocol.turnInput(start(), seat(0), true);
  const bot = await tabula(['bot', 'minishogi', 'random', '--seed', '1'], `${input.join('\n')}\n`);
  assert.equal(bot.code, 0, bot.stderr);
  assert.ok(input.slice(11).includes(bot.stdout.trim()), bot.stdout);
});
