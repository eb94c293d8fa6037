/**
 * A submission built as its language's starter is (`tabula new`'s build command), in the sandbox of a
 * bot: its own cgroups (memory, processes, CPU time), no network, and a view of the files that holds
 * the system's programs and its own folder, writable for the build. It is stopped past its CPU time,
 * its wall time, or the size of what it writes, or when its caller ends it (the admin cancels it);
 * it runs at a bot's weight off its clock, so that the games being played keep their cores. What it
 * printed is the build's log. The built folder, its links left out, is packed: the build, by its
 * content hash.
 */
import { lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { BotProcess, type ProcessEnd, type ProcessOwner } from '../arena/process/bot-process.js';
import { shellQuote } from '../arena/process/shell-command.js';
import type { BotLimits } from '../arena/sandbox/limits.js';
import { millis } from '../core/units.js';
import { type PackedFile, type PackedFiles, packFolder, writeFiles } from '../runs/workers/bot-files.js';
import type { Language } from '../starters/kit.js';

export interface BuildLimits {
  /** Its sandbox's: compilers need more memory than a bot; the network is never there. */
  readonly sandbox: BotLimits;
  /**
   * CPU time it may use (its fault when over), and wall time: a build starved by games waits longer,
   * but one that sleeps (a compiler reading a device that never answers) holds a build slot only so
   * long.
   */
  readonly cpuMs: number;
  readonly wallMs: number;
  /** What it may write in its folder (also the most one file may hold). */
  readonly bytes: number;
}

export const BUILD_LIMITS: BuildLimits = {
  sandbox: { memoryMb: 2048, maxProcesses: 256, allowNetwork: false, files: 'own' },
  cpuMs: 60_000,
  wallMs: 180_000,
  bytes: 256 << 20,
};
/**
 * What the system says of a process that wrote past its file size limit (SIGXFSZ, in the C locale the
 * sandbox runs in), and of a write refused for it (EFBIG): a compiler that meets the limit dies of it,
 * and its driver calls that an internal compiler error.
 */
const FILE_LIMIT_WORDS = /File size limit exceeded|File too large/;
/** The most of a build's output its log keeps. */
const LOG_MAX_CHARS = 64 * 1024;
const POLL_MS = 250;

/** Tabula's own node_modules, where an offline build finds its packages (TypeScript). */
const MODULES = fileURLToPath(new URL('../../../node_modules', import.meta.url));

export type BuildOutcome =
  | { readonly ok: true; readonly build: PackedFiles; readonly log: string }
  | { readonly ok: false; readonly reason: string; readonly log: string };

/** The command a contest builds a submission in `language` with; null when there is nothing to build. */
export function buildCommand(language: Language): string | null {
  const command = language.offlineBuild ?? language.build;
  return command === null ? null : command.replaceAll('{{MODULES}}', shellQuote(MODULES));
}

/** Why a build failed when it wrote past its limit: before anything its compiler said of it. */
export const wroteTooMuch = (limits: BuildLimits): string =>
  `the build wrote past its ${limits.bytes / 2 ** 20} MB of files (what a build may write, in one file or in all)`;

/**
 * Builds the files of a submission; `hidden`: files the build must not see though they are in a
 * folder its view shows (the contest's database). `signal` ends it at once (a failure then, whatever
 * it did).
 */
export async function build(
  files: readonly PackedFile[],
  language: Language,
  hidden: readonly string[],
  limits: BuildLimits = BUILD_LIMITS,
  signal?: AbortSignal,
): Promise<BuildOutcome> {
  const dir = mkdtempSync(join(tmpdir(), 'tabula-build-'));
  try {
    writeFiles(dir, files);
    const command = buildCommand(language);
    if (signal?.aborted) return { ok: false, reason: 'the build was ended before it started', log: '' };
    if (command === null) return { ok: true, build: packFolder(dir), log: '' };
    const ran = await runBuild(command, dir, hidden, limits, signal);
    if (ran.failure) return { ok: false, reason: ran.failure, log: ran.log };
    return { ok: true, build: packFolder(dir), log: ran.log };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs the build command in `dir`; its log, and why it failed if it did. */
async function runBuild(
  command: string,
  dir: string,
  hidden: readonly string[],
  limits: BuildLimits,
  signal: AbortSignal | undefined,
): Promise<{ log: string; failure: string | null }> {
  const log = new BuildLog();
  let ended = false;
  const owner: ProcessOwner = {
    lines: (lines) => log.add(lines.map((l) => `${l}\n`).join('')),
    stderr: (chunk) => log.add(chunk),
    overflow: (detail) => log.add(`[a line too long: ${detail}]\n`),
    // Read again at the build's end, where it is the failure.
    breached: () => {},
    ended: (how: ProcessEnd) => {
      ended = true;
      if (how.kind === 'unstarted') log.add(`[the build could not be started: ${how.detail}]\n`);
    },
  };
  // Nothing to read, and no file past the limit (ulimit -f counts blocks of 512 bytes).
  const shell = `exec </dev/null; ulimit -f ${Math.ceil(limits.bytes / 512)}; ${command}`;
  const builder = new BotProcess(shell, owner, {
    limits: limits.sandbox,
    cwd: dir,
    hidden,
    writable: true,
    maxLineLength: 1 << 20,
  });
  // Ended at once, not at the next look: the admin who cancels it sees it go.
  const endNow = () => void builder.end(millis(0));
  signal?.addEventListener('abort', endNow, { once: true });
  await builder.launched;
  const started = Date.now();
  let failure: string | null = null;
  while (!ended && failure === null) {
    await sleep(POLL_MS);
    const cpu = builder.cpuMs();
    if (signal?.aborted) failure = 'the build was ended';
    else if (cpu !== undefined && cpu > limits.cpuMs) failure = `the build used over ${limits.cpuMs / 1000} s of CPU`;
    else if (Date.now() - started > limits.wallMs) failure = `the build took over ${limits.wallMs / 1000} s`;
    else if (folderBytes(dir) > limits.bytes) failure = wroteTooMuch(limits);
  }
  signal?.removeEventListener('abort', endNow);
  const breach = builder.breach();
  await builder.end(millis(0));
  const exit = builder.exit;
  // Said first, whatever followed: a file cut at the limit leaves the folder at it; a compiler's
  // temporary file, in its /tmp, leaves only the words of the compiler that died of it.
  if (signal?.aborted) failure = 'the build was ended';
  else if (exit?.signal === 'SIGXFSZ' || log.fileLimit || folderBytes(dir) >= limits.bytes)
    failure = wroteTooMuch(limits);
  failure ??=
    breach !== null
      ? `the build ${breach}`
      : exit === null || exit.code === null
        ? `the build was stopped${exit?.signal ? ` by ${exit.signal}` : ''}`
        : exit.code !== 0
          ? `the build failed (exit code ${exit.code})`
          : null;
  return { log: log.text(), failure };
}

/** The bytes of the files under `dir`, links not followed (a file the build removes meanwhile counts none). */
function folderBytes(dir: string): number {
  let bytes = 0;
  for (const name of readdirSync(dir)) {
    try {
      const stat = lstatSync(join(dir, name));
      bytes += stat.isDirectory() ? folderBytes(join(dir, name)) : stat.size;
    } catch {}
  }
  return bytes;
}

/** What a build printed, its start and end kept when it says too much. */
class BuildLog {
  private head = '';
  private tail = '';
  private dropped = 0;
  /** Whether it said that it met its file size limit (also where the log leaves that out). */
  fileLimit = false;
  /** The end of what came before, for words cut in two between chunks. */
  private seam = '';

  add(text: string): void {
    this.fileLimit ||= FILE_LIMIT_WORDS.test(this.seam + text);
    this.seam = (this.seam + text).slice(-64);
    if (this.head.length < LOG_MAX_CHARS / 2) {
      const room = LOG_MAX_CHARS / 2 - this.head.length;
      this.head += text.slice(0, room);
      text = text.slice(room);
    }
    this.tail += text;
    if (this.tail.length > LOG_MAX_CHARS / 2) {
      this.dropped += this.tail.length - LOG_MAX_CHARS / 2;
      this.tail = this.tail.slice(-LOG_MAX_CHARS / 2);
    }
  }

  text(): string {
    return this.dropped > 0
      ? `${this.head}\n[... ${this.dropped} characters left out ...]\n${this.tail}`
      : this.head + this.tail;
  }
}
