/**
 * The house's rules, checked on the source: dependencies only point down (core, then arena, then
 * runs, then the ways in), no import cycle, a game imports no other game, the layers below the
 * ways in name no game, and the code layout of docs/architecture.md says all of it truly.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { root } from './support/cli.js';
import { filesUnder } from './support/files.js';

const src = join(root, 'src');

const sources = (dir: string): string[] => filesUnder(dir, /\.tsx?$/);

/** The place of a file in the house: its layer, and for a game its folder (`games/<name>`). */
function placeOf(file: string): string {
  const [top, sub] = relative(src, file).split('/');
  if (top === 'games' && sub !== undefined && !sub.endsWith('.ts')) return `games/${sub}`;
  return top === 'games' ? 'games/registry' : top!;
}

/** The rule a place follows: every game's folder follows `games/<game>`'s. */
const ruleOf = (place: string): string => (place.startsWith('games/') && place !== 'games/registry' ? GAME : place);
const GAME = 'games/<game>';

/** What each place may import, besides itself: docs/architecture.md's code layout says the same, in brackets. */
const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  core: [],
  boards: ['core'],
  'games/registry': ['core'],
  [GAME]: ['core', 'boards'],
  arena: ['core', 'games/registry'],
  runs: ['core', 'arena', 'games/registry'],
  starters: ['core', 'runs'],
  contest: ['core', 'arena', 'runs', 'starters', 'games/registry'],
  server: ['core', 'arena', 'runs', 'starters', 'contest', 'games/registry'],
  // The browser's code: contracts, and from the layers below only types (the JSON it reads) and the
  // replay's pure helpers; each game's board comes in through the bundle's `tabula:views`, never its rules.
  pages: ['core', 'arena', 'server', 'runs', 'contest'],
  cli: ['core', 'arena', 'runs', 'starters', 'contest', 'games/registry', 'server'],
};
/** The modules below the ways in whose code (not only their types) the pages may bundle: pure, browser-safe. */
const PAGES_MAY_RUN = ['arena/replay-input.ts', 'arena/replay-timeout.ts'];
const allowed = (from: string): readonly string[] => ALLOWED[ruleOf(from)] ?? [];

/** The file a relative specifier names, from `file`. */
const target = (file: string, spec: string): string => resolve(dirname(file), spec.replace(/\.js$/, '.ts'));

/** Relative module specifiers: static and dynamic imports (type-only ones too) and re-exports. */
function modulesOf(text: string): string[] {
  const found: string[] = [];
  const patterns = [/\bimport\s+'(\.[^']+)'/g, /\bfrom\s+'(\.[^']+)'/g, /\bimport\s*\(\s*'(\.[^']+)'/g];
  for (const pattern of patterns) for (const m of text.matchAll(pattern)) found.push(m[1]!);
  return found;
}

/**
 * What a file depends on: the modules it imports, and the module files it starts as a process or a
 * thread (`new URL('./x-main.js', import.meta.url)`), which are no import but must obey the layers too.
 */
