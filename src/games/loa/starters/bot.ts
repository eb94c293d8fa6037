// Lines Of Action (Kattis, NCPC 2019 warm-up problem H). The input is your colour, then the
// opponent's moves only: the bot keeps the board itself, and must see the end of the game by itself.

const SIZE = 8;
const MAX_MOVES = 100; // "Games exceeding 100 moves will be considered draws": both players' moves counted
const EMPTY = '.';
const BLACK = 'b';
const WHITE = 'w';
const DIRECTIONS = [
  [-1, -1], [-1, 0], [-1, 1], [0, -1], [0, 1], [1, -1], [1, 0], [1, 1],
];

type Move = [r1: number, c1: number, r2: number, c2: number];

interface Game {
  me: string; // your colour: BLACK (input 0, moves first) or WHITE (input 1)
  board: string[][]; // board[row][column], both 0 to 7 here (1 to 8 in the moves): EMPTY, BLACK or WHITE
  toMove: string;
  movesMade: number;
}

interface Turn {
  opponentMove: number[] | null; // [r1, c1, r2, c2] as read, 1 to 8; null before black's first move
}

const opponent = (colour: string): string => (colour === BLACK ? WHITE : BLACK);
const onBoard = (r: number, c: number): boolean => r >= 0 && r < SIZE && c >= 0 && c < SIZE;

/** Figure (a): black along the top and bottom rows, white along the left and right columns. */
function startBoard(): string[][] {
  const board = Array.from({ length: SIZE }, () => Array<string>(SIZE).fill(EMPTY));
  for (let i = 1; i < SIZE - 1; i++) {
    board[0][i] = board[SIZE - 1][i] = BLACK;
    board[i][0] = board[i][SIZE - 1] = WHITE;
  }
  return board;
}

/**
 * Every move of colour's pieces: as many squares as there are pieces on the line of movement,
 * jumping its own pieces but never the opponent's, landing on an empty square or capturing.
 */
function legalMoves(board: string[][], colour: string): Move[] {
  const moves: Move[] = [];
  for (let r = 0; r < SIZE; r++) {
    for (let c = 0; c < SIZE; c++) {
      if (board[r][c] !== colour) continue;
      for (const [dr, dc] of DIRECTIONS) {
        let steps = 1; // the piece itself, then the pieces both ways along the line
        for (const sign of [1, -1]) {
          for (let k = 1; onBoard(r + sign * k * dr, c + sign * k * dc); k++) {
            if (board[r + sign * k * dr][c + sign * k * dc] !== EMPTY) steps++;
          }
        }
        const [r2, c2] = [r + steps * dr, c + steps * dc];
        if (!onBoard(r2, c2) || board[r2][c2] === colour) continue;
        let blocked = false;
        for (let k = 1; k < steps; k++) blocked ||= board[r + k * dr][c + k * dc] === opponent(colour);
        if (!blocked) moves.push([r, c, r2, c2]);
      }
    }
  }
  return moves;
}

/** Whether colour's pieces form one group, squares touching sideways or diagonally. */
function connected(board: string[][], colour: string): boolean {
  const pieces: [number, number][] = [];
  for (let r = 0; r < SIZE; r++) for (let c = 0; c < SIZE; c++) if (board[r][c] === colour) pieces.push([r, c]);
  const seen = new Set([pieces[0].join()]);
  const todo = [pieces[0]];
  for (let square = todo.pop(); square !== undefined; square = todo.pop()) {
    const [r, c] = square;
    for (const [dr, dc] of DIRECTIONS) {
      const [r2, c2] = [r + dr, c + dc];
      if (onBoard(r2, c2) && board[r2][c2] === colour && !seen.has(`${r2},${c2}`)) {
        seen.add(`${r2},${c2}`);
        todo.push([r2, c2]);
      }
    }
  }
  return seen.size === pieces.length;
}

function play(game: Game, [r1, c1, r2, c2]: Move): void {
  game.board[r2][c2] = game.board[r1][c1];
  game.board[r1][c1] = EMPTY;
  game.toMove = opponent(game.toMove);
  game.movesMade++;
}

/** A player connected (the mover first: it wins if both are), 100 moves made, or no move to play. */
function gameOver(game: Game): boolean {
  if (game.movesMade === 0) return false;
  const mover = opponent(game.toMove);
  return (
    connected(game.board, mover) ||
    connected(game.board, game.toMove) ||
    game.movesMade >= MAX_MOVES ||
    legalMoves(game.board, game.toMove).length === 0
  );
}

function readInit(): Game {
  const me = readInt() === 0 ? BLACK : WHITE; // "an integer indicating the color your program is playing"
  return { me, board: startBoard(), toMove: BLACK, movesMade: 0 };
}

/** The opponent's move, when it is the opponent's turn; null once the game is over. */
function readTurn(game: Game): Turn | null {
  if (gameOver(game)) return null;
  if (game.toMove === game.me) return { opponentMove: null }; // black's first move: nothing to read
  const opponentMove = readInts();
  const [r1, c1, r2, c2] = opponentMove;
  play(game, [r1 - 1, c1 - 1, r2 - 1, c2 - 1]);
  return gameOver(game) ? null : { opponentMove };
}

function choose(game: Game, _turn: Turn): string {
  // Your move: "r1 c1 r2 c2", the piece's square and its destination, 1 to 8. Played on your board too.
  const move = legalMoves(game.board, game.me)[0];
  play(game, move);
  return move.map((x) => x + 1).join(' ');
}
