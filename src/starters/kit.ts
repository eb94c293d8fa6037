/**
 * Starter kits: a bot for a game in a language, written from two templates. The language's template
 * (src/starters/templates/<language>/) holds what every game shares: reading lines and numbers, the main loop,
 * the build files; it names no game. The game's part (src/games/<game>/starters/<main file>) reads
 * the statement's input into plain data and finds a legal move; it goes where the language's main
 * file has the line `{{GAME_CODE}}`, indented as that line is. Adding a game is adding its parts.
 *
 * Templates are data files, read from the source tree (the build leaves them where they are).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FileWriteError, fileWriteError } from '../core/file-errors.js';
import { SetupError } from '../core/game.js';

export interface Language {
  /** What `--lang` takes. */
  readonly id: string;
  readonly name: string;
  /** The file the game's part goes into; the game's part has the same name. */
  readonly main: string;
  /** The build command, run in the bot's folder; null when there is nothing to build. */
  readonly build: string | null;
  /**
   * The build where there is no network (a contest's): the packages `build` would install come from
   * Tabula's own, whose node_modules folder replaces `{{MODULES}}`; a check of the source where
   * `build` is none. `build` when absent.
   */
  readonly offlineBuild?: string;
  /** The bot's command line, run in its folder, as `tabula play` takes it. */
  readonly run: string;
  /** The programs the build and the run need, for checking that a machine has the toolchain. */
  readonly tools: readonly string[];
}

export const LANGUAGES: readonly Language[] = [
  {
    id: 'python',
    name: 'Python',
    main: 'bot.py',
    build: null,
    // A contest compiles the main file, so that a syntax error is the build's, at its line, not a crash in a game.
    offlineBuild: 'python3 -m py_compile bot.py',
    run: 'python3 bot.py',
    tools: ['python3'],
  },
  { id: 'javascript', name: 'JavaScript', main: 'bot.js', build: null, run: 'node bot.js', tools: ['node'] },
  {
    id: 'typescript',
    name: 'TypeScript',
    main: 'bot.ts',
    build: 'npm install && npx tsc',
    offlineBuild: 'node {{MODULES}}/typescript/bin/tsc -p . --typeRoots {{MODULES}}/@types',
    run: 'node bot.js',
    tools: ['node', 'npm'],
  },
  {
    id: 'cpp',
    name: 'C++',
    main: 'bot.cpp',
    build: 'g++ -std=c++17 -O2 -o bot bot.cpp',
    run: './bot',
    tools: ['g++'],
  },
  {
    id: 'java',
    name: 'Java',
    main: 'Player.java',
    build: 'javac Player.java',
    run: 'java Player',
    tools: ['javac', 'java'],
  },
  {
    id: 'rust',
    name: 'Rust',
    main: 'bot.rs',
    build: 'rustc --edition 2021 -O -o bot bot.rs',
    run: './bot',
    tools: ['rustc'],
  },
  { id: 'go', name: 'Go', main: 'bot.go', build: 'go build -o bot .', run: './bot', tools: ['go'] },
];

export const DEFAULT_LANGUAGE = 'python';

/** The source tree's src/, where the templates are: this module runs from dist/src/starters/. */
const sourceDir = fileURLToPath(new URL('../../../src/', import.meta.url));
const templatesDir = join(sourceDir, 'starters', 'templates');
const languageDir = (language: Language): string => join(templatesDir, language.id);
/** A game's parts: src/games/<game>/starters/. */
export const gamePartsDir = (gameId: string): string => join(sourceDir, 'games', gameId, 'starters');

/** The languages a game has starters in. */
export function startersOf(gameId: string): Language[] {
  return LANGUAGES.filter((l) => existsSync(join(gamePartsDir(gameId), l.main)));
}

export function findLanguage(id: string): Language {
  const language = LANGUAGES.find((l) => l.id === id);
  if (!language) throw new SetupError(`no starter in "${id}" (languages: ${LANGUAGES.map((l) => l.id).join(', ')})`);
  return language;
}

/** What a kit is made for: the game's name and title, and the commands its README gives. */
export interface KitRequest {
  readonly gameId: string;
  readonly title: string;
  readonly language: Language;
  /** The command that plays the bot against a built-in bot, and the one that judges it. */
  readonly play: string;
  readonly judge: string;
  /** How `tabula judge` judges this game, a paragraph of the README: by the statement's rule or against which boss. */
  readonly judging: string;
}

/** A file of the kit: its path in the bot's folder, and its text. */
export interface KitFile {
  readonly path: string;
  readonly text: string;
}

