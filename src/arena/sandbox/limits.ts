import type { BotFiles } from './file-view.js';

/** The limits every bot process runs under, together with everything it starts. */
export interface BotLimits {
  /** Memory (resident, page cache and swap included) of the bot and all it started, in MB. */
  readonly memoryMb: number;
  /** Processes and threads the bot may have at once. */
  readonly maxProcesses: number;
  /** Whether the bot may open network connections (loopback included). */
  readonly allowNetwork: boolean;
  /** What the bot sees of the files (file-view.ts): all its user may read when absent. */
  readonly files?: BotFiles;
}

/**
 * As CodinGame for memory. 256 tasks leave room for the threads of a JVM on a large machine (GC and
 * compiler threads grow with the cores), Node's or Python's, and still stop a fork storm early.
 */
export const DEFAULT_LIMITS: BotLimits = { memoryMb: 768, maxProcesses: 256, allowNetwork: false };

/**
 * Why a bot was stopped by a limit: the crash message. `filesMb`: the most its files in /tmp held,
 * which count in its memory, named where they were a good part of it.
 */
export const memoryBreach = (limits: BotLimits, filesMb = 0): string =>
  `exceeded its memory limit of ${limits.memoryMb} MB${filesMb >= limits.memoryMb / 10 ? ` (${Math.round(filesMb)} MB of it files it wrote in /tmp, which count as memory)` : ''}`;

/** Said of a bot that failed with its /tmp full: a write there failed, not its memory. */
export const tmpFull = (tmpMb: number): string =>
  `its /tmp was full (it holds ${tmpMb} MB of files): a write there failed`;
export const processBreach = (limits: BotLimits): string =>
  `went over its limit of ${limits.maxProcesses} processes and threads at once (a fork storm)`;
