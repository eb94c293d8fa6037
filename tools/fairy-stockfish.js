#!/usr/bin/env node
/**
 * Fairy-Stockfish as an engine process: `node tools/fairy-stockfish.js` reads commands on stdin and
 * writes the engine's answers on stdout. It starts in UCI and switches to USI on `usi`; for
 * minishogi, `setoption name USI_Variant value minishogi`. For example:
 *
 *   tabula play minishogi "usi:node tools/fairy-stockfish.js" builtin:random
 *
 * `--max-movetime MS` shortens every `go movetime` to at most MS, for quick games in tests.
 *
 * The engine is the `fairy-stockfish-nnue.wasm` package, GPL-3.0 and a development dependency:
 * tests, benchmarks and this optional opponent use it; Tabula's own code never imports it.
 */
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';

const flag = process.argv.indexOf('--max-movetime');
const maxMovetime = flag < 0 ? Infinity : Number(process.argv[flag + 1]);
if (!(maxMovetime > 0)) {
  process.stderr.write('usage: node tools/fairy-stockfish.js [--max-movetime MS]\n');
  process.exit(2);
}

// Under Node 20 the Emscripten loader tries fetch() on the .wasm file path, which fails; without
// fetch it reads the file from disk.
delete globalThis.fetch;
const require = createRequire(import.meta.url);
const Stockfish = require('fairy-stockfish-nnue.wasm/stockfish.js');

const engine = await Stockfish();
engine.addMessageListener((line) => process.stdout.write(`${line}\n`));

let quitting = false;
function quit() {
  if (quitting) return;
  quitting = true;
  engine.postMessage('quit');
  // The engine's threads end with `quit`; this is in case they do not.
  setTimeout(() => process.exit(0), 500).unref();
}

function command(line) {
  if (line.trim() === 'quit') return quit();
  const capped = line.replace(
    /^(\s*go\b.*\bmovetime\s+)([0-9]+)/,
    (_, go, ms) => go + Math.min(Number(ms), maxMovetime),
  );
  engine.postMessage(capped);
}

createInterface({ input: process.stdin }).on('line', command).on('close', quit);
