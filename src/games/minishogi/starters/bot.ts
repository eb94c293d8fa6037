// Minishogi (CodinGame). The statement's "Game Input" section: an initial input, then each turn the
// board, both hands, the opponent's last action and every legal action.

interface Init {
  myId: number; // 0: the first player (upper case, at the bottom), 1: the second (lower case, at the top)
  boardSize: number; // always 5
}

interface Turn {
  board: string[][]; // boardSize rows, top to bottom, each of cells: "." empty, "K", "p", "+S", ...
  hands: string[]; // the pieces in each player's hand: [player 0's, e.g. "GB", player 1's, e.g. "p"], "" for none
  lastAction: string; // the opponent's last action, or "none" on the first turn of the first player
  actions: string[]; // every legal action: "4534", "1425+", "G*33"
}

/** A board line into its cells: a promoted piece takes two characters ("+b"). */
function readRow(line: string): string[] {
  return line.match(/\+?./g) ?? [];
}

function readInit(): Init {
  const myId = readInt();
  const boardSize = readInt();
  return { myId, boardSize };
}

function readTurn(init: Init): Turn {
  const board = Array.from({ length: init.boardSize }, () => readRow(readLine()));
  const hands = readLines(2).map((hand) => (hand === '-' ? '' : hand));
  const lastAction = readLine();
  const actions = readLines(readInt());
  return { board, hands, lastAction, actions };
}

function choose(_init: Init, turn: Turn): string {
  // "Output": a move columnFrom rowFrom columnTo rowTo, "+" to promote (4534, 1425+), or a drop
  // Piece*columnTo rowTo (G*33). Every listed action is legal.
  return turn.actions[0];
}
