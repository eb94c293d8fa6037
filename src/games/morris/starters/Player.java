// Nine Men's Morris (CodinGame). The statement's "Game Input" section: an initialisation input with the
// fields' neighbours, then each turn the opponent's last command, the board and every valid command.

record Init(
        int playerId, // 0 or 1: your stones are this number on the board
        Map<String, List<String>> neighbors) {} // each field ("A1" to "G7") and the fields adjacent to it

record Turn(
        String opMove, // the opponent's last command, or "-" before any
        Map<String, Integer> board, // each field and its state: 0 a stone of player 0, 1 of player 1, 2 empty
        List<String> commands) {} // every valid command for this turn

static Init readInit() {
    int playerId = readInt();
    Map<String, List<String>> neighbors = new HashMap<>();
    for (String line : readLines(readInt())) {
        String[] parts = line.split(":"); // "A1:A4;D1"
        neighbors.put(parts[0], List.of(parts[1].split(";")));
    }
    return new Init(playerId, neighbors);
}

static Turn readTurn(Init init) {
    String opMove = readLine();
    Map<String, Integer> board = new HashMap<>();
    for (String entry : readLine().split(";")) {
        String[] parts = entry.split(":"); // "A1:2"
        board.put(parts[0].trim(), Integer.parseInt(parts[1].trim()));
    }
    List<String> commands = readLines(readInt());
    return new Turn(opMove, board, commands);
}

static String choose(Init init, Turn turn) {
    // "Commands": PLACE;A1, PLACE&TAKE;A1;D1, MOVE;A1;D1 or MOVE&TAKE;A1;D1;D2. Every listed command is valid.
    return turn.commands().get(0);
}
