// Minishogi (CodinGame). The statement's "Game Input" section: an initial input, then each turn the
// board, both hands, the opponent's last action and every legal action.

type Init struct {
	MyID      int // 0: the first player (upper case, at the bottom), 1: the second (lower case, at the top)
	BoardSize int // always 5
}

type Turn struct {
	Board      [][]string // BoardSize rows, top to bottom, each of cells: "." empty, "K", "p", "+S", ...
	Hands      [2]string  // the pieces in each player's hand: player 0's ("GB"), player 1's ("p"), "" for none
	LastAction string     // the opponent's last action, or "none" on the first turn of the first player
	Actions    []string   // every legal action: "4534", "1425+", "G*33"
}

// readRow cuts a board line into its cells: a promoted piece takes two characters ("+b").
func readRow(line string) []string {
	var cells []string
	for i := 0; i < len(line); i++ {
		if line[i] == '+' {
			cells = append(cells, line[i:i+2])
			i++
		} else {
			cells = append(cells, line[i:i+1])
		}
	}
	return cells
}

func readInit() *Init {
	myID := readInt()
	return &Init{MyID: myID, BoardSize: readInt()}
}

func readTurn(init *Init) *Turn {
	var turn Turn
	for row := 0; row < init.BoardSize; row++ {
		turn.Board = append(turn.Board, readRow(readLine()))
	}
	for i := range turn.Hands {
		if turn.Hands[i] = readLine(); turn.Hands[i] == "-" {
			turn.Hands[i] = ""
		}
	}
	turn.LastAction = readLine()
	turn.Actions = readLines(readInt())
	return &turn
}

func choose(_ *Init, turn *Turn) string {
	// "Output": a move columnFrom rowFrom columnTo rowTo, "+" to promote (4534, 1425+), or a drop
	// Piece*columnTo rowTo (G*33). Every listed action is legal.
	return turn.Actions[0]
}
