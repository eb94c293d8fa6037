import assert from 'node:assert/strict';
import { copyFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { builtinBotModule, exportBuiltinBot } from '../../src/arena/builtin/export.js';
import { playGame } from '../../src/arena/game-loop.js';
import { loadGames } from '../../src/games/registry.js';
import { slackLimits } from '../support/games.js';

/** CodinGame accepts at most 100,000 characters of source. */
const CODINGAME_LIMIT = 100_000;

describe('exported built-in bots', async () => {
  const games = await loadGames();

  it('finds every built-in bot in bots/<name>.js, exported as <name>', async () => {
    for (const game of games) {
      for (const [name, bot] of Object.entries(game.bots)) {
        const module = (await import(builtinBotModule(game.id, name).href)) as Record<string, unknown>;
        assert.equal(module[name], bot, `${game.id} builtin:${name}`);
      }
    }
  });

  for (const game of games) {
    it(`${game.id}: every bot fits a CodinGame submission, and an exported one plays a whole game alone`, async () => {
      const dir = await mkdtemp(join(tmpdir(), 'tabula-export-'));
      for (const name of Object.keys(game.bots)) {
        const bytes = await exportBuiltinBot(game, name, {}, join(dir, `${name}.js`));
        assert.ok(bytes < CODINGAME_LIMIT, `${game.id} builtin:${name} is ${bytes} bytes`);
      }
      // Far from the repository, so that nothing but the file itself and node can be used.
      const alone = await mkdtemp(join(tmpdir(), 'tabula-alone-'));
      await copyFile(join(dir, 'random.js'), join(alone, 'bot.js'));
      const bots = [`cd ${alone} && node bot.js`, ...Array(game.seats.min - 1).fill('builtin:random')];
      const { result } = await playGame(game, bots, { seed: 5, timeLimits: slackLimits });
      assert.deepEqual(
        result.players.map((p) => p.status),
        bots.map(() => 'ok'),
        result.players.map((p) => p.message).join(' '),
      );
    });
  }
});
