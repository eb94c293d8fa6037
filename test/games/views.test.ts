/**
 * Every game's view.ts runs in the browser, from replay snapshots alone: its imports, followed
 * through src/, reach no rules code (rules, position, moves, protocol, input, bots), nothing of the
 * arena, the league or the command line, and nothing outside src/ (no node: module, no package).
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import type { GameDefinition } from '../../src/core/game.js';
import { root } from '../support/cli.js';
import { parseSvg, randomGame } from '../support/views.js';

const src = join(root, 'src');
const RULES_CODE = /^games\/[^/]+\/(rules|position|moves|protocol|input)\.ts$|^games\/[^/]+\/bots\//;
const SERVER_SIDE = /^(arena|league|cli)\//;

/** Every module specifier a file imports or re-exports, type-only imports included. */
const specifiers = (text: string): string[] =>
  [...text.matchAll(/\b(?:import|export)\b[^'"]*?\bfrom\s+'([^']+)'|\bimport\s*\(?\s*'([^']+)'/g)].map(
    (m) => (m[1] ?? m[2])!,
  );

/** The files of src/ that a module reaches through its imports, itself included, and what it imports from outside. */
function reach(start: string): { files: string[]; outside: string[] } {
  const files = new Set<string>();
  const outside: string[] = [];
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const spec of specifiers(readFileSync(file, 'utf8'))) {
      if (!spec.startsWith('.')) outside.push(`${relative(src, file)} imports ${spec}`);
      else visit(resolve(dirname(file), spec.replace(/\.js$/, '.ts')));
    }
  };
  visit(start);
  return { files: [...files].map((f) => relative(src, f)), outside };
}

const views = readdirSync(join(src, 'games'), { withFileTypes: true })
  .filter((e) => e.isDirectory() && existsSync(join(src, 'games', e.name, 'view.ts')))
  .map((e) => e.name);

describe("the games' views", () => {
  it('exist for every game', () => {
    assert.deepEqual(views, ['loa', 'mills', 'minishogi', 'morris', 'rummikode']);
  });

  for (const game of views) {
    it(`${game}: view.ts imports no rules code and nothing that runs only on the server`, () => {
      const { files, outside } = reach(join(src, 'games', game, 'view.ts'));
      assert.deepEqual(outside, []);
      assert.deepEqual(
        files.filter((f) => RULES_CODE.test(f) || SERVER_SIDE.test(f)),
        [],
      );
    });
  }

  it('draw snapshots of replays recorded before the fields added for them', async () => {
    const added: Readonly<Record<string, readonly string[]>> = {
      loa: ['maxMoves', 'outcome'],
      mills: ['from', 'removedAt', 'outcome'],
      minishogi: ['outcome'],
      morris: ['outcome'],
      rummikode: ['lastMover', 'outcome'],
    };
    for (const id of views) {
      const { game } = (await import(`../../src/games/${id}/index.js`)) as { game: GameDefinition };
      for (const state of randomGame(game, 2, 1, 40).slice(-2)) {
        const snapshot = JSON.parse(JSON.stringify(game.rules.snapshot(state)));
        for (const key of added[id]!) delete snapshot[key];
        parseSvg(game.view!.board(snapshot, {}));
      }
    }
  });

  it('are read by a strict SVG reader, which refuses what is not well-formed', () => {
    const ok = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><text x="1">a &amp; b</text></svg>';
    assert.equal(parseSvg(ok).children[0]!.text, 'a & b');
    for (const bad of [
      ok.replace('&amp;', '&'),
      ok.replace('</text>', ''),
      ok.replace('x="1"', 'x=1'),
      ok.replace('x="1"', 'x="1" x="2"'),
      ok.replace('a &amp; b', 'a < b'),
      `${ok}<svg/>`,
      ok.replace(' viewBox="0 0 10 10"', ''),
    ])
      assert.throws(() => parseSvg(bad), assert.AssertionError, bad);
  });

  it('the scan sees rules code where there is some', () => {
    assert.ok(reach(join(src, 'games', 'mills', 'clicks.ts')).files.includes('games/mills/rules.ts'));
  });
});
