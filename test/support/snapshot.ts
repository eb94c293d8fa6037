/**
 * Text compared with a file kept in the repository, so that a change in what people read shows in
 * review. `UPDATE_SNAPSHOTS=1 npm test` rewrites the files from what the code prints now.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { root } from './cli.js';

export function assertSnapshot(text: string, file: string): void {
  const path = `${root}${file}`;
  if (process.env.UPDATE_SNAPSHOTS === '1' || !existsSync(path)) {
    writeFileSync(path, text);
    if (process.env.UPDATE_SNAPSHOTS !== '1') assert.fail(`${file} did not exist: written; check it and run again`);
    return;
  }
  assert.equal(text, readFileSync(path, 'utf8'), `${file} differs (UPDATE_SNAPSHOTS=1 rewrites it)`);
}
