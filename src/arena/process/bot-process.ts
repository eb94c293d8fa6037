/**
 * A bot's process: a command line run through `sh -c` in a sandbox (sandbox/) and in a process
 * group of its own, so that the whole tree it starts can be limited, measured and ended together.
 * It moves bytes and tells its owner (`ProcessOwner`: the game's `ProcessSeat`, or the pool of warm
 * processes between games) what it wrote and when it ended; what that means for a game is the
 * owner's business.
 */
import type { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { isRunning, residentMb, stealPerCpu } from '../../core/proc.js';
import type { Millis } from '../../core/units.js';
import { quoteLineStart } from '../bot-output.js';
import { LAUNCH_FD } from '../builtin/warm-launch.js';
import { type BotLimits, DEFAULT_LIMITS } from '../sandbox/limits.js';
import { prepareSandboxes, type Sandbox } from '../sandbox/sandbox.js';
import { runningInGroup, signalGroup, untrackGroup } from './groups.js';
import { LineSplitter, LineTooLongError } from './line-streams.js';
import { type BotShell, botShell, type Child } from './shell.js';
import { shellCommand } from './shell-command.js';

export interface BotProcessOptions {
  /** Longest output line accepted, in characters. */
  readonly maxLineLength?: number;
  /** How long a bot has to exit after SIGTERM before SIGKILL. */
  readonly killGraceMs?: number;
  /** The bot's limits (DEFAULT_LIMITS unless given); null runs it without a sandbox. */
  readonly limits?: BotLimits | null;
  /** The directory the command runs in; Tabula's own when absent. */
  readonly cwd?: string;
  /** Files a bot with a view of its own files (`--bot-files own`) must not see there: a database, replays. */
  readonly hidden?: readonly string[];
  /** Whether a view of its own files lets it write its directory: a build's, never a bot's. */
  readonly writable?: boolean;
  /**
   * How long after its start the bot's start-up lasts at most (it ends sooner with its first
   * answer): then every thread of it is given Tabula's priority back, whatever the bot lowered it
   * to (core/start-up-priority.ts). Not at all when absent.
   */
  readonly startUp?: Millis;
}

/** What a bot process tells the one it works for. */
export interface ProcessOwner {
  /** Lines it wrote, read at time `at` (performance.now()). */
  lines(lines: readonly string[], at: number): void;
  stderr(chunk: string): void;
  /** It broke a rule of its output (a line too long): the detail. */
  overflow(detail: string): void;
  /** It went over a limit of its sandbox (memory, processes) and lives on: the crash message. */
  breached(detail: string): void;
  /** Its output (or input) closed, or it exited, or it could not be started: no answer can come any more. */
  ended(how: ProcessEnd): void;
}

export type ProcessEnd =
  | { readonly kind: 'closed'; readonly closed: 'output' | 'input' }
  | { readonly kind: 'unstarted'; readonly detail: string };

/** How long to wait, after the bot's process exits, for output still in the pipe (and the reverse). */
const EXIT_DRAIN_MS = 25;
/** How long to wait for a killed process group to disappear. */
const GROUP_EXIT_WAIT_MS = 1000;
/**
 * How long a bot keeps its weight after its clock stopped: a turn that comes sooner (the next game's
 * turns are microseconds apart) writes nothing to its cgroup. A bot that thinks after answering
 * (pondering) keeps a turn's weight for as long, no longer.
 */
const UNWEIGH_AFTER_MS = 5;
/**
 * How often a bot's sandbox is looked at for a limit it went over, between its answers rather than
 * at each (two reads that would cost every turn microseconds). A bot that a limit kills is found at
 * its end, at once; this finds one that lives on (a child killed for memory, a fork refused).
 */
const BREACH_WATCH_MS = 50;

export class BotProcess {
  private child: Child | null = null;
  private sandbox: Sandbox | null = null;
  /** Resolves once the bot runs, or could not be started. */
  readonly launched: Promise<void>;
  /** Input handed over before the bot runs: written as soon as it does. */
  private readonly early: { text: string; written: (at: number) => void }[] = [];
  /** Resolves once the process has exited (or could not be spawned). */
  private exited: Promise<void> = Promise.resolve();
  private readonly killGraceMs: number;
  /** How the process exited; null while it runs. */
  exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  /** Until its first answer, or `startUp` after its start; never without `startUp`. */
  private startingUp: boolean;
  private startUpEnd: NodeJS.Timeout | undefined;
  /** The bot's stdout cut into lines; null until it runs. */
  private splitter: LineSplitter | null = null;
  private ending: Promise<void> | null = null;
  /** Lines written to its stdin, lines read from its stdout, characters of its stderr: since its start. */
  readonly counts = { written: 0, read: 0, stderr: 0 };
  /** Whether its clock runs, and whether its cgroup weighs as if it did (see UNWEIGH_AFTER_MS). */
  private onClock = false;
  private weighed = false;
  private unweigh: NodeJS.Timeout | undefined;
  /** Its CPU time and its wait for a CPU when last read, in ms. */
  private lastCpu: number | undefined;
  private lastWait: number | undefined;
  private breachWatch: NodeJS.Timeout | undefined;

  constructor(
    readonly command: string,
    public owner: ProcessOwner,
    private readonly options: BotProcessOptions = {},
    /** Whether it has a launch channel (builtin/warm-launch.ts): a warm process's. */
    private readonly channel = false,
  ) {
    this.killGraceMs = options.killGraceMs ?? 200;
    this.startingUp = options.startUp !== undefined;
    // Also for a bot without a sandbox: it starts the watchdog that ends bots when Tabula is killed.
    prepareSandboxes();
    this.launched = this.launch();
  }

  /** The limits it runs under; null without a sandbox. */
  get limits(): BotLimits | null {
    return this.options.limits === undefined ? DEFAULT_LIMITS : this.options.limits;
  }

  /** The bot's process group (its shell's pid); undefined until it runs, or when it could not be spawned. */
  get pgid(): number | undefined {
    return this.child?.pid;
  }

  /** The launch channel of a warm process; null until it runs, or for a process of one game. */
  get launchChannel(): Socket | null {
    return (this.child?.stdio[LAUNCH_FD] as Socket | undefined) ?? null;
  }

  /** Takes a shell in the bot's sandbox (shell.ts), then has it become the bot. */
  private async launch(): Promise<void> {
    // stdin, stdout, stderr and a warm process's launch channel; then what the sandbox hands on.
    const pipes = this.channel ? LAUNCH_FD + 1 : 3;
    let shell: BotShell;
    try {
      shell = await botShell(this.limits, pipes, !this.channel);
    } catch (err) {
      this.owner.ended({ kind: 'unstarted', detail: `could not be given its sandbox: ${(err as Error).message}` });
      return;
    }
    if (shell.ended !== null) {
      this.owner.ended({ kind: 'unstarted', detail: shell.ended });
      return;
    }
    this.sandbox = shell.sandbox;
    // A turn asked for before the sandbox was there (its input waits in `early`) is on the clock already.
    if (this.weighed) this.sandbox?.weigh(true);
    const child = shell.child;
    this.child = child;
    shell.become(shellCommand(this.command), {
      dir: this.options.cwd ?? process.cwd(),
      hidden: this.options.hidden ?? [],
      writable: this.options.writable === true,
    });
    if (child.pid !== undefined) {
      if (this.startingUp) this.startUpEnd = setTimeout(() => this.startedUp(), this.options.startUp);
      if (this.sandbox) this.breachWatch = setInterval(() => this.watchBreach(), BREACH_WATCH_MS).unref();
    }

    this.exited = new Promise((resolve) => {
      child.on('exit', (code, signal) => {
        this.exit = { code, signal };
        resolve();
        // Output written just before exiting may still be in the pipe: read it before calling this a crash.
        setTimeout(() => this.owner.ended({ kind: 'closed', closed: 'output' }), EXIT_DRAIN_MS);
      });
      child.on('error', (err) => {
        this.exit ??= { code: null, signal: null };
        resolve();
        this.owner.ended({ kind: 'unstarted', detail: `could not be run: ${err.message}` });
      });
    });

    const splitter = new LineSplitter(this.options.maxLineLength ?? 1 << 16);
    this.splitter = splitter;
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      const at = performance.now();
      try {
        const lines = splitter.push(chunk);
        this.counts.read += lines.length;
        this.owner.lines(lines, at);
      } catch (err) {
        if (!(err instanceof LineTooLongError)) throw err;
        this.owner.overflow(`${quoteLineStart(err.start, err.length, err.ended)}: ${err.message}`);
      }
    });
    child.stdout.on('end', () => {
      this.owner.lines(splitter.flush(), performance.now());
      // Usually the process is exiting too: give its exit status a moment to arrive, for the message.
      setTimeout(() => this.owner.ended({ kind: 'closed', closed: 'output' }), EXIT_DRAIN_MS);
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      this.counts.stderr += chunk.length;
      this.owner.stderr(chunk);
    });
    // A bot that exits leaves a broken pipe behind; the exit itself is what gets reported. One that
    // closed its input and lives on answers nothing more: that is the crash, as a closed output is.
    child.stdin.on('error', () =>
      setTimeout(() => {
        if (this.exit === null && child.pid !== undefined && isRunning(child.pid))
          this.owner.ended({ kind: 'closed', closed: 'input' });
      }, EXIT_DRAIN_MS),
    );
    this.launchChannel?.on('error', () => {});
    for (const { text, written } of this.early.splice(0)) this.deliver(text, written);
  }

  /** Whether its turn's clock runs: the bot then has its full claim on the CPU. */
  weigh(onClock: boolean): void {
    this.onClock = onClock;
    if (onClock) {
      if (!this.weighed) this.sandbox?.weigh(true);
      this.weighed = true;
    } else if (this.unweigh) this.unweigh.refresh();
    else this.unweigh = setTimeout(() => this.offClock(), UNWEIGH_AFTER_MS).unref();
  }

  private offClock(): void {
    if (this.onClock || !this.weighed) return;
    this.weighed = false;
    this.sandbox?.weigh(false);
  }

  /** Whether its start-up lasts (see `startUp`). */
  get inStartUp(): boolean {
    return this.startingUp;
  }

  /** The bot's first answer ends its start-up (see `startUp`). */
  startedUp(): void {
    if (!this.startingUp) return;
    this.startingUp = false;
    clearTimeout(this.startUpEnd);
    if (this.child?.pid !== undefined) this.sandbox?.startedUp(this.child.pid);
  }

  /** What the bot wrote after its last full line, without a line end yet. */
  get unfinished(): string {
    return this.splitter?.unfinished ?? '';
  }

  /**
   * Hands `text` to the bot; calls `written` with the time the last byte was handed over. Text given
   * before the bot runs is written as soon as it does.
   */
  deliver(text: string, written: (at: number) => void): void {
    if (!this.child) return void this.early.push({ text, written });
    const stdin = this.child.stdin;
    if (!stdin.writable) return;
    this.counts.written += lineCount(text);
    // The pipe usually takes it all at once, in the write call: the clock starts with that call. Not
    // after it: the write wakes the bot, which may take the CPU from the arena there and then; and
    // not when Node gets round to the write's callback, after other games' work.
    const before = performance.now();
    stdin.write(text, (err) => err || written(performance.now()));
    if (stdin.writableLength === 0) written(before);
  }

  /** CPU time (user and system) used so far by the bot and all it started; undefined where not measured. */
  cpuMs(): number | undefined {
    this.lastCpu = this.sandbox?.cpuMs();
    return this.lastCpu;
  }

  /** Its CPU time when `cpuMs` last read it (at the end of its last turn): what a turn starts from, read once. */
  cpuWhenLastRead(): number | undefined {
    return this.lastCpu ?? this.cpuMs();
  }

  /**
   * The time the bot waited for a CPU so far, in ms: its threads' run-queue delay, and the time the
   * machine's host gave its CPUs to others (steal, per CPU); undefined where not measured.
   */
  waitMs(): number | undefined {
    const threads = this.sandbox?.waitMs();
    this.lastWait = threads === undefined ? undefined : threads + (stealPerCpu() ?? 0);
    return this.lastWait;
  }

  /** Its wait when `waitMs` last read it (at the end of its last turn): what a turn starts from. */
  waitWhenLastRead(): number | undefined {
    return this.lastWait ?? this.waitMs();
  }

  /**
   * Whether the bot has ended, whether or not its end has been read yet (a loaded machine may read
   * it late): its first process, or everything in its sandbox but the bubblewrap of its view.
   */
  ended(): boolean {
    const pid = this.child?.pid;
    if (this.exit !== null) return true;
    if (pid === undefined) return false;
    return !isRunning(pid) || this.sandbox?.ended() === true;
  }

  /** The limit the bot went over, if it did: the crash message. */
  breach(): string | null {
    return this.sandbox?.breach() ?? null;
  }

  /** What the message of its end should add (its /tmp was full); null for nothing. `stderr`: its last words. */
  endNote(stderr: string): string | null {
    return this.sandbox?.endNote(stderr) ?? null;
  }

  private watchBreach(): void {
    this.sandbox?.watch();
    const detail = this.breach();
    if (detail === null) return;
    clearInterval(this.breachWatch);
    // A limit usually kills the bot: its end then says how, with the breach (ProcessOwner.ended).
    setTimeout(() => this.exit === null && this.owner.breached(detail), 2 * EXIT_DRAIN_MS).unref();
  }

  /**
   * The memory its limit counts, in MB; where its sandbox does not measure it, its first process's
   * resident memory.
   */
  memoryMb(): number {
    const pid = this.child?.pid;
    return this.sandbox?.memoryMb() ?? (pid === undefined ? 0 : (residentMb(pid) ?? 0));
  }

  /**
   * Ends the bot and all it started; resolves when nothing is left. With `grace`, the bot's input is
   * closed first and it may exit by itself within that time.
   */
  end(grace?: Millis): Promise<void> {
    this.ending ??= this.terminate(grace);
    return this.ending;
  }

  private async terminate(grace: Millis | undefined): Promise<void> {
    await this.launched;
    clearTimeout(this.startUpEnd);
    clearTimeout(this.unweigh);
    clearInterval(this.breachWatch);
    const child = this.child;
    if (!child) return;
    child.stdin.end();
    this.launchChannel?.end();
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
    this.launchChannel?.destroy();
  }
}

function lineCount(text: string): number {
  let count = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) count++;
  return count;
}
