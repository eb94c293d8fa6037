// Nine Men's Morris (CodinGame). The statement's "Game Input" section: an initialisation input with the
// fields' neighbours, then each turn the opponent's last command, the board and every valid command.

type Init struct {
	PlayerID  int                 // 0 or 1: your stones are this number on the board
	Neighbors map[string][]string // each field ("A1" to "G7") and the fields adjacent to it
}

type Turn struct {
	OpMove   string         // the opponent's last command, or "-" before any
	Board    map[string]int // each field and its state: 0 a stone of player 0, 1 of player 1, 2 empty
	Commands []string       // every valid command for this turn
}

func readInit() *Init {
	init := Init{PlayerID: readInt(), Neighbors: map[string][]string{}}
	for _, line := range readLines(readInt()) {
		parts := strings.Split(line, ":") // "A1:A4;D1"
		init.Neighbors[parts[0]] = strings.Split(parts[1], ";")
	}
	return &init
}

func readTurn(_ *Init) *Turn {
	turn := Turn{OpMove: readLine(), Board: map[string]int{}}
	for _, entry := range strings.Split(readLine(), ";") {
		parts := strings.Split(entry, ":") // "A1:2"
		turn.Board[strings.TrimSpace(parts[0])] = atoi(parts[1])
	}
	turn.Commands = readLines(readInt())
	return &turn
}

func choose(_ *Init, turn *Turn) string {
	// "Commands": PLACE;A1, PLACE&TAKE;A1;D1, MOVE;A1;D1 or MOVE&TAKE;A1;D1;D2. Every listed command is valid.
	return turn.Commands[0]
}
