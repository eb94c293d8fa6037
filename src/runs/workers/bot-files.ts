/**
 * The files a run's command bots need on a worker. A bot is a command line run on the worker; the
 * coordinator packs, once per run, the files its commands name under the coordinator's folder (a
 * file at the top of that folder alone, a file deeper down with its whole folder, a named folder
 * whole), addressed by content hash; a worker unpacks them into a cache and runs the commands there.
 * Paths outside the folder (interpreters, absolute paths) must exist on the worker as they are.
 */
import { createHash } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { deflateSync, inflateSync } from 'node:zlib';

/** More than this, packed, is refused: bots that big belong on the workers already. */
export const MAX_PACKED_BYTES = 64 << 20;

/** A file in a pack: its path relative to the pack's folder, its mode, its bytes in base64. */
export interface PackedFile {
  readonly path: string;
  readonly mode: number;
  readonly data: string;
}

/** Files packed: what travels through Redis to the workers, by its hash. */
export interface PackedFiles {
  /** The content hash: the same files give the same hash, whoever packs them. */
  readonly hash: string;
  readonly packed: Buffer;
}

export interface BotFiles extends PackedFiles {
  /** The paths packed, relative to the folder, for messages. */
  readonly paths: readonly string[];
}

/** The words of a command line that could be paths: split on blanks, quotes removed. */
function words(command: string): string[] {
  return (command.match(/'[^']*'|"[^"]*"|\S+/g) ?? []).map((w) => w.replace(/^(['"])(.*)\1$/, '$2'));
}

/** The files and folders under `folder` that the commands name; null when they name none. */
export function packBotFiles(commands: readonly string[], folder: string): BotFiles | null {
  const roots = new Set<string>();
  for (const command of commands) {
    for (const word of words(command)) {
      const path = resolve(folder, word);
      const rel = relative(folder, path);
      if (rel === '' || rel.startsWith('..') || isAbsolute(rel) || !existsSync(path)) continue;
      // A file deeper down comes with its folder (modules, data); one at the top comes alone.
      roots.add(statSync(path).isDirectory() || !rel.includes(sep) ? rel : dirname(rel));
    }
  }
  if (roots.size === 0) return null;
  const files = packFiles([...roots].flatMap((root) => filesUnder(folder, root)));
  if (files.packed.length > MAX_PACKED_BYTES) {
    throw new Error(
      `the bots' files (${[...roots].join(', ')}) are ${files.packed.length} bytes packed, over ${MAX_PACKED_BYTES}`,
    );
  }
  return { ...files, paths: [...roots].sort() };
}

/** Files packed in order of their paths (one each), so that the same files give the same hash. */
export function packFiles(files: readonly PackedFile[]): PackedFiles {
  const unique = [...new Map(files.map((f) => [f.path, f])).values()].sort((a, b) => (a.path < b.path ? -1 : 1));
  const packed = deflateSync(JSON.stringify(unique));
  return { hash: hashOf(packed), packed };
}

const hashOf = (packed: Buffer): string => createHash('sha256').update(packed).digest('hex').slice(0, 24);

/** The files of a pack. */
export const unpackedFiles = (packed: Buffer): PackedFile[] =>
  JSON.parse(inflateSync(packed).toString('utf8')) as PackedFile[];

/**
 * Every file under `folder`, packed: a build, which a stranger's code wrote. Links are left out, not
 * followed: a link to a file of the machine's would pack that file into the build.
 */
export const packFolder = (folder: string): PackedFiles => packFiles(filesUnder(folder, '', false));

/** The files under `folder`'s `rel`; `follow`: through links (a user's own folder), or leaving them out. */
function filesUnder(folder: string, rel: string, follow = true): PackedFile[] {
  const path = join(folder, rel);
  const stat = follow ? statSync(path) : lstatSync(path);
  if (stat.isDirectory()) return readdirSync(path).flatMap((name) => filesUnder(folder, join(rel, name), follow));
  if (!stat.isFile()) return [];
  return [{ path: rel, mode: stat.mode & 0o777, data: readFileSync(path).toString('base64') }];
}

/** Where a worker keeps unpacked bot files, one folder per hash. */
export const defaultCache = (): string =>
  join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'tabula', 'bot-files');

/** The folder holding files `hash`, unpacking `packed` there first if needed; checks the hash. */
export function unpackBotFiles(hash: string, packed: Buffer, cache: string): string {
  const folder = join(cache, hash);
  // Unpacked beside, then renamed: a folder there is whole (a name of its own inside, as a mark,
  // could be one of the bot's).
  if (existsSync(folder)) return folder;
  if (hashOf(packed) !== hash) throw new Error(`the bots' files do not match their hash ${hash}`);
  const partial = `${folder}.partial-${process.pid}`;
  mkdirSync(partial, { recursive: true });
  chmodSync(partial, 0o755);
  writeFiles(partial, unpackedFiles(packed));
  mkdirSync(cache, { recursive: true });
  if (!existsSync(folder)) renameSync(partial, folder);
  return folder;
}

/**
 * Writes packed files into `folder` (made as needed), refusing a path that would leave it. Every
 * file and folder is readable by all, whatever the umask: a stranger's bot that root runs reads its
 * own files as an id of its own (arena/sandbox/identity.ts), by their mode bits for others.
 */
export function writeFiles(folder: string, files: readonly PackedFile[]): void {
  for (const file of files) {
    const target = join(folder, file.path);
    const rel = relative(folder, target);
    if (rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel))
      throw new Error(`bad path in the bots' files: ${file.path}`);
    const missing: string[] = [];
    for (let dir = dirname(target); !existsSync(dir); dir = dirname(dir)) missing.push(dir);
    mkdirSync(dirname(target), { recursive: true });
    for (const dir of missing) chmodSync(dir, 0o755);
    writeFileSync(target, Buffer.from(file.data, 'base64'));
    chmodSync(target, file.mode | 0o444 | (file.mode & 0o100 ? 0o111 : 0));
  }
}
