// Lines Of Action (Kattis, NCPC 2019 warm-up problem H). The input is your colour, then the
// opponent's moves only: the bot keeps the board itself, and must see the end of the game by itself.

const (
	Size     = 8
	MaxMoves = 100 // "Games exceeding 100 moves will be considered draws": both players' moves counted
	Empty    = '.'
	Black    = 'b'
	White    = 'w'
)

var directions = [8][2]int{{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}}

type Move struct{ R1, C1, R2, C2 int }

type Init struct {
	Me        byte             // your colour: Black (input 0, moves first) or White (input 1)
	Board     [Size][Size]byte // Board[row][column], both 0 to 7 here (1 to 8 in the moves): Empty, Black or White
	ToMove    byte
	MovesMade int
}

type Turn struct {
	OpponentMove *Move // as read, 1 to 8; nil before black's first move
}

func opponent(colour byte) byte {
	if colour == Black {
		return White
	}
	return Black
}

func onBoard(r, c int) bool {
	return r >= 0 && r < Size && c >= 0 && c < Size
}

// legalMoves lists every move of colour's pieces: as many squares as there are pieces on the line of
// movement, jumping its own pieces but never the opponent's, landing on an empty square or capturing.
func legalMoves(game *Init, colour byte) []Move {
	var moves []Move
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			if game.Board[r][c] != colour {
				continue
			}
			for _, d := range directions {
				steps := 1 // the piece itself, then the pieces both ways along the line
				for _, sign := range []int{1, -1} {
					for k := 1; onBoard(r+sign*k*d[0], c+sign*k*d[1]); k++ {
						if game.Board[r+sign*k*d[0]][c+sign*k*d[1]] != Empty {
							steps++
						}
					}
				}
				r2, c2 := r+steps*d[0], c+steps*d[1]
				if !onBoard(r2, c2) || game.Board[r2][c2] == colour {
					continue
				}
				blocked := false
				for k := 1; k < steps; k++ {
					blocked = blocked || game.Board[r+k*d[0]][c+k*d[1]] == opponent(colour)
				}
				if !blocked {
					moves = append(moves, Move{r, c, r2, c2})
				}
			}
		}
	}
	return moves
}

// connected says whether colour's pieces form one group, squares touching sideways or diagonally.
func connected(game *Init, colour byte) bool {
	var todo [][2]int
	var seen [Size][Size]bool
	pieces := 0
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			if game.Board[r][c] == colour {
				if pieces == 0 {
					todo = append(todo, [2]int{r, c})
					seen[r][c] = true
				}
				pieces++
			}
		}
	}
	reached := 0
	for len(todo) > 0 {
		square := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		reached++
		for _, d := range directions {
			r2, c2 := square[0]+d[0], square[1]+d[1]
			if onBoard(r2, c2) && !seen[r2][c2] && game.Board[r2][c2] == colour {
				seen[r2][c2] = true
				todo = append(todo, [2]int{r2, c2})
			}
		}
	}
	return reached == pieces
}

func play(game *Init, m Move) {
	game.Board[m.R2][m.C2] = game.Board[m.R1][m.C1]
	game.Board[m.R1][m.C1] = Empty
	game.ToMove = opponent(game.ToMove)
	game.MovesMade++
}

// gameOver: a player connected (the mover first: it wins if both are), 100 moves made, or no move to play.
func gameOver(game *Init) bool {
	if game.MovesMade == 0 {
		return false
	}
	mover := opponent(game.ToMove)
	return connected(game, mover) || connected(game, game.ToMove) || game.MovesMade >= MaxMoves ||
		len(legalMoves(game, game.ToMove)) == 0
}

func readInit() *Init {
	game := Init{Me: White, ToMove: Black}
	if readInt() == 0 { // "an integer indicating the color your program is playing"
		game.Me = Black
	}
	// Figure (a): black along the top and bottom rows, white along the left and right columns.
	for r := range game.Board {
		for c := range game.Board[r] {
			game.Board[r][c] = Empty
		}
	}
	for i := 1; i < Size-1; i++ {
		game.Board[0][i], game.Board[Size-1][i] = Black, Black
		game.Board[i][0], game.Board[i][Size-1] = White, White
	}
	return &game
}

// readTurn reads the opponent's move, when it is the opponent's turn; nil once the game is over.
func readTurn(game *Init) *Turn {
	if gameOver(game) {
		return nil
	}
	if game.ToMove == game.Me {
		return &Turn{} // black's first move: nothing to read
	}
	m := readInts()
	play(game, Move{m[0] - 1, m[1] - 1, m[2] - 1, m[3] - 1})
	if gameOver(game) {
		return nil
	}
	return &Turn{OpponentMove: &Move{m[0], m[1], m[2], m[3]}}
}

func choose(game *Init, _ *Turn) string {
	// Your move: "r1 c1 r2 c2", the piece's square and its destination, 1 to 8. Played on your board too.
	m := legalMoves(game, game.Me)[0]
	play(game, m)
	return fmt.Sprintf("%d %d %d %d", m.R1+1, m.C1+1, m.R2+1, m.C2+1)
}
