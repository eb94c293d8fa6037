/**
 * `npm test`: every suite under test/, in path order. Found from the sources (not from dist/, where
 * the build of a deleted test may linger), run in a temporary folder of their own (suites.ts).
 */
import { join } from 'node:path';
import { root } from './cli.js';
import { filesUnder } from './files.js';
import { runSuites } from './suites.js';

runSuites(['--test-reporter=spec', ...process.argv.slice(2)], filesUnder(join(root, 'test'), /\.test\.ts$/).sort());
