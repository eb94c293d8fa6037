/**
 * Bundles the web arena's pages (src/pages) for the browser with esbuild, once, at build time:
 * dist/pages/app.js and app.css, which the server serves and `tabula replay --html` inlines, and
 * editor.js, the editor page's code editor (CodeMirror), which that page alone loads. Each
 * game's board drawing (src/games/<game>/view.ts) comes in through the module `tabula:views`, made
 * here from the game folders, so that adding a game is still adding a folder.
 */
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const root = fileURLToPath(new URL('../../', import.meta.url));
const games = `${root}src/games/`;

/** `views`: each game's `board`, by game id (its folder's name), for the games that have a view.ts. */
const views: Plugin = {
  name: 'tabula-views',
  setup(b) {
    b.onResolve({ filter: /^tabula:views$/ }, () => ({ path: 'views', namespace: 'tabula' }));
    b.onLoad({ filter: /.*/, namespace: 'tabula' }, () => {
      const ids = readdirSync(games, { withFileTypes: true })
        .filter((e) => e.isDirectory() && existsSync(`${games}${e.name}/view.ts`))
        .map((e) => e.name)
        .sort();
      const imports = ids.map((id, i) => `import { board as b${i} } from ${JSON.stringify(`${games}${id}/view.ts`)};`);
      const entries = ids.map((id, i) => `${JSON.stringify(id)}: b${i}`);
      return {
        contents: `${imports.join('\n')}\nexport const views = { ${entries.join(', ')} };\n`,
        loader: 'js',
        resolveDir: root,
      };
    });
  },
};

await build({
  // Two bundles, each whole: the editor's is large, and an offline replay inlines app.js alone.
  entryPoints: { app: `${root}src/pages/main.tsx`, editor: `${root}src/pages/editor/code-editor.ts` },
  outdir: `${root}dist/pages`,
  bundle: true,
  format: 'esm',
  // The browser, not Node: a page that reached for Node (or a game's rules through it) fails the build.
  platform: 'browser',
  target: ['es2022'],
  jsx: 'automatic',
  jsxImportSource: 'preact',
  minify: true,
  sourcemap: false,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [views],
});
