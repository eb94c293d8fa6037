/**
 * The `usi:<command>` bridge: a shogi engine speaking USI plays one seat. The bridge reads each
 * turn's protocol text like any bot, keeps the game's moves, and asks the engine with
 * `position sfen <start> moves ...` and `go movetime <ms>` (or `go depth N`, `go nodes N` with
 * `usi(depth=N):<command>`, `usi(nodes=N):<command>`); the engine's `bestmove` becomes the
 * statement's action. The turn's clock covers everything the engine is asked during the turn. The
 * `usi` and `isready` handshake comes first, on a clock of its own (`STARTUP_MS`): USI sets engine
 * start-up apart from thinking, and every shogi GUI and tester starts engines before the game, as
 * fastchess does with its start-up timeout. A wasm engine needs seconds just to load.
 */
import type { BotConnection, TurnResult } from '../../core/connection.js';
import type { Bridge, Setting } from '../../core/game.js';
import { failed, ok } from '../../core/result.js';
import { type Millis, millis } from '../../core/units.js';
import type { Colour } from './board.js';
import { parseTurn, positionOf, type TurnInput } from './input.js';
import { formatAction, formatUsi, type Move, parseAction, parseUsi } from './moves.js';
import { HAND_KINDS, type HandKind, letterOf } from './pieces.js';
import type { Position } from './position.js';
import { boardLines } from './protocol.js';
import { formatSfen, parseSfen, START_SFEN } from './sfen.js';

/**
 * The time kept back from `go movetime`: the larger of this share of what is left and
 * `MIN_MARGIN_MS`. Engines overshoot their movetime by some milliseconds, and by tens on a busy
 * machine, where Fairy-Stockfish, given 80% of a 300 ms turn, was seen to time out.
 */
const MARGIN_SHARE = 0.5;
const MIN_MARGIN_MS = 50;
/** How long an engine may take to answer `usi` and `isready` before its first move. */
export const STARTUP_MS = millis(30_000);

/** The engine's thinking time for a turn with `remaining` ms left on the clock. */
export function moveTime(remaining: number): number {
  return Math.max(1, Math.floor(remaining - Math.max(MIN_MARGIN_MS, remaining * MARGIN_SHARE)));
}

/** One turn's questions to the engine, on one clock. */
class UsiTurn {
  elapsed = 0;
  /** The engine's CPU time over the turn's questions, where the arena measures it. */
  cpu: number | undefined;

  constructor(
    private readonly engine: BotConnection,
    private readonly limit: Millis,
    public stderr = '',
  ) {}

  get remaining(): number {
    return this.limit - this.elapsed;
  }

  /** Sends `lines` and waits, within what is left of the turn, for the first line `accept` takes. */
  async ask(lines: readonly string[], accept: (line: string) => boolean): Promise<TurnResult> {
    const result = await this.engine.turn(lines, millis(Math.max(0, this.remaining)), accept);
    this.stderr += result.stderr;
    if ('elapsed' in result) this.elapsed += result.elapsed;
    if ('cpu' in result && result.cpu !== undefined) this.cpu = (this.cpu ?? 0) + result.cpu;
    if (!('elapsed' in result)) return { ...result, stderr: this.stderr };
    const cpu = this.cpu === undefined ? {} : { cpu: millis(this.cpu) };
    return { ...result, elapsed: millis(this.elapsed), ...cpu, stderr: this.stderr };
  }
}

const firstWord = (line: string): string => line.trim().split(/\s+/)[0] ?? '';

/** What the engine is asked to search each turn instead of `movetime`: a depth, a node count, or both. */
export interface UsiLimits {
  readonly depth?: number;
  readonly nodes?: number;
}

/** The `go` command of a turn with `remaining` ms left on the clock. */
function goCommand(limits: UsiLimits, remaining: number): string {
  const fixed = [
    ...(limits.depth !== undefined ? [`depth ${limits.depth}`] : []),
    ...(limits.nodes !== undefined ? [`nodes ${limits.nodes}`] : []),
  ];
  return `go ${fixed.length > 0 ? fixed.join(' ') : `movetime ${moveTime(remaining)}`}`;
}

