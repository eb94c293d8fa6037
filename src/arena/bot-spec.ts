/**
 * How a user names a bot on the command line: `builtin:<name>`, `<bridge>:<command>` for a bridge
 * the game offers (such as `usi:`), `human` for a seat held by a person, or any other command line.
 * A built-in bot or a bridge takes parameters in parentheses: `builtin:strong(depth=4)`,
 * `usi(depth=4):fairy-stockfish`. Any of them may be given a name for reports first:
 * `v2=python3 bot.py`. Each argument is parsed once, by `parseBots`, into a `Bot`.
 */
import { type BotConnection, BotStartError } from '../core/connection.js';
import { type BotSetup, checkSettings, type GameDefinition, SetupError } from '../core/game.js';
import { startUpSpan } from '../core/time-control.js';
import type { Millis, Seat } from '../core/units.js';
import { builtinBotCommand } from './builtin/own-process.js';
import type { WarmPool } from './builtin/warm-pool.js';
import { InProcessSeat } from './seats/in-process-seat.js';
import { ProcessSeat, type ProcessSeatOptions } from './seats/process-seat.js';

type Params = Readonly<Record<string, string>>;

export type BotSpec =
  | { readonly kind: 'builtin'; readonly name: string; readonly params: Params }
  | { readonly kind: 'bridge'; readonly bridge: string; readonly params: Params; readonly command: string }
  | { readonly kind: 'person' }
  | { readonly kind: 'command'; readonly command: string };

/** A bot as the user named it: the argument as written, the name reports give it, and what it is. */
export interface Bot {
  /** `v2=python3 bot.py`, `builtin:random`: what replays and results record. */
  readonly argument: string;
  readonly name: string;
  readonly spec: BotSpec;
  /**
   * The directory a command bot runs in, and the one its view of the files shows (`--bot-files
   * own`), when it has one of its own: a contest's build of a submission. The table's (its
   * connection's `cwd`) when absent.
   */
  readonly dir?: string;
}

/** The spec of a seat held by a person, whose moves come from outside the arena (a web page). */
export const PERSON = 'human';

/** `<scheme>` or `<scheme>(<params>)` followed by `:`. */
const SCHEME = /^([a-z][a-z0-9-]*)(?:\(([^()]*)\))?:/;
const BUILTIN = /^([a-z0-9][a-z0-9-]*)(?:\(([^()]*)\))?$/;

/**
 * `name=` before a bot: a name is lower case (letters, digits, `.`, `_`, `-`), so that a command
 * that starts by setting an environment variable (`OMP_NUM_THREADS=1 ./bot`) is not taken for one.
 */
const NAMED = /^([a-z][a-z0-9._-]*)=(.*)$/s;

/** A bot argument split into its name, if it has one, and the bot itself (`builtin:...` or a command). */
export function splitBotName(argument: string): { readonly name: string | undefined; readonly spec: string } {
  const named = NAMED.exec(argument);
  return named ? { name: named[1]!, spec: named[2]! } : { name: undefined, spec: argument };
}

/**
 * The bots of a table or a run, each argument parsed once: a bad spec throws `BotStartError` (the
 * first, in order), two bots given one name `SetupError`.
 */
export function parseBots(game: GameDefinition, args: readonly string[]): Bot[] {
  return namedBots(
    args,
    args.map((argument) => parseBotSpec(game, argument)),
  );
}

/** Bots from their arguments and specs (parsed already): named, or `SetupError` for two given one name. */
export function namedBots(args: readonly string[], specs: readonly BotSpec[]): Bot[] {
  const names = botNames(args);
  return args.map((argument, i) => ({ argument, name: names[i]!, spec: specs[i]! }));
}

/**
 * The names of a table's or a run's bots, by which every report tells them apart: the name given,
 * or else the bot itself (its spec or command line), with `#2`, `#3`... on repeats.
 */
export function botNames(bots: readonly string[]): string[] {
  const split = bots.map(splitBotName);
  const given = split.flatMap((b) => (b.name === undefined ? [] : [b.name]));
  const twice = given.find((name, i) => given.indexOf(name) !== i);
  if (twice !== undefined) throw new SetupError(`two bots are named "${twice}"`);
  const taken = new Set(given);
  return split.map(({ name, spec }) => {
    if (name !== undefined) return name;
    let unique = spec;
    for (let k = 2; taken.has(unique); k++) unique = `${spec}#${k}`;
    taken.add(unique);
    return unique;
  });
}

/** Reads a bot spec for `game` (a name before it aside), so that a typo fails fast with the list of choices. */
export function parseBotSpec(game: GameDefinition, argument: string): BotSpec {
  const { spec } = splitBotName(argument);
  try {
    return readSpec(game, spec);
  } catch (err) {
    if (err instanceof SetupError) throw new BotStartError(argument, err.message);
    throw err;
  }
}

