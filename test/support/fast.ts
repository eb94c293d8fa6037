/**
 * `npm run test:fast`: the suites that need no browser, no Redis, no guest kernel, no sandbox and no
 * other engine, in well under a minute: the rules, protocols and engines of every game, the
 * statistics, the stores, the contest's logic, the house's layers and its documents. Found from the sources in
 * test/ (not from dist/, where the build of a deleted test may linger), run two files at a time.
 * Whatever else they pass, these do not replace `npm test` before a commit.
 */
import { join } from 'node:path';
import { root } from './cli.js';
import { filesUnder } from './files.js';
import { runSuites } from './suites.js';

/** The folders of test/ whose suites are fast, and the files there that are not (they start processes or other engines). */
const FOLDERS = ['core', 'boards', 'games', 'runs', 'contest'];
const SLOW = [
  /\/cli\.test\.ts$/, // the `tabula` command as a process
  /\/processes\.test\.ts$/, // bots as processes
  /\/usi(-engine)?\.test\.ts$/, // USI engines as processes
  /\/differential\.test\.ts$/, // thousands of games against Fairy-Stockfish
  /\/runs\/workers\.test\.ts$/, // Redis
  /\/contest\/(build|contest)\.test\.ts$/, // builds and contests, which need the sandbox
];

const suites = (dir: string): string[] => filesUnder(dir, /\.test\.ts$/);

const files = [
  ...FOLDERS.flatMap((f) => suites(join(root, 'test', f))),
  join(root, 'test', 'layers.test.ts'),
  join(root, 'test', 'docs.test.ts'),
]
  .filter((file) => !SLOW.some((slow) => slow.test(file)))
  .sort();
runSuites(['--test-concurrency=2', ...process.argv.slice(2)], files);
