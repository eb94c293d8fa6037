/** The `tabula` command line. */

import { availableParallelism } from 'node:os';
import { Command, CommanderError, Option } from 'commander';
import { defaultBuilds } from '../contest/build-queue.js';
import { VERDICT_GAMES } from '../contest/verdict.js';
import { BotStartError } from '../core/connection.js';
import { FileWriteError } from '../core/file-errors.js';
import { LEAGUES, SetupError } from '../core/game.js';
import { UnknownGameError } from '../games/registry.js';
import { DEFAULT_GAMES } from '../runs/formats/match.js';
import { TOURNAMENT_FORMATS } from '../runs/run-config.js';
import { RunBusyError, StoreError } from '../runs/store/errors.js';
import { ServeError } from '../server/errors.js';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../starters/kit.js';
import {
  collectGameOption,
  parseCount,
  parseIndex,
  parseMillis,
  parseOutputFile,
  parsePort,
  parseRedisUrl,
  parseSeed,
  parseShare,
  parseSprtOption,
} from './arguments.js';
import { EXIT, UsageError } from './errors.js';
import { addLimitOptions, addRunOptions, addTimeOptions, DEFAULT_DB, freshBotsOption } from './run-options.js';
import { installSignalHandlers } from './signals.js';

const gameOption = () =>
  new Option('--option <name=value>', 'set a game option (repeatable; `tabula games` lists them)')
    .argParser(collectGameOption)
    .default({}, 'none');

/** A contest's database unless --db says otherwise. */
const DEFAULT_LADDER_DB = 'ladder.db';

/** Each command's module is loaded when it runs: `tabula bot` must start fast, without SQLite and the rest. */
const lazy =
  <A extends unknown[]>(load: () => Promise<(...args: A) => Promise<unknown>>) =>
  async (...args: A): Promise<void> =>
    void (await (
      await load()
    )(...args));