function readSpec(game: GameDefinition, spec: string): BotSpec {
  if (spec.trim() === '') throw new SetupError('the command is empty');
  if (spec === PERSON) return { kind: 'person' };
  const scheme = SCHEME.exec(spec);
  const rest = scheme ? spec.slice(scheme[0].length) : spec;
  if (scheme?.[1] === 'builtin') {
    const builtin = scheme[2] === undefined ? BUILTIN.exec(rest) : null;
    const name = builtin?.[1] ?? rest;
    // `builtin:strong(depth=2`: the parentheses are what is wrong, not the bot's name.
    if (!builtin && /[()]/.test(rest) && Object.hasOwn(game.bots, /^[a-z0-9-]*/.exec(rest)![0]))
      throw new SetupError(`${unbalanced(rest)}: parameters are written builtin:<name>(name=value,...)`);
    if (!builtin || !Object.hasOwn(game.bots, name)) {
      throw new SetupError(`${game.id} has no built-in bot "${rest}" (it has: ${Object.keys(game.bots).join(', ')})`);
    }
    const params = readParams(builtin[2]);
    checkSettings(`builtin:${name}`, 'parameter', game.bots[name]!.params ?? [], params);
    return { kind: 'builtin', name, params };
  }
  const bridge =
    scheme && game.bridges && Object.hasOwn(game.bridges, scheme[1]!) ? game.bridges[scheme[1]!]! : undefined;
  if (scheme && bridge) {
    if (rest.trim() === '') throw new SetupError(`the ${scheme[1]} command is empty`);
    const params = readParams(scheme[2]);
    checkSettings(scheme[1]!, 'parameter', bridge.params ?? [], params);
    return { kind: 'bridge', bridge: scheme[1]!, params, command: rest };
  }
  // `usi:engine` for a game without that bridge: a bridge is what was meant (a command's first word
  // is not written so), and the game has none of that name.
  if (scheme) {
    const bridges = Object.keys(game.bridges ?? {});
    const takes = bridges.length === 0 ? '' : `; it takes ${bridges.map((b) => `${b}:<command>`).join(', ')}`;
    throw new SetupError(
      `${game.id} has no ${scheme[1]}: bridge (a bot is builtin:<name>, human, or a command line${takes})`,
    );
  }
  return { kind: 'command', command: spec };
}

/** Where the parentheses of `text` do not pair up, in words. */
function unbalanced(text: string): string {
  let depth = 0;
  for (const c of text) {
    if (c === '(') depth++;
    else if (c === ')' && --depth < 0) return `"${text}" has a ")" without its "("`;
  }
  return depth > 0 ? `"${text}" has a "(" without its ")"` : `"${text}" has parentheses inside parentheses`;
}

/** `depth=4,time=0.5` into a record; absent parentheses give none. */
function readParams(text: string | undefined): Params {
  const params: Record<string, string> = {};
  if (text === undefined || text.trim() === '') return params;
  for (const part of text.split(',')) {
    const match = /^\s*([a-z][a-z0-9-]*)=([^=]*?)\s*$/.exec(part);
    if (!match) throw new SetupError(`a parameter is written name=value, not ${JSON.stringify(part)}`);
    if (Object.hasOwn(params, match[1]!)) throw new SetupError(`parameter "${match[1]}" is given twice`);
    params[match[1]!] = match[2]!;
  }
  return params;
}

/**
 * The cores a bot keeps busy while it thinks: its `threads` parameter (a built-in bot's or a
 * bridge's, such as a multi-threaded engine's) where it has one, else one.
 */
export function coresOf(spec: BotSpec): number {
  const threads = spec.kind === 'command' || spec.kind === 'person' ? undefined : spec.params.threads;
  return threads === undefined ? 1 : Math.max(1, Number(threads) || 1);
}

/** How a table's bot processes are run: their sandbox and pipes, and built-in bots in process or not. */
export interface ConnectOptions extends Omit<ProcessSeatOptions, 'timeMargin' | 'startUp'> {
  /**
   * Runs built-in bots as processes of their own, as in matches: a built-in bot that thinks hard
   * then cannot slow the arena, and so the other games, down.
   */
  readonly builtinsAsProcesses?: boolean;
  /** Where built-in bots run as processes: warm ones from this pool, which play game after game. */
  readonly warm?: WarmPool;
}

/** What connecting one seat's bot takes besides its spec. */
export interface Connection {
  /** What a built-in bot is told (its params aside); its time limits also set the bot's start-up. */
  readonly setup: Omit<BotSetup, 'params'>;
  readonly options: ConnectOptions;
  /** How far past its limit an answer is still taken. */
  readonly margin: Millis;
  readonly seat: Seat;
  /** The connection of a seat held by a person: its answers come from outside, such as a web page. */
  readonly person?: ((seat: Seat) => BotConnection) | undefined;
}

/** Starts a bot for one game; a built-in bot is told `setup` (its params aside). */
export function connectBot(game: GameDefinition, bot: Bot, how: Connection): BotConnection {
  const { spec } = bot;
  const startUp = startUpSpan(how.setup.timeLimits);
  const { builtinsAsProcesses, warm, ...options } = how.options;
  const processOptions: ProcessSeatOptions = {
    ...options,
    timeMargin: how.margin,
    ...(startUp !== undefined && { startUp }),
  };
  switch (spec.kind) {
    case 'builtin': {
      const full: BotSetup = { ...how.setup, params: spec.params };
      if (warm) return warm.bot(builtinBotCommand(game.id, spec.name), processOptions, full);
      if (builtinsAsProcesses) return new ProcessSeat(builtinBotCommand(game.id, spec.name, full), processOptions);
      const label = splitBotName(bot.argument).spec;
      return new InProcessSeat(label, game.bots[spec.name]!.create(full), how.margin);
    }
    case 'bridge':
      return game.bridges![spec.bridge]!.connect(
        spec.command,
        (command) => new ProcessSeat(command, processOptions),
        spec.params,
      );
    case 'person':
      if (!how.person)
        throw new BotStartError(
          bot.argument,
          'a seat for a person needs a page to play on: `tabula play` and `tabula serve` give one',
        );
      return how.person(how.seat);
    case 'command':
      return new ProcessSeat(
        spec.command,
        bot.dir === undefined ? processOptions : { ...processOptions, cwd: bot.dir },
      );
  }
}
