/**
 * `npm test`: every suite under test/, in path order. Found from the sources (not from dist/, where
 * the build of a deleted test may linger), run in a temporary folder of their own (suites.ts).
 */
import { join, relative } from 'node:path';
import { root } from './cli.js';
import { filesUnder } from './files.js';
import { runSuites } from './suites.js';

const files = filesUnder(join(root, 'test'), /\.test\.ts$/)
  .sort()
  .map((file) => join(root, 'dist', relative(root, file)).replace(/\.ts$/, '.js'));
runSuites(['--test-reporter=spec', ...process.argv.slice(2)], files);
