// Mills (CodinGame). The statement's "Game Input" section: there is no initialisation, and each turn
// gives the whole state, then every valid output line.

type Piece struct {
	PieceID   int // 1 to 18
	OwnerID   int // 0 for your piece, 1 for your opponent's
	Direction int // 0 top left, 1 top, 2 top right, ... clockwise around the centre
	Radius    int // 0 the innermost square, 1 the middle one, 2 the outermost
}

type Init struct{} // Mills has no initialisation input

type Turn struct {
	MyColor         string // BLACK (the first player) or WHITE
	TurnsLeft       int
	MyPieces        int // on the board: also your score
	OpponentsPieces int
	MyStock         int // pieces still to put; 0 once the placement phase is over
	OpponentsStock  int
	Pieces          []Piece  // every piece on the board
	Options         []string // valid output lines for this turn (when you can jump, only the adjacent moves if any)
}

func readInit() *Init {
	return &Init{}
}

func readTurn(_ *Init) *Turn {
	header := strings.Fields(readLine())
	turn := Turn{MyColor: header[0], TurnsLeft: atoi(header[1]), MyPieces: atoi(header[2]),
		OpponentsPieces: atoi(header[3]), MyStock: atoi(header[4]), OpponentsStock: atoi(header[5])}
	for i, count := 0, readInt(); i < count; i++ {
		p := readInts()
		turn.Pieces = append(turn.Pieces, Piece{PieceID: p[0], OwnerID: p[1], Direction: p[2], Radius: p[3]})
	}
	turn.Options = readLines(readInt())
	return &turn
}

func choose(_ *Init, turn *Turn) string {
	// "Output": PUT DIRECTION RADIUS id1 id2 while MY_STOCK > 0, else MOVE PIECE_ID DIRECTION RADIUS id1 id2;
	// id1 and id2 name the opponent's pieces to remove if mills are filled (0: any). Every option is valid.
	return turn.Options[0]
}
