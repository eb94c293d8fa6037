/**
 * A bot that is a command line: run through `sh -c` in a sandbox (sandbox/) and in a process group
 * of its own, so that the whole tree it starts can be limited, measured and ended together.
 */
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import type { Readable, Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { TurnResult } from '../core/connection.js';
import { isRunning } from '../core/proc.js';
import type { Millis } from '../core/units.js';
import { quoteLineStart } from './bot-output.js';
import { LineSplitter, LineTooLongError } from './line-streams.js';
import { groupLeader, runningInGroup, signalGroup, trackGroup, untrackGroup } from './process-groups.js';
import { type BotLimits, DEFAULT_LIMITS } from './sandbox/limits.js';
import { prepareSandboxes, Sandbox } from './sandbox/sandbox.js';
import { shellCommand } from './shell-command.js';
import { defaultStderrCaps, type StderrCaps, StderrLog } from './stderr-log.js';
import { TimedBot } from './timed-bot.js';

export interface ProcessBotOptions {
  /** Longest output line accepted, in characters. */
  readonly maxLineLength?: number;
  readonly stderrCaps?: StderrCaps;
  /** How long a bot has to exit after SIGTERM before SIGKILL. */
  readonly killGraceMs?: number;
  /** The bot's limits (DEFAULT_LIMITS unless given); null runs it without a sandbox. */
  readonly limits?: BotLimits | null;
  /** How far past its limit an answer is still taken, as an overrun. */
  readonly timeMargin?: Millis;
  /** The directory the command runs in; Tabula's own when absent. */
  readonly cwd?: string;
  /** Files a bot with a view of its own files (`--bot-files own`) must not see there: a database, replays. */
  readonly hidden?: readonly string[];
  /**
   * How long after its start the bot's start-up lasts at most (it ends sooner with its first
   * answer): then every thread of it is given Tabula's priority back, whatever the bot lowered it
   * to (core/start-up-priority.ts). Not at all when absent.
   */
  readonly startUp?: Millis;
}

/** How long to wait, after the bot's process exits, for output still in the pipe (and the reverse). */
const EXIT_DRAIN_MS = 25;
/** How long to wait for a killed process group to disappear. */
const GROUP_EXIT_WAIT_MS = 1000;
/** Exit codes of `sh` for a command it could not find or run, and of the sandbox it could not enter. */
const CANNOT_RUN = new Set([125, 126, 127]);

export class ProcessBot extends TimedBot {
  private child: ChildProcessByStdio<Writable, Readable, Readable> | null = null;
  private sandbox: Sandbox | null = null;
  /** Resolves once the bot runs, or could not be started. */
  private readonly launched: Promise<void>;
  /** Input handed over before the bot runs: written as soon as it does. */
  private readonly early: { text: string; written: (at: number) => void }[] = [];
  private exited: Promise<void> = Promise.resolve();
  private readonly killGraceMs: number;
  private exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  /** Until its first answer, or `startUp` after its start; never without `startUp`. */
  private startingUp: boolean;
  private startUpEnd: NodeJS.Timeout | undefined;
  /** The bot's stdout cut into lines; null until it runs. */
  private splitter: LineSplitter | null = null;
  /** Whether a turn's clock runs: the bot then has its full claim on the CPU. */
  private onClock = false;

  constructor(
    readonly command: string,
    private readonly options: ProcessBotOptions = {},
  ) {
    super(command, new StderrLog(options.stderrCaps ?? defaultStderrCaps), options.timeMargin);
    this.killGraceMs = options.killGraceMs ?? 200;
    this.startingUp = options.startUp !== undefined;
    // Also for a bot without a sandbox: it starts the watchdog that ends bots when Tabula is killed.
    prepareSandboxes();
    this.launched = this.launch();
  }

  /** The bot's process group (its shell's pid); undefined until it runs, or when it could not be spawned. */
  get pgid(): number | undefined {
    return this.child?.pid;
  }

  /** Makes the bot's sandbox, then starts it there. */
  private async launch(): Promise<void> {
    const limits = this.options.limits === undefined ? DEFAULT_LIMITS : this.options.limits;
    try {
      this.sandbox = limits && (await Sandbox.create(limits));
      // A turn asked for before the sandbox was there (its input waits in `early`) is on the clock already.
      if (this.onClock) this.sandbox?.weigh(true);
    } catch (err) {
      this.fail({
        kind: 'crash',
        detail: `could not be given its sandbox: ${(err as Error).message}`,
        neverStarted: true,
        stderr: '',
      });
      return;
    }
    const run = shellCommand(this.command);
    const view = { dir: this.options.cwd ?? process.cwd(), hidden: this.options.hidden ?? [] };
    const wrapped = this.sandbox?.wrap(run, view) ?? { file: 'sh', args: ['-c', run] };
    const { file, args, detached } = groupLeader(wrapped.file, wrapped.args);
    const child = spawn(file, args, {
      detached,
      stdio: ['pipe', 'pipe', 'pipe'],
      ...(this.options.cwd !== undefined && { cwd: this.options.cwd }),
    });
    this.child = child;
    if (child.pid !== undefined) {
      if (this.startingUp) this.startUpEnd = setTimeout(() => this.startedUp(), this.options.startUp);
      trackGroup(child.pid);
    }

    this.exited = new Promise((resolve) => {
      child.on('exit', (code, signal) => {
        this.exit = { code, signal };
        resolve();
        // Output written just before exiting may still be in the pipe: read it before calling this a crash.
        setTimeout(() => this.ended(), EXIT_DRAIN_MS);
      });
      child.on('error', (err) => {
        this.exit ??= { code: null, signal: null };
        resolve();
        this.fail({ kind: 'crash', detail: `could not be run: ${err.message}`, neverStarted: true, stderr: '' });
      });
    });

    const splitter = new LineSplitter(this.options.maxLineLength ?? 1 << 16);
    this.splitter = splitter;
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      const at = performance.now();
      try {
        this.receiveLines(splitter.push(chunk), at);
      } catch (err) {
        if (!(err instanceof LineTooLongError)) throw err;
        const quoted = quoteLineStart(err.start, err.length, err.ended);
        this.fail({ kind: 'overflow', detail: `${quoted}: ${err.message}`, stderr: '' });
      }
    });
    child.stdout.on('end', () => {
      this.receiveLines(splitter.flush(), performance.now());
      // Usually the process is exiting too: give its exit status a moment to arrive, for the message.
      setTimeout(() => this.ended(), EXIT_DRAIN_MS);
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => this.stderr.append(chunk));
    // A bot that exits leaves a broken pipe behind; the exit itself is what gets reported. One that
    // closed its input and lives on answers nothing more: that is the crash, as a closed output is.
    child.stdin.on('error', () =>
      setTimeout(() => {
        if (this.exit === null && child.pid !== undefined && isRunning(child.pid)) this.ended('input');
      }, EXIT_DRAIN_MS),
    );
    for (const { text, written } of this.early.splice(0)) this.deliver(text, written);
  }

  /** The bot's first answer ends its start-up (see `startUp`). */
  override turn(input: readonly string[], limit: Millis, accept?: (line: string) => boolean): Promise<TurnResult> {
    this.onClock = true;
    this.sandbox?.weigh(true);
    const result = super.turn(input, limit, accept);
    if (this.startingUp) void result.then(() => this.startedUp());
    return result;
  }

  protected override clockStopped(): void {
    this.onClock = false;
    this.sandbox?.weigh(false);
  }

  private startedUp(): void {
    if (!this.startingUp) return;
    this.startingUp = false;
    clearTimeout(this.startUpEnd);
    if (this.child?.pid !== undefined) this.sandbox?.startedUp(this.child.pid);
  }

  protected override unfinishedLine(): string {
    return this.splitter?.unfinished ?? '';
  }

  protected deliver(text: string, written: (at: number) => void): void {
    if (!this.child) return void this.early.push({ text, written });
    const stdin = this.child.stdin;
    if (!stdin.writable) return;
    // The pipe usually takes it all at once, in the write call: the clock starts with that call. Not
    // after it: the write wakes the bot, which may take the CPU from the arena there and then; and
    // not when Node gets round to the write's callback, after other games' work.
    const before = performance.now();
    stdin.write(text, (err) => err || written(performance.now()));
    if (stdin.writableLength === 0) written(before);
  }

  protected override cpuMs(): number | undefined {
    return this.sandbox?.cpuMs();
  }

  protected override breach(): string | null {
    return this.sandbox?.breach() ?? null;
  }

  /** The bot's output (or input) closed or its process exited: no answer can come any more. */
  private ended(closed: 'output' | 'input' = 'output'): void {
    const exit = this.exit;
    const breach = this.breach();
    const how =
      exit === null
        ? `closed its ${closed}`
        : exit.signal
          ? `was killed by ${exit.signal}`
          : `exited with code ${exit.code}`;
    const last = this.stderr.lastLines();
    const detail = breach ? `${breach}; it ${how}` : how;
    this.fail({
      kind: 'crash',
      detail: last ? `${detail}; stderr: ${last}` : detail,
      neverStarted: !breach && !this.hasAnswered && exit?.code != null && CANNOT_RUN.has(exit.code),
      stderr: '',
    });
  }

  protected async terminate(grace: Millis | undefined): Promise<void> {
    await this.launched;
    clearTimeout(this.startUpEnd);
    const child = this.child;
    if (!child) return;
    child.stdin.end();
    const pgid = child.pid;
    if (pgid !== undefined) {
      if (this.exit === null && grace !== undefined) await Promise.race([this.exited, sleep(grace)]);
      if (this.exit === null) {
        signalGroup(pgid, 'SIGTERM');
        await Promise.race([this.exited, sleep(this.killGraceMs)]);
      }
      // Unconditionally: the leader may be gone while processes it started live on, in its group or
      // (after setsid) only in its sandbox.
      signalGroup(pgid, 'SIGKILL');
      this.sandbox?.kill();
      // SIGKILL is delivered asynchronously: return only once all is really gone.
      for (let waited = 0; runningInGroup(pgid).length > 0 && waited < GROUP_EXIT_WAIT_MS; waited += 5) await sleep(5);
      await this.sandbox?.remove();
      untrackGroup(pgid);
    }
    await this.exited;
    child.stdin.destroy();
    child.stdout.destroy();
    child.stderr.destroy();
  }
}
