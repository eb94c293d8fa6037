// Mills (CodinGame). The statement's "Game Input" section: there is no initialisation, and each turn
// gives the whole state, then every valid output line.

record Piece(
        int pieceId, // 1 to 18
        int ownerId, // 0 for your piece, 1 for your opponent's
        int direction, // 0 top left, 1 top, 2 top right, ... clockwise around the centre
        int radius) {} // 0 the innermost square, 1 the middle one, 2 the outermost

record Init() {} // Mills has no initialisation input

record Turn(
        String myColor, // BLACK (the first player) or WHITE
        int turnsLeft,
        int myPieces, // on the board: also your score
        int opponentsPieces,
        int myStock, // pieces still to put; 0 once the placement phase is over
        int opponentsStock,
        List<Piece> pieces, // every piece on the board
        List<String> options) {} // valid output lines for this turn (when you can jump, only the adjacent moves if any)

static Init readInit() {
    return new Init();
}

static Turn readTurn(Init init) {
    String[] header = readLine().split(" ");
    int[] counts = Arrays.stream(header).skip(1).mapToInt(Integer::parseInt).toArray();
    List<Piece> pieces = new ArrayList<>();
    int numPieces = readInt();
    for (int i = 0; i < numPieces; i++) {
        int[] p = readInts();
        pieces.add(new Piece(p[0], p[1], p[2], p[3]));
    }
    List<String> options = readLines(readInt());
    return new Turn(header[0], counts[0], counts[1], counts[2], counts[3], counts[4], pieces, options);
}

static String choose(Init init, Turn turn) {
    // "Output": PUT DIRECTION RADIUS id1 id2 while MY_STOCK > 0, else MOVE PIECE_ID DIRECTION RADIUS id1 id2;
    // id1 and id2 name the opponent's pieces to remove if mills are filled (0: any). Every option is valid.
    return turn.options().get(0);
}
