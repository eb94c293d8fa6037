// Minishogi (CodinGame). The statement's "Game Input" section: an initial input, then each turn the
// board, both hands, the opponent's last action and every legal action.

record Init(
        int myId, // 0: the first player (upper case, at the bottom), 1: the second (lower case, at the top)
        int boardSize) {} // always 5

record Turn(
        List<List<String>> board, // boardSize rows, top to bottom, each of cells: "." empty, "K", "p", "+S", ...
        List<String> hands, // the pieces in each player's hand: player 0's ("GB"), player 1's ("p"), "" for none
        String lastAction, // the opponent's last action, or "none" on the first turn of the first player
        List<String> actions) {} // every legal action: "4534", "1425+", "G*33"

/** A board line into its cells: a promoted piece takes two characters ("+b"). */
static List<String> readRow(String line) {
    List<String> cells = new ArrayList<>();
    for (int i = 0; i < line.length(); i++) {
        if (line.charAt(i) == '+') cells.add(line.substring(i, ++i + 1));
        else cells.add(line.substring(i, i + 1));
    }
    return cells;
}

static Init readInit() {
    int myId = readInt();
    int boardSize = readInt();
    return new Init(myId, boardSize);
}

static Turn readTurn(Init init) {
    List<List<String>> board = new ArrayList<>();
    for (int row = 0; row < init.boardSize(); row++) board.add(readRow(readLine()));
    List<String> hands = readLines(2).stream().map(hand -> hand.equals("-") ? "" : hand).toList();
    String lastAction = readLine();
    List<String> actions = readLines(readInt());
    return new Turn(board, hands, lastAction, actions);
}

static String choose(Init init, Turn turn) {
    // "Output": a move columnFrom rowFrom columnTo rowTo, "+" to promote (4534, 1425+), or a drop
    // Piece*columnTo rowTo (G*33). Every listed action is legal.
    return turn.actions().get(0);
}
