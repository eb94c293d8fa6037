/**
 * A bot that is a command line: run through `sh -c` in a process group of its own, so that the
 * whole tree it starts can be ended together.
 */
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import type { Readable, Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Millis } from '../core/units.js';
import { LineSplitter, LineTooLongError } from './line-streams.js';
import { runningInGroup, signalGroup, trackGroup, untrackGroup } from './process-groups.js';
import { defaultStderrCaps, type StderrCaps, StderrLog } from './stderr-log.js';
import { TimedBot } from './timed-bot.js';

export interface ProcessBotOptions {
  /** Longest output line accepted, in characters. */
  readonly maxLineLength?: number;
  readonly stderrCaps?: StderrCaps;
  /** How long a bot has to exit after SIGTERM before SIGKILL. */
  readonly killGraceMs?: number;
}

/** How long to wait, after the bot's process exits, for output still in the pipe (and the reverse). */
const EXIT_DRAIN_MS = 25;
/** How long to wait for a killed process group to disappear. */
const GROUP_EXIT_WAIT_MS = 1000;
/** Exit codes of `sh` for a command it could not find or run. */
const SHELL_CANNOT_RUN = new Set([126, 127]);

export class ProcessBot extends TimedBot {
  private readonly child: ChildProcessByStdio<Writable, Readable, Readable>;
  /** The bot's process group (its shell's pid); undefined when it could not be spawned. */
  readonly pgid: number | undefined;
  private readonly exited: Promise<void>;
  private readonly killGraceMs: number;
  private exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;

  constructor(
    readonly command: string,
    options: ProcessBotOptions = {},
  ) {
    super(command, new StderrLog(options.stderrCaps ?? defaultStderrCaps));
    this.killGraceMs = options.killGraceMs ?? 200;
    this.child = spawn('sh', ['-c', command], { detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    this.pgid = this.child.pid;
    if (this.pgid !== undefined) trackGroup(this.pgid);

    this.exited = new Promise((resolve) => {
      this.child.on('exit', (code, signal) => {
        this.exit = { code, signal };
        resolve();
        // Output written just before exiting may still be in the pipe: read it before calling this a crash.
        setTimeout(() => this.ended(), EXIT_DRAIN_MS);
      });
      this.child.on('error', (err) => {
        this.exit ??= { code: null, signal: null };
        resolve();
        this.fail({ kind: 'crash', detail: `could not be run: ${err.message}`, neverStarted: true, stderr: '' });
      });
    });

    const splitter = new LineSplitter(options.maxLineLength ?? 1 << 16);
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => {
      const at = performance.now();
      try {
        this.receiveLines(splitter.push(chunk), at);
      } catch (err) {
        if (!(err instanceof LineTooLongError)) throw err;
        this.fail({ kind: 'overflow', detail: err.message, stderr: '' });
      }
    });
    this.child.stdout.on('end', () => {
      this.receiveLines(splitter.flush(), performance.now());
      // Usually the process is exiting too: give its exit status a moment to arrive, for the message.
      setTimeout(() => this.ended(), EXIT_DRAIN_MS);
    });
    this.child.stderr.setEncoding('utf8');
    this.child.stderr.on('data', (chunk: string) => this.stderr.append(chunk));
    // A bot that exits leaves a broken pipe behind; the exit itself is what gets reported.
    this.child.stdin.on('error', () => {});
  }

  protected deliver(text: string, written: () => void): void {
    if (this.child.stdin.writable) this.child.stdin.write(text, (err) => err || written());
  }

  /** The bot's output closed or its process exited: no answer can come any more. */
  private ended(): void {
    const exit = this.exit;
    const how =
      exit === null
        ? 'closed its output'
        : exit.signal
          ? `was killed by ${exit.signal}`
          : `exited with code ${exit.code}`;
    const last = this.stderr.lastLines();
    this.fail({
      kind: 'crash',
      detail: last ? `${how}; stderr: ${last}` : how,
      neverStarted: !this.hasAnswered && exit?.code != null && SHELL_CANNOT_RUN.has(exit.code),
      stderr: '',
    });
  }

  protected async terminate(grace: Millis | undefined): Promise<void> {
    this.child.stdin.end();
    const pgid = this.pgid;
    if (pgid !== undefined) {
      if (this.exit === null && grace !== undefined) await Promise.race([this.exited, sleep(grace)]);
      if (this.exit === null) {
        signalGroup(pgid, 'SIGTERM');
        await Promise.race([this.exited, sleep(this.killGraceMs)]);
      }
      // Unconditionally: the leader may be gone while processes it started live on in its group.
      signalGroup(pgid, 'SIGKILL');
      // SIGKILL is delivered asynchronously: return only once the group is really gone.
      for (let waited = 0; runningInGroup(pgid).length > 0 && waited < GROUP_EXIT_WAIT_MS; waited += 5) await sleep(5);
      untrackGroup(pgid);
    }
    await this.exited;
    this.child.stdin.destroy();
    this.child.stdout.destroy();
    this.child.stderr.destroy();
  }
}
