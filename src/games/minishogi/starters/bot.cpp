// Minishogi (CodinGame). The statement's "Game Input" section: an initial input, then each turn the
// board, both hands, the opponent's last action and every legal action.

struct Init {
    int myId;       // 0: the first player (upper case, at the bottom), 1: the second (lower case, at the top)
    int boardSize;  // always 5
};

struct Turn {
    vector<vector<string>> board;  // boardSize rows, top to bottom, each of cells: "." empty, "K", "p", "+S", ...
    string hands[2];               // the pieces in each player's hand: player 0's ("GB"), player 1's ("p"), "" for none
    string lastAction;             // the opponent's last action, or "none" on the first turn of the first player
    vector<string> actions;        // every legal action: "4534", "1425+", "G*33"
};

// A board line into its cells: a promoted piece takes two characters ("+b").
vector<string> readRow(const string& line) {
    vector<string> cells;
    for (size_t i = 0; i < line.size(); i++) {
        if (line[i] == '+') cells.push_back(line.substr(i++, 2));
        else cells.push_back(string(1, line[i]));
    }
    return cells;
}

Init readInit() {
    Init init;
    init.myId = readInt();
    init.boardSize = readInt();
    return init;
}

optional<Turn> readTurn(Init& init) {
    Turn turn;
    for (int row = 0; row < init.boardSize; row++) turn.board.push_back(readRow(readLine()));
    for (string& hand : turn.hands) {
        hand = readLine();
        if (hand == "-") hand = "";
    }
    turn.lastAction = readLine();
    turn.actions = readLines(readInt());
    return turn;
}

string choose(Init&, const Turn& turn) {
    // "Output": a move columnFrom rowFrom columnTo rowTo, "+" to promote (4534, 1425+), or a drop
    // Piece*columnTo rowTo (G*33). Every listed action is legal.
    return turn.actions[0];
}
