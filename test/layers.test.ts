/**
 * The house's rules, checked on the source: dependencies only point down (core, then arena, then
 * league, then the ways in), a game imports no other game, and the layers below the ways in name
 * no game.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { root } from './support/cli.js';

const src = join(root, 'src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** The place of a file in the house: its layer, and for a game its folder. */
function placeOf(file: string): string {
  const [top, sub] = relative(src, file).split('/');
  if (top === 'games' && sub !== undefined && !sub.endsWith('.ts')) return `games/${sub}`;
  return top === 'games' ? 'games/registry' : top!;
}

/** What each place may import, besides itself. */
const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  core: [],
  boards: ['core'],
  'games/registry': ['core'],
  arena: ['core', 'games/registry'],
  league: ['core', 'arena', 'games/registry'],
  starters: ['core'],
  server: ['core', 'arena', 'league', 'games/registry'],
  cli: ['core', 'arena', 'league', 'starters', 'games/registry', 'server'],
  // The browser's code: contracts, and from the layers below only types (the JSON it reads) and the
  // replay's pure helpers; each game's board comes in through the bundle's `tabula:views`, never its rules.
  pages: ['core', 'arena', 'server', 'league'],
};
/** The modules below the ways in whose code (not only their types) the pages may bundle: pure, browser-safe. */
const PAGES_MAY_RUN = ['arena/replay-input.ts'];
const allowed = (from: string): readonly string[] =>
  ALLOWED[from] ?? (from.startsWith('games/') ? ['core', 'boards'] : ['core', 'arena', 'league', 'games/registry']);

/** Relative module specifiers: static and dynamic imports, re-exports, and module URLs. */
function importsOf(text: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\bimport\s+'(\.[^']+)'/g,
    /\bfrom\s+'(\.[^']+)'/g,
    /\bimport\s*\(\s*'(\.[^']+)'/g,
    /\bnew URL\(\s*'(\.[^']+\.js)'/g,
  ];
  for (const pattern of patterns) for (const m of text.matchAll(pattern)) found.push(m[1]!);
  return found;
}

const withoutComments = (text: string): string => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');

describe('the house', () => {
  const files = sources(src);

  it('has dependencies that only point down, and games that import no other game', () => {
    const wrong: string[] = [];
    for (const file of files) {
      const from = placeOf(file);
      for (const spec of importsOf(readFileSync(file, 'utf8'))) {
        const to = placeOf(resolve(dirname(file), spec.replace(/\.js$/, '.ts')));
        if (to !== from && !allowed(from).includes(to))
          wrong.push(`${relative(root, file)} (${from}) imports ${spec} (${to})`);
      }
    }
    assert.deepEqual(wrong, []);
  });

  it('lets the pages run no code of the layers below but pure helpers: types only, and no game', () => {
    const wrong: string[] = [];
    for (const file of sources(join(src, 'pages'))) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/^import\s+(type\s+)?[^'"]*?from\s+'(\.[^']+)'/gm)) {
        const target = relative(src, resolve(dirname(file), m[2]!.replace(/\.js$/, '.ts')));
        if (target.startsWith('pages/') || target.startsWith('core/')) continue;
        if (m[1] === undefined && !PAGES_MAY_RUN.includes(target)) wrong.push(`${relative(root, file)} runs ${target}`);
      }
    }
    assert.deepEqual(wrong, []);
  });

  it('keeps benchmarks and scripts off the command line: they call the layers the commands call', () => {
    const wrong: string[] = [];
    for (const dir of ['bench', 'scripts']) {
      for (const file of sources(join(root, dir))) {
        for (const spec of importsOf(readFileSync(file, 'utf8'))) {
          const target = resolve(dirname(file), spec.replace(/\.js$/, '.ts'));
          if (target.startsWith(join(src, 'cli'))) wrong.push(`${relative(root, file)} imports ${spec}`);
        }
      }
    }
    assert.deepEqual(wrong, []);
  });

  it('names no game in core, arena, league, the starters, the command line, the server or the pages', () => {
    const games = readdirSync(join(src, 'games'), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    const named: string[] = [];
    // The starters' shared templates (src/starters/templates/) are data files: they name no game either.
    const templates = readdirSync(join(src, 'starters'), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name));
    for (const file of [...files, ...templates.filter((t) => !t.endsWith('.ts'))]) {
      if (!['core', 'arena', 'league', 'starters', 'cli', 'server', 'pages'].includes(placeOf(file))) continue;
      const code = withoutComments(readFileSync(file, 'utf8'));
      for (const id of games)
        if (new RegExp(`\\b${id}\\b`, 'i').test(code)) named.push(`${relative(root, file)} names ${id}`);
    }
    assert.deepEqual(named, []);
  });
});