export class UsiBot implements BotConnection {
  readonly label: string;
  /**
   * The game so far: where it started for the engine (the game's start, or the position of the
   * bridge's first turn when the game started elsewhere), the moves since in USI, and the position
   * they lead to.
   */
  private start = START_SFEN;
  private readonly moves: string[] = [];
  private position: Position = parseSfen(START_SFEN);
  /** The engine's player, known from the first turn's input. */
  private colour: Colour | null = null;

  /** `engine`: the engine's process, started by the arena; `threads`: its Threads option; `limits`: instead of movetime. */
  constructor(
    readonly command: string,
    private readonly engine: BotConnection,
    private readonly threads = 1,
    private readonly limits: UsiLimits = {},
  ) {
    this.label = `usi:${command}`;
  }

  /** Plays a turn; `accept` does not apply, since the bridge itself picks the engine's `bestmove` line. */
  async turn(input: readonly string[], limit: Millis): Promise<TurnResult> {
    const first = this.colour === null;
    const turn = parseTurn(input, first);
    let startupStderr = '';
    if (first) {
      this.colour = turn.id;
      const startup = new UsiTurn(this.engine, STARTUP_MS);
      const failure = await this.handshake(startup);
      if (failure) return failure;
      startupStderr = startup.stderr;
    }
    const clock = new UsiTurn(this.engine, limit, startupStderr);
    if (first) this.begin(turn);
    else if (turn.lastAction !== null) this.play(this.follow(turn.lastAction));
    this.check(turn);

    const position = `position sfen ${this.start}${this.moves.length > 0 ? ` moves ${this.moves.join(' ')}` : ''}`;
    const answer = await clock.ask(
      [position, goCommand(this.limits, clock.remaining)],
      (line) => firstWord(line) === 'bestmove',
    );
    if (answer.kind !== 'line') return answer;
    const said = answer.line.trim().split(/\s+/)[1] ?? '';
    const move = parseUsi(said);
    if (move === null) {
      const why =
        said === 'resign'
          ? 'resigned'
          : said === 'win'
            ? 'claimed a win by declaration, which minishogi does not have'
            : 'not a move on the 5x5 board';
      return {
        kind: 'overflow',
        detail: `the engine answered ${JSON.stringify(answer.line.trim())}: ${why}`,
        stderr: answer.stderr,
      };
    }
    // An illegal move ends the game as the referee rejects it; a legal one is part of the game.
    if (this.position.legalMoves().includes(move)) this.play(move);
    return { ...answer, line: formatAction(move, this.colour!) };
  }

  /**
   * `usi`, then `setoption name UCI_Variant value minishogi` where the engine lists that option
   * (Fairy-Stockfish, in USI mode, calls it USI_Variant), its Threads where it lists that option and
   * more than one is asked for, `isready` and `usinewgame`.
   */
  private async handshake(clock: UsiTurn): Promise<TurnResult | null> {
    let variant: { name: string; line: string } | null = null;
    let hasThreads = false;
    const usiok = await clock.ask(['usi'], (line) => {
      const option = /^option\s+name\s+(UCI_Variant|USI_Variant)\s/.exec(line.trim());
      if (option) variant = { name: option[1]!, line: line.trim() };
      hasThreads ||= /^option\s+name\s+Threads\s/.test(line.trim());
      return firstWord(line) === 'usiok';
    });
    if (usiok.kind !== 'line') return usiok;
    if (variant !== null) {
      const { name, line } = variant;
      if (!/\svar\s+minishogi(\s|$)/.test(line))
        return {
          kind: 'crash',
          detail: `the engine's ${name} option does not offer minishogi`,
          neverStarted: true,
          stderr: usiok.stderr,
        };
      this.engine.send([`setoption name ${name} value minishogi`]);
    }
    if (hasThreads && this.threads > 1) this.engine.send([`setoption name Threads value ${this.threads}`]);
    const readyok = await clock.ask(['isready'], (line) => firstWord(line) === 'readyok');
    if (readyok.kind !== 'line') return readyok;
    this.engine.send(['usinewgame']);
    return null;
  }

