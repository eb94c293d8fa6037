// Nine Men's Morris (CodinGame). The statement's "Game Input" section: an initialisation input with the
// fields' neighbours, then each turn the opponent's last command, the board and every valid command.

struct Init {
    int playerId;                         // 0 or 1: your stones are this number on the board
    map<string, vector<string>> neighbors;  // each field ("A1" to "G7") and the fields adjacent to it
};

struct Turn {
    string opMove;            // the opponent's last command, or "-" before any
    map<string, int> board;   // each field and its state: 0 a stone of player 0, 1 of player 1, 2 empty
    vector<string> commands;  // every valid command for this turn
};

Init readInit() {
    Init init;
    init.playerId = readInt();
    for (const string& line : readLines(readInt())) {
        vector<string> parts = split(line, ':');  // "A1:A4;D1"
        init.neighbors[parts[0]] = split(parts[1], ';');
    }
    return init;
}

optional<Turn> readTurn(Init&) {
    Turn turn;
    turn.opMove = readLine();
    for (const string& entry : split(readLine(), ';')) {
        vector<string> parts = split(entry, ':');  // "A1:2"
        turn.board[parts[0]] = stoi(parts[1]);
    }
    turn.commands = readLines(readInt());
    return turn;
}

string choose(Init&, const Turn& turn) {
    // "Commands": PLACE;A1, PLACE&TAKE;A1;D1, MOVE;A1;D1 or MOVE&TAKE;A1;D1;D2. Every listed command is valid.
    return turn.commands[0];
}
