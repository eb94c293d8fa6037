/**
 * The one HTML page of the web arena: the bundle that `npm run build` makes (dist/pages) draws every
 * page in the browser. Served with links to the bundle, or written whole with the bundle and one
 * game inside for `tabula replay --html`, a file that works offline.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { GameData } from './wire.js';

/** Where the build puts the pages' bundle: dist/pages beside dist/src. */
const BUNDLE = fileURLToPath(new URL('../../pages/', import.meta.url));

export interface Bundle {
  readonly js: string;
  readonly css: string;
  /** The editor page's code editor, a bundle of its own that the page loads: never inlined. */
  readonly editor: string;
}

export function readBundle(): Bundle {
  const js = `${BUNDLE}app.js`;
  if (!existsSync(js)) throw new Error(`the pages' bundle is missing (${js}): run npm run build`);
  return {
    js: readFileSync(js, 'utf8'),
    css: readFileSync(`${BUNDLE}app.css`, 'utf8'),
    editor: readFileSync(`${BUNDLE}editor.js`, 'utf8'),
  };
}

const HEAD = '<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">';

/** Which site a server's pages are: the web arena's runs, or a contest's. */
export type Site = 'arena' | 'contest';

/** The page as served: the bundle is fetched from the server; the body says which site it draws. */
export function servedPage(site: Site): string {
  return `<!doctype html><html lang="en"><head>${HEAD}<title>Tabula</title><link rel="stylesheet" href="/assets/app.css"></head><body data-site="${site}"><div id="app"></div><script type="module" src="/assets/app.js"></script></body></html>\n`;
}

/** The page with the bundle and one game inside: no server, no network. */
export function offlinePage(bundle: Bundle, game: GameData): string {
  const title = `${game.title}, game ${game.storedId ?? ''} seed ${game.record.seed}`;
  return `<!doctype html><html lang="en"><head>${HEAD}<title>${escapeHtml(title)}</title><style>${inlineText(bundle.css, 'style')}</style></head><body><div id="app"></div><script type="application/json" id="tabula-game">${jsonInScript(game)}</script><script type="module">${inlineText(bundle.js, 'script')}</script></body></html>\n`;
}

const escapeHtml = (text: string): string =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/**
 * JSON inside a <script> element, with every `<` written `\u003c` (the same string to JSON.parse):
 * a bot's comment such as `<!--<script>` would otherwise put the HTML parser in a state where the
 * element's end is not seen, and the page would stay blank.
 */
const jsonInScript = (value: unknown): string => JSON.stringify(value).replaceAll('<', '\\u003c');

/** Text inside a <script> or <style> element must not close it early. */
const inlineText = (text: string, element: 'script' | 'style'): string =>
  text.replace(new RegExp(`</(${element})`, 'gi'), '<\\/$1');
