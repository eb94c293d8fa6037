import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { SetupError } from '../../src/core/game.js';
import { findGame, loadGames } from '../../src/games/registry.js';
import { starterArchive } from '../../src/starters/archive.js';
import { gameKit } from '../../src/starters/game-kit.js';
import { startersOf } from '../../src/starters/kit.js';
import { slack, tabula } from '../support/cli.js';

const run = promisify(execFile);

/** The archive unpacked by the system's tar, alone in a new folder, which is returned. */
async function unpack(body: Buffer): Promise<string> {
  const scratch = await mkdtemp(join(tmpdir(), 'tabula-archive-'));
  const dir = join(scratch, 'out');
  await mkdir(dir);
  await writeFile(join(scratch, 'kit.tar.gz'), body);
  await run('tar', ['xzf', join(scratch, 'kit.tar.gz')], { cwd: dir });
  return dir;
}

/** Every file under `dir` (dot files too), by its path there. */
function filesIn(dir: string, at = dir): string[] {
  return readdirSync(at, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesIn(dir, join(at, e.name)) : [relative(dir, join(at, e.name))],
  );
}

describe('starter archives', () => {
  it("hold, under one folder, exactly the files of the game's kit, none executable, the same bytes each time", async () => {
    for (const game of await loadGames())
      for (const language of startersOf(game.id)) {
        const name = `${game.id}-${language.id}`;
        const archive = await starterArchive(game, language.id);
        assert.equal(archive.filename, `${name}-bot.tar.gz`);
        const dir = await unpack(archive.body);
        assert.deepEqual(readdirSync(dir), [`${name}-bot`], name);
        const folder = join(dir, `${name}-bot`);
        const kit = gameKit(game, language);
        assert.deepEqual(filesIn(folder).sort(), kit.map((f) => f.path).sort(), name);
        for (const file of kit) {
          const path = join(folder, file.path);
          assert.equal(readFileSync(path, 'utf8'), file.text, `${name}: ${file.path}`);
          assert.equal(statSync(path).mode & 0o111, 0, `${name}: ${file.path} is not executable`);
        }
        assert.ok((await starterArchive(game, language.id)).body.equals(archive.body), `${name}: the same bytes`);
      }
  });

  it('refuse a language the game has no starter in, naming those it has', async () => {
    const game = await findGame('mills');
    await assert.rejects(starterArchive(game, 'cobol'), (err: Error) => {
      assert.ok(err instanceof SetupError, err.message);
      assert.match(err.message, /"cobol"/);
      for (const language of startersOf(game.id)) assert.ok(err.message.includes(language.id), err.message);
      return true;
    });
  });

  it('unpack to a Python bot that plays a game of Mills', async (t) => {
    if ((await run('sh', ['-c', 'command -v python3']).catch(() => null)) === null) {
      t.skip('python3 not found on this machine');
      return;
    }
    const archive = await starterArchive(await findGame('mills'), 'python');
    const folder = join(await unpack(archive.body), 'mills-python-bot');
    const played = await tabula(['play', 'mills', 'python3 bot.py', 'builtin:random', ...slack], '', folder);
    assert.equal(played.code, 0, `${played.stdout}${played.stderr}`);
  });
});
