import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadGames } from '../../src/games/registry.js';
import { headingAnchor, renderMarkdown, rulesData } from '../../src/server/rules-page.js';

describe("a game's rules as a page", () => {
  it('writes every tag of the document as text, and links no script', () => {
    const html = renderMarkdown(
      [
        '# Rules <b>bold</b>',
        '',
        '<script>alert(1)</script>',
        '',
        '<img src=x onerror=alert(1)> [run](javascript:alert(1)) [data](data:text/html,<b>x</b>)',
        '',
        '| a | <i>b</i> |',
        '| --- | --- |',
        '| `<tt>` | 1 |',
      ].join('\n'),
    );
    assert.doesNotMatch(html, /<(script|img|b|i|tt)\b/, html);
    assert.doesNotMatch(html, /href="(javascript|data):/i, html);
    assert.match(html, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
    assert.match(html, /<table>/);
  });

  it('keeps a link into the repository as its text, and a web link as a link', () => {
    const html = renderMarkdown('See [the guide](../../../docs/bots.md#judging), [the site](https://example.org/x).');
    assert.equal(html, '<p>See the guide, <a href="https://example.org/x">the site</a>.</p>\n');
  });

  it("gives headings GitHub's anchors, a repeated one numbered", () => {
    const html = renderMarkdown('# Mills: the rules\n\n## Input (`Game Input`)\n\n## Input (`Game Input`)\n');
    assert.match(html, /<h1 id="mills-the-rules">/);
    assert.match(html, /<h2 id="input-game-input">/);
    assert.match(html, /<h2 id="input-game-input-1">/);
    assert.equal(headingAnchor("`strong`'s parameters"), 'strongs-parameters');
  });

  it("renders every game's rules.md: a title of its own, and no tag of the document's", async () => {
    for (const game of await loadGames()) {
      const { title, html } = rulesData(game);
      assert.equal(title, game.title);
      assert.match(html, /^<h1 id="[^"]+">[^<]*the rules<\/h1>/, game.id);
      assert.doesNotMatch(html, /<(script|img|iframe|style)\b/, game.id);
    }
  });
});
