// Mills (CodinGame). The statement's "Game Input" section: there is no initialisation, and each turn
// gives the whole state, then every valid output line.

struct Piece {
    int pieceId;    // 1 to 18
    int ownerId;    // 0 for your piece, 1 for your opponent's
    int direction;  // 0 top left, 1 top, 2 top right, ... clockwise around the centre
    int radius;     // 0 the innermost square, 1 the middle one, 2 the outermost
};

struct Init {};  // Mills has no initialisation input

struct Turn {
    string myColor;  // BLACK (the first player) or WHITE
    int turnsLeft;
    int myPieces;  // on the board: also your score
    int opponentsPieces;
    int myStock;  // pieces still to put; 0 once the placement phase is over
    int opponentsStock;
    vector<Piece> pieces;    // every piece on the board
    vector<string> options;  // valid output lines for this turn (when you can jump, only the adjacent moves if any)
};

Init readInit() { return Init{}; }

optional<Turn> readTurn(Init&) {
    Turn turn;
    istringstream header(readLine());
    header >> turn.myColor >> turn.turnsLeft >> turn.myPieces >> turn.opponentsPieces >> turn.myStock >>
        turn.opponentsStock;
    int numPieces = readInt();
    for (int i = 0; i < numPieces; i++) {
        vector<int> p = readInts();
        turn.pieces.push_back(Piece{p[0], p[1], p[2], p[3]});
    }
    turn.options = readLines(readInt());
    return turn;
}

string choose(Init&, const Turn& turn) {
    // "Output": PUT DIRECTION RADIUS id1 id2 while MY_STOCK > 0, else MOVE PIECE_ID DIRECTION RADIUS id1 id2;
    // id1 and id2 name the opponent's pieces to remove if mills are filled (0: any). Every option is valid.
    return turn.options[0];
}