function program(setExit: (code: number) => void): Command {
  const cli = new Command('tabula')
    .description('An arena for turn-based bot games.')
    .exitOverride()
    // A subcommand's options are its own (`tabula ladder invite --db FILE`).
    .enablePositionalOptions()
    // Subcommands inherit this: a mistake in the arguments is one line, like every other mistake.
    .configureOutput({
      outputError: (text, write) =>
        write(
          `tabula: ${text
            .replace(/^error: /, '')
            .trim()
            .replace(/\s*\n\s*/g, ' ')} (see --help)\n`,
        ),
    });

  cli
    .command('games')
    .description('list the games, with their number of players, time limits, options and built-in bots')
    .option('--json', 'print JSON')
    .action(lazy(async () => (await import('./games-command.js')).gamesCommand));

  addLimitOptions(
    addTimeOptions(
      cli
        .command('play')
        .description('play one game; a bot is builtin:<name> or a command line run through sh -c')
        .argument('<game>', 'the game, as `tabula games` lists it')
        .argument('<bots...>', 'one bot per seat, in seat order')
        .option('--seed <n>', 'seed of the game (random when absent; printed with the result)', parseSeed)
        .option(
          '--replay <file>',
          "write the replay, with every turn's input, output, stderr and timing, to this file",
          parseOutputFile,
        )
        .option('--json', 'print the result as one JSON object')
        .option(
          '--verbose',
          'show each turn on stderr as it ends: what each bot was sent and answered, its stderr, its time',
        )
        .addOption(
          new Option('--random-plies <n>', 'start after n random plies, chosen by the seed')
            .argParser(parseCount)
            .conflicts('opening'),
        )
        .option('--opening <position>', "start from this position, in the game's notation")
        .addOption(
          new Option('--human-ms <ms>', "a person's (bot `human`) limit per turn (default: none)").argParser(
            parseMillis,
          ),
        )
        .addOption(
          new Option('--port <n>', "with a person's seat: the port of its page (default: any free one)")
            .argParser(parsePort)
            .default(0),
        ),
    ),
  )
    .addOption(gameOption())
    .action(lazy(async () => (await import('./play-command.js')).playCommand));

  addTimeOptions(
    cli
      .command('bot')
      .description("run a built-in bot as a stand-alone program speaking the game's protocol on stdin/stdout")
      .argument('<game>')
      .argument('<name>', 'the built-in bot, as `tabula games` lists it, with its parameters if any: strong(depth=4)')
      .option('--seed <n>', 'seed of its random choices', parseSeed),
  )
    .addOption(gameOption())
    .action(lazy(async () => (await import('./bot-command.js')).botCommand));

  cli
    .command('export')
    .description(
      'write a built-in bot as one JavaScript file that plain node runs, speaking the statement (a CodinGame submission)',
    )
    .argument('<game>')
    .argument('<name>', 'the built-in bot, as `tabula games` lists it, with its parameters if any: strong(depth=4)')
    .option('-o, --output <file>', 'where to write it (default: <game>-<name>.js)', parseOutputFile)
    .action(lazy(async () => (await import('./export-command.js')).exportCommand));

  cli
    .command('usi')
    .description("run a built-in bot's engine as a USI engine on stdin/stdout, for shogi GUIs and other arenas")
    .argument('<game>')
    .argument('<bot>', 'the built-in bot, with its parameters if any: strong(time=0.5)')
    .action(lazy(async () => (await import('./usi-command.js')).usiCommand));

  cli
    .command('new')
    .description(
      "write a starter bot for a game: it reads the statement's input into plain data and plays a legal move",
    )
    .argument('<game>')
    .argument('[dir]', 'the folder to write it in (default: ./<game>-bot); it must not exist or be empty')
    .addOption(
      new Option('--lang <language>', 'the language of the bot')
        .choices(LANGUAGES.map((l) => l.id))
        .default(DEFAULT_LANGUAGE),
    )
    .action(lazy(async () => (await import('./new-command.js')).newCommand));

  cli
    .command('perft')
    .description('count the legal move sequences of a given depth: the check of a rules engine')
    .argument('<game>')
    .requiredOption('--depth <n>', 'depth in moves', parseCount)
    .option('--position <text>', "start from this position, in the game's notation")
    .option('--divide', 'print the count under each first move, then the total')
    .action(lazy(async () => (await import('./perft-command.js')).perftCommand));

  addLimitOptions(
    addTimeOptions(
      cli
        .command('judge')
        .description(
          "judge a submission like an online judge, from both seats: by the statement's judge where the game has one, else against its boss",
        )
        .argument('<game>')
        .argument('<command>', 'the submission, a command line')
        .addOption(
          new Option('--games <n>', "games to play (a statement's judge), or at most (a boss)").argParser(parseCount),
        )
        .option('--seed <n>', 'seed of the first game (random when absent)', parseSeed)
        .addOption(new Option('--boss <bot>', 'play this built-in bot as the boss: builtin:<name>').conflicts('league'))
        .addOption(
          new Option('--league <league>', "play this league's boss (tabula games lists them)").choices(LEAGUES),
        )
        .option(
          '--replay <file>',
          "where the deciding game's replay goes (default: judge-<game>-<seed>.json)",
          parseOutputFile,
        ),
    ),
  )
    .addOption(gameOption())
    .action(async (game: string, command: string, options) => {
      const { judgeCommand } = await import('./judge-command.js');
      setExit(await judgeCommand(game, command, options));
    });

  addRunOptions(
    cli
      .command('match')
      .description(
        'play games in pairs, seats swapped on one seed, until --games or an SPRT verdict; results in the database',
      )
      .argument('<game>')
      .argument('<botA>', 'the bot whose strength is measured')
      .argument('<botB>', 'its opponent')
      .addOption(new Option('--games <n>', 'games to play at most').argParser(parseCount).default(DEFAULT_GAMES))
      .addOption(
        new Option('--sprt <settings>', 'stop when the SPRT decides: elo0=0,elo1=10,alpha=0.05,beta=0.05').argParser(
          parseSprtOption,
        ),
      ),
  ).action(lazy(async () => (await import('./match-command.js')).matchCommand));

  addRunOptions(
    cli
      .command('tournament')
      .description('play a tournament; ratings, a cross table and per-bot statistics in the database')
      .argument('<game>')
      .argument('<bots...>', 'two bots or more')
      .addOption(new Option('--format <format>', 'how bots meet').choices(TOURNAMENT_FORMATS).default('round-robin'))
      .addOption(new Option('--rounds <r>', 'rounds (default: 1, or log2 of the bots for swiss)').argParser(parseCount))
      .addOption(
        new Option('--players <p>', 'seats at each table (default: all bots, at most the game allows)').argParser(
          parseCount,
        ),
      ),
  ).action(lazy(async () => (await import('./tournament-command.js')).tournamentCommand));

  cli
    .command('results')
    .description('standings and statistics of the stored runs, also while a run goes on')
    .option('--db <file>', 'the results database', DEFAULT_DB)
    .option('--run <id>', 'only this run', parseCount)
    .option('--games', 'list each game (id for tabula replay, seed, seats, winner, turns, failures, reason)')
    .option('--json', 'print JSON')
    .action(lazy(async () => (await import('./results-command.js')).resultsCommand));

  cli
    .command('replay')
    .description("print a stored game's replay as JSON, the lines a seat was sent, or the game as a web page")
    .argument('<id>', 'the game id, as results show it', parseCount)
    .option('--db <file>', 'the results database', DEFAULT_DB)
    .option('--seat <k>', 'print exactly the lines seat k was sent, in order', parseIndex)
    .option('--upto <n>', 'with --seat: up to turn n (its turn number in the replay)', parseCount)
    .option('--html <file>', 'write the game as one HTML page that works offline', parseOutputFile)
    .action(lazy(async () => (await import('./results-command.js')).replayCommand));

  cli
    .command('serve')
    .description('serve the web arena: runs, standings, every game turn by turn, live games, and a seat for you')
    .option('--db <file>', 'the results database', DEFAULT_DB)
    .option('--host <host>', 'the address to listen on', '127.0.0.1')
    .addOption(new Option('--port <n>', 'the port; 0 for any free one').argParser(parsePort).default(8080))
    .option('--demo', 'when the database is empty, play a short demo of every game in the background')
    .action(lazy(async () => (await import('./serve-command.js')).serveCommand));

  cli
    .command('view')
    .description('serve one replay file (a --replay output) in the web viewer; the page reloads when the file changes')
    .argument('<file>')
    .option('--host <host>', 'the address to listen on', '127.0.0.1')
    .addOption(new Option('--port <n>', 'the port; 0 for any free one').argParser(parsePort).default(8080))
    .action(lazy(async () => (await import('./serve-command.js')).viewCommand));

  cli
    .command('calibrate')
    .description(
      "measure the arena's overhead and jitter per turn with games busy at once, and warn when it would cost bots their time",
    )
    .addOption(
      new Option('--concurrency <k>', 'games busy at once')
        .argParser(parseCount)
        .default(availableParallelism(), 'the number of cores'),
    )
    .addOption(new Option('--turns <n>', 'turns to measure').argParser(parseCount).default(1000))
    .addOption(new Option('--turn-ms <ms>', 'the turn limit the bots play against').argParser(parseMillis).default(50))
    .addOption(
      new Option('--share <s>', 'the share of the limit the bots spend computing').argParser(parseShare).default(0.8),
    )
    .addOption(new Option('--threads <t>', 'threads each bot computes with').argParser(parseCount).default(1))
    .option('--json', 'print JSON')
    .action(lazy(async () => (await import('./calibrate-command.js')).calibrateCommand));

  const ladder = cli
    .command('ladder')
    .enablePositionalOptions()
    .description(
      'run a contest site, a contest for each game named: authors submit bots, which are built, validated, ranked and promoted by games without end',
    )
    .argument('[games...]', "the games (all when none is named and the database holds none; else the database's)")
    .option(
      '--db <file>',
      "the site's database (made on the first start, when it also prints the admin key)",
      DEFAULT_LADDER_DB,
    )
    .option('--host <host>', 'the address to listen on', '127.0.0.1')
    .addOption(new Option('--port <n>', 'the port; 0 for any free one').argParser(parsePort).default(8080))
    .addOption(
      new Option('--concurrency <k>', 'games played at once here, every contest together, validations included')
        .argParser(parseCount)
        .default(availableParallelism(), 'the number of cores'),
    )
    .addOption(
      new Option('--builds <n>', 'submissions built at once, every contest together, one an author at most')
        .argParser(parseCount)
        .default(defaultBuilds(), 'half the cores, 2 at least'),
    )
    .addOption(
      new Option('--redis <url>', 'play the games on `tabula worker`s through the queue in this Redis').argParser(
        parseRedisUrl,
      ),
    )
    .addOption(
      new Option(
        '--verdict-games <n>',
        'twin games a new version plays at most for its verdict against the version it replaced (0: no verdicts)',
      )
        .argParser(parseIndex)
        .default(VERDICT_GAMES),
    )
    .addOption(
      new Option(
        '--test-games <n>',
        "authors' test games played at once (Play on the editor page), a share of --concurrency, every contest together (0: Play is off)",
      ).argParser(parseIndex),
    )
    .option('--demo', 'on a site without authors, demo authors submit the built-in bots; print an invite at each start')
    .action(lazy(async () => (await import('./ladder-command.js')).ladderCommand));
  ladder
    .command('invite')
    .description(
      "print new invite codes to a contest site, each good for one author's first `tabula submit`, in every contest",
    )
    .option('--db <file>', "the site's database", DEFAULT_LADDER_DB)
    .addOption(new Option('--count <n>', 'how many').argParser(parseCount).default(1))
    .action(lazy(async () => (await import('./ladder-command.js')).inviteCommand));

  cli
    .command('submit')
    .description(
      'send a bot to a contest server (tabula ladder) and follow it: exit 0 once it plays, 1 if it is rejected',
    )
    .argument('<url>', 'the server, as tabula ladder printed it')
    .argument('<path>', 'the bot: one source file, or its folder (as tabula new made it)')
    .addOption(
      new Option('--lang <language>', 'the language of the bot')
        .choices(LANGUAGES.map((l) => l.id))
        .makeOptionMandatory(),
    )
    .option('--game <game>', 'the contest, where the server holds several')
    .option('--invite <code>', 'the first time: an invite code from the organiser')
    .option('--as <name>', 'the first time: the name to join as (lower case letters, digits, _ and -)')
    .option('--token <token>', 'your token (kept from the first time when not given)')
    .action(async (url: string, path: string, options) => {
      const { submitCommand } = await import('./submit-command.js');
      setExit(await submitCommand(url, path, options));
    });

  addLimitOptions(
    addTimeOptions(
      cli
        .command('reproduce')
        .description(
          "play a contest game of yours again here: your command at your seat, the others' recorded answers at theirs; exit 0 if it plays as recorded to its end, 1 where it differs",
        )
        .usage('[options] <record-or-url> [game] <command>')
        .argument(
          '<record-or-url>',
          "a game's record, as your submission's page downloads it; or the contest server, as tabula ladder printed it",
        )
        .argument('[game]', "with the server's URL: the game's id, as your submission's page lists it")
        .argument('[command]', 'your bot: a command line run through sh -c (quote it)')
        .option('--seat <k>', "your bot's seat in the game (needed with a URL; a record file says it)", parseIndex)
        .option(
          '--replay <file>',
          'where the replay of the game played again goes (default: reproduce-<game id>-seat<k>.json)',
          parseOutputFile,
        )
        .option('--json', 'print the outcome as one JSON object')
        .option('--verbose', 'show each turn on stderr as it ends: what each seat was sent and answered')
        .option('--token <token>', 'your token (the one tabula submit keeps when not given)'),
    ),
  ).action(async (source: string, game: string | undefined, command: string | undefined, options) => {
    const { reproduceCommand } = await import('./reproduce-command.js');
    setExit(await reproduceCommand(source, game, command, options));
  });

  cli
    .command('worker')
    .description("play games of matches and tournaments run elsewhere with --redis: this machine's share")
    .requiredOption('--redis <url>', 'the Redis of the queue, e.g. redis://host:6379', parseRedisUrl)
    .addOption(
      new Option('--concurrency <k>', 'games played at once')
        .argParser(parseCount)
        .default(availableParallelism(), 'the number of cores'),
    )
    .option('--name <name>', 'how the coordinator names this worker (default: host-pid)')
    .addOption(freshBotsOption())
    .addOption(
      new Option('--lock-ms <ms>', 'how long a game stays claimed by a worker that stopped answering')
        .argParser(parseCount)
        .default(30_000),
    )
    .action(lazy(async () => (await import('./worker-command.js')).workerCommand));

  return cli;
}

