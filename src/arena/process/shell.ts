/**
 * The shell a bot's process starts as: spawned in the bot's sandbox (sandbox/), as the leader of a
 * process group of its own, it reads the script that becomes the bot on its input. For the bots of
 * games, such shells are made ahead, for the next bots of the same limits while the bots before them
 * play: entering a cgroup makes the kernel wait for something like an RCU grace period, 10 to 30 ms
 * unless a process entered one moments before, and a bot started seldom (a Python bot, every 100
 * ms or more) paid that whole at its start (docs/benchmarks.md, "Entering a cgroup").
 */
import { type ChildProcess, spawn } from 'node:child_process';
import type { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { Readable, Writable } from 'node:stream';
import { STARTED_VARIABLE } from '../../core/proc.js';
import type { View } from '../sandbox/file-view.js';
import type { BotLimits } from '../sandbox/limits.js';
import { Sandbox } from '../sandbox/sandbox.js';
import { groupLeader, trackGroup, untrackGroup } from './groups.js';
import { READ_AND_RUN, scriptInput, shellQuote } from './shell-command.js';

export type Child = ChildProcess & { stdin: Writable; stdout: Readable; stderr: Readable };

export class BotShell {
  /** Why it ended before it was handed its script (it could not be spawned, it exited); null while it waits. */
  ended: string | null = null;

  constructor(
    readonly child: Child,
    /** Its sandbox; null for a bot run without one. */
    readonly sandbox: Sandbox | null,
  ) {
    // Listened to from the spawn on: a shell made ahead may end before its bot is known.
    child.on('error', (err) => (this.ended ??= `could not be run: ${err.message}`));
    child.on(
      'exit',
      (code, signal) => (this.ended ??= `its shell ended (${signal ?? `exit code ${code}`}) before it ran`),
    );
    if (child.pid !== undefined) trackGroup(child.pid);
  }

  /**
   * Becomes the bot: `command`, run by the shell as `sh -c` would, in `view.dir` (and in the bot's
   * view of its own files, if it has one), told when it started (`STARTED_VARIABLE`).
   */
  become(command: string, view: Omit<View, 'network' | 'tmpMb' | 'identity'>): void {
    const bot = this.sandbox?.script(command, view) ?? command;
    const now = (performance.timeOrigin + performance.now()).toFixed(1);
    this.child.stdin.write(
      scriptInput(`cd -- ${shellQuote(view.dir)} || exit 125\nexport ${STARTED_VARIABLE}=${now}\n${bot}`),
    );
  }

  /** Whether it keeps Tabula running: not while it waits for a bot that may never come. */
  hold(held: boolean): void {
    for (const handle of [this.child, ...this.child.stdio]) {
      const ref = handle as Partial<Pick<Socket, 'ref' | 'unref'>> | null;
      if (held) ref?.ref?.();
      else ref?.unref?.();
    }
  }

  /** Ends a shell that was never handed a bot. */
  async discard(): Promise<void> {
    this.child.stdin.end();
    this.sandbox?.kill();
    await this.sandbox?.remove();
    if (this.child.pid !== undefined) untrackGroup(this.child.pid);
    for (const stream of this.child.stdio) stream?.destroy();
  }
}

/** Shells made ahead for bots of one sandbox's limits, at most as many as such bots have played at once. */
interface Kind {
  readonly ahead: Promise<BotShell | null>[];
  playing: number;
  most: number;
}
const kinds = new Map<string, Kind>();
/** Shells made ahead for one kind at most: a few games' bots at once. */
const AHEAD_MAX = 16;

/**
 * A shell for a bot with these limits (null: without a sandbox) and `pipes` pipes (stdin, stdout,
 * stderr, a warm process's launch channel). `ahead`: the bot is one of many alike, a game's (a warm
 * process starts once for many games): it gets a shell made ahead if one waits, and shells are made
 * ahead, while it plays, for as many such bots as have played at once (a game's bots start
 * together). Throws when the bot's sandbox cannot be made.
 */
export async function botShell(limits: BotLimits | null, pipes: number, ahead: boolean): Promise<BotShell> {
  if (limits === null) return spawnShell(null, pipes);
  if (!ahead) return spawnShell(await Sandbox.create(limits), pipes);
  const key = `${pipes} ${JSON.stringify(limits, Object.keys(limits).sort())}`;
  const kind = kinds.get(key) ?? { ahead: [], playing: 0, most: 0 };
  kinds.set(key, kind);
  const made = kind.ahead.shift();
  kind.playing++;
  kind.most = Math.max(kind.most, kind.playing);
  while (kind.ahead.length < Math.min(kind.most, AHEAD_MAX)) kind.ahead.push(makeAhead(limits, pipes));
  try {
    let shell = made && (await made);
    if (shell?.ended === null) shell.hold(true);
    else {
      if (shell) void shell.discard();
      shell = spawnShell(await Sandbox.create(limits), pipes);
    }
    shell.child.once('close', () => kind.playing--);
    return shell;
  } catch (err) {
    kind.playing--;
    throw err;
  }
}

/** A shell made ahead: it waits without keeping Tabula running; null where its sandbox could not be made. */
async function makeAhead(limits: BotLimits, pipes: number): Promise<BotShell | null> {
  try {
    const shell = spawnShell(await Sandbox.create(limits), pipes);
    shell.hold(false);
    return shell;
  } catch {
    return null; // the bot that would have had it gets a new one, or the error
  }
}

function spawnShell(sandbox: Sandbox | null, pipes: number): BotShell {
  const shell = sandbox?.shell(pipes) ?? { file: 'sh', args: ['-c', READ_AND_RUN], fds: [], session: false };
  const { file, args, detached } = shell.session ? { ...shell, detached: true } : groupLeader(shell.file, shell.args);
  const child = spawn(file, args, {
    detached,
    stdio: [...Array<'pipe'>(pipes).fill('pipe'), ...shell.fds],
  }) as Child;
  return new BotShell(child, sandbox);
}
