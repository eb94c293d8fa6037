/** The files of the source tree that a test reads or runs: found on disk, never in dist/. */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The files under `dir` whose names match `name`, in every folder but dependencies, builds and git's. */
export function filesUnder(dir: string, name: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return ['node_modules', 'dist', '.git'].includes(e.name) ? [] : filesUnder(path, name);
    return name.test(e.name) ? [path] : [];
  });
}
