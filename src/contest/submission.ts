/**
 * What an author sends, checked before anything is kept: one source file, or the files of a folder
 * (a bot made with `tabula new`), in a language of `tabula new` that this machine can build. A lone
 * file becomes the language's main file, and what its build needs beside it (package.json, go.mod)
 * comes from the language's starter. Paths are relative, of plain names: nothing can land outside
 * the folder it is unpacked into; and every shape taken can be written there (no name both a file
 * and a folder, none too long for the file system), so that a build never fails on what was sent.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { join } from 'node:path';
import { shownInView } from '../arena/sandbox/file-view.js';
import type { PackedFile } from '../runs/workers/bot-files.js';
import { buildFiles, LANGUAGES, type Language, startersOf } from '../starters/kit.js';

/** The most a submission's files may hold, in bytes, and how many files. */
export const MAX_SOURCE_BYTES = 4 << 20;
export const MAX_SOURCE_FILES = 200;
const MAX_PATH_LENGTH = 200;
/** The most bytes a name in a path may have: the file system's (NAME_MAX). */
const MAX_NAME_BYTES = 255;

/** A file as received: its path in the bot's folder (a lone file's name), and its bytes. */
export interface SentFile {
  readonly path: string;
  readonly data: Uint8Array;
}

/** A submission refused before it is kept: what was wrong, for the author. */
export class SubmissionError extends Error {
  override readonly name = 'SubmissionError';
}

/** The languages a contest of `game` takes: those the game has starters in, whose tools this machine has. */
export function contestLanguages(gameId: string): { readonly taken: Language[]; readonly missing: string[] } {
  const taken: Language[] = [];
  const missing: string[] = [];
  for (const language of startersOf(gameId)) {
    const absent = language.tools.filter((tool) => !toolInView(tool));
    if (absent.length === 0) taken.push(language);
    else missing.push(`${language.id} (needs ${absent.join(', ')})`);
  }
  return { taken, missing };
}

/**
 * Whether `tool` is on the PATH in a folder a bot's view of the files shows (the system's, Node's):
 * a version manager's shims in the user's home (pyenv, rustup) are not there.
 */
function toolInView(tool: string): boolean {
  return (process.env.PATH ?? '').split(':').some((dir) => {
    const path = join(dir, tool);
    if (!dir.startsWith('/') || !shownInView(path)) return false;
    try {
      accessSync(path, constants.X_OK);
      return statSync(path).isFile();
    } catch {
      return false;
    }
  });
}

/** The language `id`, if the contest takes it; a `SubmissionError` that lists those it takes if not. */
export function submittedLanguage(id: string, taken: readonly Language[]): Language {
  const language = taken.find((l) => l.id === id);
  if (language) return language;
  const known = LANGUAGES.some((l) => l.id === id) ? `this server cannot build ${id}` : `no language "${id}"`;
  throw new SubmissionError(`${known} (it takes: ${taken.map((l) => l.id).join(', ')})`);
}

/**
 * The files of a submission, checked, as they are kept: a lone file as the language's main file, a
 * folder's files without the folder's own name (a browser sends `mills-bot/bot.py`), and what the
 * build needs beside them from the language's starter where they lack it.
 */
export function submittedFiles(
  sent: readonly SentFile[],
  language: Language,
  game: { readonly id: string; readonly title: string },
): PackedFile[] {
  if (sent.length === 0) throw new SubmissionError('no file was sent');
  if (sent.length > MAX_SOURCE_FILES)
    throw new SubmissionError(`${sent.length} files were sent: a submission has at most ${MAX_SOURCE_FILES}`);
  const bytes = sent.reduce((sum, f) => sum + f.data.length, 0);
  if (bytes > MAX_SOURCE_BYTES)
    throw new SubmissionError(`the files hold ${bytes} bytes: a submission holds at most ${MAX_SOURCE_BYTES}`);
  const paths = sent.map((f) => checkedPath(f.path));
  const files =
    sent.length === 1
      ? [{ path: language.main, data: sent[0]!.data }]
      : withoutTop(paths).map((path, i) => ({ path, data: sent[i]!.data }));
  const seen = new Set<string>();
  for (const f of files) {
    if (seen.has(f.path)) throw new SubmissionError(`the file ${f.path} was sent twice`);
    seen.add(f.path);
  }
  if (!seen.has(language.main))
    throw new SubmissionError(
      `there is no ${language.main} at the top of the folder: a ${language.name} bot runs as \`${language.run}\``,
    );
  const both = fileAndFolder(files.map((f) => f.path));
  if (both) throw new SubmissionError(`${both.file} was sent both as a file and as a folder (${both.under})`);
  const extras = buildFiles({ gameId: game.id, title: game.title, language }).filter((f) => !seen.has(f.path));
  for (const extra of extras) {
    const under = files.find((f) => f.path.startsWith(`${extra.path}/`));
    if (under)
      throw new SubmissionError(
        `${extra.path} is a folder in what was sent (${under.path}), and a ${language.name} bot's build needs a file of that name`,
      );
  }
  const packed: PackedFile[] = files.map((f) => ({
    path: f.path,
    mode: 0o644,
    data: Buffer.from(f.data).toString('base64'),
  }));
  for (const extra of extras)
    packed.push({ path: extra.path, mode: 0o644, data: Buffer.from(extra.text).toString('base64') });
  return packed;
}

/** A path that is a file and also a folder of another path (`bot.py` and `bot.py/x`): both cannot be written. */
function fileAndFolder(paths: readonly string[]): { file: string; under: string } | null {
  const files = new Set(paths);
  for (const path of paths)
    for (let end = path.indexOf('/'); end > 0; end = path.indexOf('/', end + 1))
      if (files.has(path.slice(0, end))) return { file: path.slice(0, end), under: path };
  return null;
}

/** A path of plain names below the bot's folder, or a `SubmissionError` saying what is wrong with it. */
function checkedPath(path: string): string {
  const quoted = JSON.stringify(path.slice(0, MAX_PATH_LENGTH));
  if (path.length === 0 || path.length > MAX_PATH_LENGTH)
    throw new SubmissionError(`a file's path is empty or over ${MAX_PATH_LENGTH} characters: ${quoted}`);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(path))
    throw new SubmissionError(`a file's path has a control character or a backslash: ${quoted}`);
  const names = path.split('/');
  if (names.some((n) => n === '' || n === '.' || n === '..'))
    throw new SubmissionError(`a file's path must be relative, of plain names (no "..", no "/" first): ${quoted}`);
  if (names.some((n) => Buffer.byteLength(n) > MAX_NAME_BYTES))
    throw new SubmissionError(
      `a name in a file's path is over ${MAX_NAME_BYTES} bytes, the most a file system takes: ${quoted}`,
    );
  return names.join('/');
}

/** The paths without their common first folder, where they all have one. */
function withoutTop(paths: readonly string[]): string[] {
  const top = paths[0]!.split('/')[0]!;
  const common = paths.every((p) => p.includes('/') && p.split('/')[0] === top);
  return common ? paths.map((p) => p.slice(top.length + 1)) : [...paths];
}
