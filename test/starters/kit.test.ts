import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parseBotSpec } from '../../src/arena/bot-spec.js';
import { leaguesOf } from '../../src/core/game.js';
import { loadGames } from '../../src/games/registry.js';
import { gamePartsDir, LANGUAGES, startersOf } from '../../src/starters/kit.js';
import { tabula } from '../support/cli.js';

const scratch = () => mkdtemp(join(tmpdir(), 'tabula-new-'));

describe('tabula new', () => {
  it('writes a Python starter in ./<game>-bot by default, and ends with the build and run lines', async () => {
    const cwd = await scratch();
    const run = await tabula(['new', 'mills'], '', cwd);
    assert.equal(run.code, 0, run.stderr);
    const lines = run.stdout.trimEnd().split('\n');
    assert.deepEqual(lines.slice(-2), ['build: -', 'run: python3 bot.py']);
    assert.match(lines[0]!, /^mills-bot: a Python starter bot for Mills \(/);
    assert.deepEqual((await readdir(join(cwd, 'mills-bot'))).sort(), ['.gitignore', 'README.md', 'bot.py']);
    const readme = await readFile(join(cwd, 'mills-bot', 'README.md'), 'utf8');
    assert.match(readme, /^tabula play mills "python3 bot\.py" builtin:random --replay game\.json /m);
    assert.match(readme, /^tabula judge mills "python3 bot\.py" /m);
    assert.match(readme, /^`tabula judge` plays your bot against the game's boss, `builtin:\w+`, /m);
    assert.doesNotMatch(readme, /\{\{/);
  });

  it('gives the build command of compiled languages and writes into the folder named', async () => {
    const dir = join(await scratch(), 'deeper', 'bot');
    const run = await tabula(['new', 'minishogi', '--lang', 'cpp', dir]);
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(run.stdout.trimEnd().split('\n').slice(-2), [
      'build: g++ -std=c++17 -O2 -o bot bot.cpp',
      'run: ./bot',
    ]);
    const source = await readFile(join(dir, 'bot.cpp'), 'utf8');
    assert.match(source, /^\/\/ Minishogi: a starter bot for Tabula, in C\+\+\./);
    assert.match(source, /^optional<Turn> readTurn\(Init& init\) \{$/m, "the game's part in the language's template");
    assert.doesNotMatch(source, /\{\{/);
    assert.match(await readFile(join(dir, 'README.md'), 'utf8'), /^g\+\+ -std=c\+\+17 -O2 -o bot bot\.cpp +# build/m);
  });

  it('refuses a folder that is not empty, an unknown language and an unknown game, touching nothing', async () => {
    const dir = await scratch();
    await writeFile(join(dir, 'notes.txt'), 'mine');
    const taken = await tabula(['new', 'loa', dir]);
    assert.deepEqual([taken.code, taken.stdout], [2, '']);
    assert.equal(taken.stderr, `tabula: ${dir} already exists and is not an empty folder: name another one\n`);
    assert.deepEqual(await readdir(dir), ['notes.txt']);

    const empty = join(dir, 'empty');
    await mkdir(empty);
    assert.equal((await tabula(['new', 'loa', empty, '--lang', 'go'])).code, 0, 'an empty folder is fine');
    assert.match(
      await readFile(join(empty, 'README.md'), 'utf8'),
      /^`tabula judge` judges your bot by the statement's rule: it passes when it wins every game against the judges' random player, .* To play a boss instead: `--league /m,
      "Lines of Action's starter is judged by the statement's rule",
    );

    const cobol = await tabula(['new', 'loa', join(dir, 'cobol'), '--lang', 'cobol']);
    assert.equal(cobol.code, 2);
    assert.match(cobol.stderr, /cobol/);
    assert.equal(existsSync(join(dir, 'cobol')), false);

    const chess = await tabula(['new', 'chess', join(dir, 'chess')]);
    assert.equal(chess.code, 2);
    assert.match(chess.stderr, /^tabula: unknown game "chess"/);
  });
});

describe("the starters' templates", () => {
  it('give every game a part in every language, and a word about the game for the README', async () => {
    for (const game of await loadGames()) {
      assert.deepEqual(
        startersOf(game.id).map((l) => l.id),
        LANGUAGES.map((l) => l.id),
        game.id,
      );
      assert.ok(existsSync(join(gamePartsDir(game.id), 'about.md')), `${game.id}/starters/about.md`);
    }
  });

  it("are listed by tabula games, with each game's bosses and judge", async () => {
    const games = JSON.parse((await tabula(['games', '--json'])).stdout) as Record<string, unknown>[];
    const loa = games.find((g) => g.id === 'loa')!;
    assert.deepEqual(
      loa.starters,
      LANGUAGES.map((l) => l.id),
    );
    assert.deepEqual(loa.judge, {
      opponent: 'builtin:random',
      rule: "wins every game against the judges' random player, within the move limit",
    });
    for (const game of games) {
      const bosses = game.bosses as { league: string; bot: string }[];
      assert.ok(bosses.length > 0, `${game.id} has a boss`);
      assert.equal(game.boss, bosses.at(-1)!.bot, `${game.id}: the boss is the highest league's`);
    }
  });
});

describe("each game's bosses", () => {
  it('are built-in bots of the game, with parameters they take', async () => {
    for (const game of await loadGames())
      for (const { league, boss } of leaguesOf(game.bosses))
        assert.doesNotThrow(() => parseBotSpec(game, `builtin:${boss}`), `${game.id} ${league}: builtin:${boss}`);
  });
});
