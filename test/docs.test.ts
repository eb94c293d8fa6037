/**
 * The documents' house rules, checked on the tree (docs/architecture.md, "The shape"; the README's
 * guides): a short front page, each game's rules in their own file and a short README beside them,
 * every relative link and anchor found, and no tracker's number or round of work in a document or a
 * comment.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { renderMarkdown } from '../src/server/rules-page.js';
import { root } from './support/cli.js';
import { filesUnder } from './support/files.js';

const lines = (path: string): number => readFileSync(path, 'utf8').split('\n').length - 1;

const gamesDir = join(root, 'src', 'games');
const games = readdirSync(gamesDir, { withFileTypes: true })
  .filter((e) => e.isDirectory() && existsSync(join(gamesDir, e.name, 'index.ts')))
  .map((e) => e.name);

const documents = [
  join(root, 'README.md'),
  join(root, 'CHANGELOG.md'),
  ...filesUnder(join(root, 'docs'), /\.md$/),
  ...filesUnder(join(root, 'src'), /\.md$/).filter((f) => !f.includes(`${join('src', 'starters', 'templates')}`)),
];

/** The anchors of a Markdown file's headings, as the rules pages and GitHub give them. */
const anchorsOf = (path: string): Set<string> =>
  new Set([...renderMarkdown(readFileSync(path, 'utf8')).matchAll(/<h[1-6] id="([^"]*)">/g)].map((m) => m[1]!));

describe('the documents', () => {
  it('keep the README a front page of at most 250 lines', () => {
    assert.ok(lines(join(root, 'README.md')) <= 250, `README.md has ${lines(join(root, 'README.md'))} lines`);
  });

  it("give every game its rules.md and a README of at most 300 lines, and the shared engine's too", () => {
    const wrong: string[] = [];
    for (const id of games) {
      if (!existsSync(join(gamesDir, id, 'rules.md'))) wrong.push(`${id}: no rules.md`);
      const readme = join(gamesDir, id, 'README.md');
      if (!existsSync(readme)) wrong.push(`${id}: no README.md`);
      else if (lines(readme) > 300) wrong.push(`${id}: README.md has ${lines(readme)} lines`);
    }
    const engine = join(root, 'src', 'boards', 'morris-engine', 'README.md');
    if (lines(engine) > 300) wrong.push(`morris-engine: README.md has ${lines(engine)} lines`);
    assert.deepEqual(wrong, []);
  });

  it('link only to files and headings that exist', () => {
    const broken: string[] = [];
    for (const doc of documents) {
      const text = readFileSync(doc, 'utf8').replace(/```[\s\S]*?```/g, '');
      for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const link = m[1]!;
        if (/^[a-z]+:/.test(link)) continue;
        const [file, anchor] = link.split('#') as [string, string | undefined];
        const target = file === '' ? doc : resolve(dirname(doc), file);
        if (!existsSync(target)) broken.push(`${relative(root, doc)}: ${link} (no such file)`);
        else if (anchor !== undefined && statSync(target).isFile() && target.endsWith('.md'))
          if (!anchorsOf(target).has(anchor)) broken.push(`${relative(root, doc)}: ${link} (no such heading)`);
      }
    }
    assert.deepEqual(broken, []);
  });

  it("name no tracker's number and no round of work, in a document or a comment", () => {
    const sources = ['src', 'test', 'bench', 'scripts', 'tools', 'build'].flatMap((d) =>
      filesUnder(join(root, d), /\.(ts|tsx|js|sh|md)$/),
    );
    const said: string[] = [];
    const tracker = /\bissues? #?[0-9]+\b/i;
    // A round of work, as a diary names it ("the eighth round"); a Swiss round is a "round" too, so only the documents are read for it.
    const round = /\b(second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth) round\b/i;
    for (const file of [...documents, ...sources].filter((f) => f !== join(root, 'test', 'docs.test.ts'))) {
      const text = readFileSync(file, 'utf8');
      const m = tracker.exec(text) ?? (file.endsWith('.md') ? round.exec(text) : null);
      if (m) said.push(`${relative(root, file)}: "${m[0]}"`);
    }
    assert.deepEqual([...new Set(said)], []);
  });
});
