/**
 * Helpers for the tests of the games' views: a strict reader of the SVG a board draws (so a test
 * fails on text that is not well-formed XML), random games stepped through the rules, and the
 * checks every game's click paths must pass.
 */
import assert from 'node:assert/strict';
import type { BoardOptions, ClickMove, GameDefinition, GameView } from '../../src/core/game.js';
import { Rng } from '../../src/core/rng.js';

export interface SvgNode {
  readonly name: string;
  readonly attrs: ReadonlyMap<string, string>;
  readonly children: readonly SvgNode[];
  /** The node's own text, entities decoded. */
  readonly text: string;
}

const ENTITY = /&(?!(?:amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);)/;
const decode = (text: string): string =>
  !text.includes('&')
    ? text
    : text
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&apos;/g, "'")
        .replace(/&amp;/g, '&');

/** Reads SVG text as XML, strictly: one root, balanced tags, quoted unique attributes, escaped text. */
export function parseSvg(svg: string): SvgNode {
  type Open = { name: string; attrs: Map<string, string>; children: SvgNode[]; text: string };
  const stack: Open[] = [];
  let root: SvgNode | null = null;
  const add = (node: SvgNode) => {
    if (root !== null) assert.fail('a second root element');
    if (stack.length === 0) root = node;
    else stack.at(-1)!.children.push(node);
  };
  for (const [, text, tag] of svg.matchAll(/([^<]+)|(<[^>]*>)/g)) {
    if (text !== undefined) {
      if (ENTITY.test(text)) assert.fail(`a bare & in text: ${JSON.stringify(text.slice(0, 60))}`);
      if (stack.length > 0) stack.at(-1)!.text += decode(text);
      else if (!/^\s*$/.test(text)) assert.fail(`text outside the root: ${text.slice(0, 60)}`);
      continue;
    }
    const m = /^<(\/?)([A-Za-z][\w:.-]*)((?:\s+[A-Za-z_:][\w:.-]*="[^"<]*")*)\s*(\/?)>$/.exec(tag!);
    if (m === null) assert.fail(`not a well-formed tag: ${JSON.stringify(tag!.slice(0, 80))}`);
    const [, closing, name, attrText, selfClosing] = m!;
    if (closing) {
      if (attrText !== '' || selfClosing) assert.fail(`malformed ${tag}`);
      const node = stack.pop();
      if (node?.name !== name) assert.fail(`</${name}> closes <${node?.name}>`);
      add(node!);
      continue;
    }
    const attrs = new Map<string, string>();
    for (const [, key, value] of attrText!.matchAll(/([A-Za-z_:][\w:.-]*)="([^"<]*)"/g)) {
      if (attrs.has(key!)) assert.fail(`attribute ${key} twice on <${name}>`);
      if (ENTITY.test(value!)) assert.fail(`a bare & in ${key}="${value}"`);
      attrs.set(key!, decode(value!));
    }
    const node: Open = { name: name!, attrs, children: [], text: '' };
    if (selfClosing) add(node);
    else {
      if (root !== null) assert.fail('a second root element');
      stack.push(node);
    }
  }
  if (stack.length > 0) assert.fail(`unclosed <${stack.at(-1)?.name}>`);
  assert.ok(root, 'no root element');
  const svgRoot: SvgNode = root;
  assert.equal(svgRoot.name, 'svg');
  assert.equal(svgRoot.attrs.get('xmlns'), 'http://www.w3.org/2000/svg');
  assert.match(svgRoot.attrs.get('viewBox') ?? '', /^0 0 [0-9.]+ [0-9.]+$/);
  return svgRoot;
}

/** Every node of the tree in document order, the root first. */
export function nodes(root: SvgNode): SvgNode[] {
  const all: SvgNode[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    all.push(node);
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  return all;
}

/** All the text under a node, each node's text separated by a space. */
export const textOf = (node: SvgNode): string =>
  [node.text, ...node.children.map(textOf)].filter((t) => t !== '').join(' ');

export const classesOf = (node: SvgNode): string[] => (node.attrs.get('class') ?? '').split(' ').filter(Boolean);
export const withClass = (root: SvgNode, name: string): SvgNode[] =>
  nodes(root).filter((n) => classesOf(n).includes(name));

/** The element drawn for id `id` (its `data-id`), which must be exactly one. */
export function byId(root: SvgNode, id: string): SvgNode {
  const found = nodes(root).filter((n) => n.attrs.get('data-id') === id);
  assert.equal(found.length, 1, `elements with data-id="${id}"`);
  return found[0]!;
}

/** The ids marked clickable (`data-target`), sorted. */
export const targetsOf = (root: SvgNode): string[] =>
  nodes(root)
    .flatMap((n) => {
      const target = n.attrs.get('data-target');
      return target === undefined ? [] : [target];
    })
    .sort();

/** Draws the snapshot of `state` as a replay holds it (plain JSON) and reads the SVG back. */
export function draw<S>(game: GameDefinition<S, unknown>, state: S, options: BoardOptions = {}): SvgNode {
  const snapshot = JSON.parse(JSON.stringify(game.rules.snapshot(state)));
  return parseSvg(game.view!.board(snapshot, options));
}

/** The states of a game of uniformly random legal moves from `seed`, the start included. */
export function randomGame<S, M>(game: GameDefinition<S, M>, players: number, seed: number, maxPlies = 1000): S[] {
  const rng = new Rng(seed);
  let state = game.rules.initial({ seats: players, seed, options: {} });
  const states = [state];
  while (game.rules.outcome(state) === null && states.length <= maxPlies) {
    state = game.rules.play(state, rng.pick(game.rules.legalMoves(state)));
    states.push(state);
  }
  return states;
}

/** Each path is unique and no path begins another: a person's clicks name at most one move, at its last click. */
export function checkPaths(moves: readonly ClickMove[]): void {
  const keys = moves.map((m) => m.path.join('\n'));
  assert.equal(new Set(keys).size, keys.length, 'two moves share a path');
  assert.equal(new Set(moves.map((m) => m.line)).size, moves.length, 'two paths make the same line');
  const prefixes = new Set(moves.flatMap((m) => m.path.slice(1).map((_, i) => m.path.slice(0, i + 1).join('\n'))));
  const begun = keys.filter((k) => prefixes.has(k));
  assert.deepEqual(begun, [], 'a complete path begins another');
  for (const m of moves) assert.ok(m.path.length > 0 && m.path.every((id) => id !== ''), `empty click in ${m.line}`);
}

/**
 * A person's turn drawn: first every move's first click is marked clickable and nothing else;
 * then, with the first clicks of the longest path made, they are drawn selected and exactly the
 * clicks that can follow are clickable.
 */
export function checkTargets<S>(game: GameDefinition<S, unknown>, state: S, options: BoardOptions = {}): void {
  const view = game.view as GameView<S>;
  const moves = view.clicks!(state);
  const unique = (ids: string[]) => [...new Set(ids)].sort();
  const first = unique(moves.map((m) => m.path[0]!));
  assert.deepEqual(targetsOf(draw(game, state, { ...options, targets: first })), first);
  const longest = moves.reduce((a, b) => (b.path.length > a.path.length ? b : a));
  const chosen = longest.path.slice(0, -1);
  const next = unique(
    moves.filter((m) => chosen.every((id, i) => m.path[i] === id)).map((m) => m.path[chosen.length]!),
  );
  const svg = draw(game, state, { ...options, selected: chosen, targets: next });
  assert.deepEqual(targetsOf(svg), next);
  for (const id of chosen) assert.ok(classesOf(byId(svg, id)).includes('selected'), `${id} is drawn selected`);
}
