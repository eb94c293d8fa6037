/** One policy for every game: spaces and tabs at the end of an answer line are ignored (core's `withoutTrailingBlanks`). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { GameDefinition } from '../../src/core/game.js';
import { loadGames } from '../../src/games/registry.js';
import { botSetup, inMemoryBot } from '../support/games.js';

/** The first answer of the game's first built-in bot at the start: a legal line, whatever the game. */
async function firstAnswer(game: GameDefinition): Promise<{ state: unknown; line: string }> {
  const state = game.rules.initial({ seats: game.seats.min, seed: 1, options: {} });
  const seat = game.rules.toMove(state);
  const bot = inMemoryBot(game.bots[Object.keys(game.bots)[0]!]!.create(botSetup(1)));
  const line = await bot.turn(game.protocol.turnInput(state, seat, true));
  void bot.close();
  return { state, line };
}

describe('blanks at the end of an answer', () => {
  it('are ignored by every game, which reads the line as it reads it without them', async () => {
    const games = await loadGames();
    assert.ok(games.length >= 5);
    for (const game of games) {
      const { state, line } = await firstAnswer(game);
      const seat = game.rules.toMove(state);
      const plain = game.protocol.parseOutput(state, seat, line);
      assert.ok(plain.ok, `${game.id}: ${JSON.stringify(line)}`);
      for (const blanks of [' ', '  ', '\t', ' \t ']) {
        const padded = game.protocol.parseOutput(state, seat, `${line}${blanks}`);
        assert.deepEqual(padded, plain, `${game.id}: ${JSON.stringify(line + blanks)}`);
      }
    }
  });
});