/** Runs the command line `argv` (without node and the script) and returns the exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  // Ctrl-C or a kill must not leave bot processes behind.
  installSignalHandlers();
  let exit: number = EXIT.ok;
  try {
    await program((code) => (exit = code)).parseAsync(argv, { from: 'user' });
    return exit;
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode === 0 ? EXIT.ok : EXIT.usage;
    if (
      err instanceof UsageError ||
      err instanceof UnknownGameError ||
      err instanceof SetupError ||
      err instanceof StoreError ||
      err instanceof RunBusyError ||
      err instanceof ServeError ||
      err instanceof FileWriteError
    )
      return fail(err.message, EXIT.usage);
    if (isDamagedDatabase(err)) return fail(`the database is damaged: ${err.message}`, EXIT.usage);
    if (err instanceof BotStartError) return fail(err.message, EXIT.botStart);
    return fail(err instanceof Error ? (err.stack ?? err.message) : String(err), EXIT.internal);
  }
}

/** SQLite found the file damaged while reading it (a truncated copy, say), past the checks made on opening it. */
const isDamagedDatabase = (err: unknown): err is Error =>
  err instanceof Error &&
  err.name === 'SqliteError' &&
  ['SQLITE_CORRUPT', 'SQLITE_NOTADB'].includes((err as { code?: string }).code ?? '');

function fail(message: string, code: number): number {
  process.stderr.write(`tabula: ${message}\n`);
  return code;
}
