/**
 * A scripted USI engine for the bridge's tests: `node fake-usi-engine.js <mode>`. It logs every
 * command it reads to stderr, and answers `go` with its first legal move (found with Tabula's own
 * engine), or misbehaves as the mode says:
 *   good     lists USI_Variant with minishogi and Threads, like Fairy-Stockfish in USI mode;
 *   plain    lists no variant option, like an engine that plays minishogi only;
 *   chess    lists UCI_Variant without minishogi;
 *   resign   answers `bestmove resign`;
 *   illegal  answers `bestmove 5e5a`, which no piece can play at the start;
 *   silent   starts, but never answers `go`;
 *   slow     answers `go` 300 ms late;
 *   crash    exits with code 3 on `go`.
 */
import { createInterface } from 'node:readline';
import { formatUsi, parseUsi } from '../../../src/games/minishogi/moves.js';
import { parseSfen } from '../../../src/games/minishogi/sfen.js';

const mode = process.argv[2] ?? 'good';
let moves: string[] = [];
let sfen = '';

const say = (line: string): void => void process.stdout.write(`${line}\n`);

function bestMove(): string {
  const position = parseSfen(sfen);
  for (const usi of moves) position.make(parseUsi(usi)!);
  return formatUsi(position.legalMoves()[0]!);
}

createInterface({ input: process.stdin }).on('line', (line) => {
  process.stderr.write(`> ${line}\n`);
  const [command, ...args] = line.split(' ');
  switch (command) {
    case 'usi':
      say('id name fake');
      if (mode === 'good') say('option name USI_Variant type combo default shogi var minishogi var shogi');
      if (mode === 'good') say('option name Threads type spin default 1 min 1 max 512');
      if (mode === 'chess') say('option name UCI_Variant type combo default chess var chess var crazyhouse');
      say('option name Hash type spin default 16 min 1 max 1024');
      say('usiok');
      return;
    case 'isready':
      say('readyok');
      return;
    case 'position': {
      const at = args.indexOf('moves');
      sfen = args.slice(1, at < 0 ? undefined : at).join(' ');
      moves = at < 0 ? [] : args.slice(at + 1);
      return;
    }
    case 'go': {
      if (mode === 'crash') process.exit(3);
      if (mode === 'silent') return;
      const answer = mode === 'resign' ? 'resign' : mode === 'illegal' ? '5e5a' : bestMove();
      const reply = () => {
        say(`info depth 1 score cp 0 pv ${answer}`);
        say(`bestmove ${answer}`);
      };
      if (mode === 'slow') setTimeout(reply, 300);
      else reply();
      return;
    }
    case 'quit':
      process.exit(0);
  }
});
