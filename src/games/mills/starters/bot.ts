// Mills (CodinGame). The statement's "Game Input" section: there is no initialisation, and each turn
// gives the whole state, then every valid output line.

interface Piece {
  pieceId: number; // 1 to 18
  ownerId: number; // 0 for your piece, 1 for your opponent's
  direction: number; // 0 top left, 1 top, 2 top right, ... clockwise around the centre
  radius: number; // 0 the innermost square, 1 the middle one, 2 the outermost
}

interface Turn {
  myColor: string; // BLACK (the first player) or WHITE
  turnsLeft: number;
  myPieces: number; // on the board: also your score
  opponentsPieces: number;
  myStock: number; // pieces still to put; 0 once the placement phase is over
  opponentsStock: number;
  pieces: Piece[]; // every piece on the board
  options: string[]; // valid output lines for this turn (when you can jump, only the adjacent moves if any)
}

function readInit(): null {
  return null; // Mills has no initialisation input
}

function readTurn(_init: null): Turn {
  const [myColor, ...numbers] = readLine().split(' ');
  const [turnsLeft, myPieces, opponentsPieces, myStock, opponentsStock] = numbers.map(Number);
  const pieces = Array.from({ length: readInt() }, (): Piece => {
    const [pieceId, ownerId, direction, radius] = readInts();
    return { pieceId, ownerId, direction, radius };
  });
  const options = readLines(readInt());
  return { myColor, turnsLeft, myPieces, opponentsPieces, myStock, opponentsStock, pieces, options };
}

function choose(_init: null, turn: Turn): string {
  // "Output": PUT DIRECTION RADIUS id1 id2 while MY_STOCK > 0, else MOVE PIECE_ID DIRECTION RADIUS id1 id2;
  // id1 and id2 name the opponent's pieces to remove if mills are filled (0: any). Every option is valid.
  return turn.options[0];
}