/** The kit's files: the language's template with the game's part in it, the build files, and a README. */
export function starterKit(request: KitRequest): KitFile[] {
  const { gameId, language } = request;
  const gamePart = join(gamePartsDir(gameId), language.main);
  if (!existsSync(gamePart)) throw new SetupError(`${gameId} has no ${language.name} starter yet`);
  const fill = filler(request);
  const files: KitFile[] = readdirSync(languageDir(language))
    .sort()
    .map((name) => {
      const text = readFileSync(join(languageDir(language), name), 'utf8');
      const filled = name === language.main ? insertPart(text, readFileSync(gamePart, 'utf8')) : text;
      // A template folder holds no dot files (git would read a .gitignore there as its own).
      return { path: name === 'gitignore' ? '.gitignore' : name, text: fill(filled) };
    });
  const readme = readFileSync(join(templatesDir, 'bot-README.md'), 'utf8');
  const about = readFileSync(join(gamePartsDir(gameId), 'about.md'), 'utf8').trim();
  const commands: [string, string][] = [
    ...(language.build === null ? [] : [[language.build, 'build (again after every change)'] as [string, string]]),
    [request.play, 'one game against a built-in bot, its replay in game.json'],
    [request.judge, 'judged: Accepted or not'],
  ];
  const width = Math.max(...commands.map(([command]) => command.length));
  const listed = ['README.md', ...files.map((f) => f.path)].sort().map((p) => `\`${p}\``);
  files.push({
    path: 'README.md',
    text: fill(readme)
      .replace('{{ABOUT}}', about)
      .replace('{{MAIN}}', language.main)
      .replace('{{FILES}}', listed.join(', '))
      .replace('{{COMMANDS}}', commands.map(([command, what]) => `${command.padEnd(width)}  # ${what}`).join('\n'))
      .replace('{{JUDGING}}', () => request.judging),
  });
  return files;
}

/** The template's words filled in: the game's name and title, the language's name. */
const filler =
  (request: Pick<KitRequest, 'gameId' | 'title' | 'language'>) =>
  (text: string): string =>
    text
      .replaceAll('{{GAME}}', request.gameId)
      .replaceAll('{{TITLE}}', request.title)
      .replaceAll('{{LANGUAGE}}', request.language.name);

/**
 * The files a bot in the language needs beside its own source to be built (package.json,
 * tsconfig.json, go.mod), as its starter has them: for a submission of one source file.
 */
export function buildFiles(request: Pick<KitRequest, 'gameId' | 'title' | 'language'>): KitFile[] {
  const { language } = request;
  return readdirSync(languageDir(language))
    .filter((name) => name !== language.main && name !== 'gitignore')
    .sort()
    .map((name) => ({ path: name, text: filler(request)(readFileSync(join(languageDir(language), name), 'utf8')) }));
}

/**
 * Writes the kit's files into `folder`, made with the folders above it that are missing: a
 * `FileWriteError` where it cannot be (no permission, a full disk, a file in the way), and then
 * nothing of it is left, so that the same command can be run again.
 */
export function writeKit(folder: string, files: readonly KitFile[]): void {
  const made = makeFolder(folder);
  const written: string[] = [];
  try {
    for (const file of files) {
      const path = join(folder, file.path);
      try {
        writeFileSync(path, file.text);
      } catch (err) {
        throw fileWriteError(path, err);
      } finally {
        written.push(path);
      }
    }
  } catch (err) {
    for (const path of written) rmSync(path, { force: true });
    if (made[0] !== undefined) rmSync(made[0], { recursive: true, force: true });
    throw err;
  }
}

/**
 * Makes `folder` one level at a time from the nearest folder that exists, and returns the folders
 * made, the topmost first. Not with Node's recursive mkdir: where a file system refuses new entries without saying
 * EEXIST or EACCES (`/proc/x` is ENOENT, its parent being there), that loops for ever on one core,
 * deaf to signals.
 */
function makeFolder(folder: string): string[] {
  const missing: string[] = [];
  let at = resolve(folder);
  while (!existsSync(at) && dirname(at) !== at) {
    missing.unshift(at);
    at = dirname(at);
  }
  if (!statSync(at).isDirectory()) throw new FileWriteError(folder, `${at} is not a directory`);
  const made: string[] = [];
  for (const dir of missing) {
    try {
      mkdirSync(dir);
      made.push(dir);
    } catch (err) {
      if (made[0] !== undefined) rmSync(made[0], { recursive: true, force: true });
      // The folder above is there: ENOENT says that its file system takes no new folder (/proc, /sys).
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') throw new FileWriteError(folder, `${dirname(dir)} takes no new folders`);
      throw fileWriteError(folder, err);
    }
  }
  return made;
}

/** The language's main file with the game's part on the line that says `{{GAME_CODE}}`, indented as that line. */
function insertPart(template: string, part: string): string {
  const marker = /^([ \t]*)\{\{GAME_CODE\}\}[ \t]*$/m;
  const found = marker.exec(template);
  if (!found) throw new Error('the template has no {{GAME_CODE}} line');
  const indent = found[1]!;
  const indented = part
    .replace(/\s+$/, '')
    .split('\n')
    .map((line) => (line === '' ? '' : indent + line))
    .join('\n');
  return template.slice(0, found.index) + indented + template.slice(found.index + found[0].length);
}