  /**
   * The bridge's first turn: the game's start and the opponent's first move, if that is what the
   * turn shows; else a start of the referee's own (random plies, an openings file), which the
   * engine is then told as an SFEN, its history before unknown.
   */
  private begin(turn: TurnInput): void {
    const shown = positionOf(turn, this.colour!);
    const move = turn.lastAction === null ? null : parseAction(turn.lastAction);
    if (turn.lastAction === null || (move !== null && this.position.legalMoves().includes(move))) {
      if (move !== null) this.play(move);
      if (this.position.keyLo === shown.keyLo && this.position.keyHi === shown.keyHi) return;
    }
    this.start = formatSfen(shown);
    this.position = parseSfen(this.start);
    this.moves.length = 0;
  }

  /** The opponent's action as a move of the bridge's game. */
  private follow(action: string): Move {
    const move = parseAction(action);
    if (move === null || !this.position.legalMoves().includes(move))
      throw new Error(`the USI bridge cannot follow the action ${JSON.stringify(action)}`);
    return move;
  }

  private play(move: Move): void {
    this.moves.push(formatUsi(move));
    this.position.make(move);
  }

  /** The bridge's own game must be the referee's: a mismatch is a bug in Tabula, not the engine's fault. */
  private check(turn: TurnInput): void {
    const sorted = (letters: string): string => [...letters].sort().join('');
    const hand = (colour: Colour): string => {
      let letters = '';
      for (let kind = 0; kind < HAND_KINDS; kind++)
        letters += letterOf(colour, kind).repeat(this.position.handCount(colour, kind as HandKind));
      return letters;
    };
    const board = boardLines(this.position);
    const same =
      turn.board.every((row, i) => row.join('') === board[i]) &&
      sorted(turn.hands[0]) === sorted(hand(0)) &&
      sorted(turn.hands[1]) === sorted(hand(1)) &&
      this.position.side === this.colour;
    if (!same) throw new Error(`the USI bridge lost track of the game after ${this.moves.join(' ') || 'no moves'}`);
  }

  send(): void {
    // The statement's last lines mean nothing to a USI engine.
  }

  close(grace?: Millis): Promise<void> {
    if (grace !== undefined) this.engine.send(['quit']);
    return this.engine.close(grace);
  }
}

const positiveWhole = (what: string) => (value: string) =>
  /^[1-9][0-9]{0,8}$/.test(value)
    ? ok(value)
    : failed(`${what} is a whole number from 1, not ${JSON.stringify(value)}`);

const params: readonly Setting[] = [
  {
    name: 'threads',
    description: "the engine's Threads option; the arena counts the engine as that many cores busy",
    default: '1',
    check: (value) => (/^[1-9]\d*$/.test(value) ? ok(value) : failed('threads is a whole number from 1')),
  },
  {
    name: 'depth',
    description: "ask for `go depth N` instead of `go movetime` (the arena's clock still applies)",
    default: 'none',
    check: positiveWhole('depth'),
  },
  {
    name: 'nodes',
    description: "ask for `go nodes N` instead of `go movetime` (the arena's clock still applies)",
    default: 'none',
    check: positiveWhole('nodes'),
  },
];

export const usi: Bridge = {
  description:
    'a shogi engine speaking USI, as usi:<command>, usi(depth=N):<command> or usi(nodes=N):<command>; for example "usi:node tools/fairy-stockfish.js" (Fairy-Stockfish)',
  params,
  connect: (command, start, given) =>
    new UsiBot(command, start(command), Number(given.threads ?? 1), {
      ...(given.depth !== undefined && { depth: Number(given.depth) }),
      ...(given.nodes !== undefined && { nodes: Number(given.nodes) }),
    }),
};
