// Minishogi (CodinGame). The statement's "Game Input" section: an initial input, then each turn the
// board, both hands, the opponent's last action and every legal action.

/**
 * @typedef {object} Init
 * @property {number} myId 0: the first player (upper case, at the bottom), 1: the second (lower case, at the top)
 * @property {number} boardSize always 5
 */

/**
 * @typedef {object} Turn
 * @property {string[][]} board boardSize rows, top to bottom, each of cells: "." empty, "K", "p", "+S", ...
 * @property {string[]} hands the pieces in each player's hand: [player 0's, e.g. "GB", player 1's, e.g. "p"], "" for none
 * @property {string} lastAction the opponent's last action, or "none" on the first turn of the first player
 * @property {string[]} actions every legal action: "4534", "1425+", "G*33"
 */

/** A board line into its cells: a promoted piece takes two characters ("+b"). */
function readRow(line) {
  return line.match(/\+?./g);
}

/** @returns {Init} */
function readInit() {
  const myId = readInt();
  const boardSize = readInt();
  return { myId, boardSize };
}

/** @param {Init} init @returns {Turn} */
function readTurn(init) {
  const board = Array.from({ length: init.boardSize }, () => readRow(readLine()));
  const hands = readLines(2).map((hand) => (hand === '-' ? '' : hand));
  const lastAction = readLine();
  const actions = readLines(readInt());
  return { board, hands, lastAction, actions };
}

/** @param {Turn} turn */
function choose(_init, turn) {
  // "Output": a move columnFrom rowFrom columnTo rowTo, "+" to promote (4534, 1425+), or a drop
  // Piece*columnTo rowTo (G*33). Every listed action is legal.
  return turn.actions[0];
}
