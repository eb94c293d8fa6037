// Mills (CodinGame). The statement's "Game Input" section: there is no initialisation, and each turn
// gives the whole state, then every valid output line.

/**
 * @typedef {object} Piece
 * @property {number} pieceId 1 to 18
 * @property {number} ownerId 0 for your piece, 1 for your opponent's
 * @property {number} direction 0 top left, 1 top, 2 top right, ... clockwise around the centre
 * @property {number} radius 0 the innermost square, 1 the middle one, 2 the outermost
 */

/**
 * @typedef {object} Turn
 * @property {string} myColor BLACK (the first player) or WHITE
 * @property {number} turnsLeft
 * @property {number} myPieces on the board: also your score
 * @property {number} opponentsPieces
 * @property {number} myStock pieces still to put; 0 once the placement phase is over
 * @property {number} opponentsStock
 * @property {Piece[]} pieces every piece on the board
 * @property {string[]} options valid output lines for this turn (when you can jump, only the adjacent moves if any)
 */

function readInit() {
  return null; // Mills has no initialisation input
}

/** @returns {Turn} */
function readTurn() {
  const [myColor, ...numbers] = readLine().split(' ');
  const [turnsLeft, myPieces, opponentsPieces, myStock, opponentsStock] = numbers.map(Number);
  const pieces = Array.from({ length: readInt() }, () => {
    const [pieceId, ownerId, direction, radius] = readInts();
    return { pieceId, ownerId, direction, radius };
  });
  const options = readLines(readInt());
  return { myColor, turnsLeft, myPieces, opponentsPieces, myStock, opponentsStock, pieces, options };
}

/** @param {Turn} turn */
function choose(_init, turn) {
  // "Output": PUT DIRECTION RADIUS id1 id2 while MY_STOCK > 0, else MOVE PIECE_ID DIRECTION RADIUS id1 id2;
  // id1 and id2 name the opponent's pieces to remove if mills are filled (0: any). Every option is valid.
  return turn.options[0];
}
