/**
 * This build of Tabula, as a hash of its compiled code: a worker plays only for a coordinator of the
 * same build, so that the referee and the built-in bots are the same on every machine.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The compiled `src` folder this module belongs to. */
const compiledSource = fileURLToPath(new URL('../..', import.meta.url));

let cached: string | null = null;

export function buildId(): string {
  if (cached === null) {
    const hash = createHash('sha256');
    for (const file of codeFiles(compiledSource))
      hash.update(file.slice(compiledSource.length)).update(readFileSync(file));
    cached = hash.digest('hex').slice(0, 16);
  }
  return cached;
}

function codeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((e) => {
      const path = join(dir, e.name);
      if (e.isDirectory()) return codeFiles(path);
      return e.name.endsWith('.js') ? [path] : [];
    });
}
