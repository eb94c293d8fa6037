/**
 * A built-in bot as one self-contained JavaScript file that plain `node` runs, with no Tabula
 * install: what a CodinGame submission must be. The bot is bundled from this build's compiled code
 * with the stdin/stdout line I/O, its setup (the statement's limits, default options, the given
 * parameters) written in, and a seed drawn afresh at each start.
 */
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { BotSetup, GameDefinition } from '../../core/game.js';

/** The module that holds built-in bot `name` of game `gameId`: bots/<name>.js, exporting `name`. */
export const builtinBotModule = (gameId: string, name: string): URL =>
  new URL(`../../games/${gameId}/bots/${name}.js`, import.meta.url);

/** Writes the bot to `file`; returns its size in bytes. */
export async function exportBuiltinBot(
  game: GameDefinition,
  name: string,
  params: Readonly<Record<string, string>>,
  file: string,
): Promise<number> {
  const setup: Omit<BotSetup, 'seed'> = { gameOptions: {}, timeLimits: game.timeLimits, params };
  const entry = [
    `import { ${name} as bot } from ${JSON.stringify(fileURLToPath(builtinBotModule(game.id, name)))};`,
    `import { stdioLineIO } from ${JSON.stringify(fileURLToPath(new URL('../process/line-streams.js', import.meta.url)))};`,
    `const setup = { ...${JSON.stringify(setup)}, seed: Math.floor(Math.random() * 4294967296) };`,
    'bot.create(setup)(stdioLineIO()).then(',
    '  () => process.stdin.destroy(),',
    '  (err) => { console.error(err); process.exit(1); },',
    ');',
  ].join('\n');
  const spec =
    Object.keys(params).length === 0
      ? name
      : `${name}(${Object.entries(params)
          .map(([k, v]) => `${k}=${v}`)
          .join(',')})`;
  const result = await build({
    stdin: { contents: entry, resolveDir: fileURLToPath(new URL('.', import.meta.url)), loader: 'js' },
    bundle: true,
    platform: 'node',
    format: 'iife',
    target: 'node18',
    minify: true,
    legalComments: 'none',
    banner: {
      js: `// ${game.title}: Tabula's built-in bot ${spec}, speaking the statement's protocol on stdin/stdout. Run: node ${basename(file)}`,
    },
    outfile: file,
    metafile: true,
    logLevel: 'silent',
  });
  return Object.values(result.metafile.outputs)[0]!.bytes;
}
