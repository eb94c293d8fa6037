/**
 * A game's rules as a page: its `rules.md` rendered by markdown-it. The text is the repository's,
 * but a page takes no HTML from a document: every tag in it is written as text (`html: false`),
 * markdown-it refuses `javascript:` and other unsafe links, and a link into the repository (a
 * relative one, which the server does not serve) is kept as its text alone. Headings carry the
 * anchors GitHub gives them, so that a link to a section reads the same on both.
 */
import MarkdownIt from 'markdown-it';
import type { GameDefinition } from '../core/game.js';
import { rulesOf } from '../games/registry.js';
import type { RulesData } from './wire.js';

const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false });

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens. */
export const headingAnchor = (text: string): string =>
  text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

/** Whether a link leaves the document for the repository: not a web address, a mail or an anchor. */
const intoRepository = (href: string): boolean => !/^(https?:|mailto:|#)/i.test(href);

markdown.core.ruler.push('tabula_rules', (state) => {
  const seen = new Map<string, number>();
  const tokens = state.tokens;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.type === 'heading_open') {
      const base = headingAnchor(tokens[i + 1]?.content ?? '');
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      token.attrSet('id', n === 0 ? base : `${base}-${n}`);
    }
    if (token.type !== 'inline' || !token.children) continue;
    // A link into the repository keeps its text and loses its link: open and close both go.
    const children = token.children;
    const dropped: boolean[] = [];
    token.children = children.filter((child) => {
      if (child.type === 'link_open') {
        const drop = intoRepository(String(child.attrGet('href') ?? ''));
        dropped.push(drop);
        return !drop;
      }
      if (child.type === 'link_close') return !dropped.pop();
      return true;
    });
  }
});

/** Markdown as HTML, by the rules above. */
export const renderMarkdown = (text: string): string => markdown.render(text);

const rendered = new Map<string, RulesData>();

/** A game's rules page, rendered once. */
export function rulesData(game: GameDefinition): RulesData {
  let data = rendered.get(game.id);
  if (!data) {
    data = { game: game.id, title: game.title, html: renderMarkdown(rulesOf(game)) };
    rendered.set(game.id, data);
  }
  return data;
}