const importsOf = (text: string): string[] => [
  ...modulesOf(text),
  ...[...text.matchAll(/\bnew URL\(\s*'(\.[^']+\.js)'/g)].map((m) => m[1]!),
];

const withoutComments = (text: string): string => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');

describe('the house', () => {
  const files = sources(src);

  it('has dependencies that only point down, and games that import no other game', () => {
    const wrong: string[] = [];
    for (const file of files) {
      const from = placeOf(file);
      for (const spec of importsOf(readFileSync(file, 'utf8'))) {
        const to = placeOf(target(file, spec));
        if (to !== from && !allowed(from).includes(to))
          wrong.push(`${relative(root, file)} (${from}) imports ${spec} (${to})`);
      }
    }
    assert.deepEqual(wrong, []);
  });

  it('has no import cycle in src/, type-only imports counted', () => {
    const graph = new Map<string, string[]>();
    for (const file of files) {
      const deps = modulesOf(readFileSync(file, 'utf8')).map((spec) => target(file, spec));
      graph.set(
        file,
        deps.map((d) => (existsSync(d) ? d : d.replace(/\.ts$/, '.tsx'))),
      );
    }
    assert.deepEqual(
      cyclesOf(graph).map((cycle) => cycle.map((f) => relative(src, f)).join(' -> ')),
      [],
    );
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

  it('keeps benchmarks, scripts, tools and build steps off the command line: they call the layers the commands call', () => {
    const wrong: string[] = [];
    for (const dir of ['bench', 'scripts', 'tools', 'build']) {
      for (const file of sources(join(root, dir))) {
        for (const spec of importsOf(readFileSync(file, 'utf8'))) {
          const target = resolve(dirname(file), spec.replace(/\.js$/, '.ts'));
          if (target.startsWith(join(src, 'cli'))) wrong.push(`${relative(root, file)} imports ${spec}`);
        }
      }
    }
    assert.deepEqual(wrong, []);
  });

  it('names no game in core, arena, runs, the starters, the command line, the server or the pages', () => {
    const games = readdirSync(join(src, 'games'), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    const named: string[] = [];
    // The starters' shared templates (src/starters/templates/) are data files: they name no game either.
    const templates = readdirSync(join(src, 'starters'), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name));
    for (const file of [...files, ...templates.filter((t) => !t.endsWith('.ts'))]) {
      if (!['core', 'arena', 'runs', 'starters', 'cli', 'server', 'pages'].includes(placeOf(file))) continue;
      const code = withoutComments(readFileSync(file, 'utf8'));
      for (const id of games)
        if (new RegExp(`\\b${id}\\b`, 'i').test(code)) named.push(`${relative(root, file)} names ${id}`);
    }
    assert.deepEqual(named, []);
  });
});

/** The import cycles of a graph: one path per strongly connected group of more than one file, or a file importing itself. */
function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  // Tarjan's strongly connected components.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    for (let w = stack.pop()!; ; w = stack.pop()!) {
      onStack.delete(w);
      group.push(w);
      if (w === v) break;
    }
    if (group.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(group.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles;
}

/** An entry of the code layout (docs/architecture.md): a top-level one (`src/...`, with what it may import) and those under it. */
interface LayoutEntry {
  /** Relative to src/: `core/`, `games/registry.ts`, `games/<game>/`. */
  readonly path: string;
  readonly imports: readonly string[];
  /** The names listed under it: files and folders of its own (`game.ts`, `sandbox/`, `<game>/bots/`). */
  readonly names: string[];
}

/** The first code block of docs/architecture.md's "Code layout" section, read into its entries. */
function layout(): LayoutEntry[] {
  const readme = readFileSync(join(root, 'docs', 'architecture.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Code layout'));
  const block = /```\n([\s\S]*?)```/.exec(section)![1]!;
  const entries: LayoutEntry[] = [];
  for (const line of block.split('\n')) {
    const top = /^src\/(\S+)\s+\[([^\]]*)\]/.exec(line);
    if (top) {
      const imports = top[2] === 'nothing' ? [] : top[2]!.split(',').map((p) => p.trim());
      entries.push({ path: top[1]!, imports, names: [] });
      continue;
    }
    // A name under the last entry: two spaces in, its column ending at two spaces (`units.ts, rng.ts` names two).
    const under = /^ {2}(\S.*?)(?: {2,}|$)/.exec(line);
    if (under && entries.length > 0) entries.at(-1)!.names.push(...under[1]!.split(', '));
  }
  return entries;
}

/** The folders of src/, one and two levels down, relative to it. */
function folders(): string[] {
  const below = (dir: string): string[] =>
    readdirSync(join(src, dir), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => (dir === '' ? e.name : `${dir}/${e.name}`));
  return below('').flatMap((top) => [top, ...below(top)]);
}

describe('the code layout of docs/architecture.md', () => {
  const entries = layout();
  const games = readdirSync(join(src, 'games'), { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(join(src, 'games', e.name, 'index.ts')))
    .map((e) => e.name);
  /** The real paths a path of the layout stands for (`<game>` is every game). */
  const expand = (path: string): string[] =>
    path.includes('<game>') ? games.map((g) => path.replace('<game>', g)) : [path];
  /** Every path an entry names, relative to src/: itself, and the names under it (those of a game start `<game>/`). */
  const pathsOf = (entry: LayoutEntry): string[] => {
    const base = entry.path.endsWith('/') ? entry.path : `${dirname(entry.path)}/`;
    return [entry.path, ...entry.names.map((n) => (n.startsWith('<game>/') ? `games/${n}` : `${base}${n}`))];
  };

  it('names every folder of src/, two levels down', () => {
    const named = new Set(
      entries
        .flatMap(pathsOf)
        .flatMap(expand)
        .map((p) => p.replace(/\/$/, '')),
    );
    const tops = new Set(entries.map((e) => e.path.split('/')[0]!));
    const missing = folders().filter((f) => (f.includes('/') ? !named.has(f) : !tops.has(f)));
    assert.deepEqual(missing, []);
  });

  it('names only paths that exist (a path of `<game>` in some game)', () => {
    const absent = entries.flatMap(pathsOf).filter((path) => !expand(path).some((p) => existsSync(join(src, p))));
    assert.deepEqual(absent, []);
  });

  it('says what each folder may import, as the rule of the house does', () => {
    const said = Object.fromEntries(entries.map((e) => [ruleOf(placeOf(join(src, e.path, 'x.ts'))), e.imports]));
    assert.deepEqual(said, ALLOWED);
  });
});
