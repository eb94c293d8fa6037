// Lines Of Action (Kattis, NCPC 2019 warm-up problem H). The input is your colour, then the
// opponent's moves only: the bot keeps the board itself, and must see the end of the game by itself.

static final int SIZE = 8;
static final int MAX_MOVES = 100; // "Games exceeding 100 moves will be considered draws": both players' moves counted
static final char EMPTY = '.', BLACK = 'b', WHITE = 'w';
static final int[][] DIRECTIONS = {{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}};

record Move(int r1, int c1, int r2, int c2) {}

static class Init {
    char me; // your colour: BLACK (input 0, moves first) or WHITE (input 1)
    char[][] board = new char[SIZE][SIZE]; // board[row][column], both 0 to 7 here (1 to 8 in the moves)
    char toMove = BLACK;
    int movesMade = 0;
}

record Turn(Move opponentMove) {} // as read, 1 to 8; null before black's first move

static char opponent(char colour) {
    return colour == BLACK ? WHITE : BLACK;
}

static boolean onBoard(int r, int c) {
    return r >= 0 && r < SIZE && c >= 0 && c < SIZE;
}

/**
 * Every move of colour's pieces: as many squares as there are pieces on the line of movement,
 * jumping its own pieces but never the opponent's, landing on an empty square or capturing.
 */
static List<Move> legalMoves(Init game, char colour) {
    List<Move> moves = new ArrayList<>();
    for (int r = 0; r < SIZE; r++) {
        for (int c = 0; c < SIZE; c++) {
            if (game.board[r][c] != colour) continue;
            for (int[] d : DIRECTIONS) {
                int steps = 1; // the piece itself, then the pieces both ways along the line
                for (int sign : new int[] {1, -1})
                    for (int k = 1; onBoard(r + sign * k * d[0], c + sign * k * d[1]); k++)
                        if (game.board[r + sign * k * d[0]][c + sign * k * d[1]] != EMPTY) steps++;
                int r2 = r + steps * d[0], c2 = c + steps * d[1];
                if (!onBoard(r2, c2) || game.board[r2][c2] == colour) continue;
                boolean blocked = false;
                for (int k = 1; k < steps; k++) blocked |= game.board[r + k * d[0]][c + k * d[1]] == opponent(colour);
                if (!blocked) moves.add(new Move(r, c, r2, c2));
            }
        }
    }
    return moves;
}

/** Whether colour's pieces form one group, squares touching sideways or diagonally. */
static boolean connected(Init game, char colour) {
    List<int[]> todo = new ArrayList<>();
    boolean[][] seen = new boolean[SIZE][SIZE];
    int pieces = 0;
    for (int r = 0; r < SIZE; r++) {
        for (int c = 0; c < SIZE; c++) {
            if (game.board[r][c] == colour && pieces++ == 0) {
                todo.add(new int[] {r, c});
                seen[r][c] = true;
            }
        }
    }
    int reached = 0;
    while (!todo.isEmpty()) {
        int[] square = todo.remove(todo.size() - 1);
        reached++;
        for (int[] d : DIRECTIONS) {
            int r2 = square[0] + d[0], c2 = square[1] + d[1];
            if (onBoard(r2, c2) && !seen[r2][c2] && game.board[r2][c2] == colour) {
                seen[r2][c2] = true;
                todo.add(new int[] {r2, c2});
            }
        }
    }
    return reached == pieces;
}

static void play(Init game, Move m) {
    game.board[m.r2()][m.c2()] = game.board[m.r1()][m.c1()];
    game.board[m.r1()][m.c1()] = EMPTY;
    game.toMove = opponent(game.toMove);
    game.movesMade++;
}

/** A player connected (the mover first: it wins if both are), 100 moves made, or no move to play. */
static boolean gameOver(Init game) {
    if (game.movesMade == 0) return false;
    char mover = opponent(game.toMove);
    return connected(game, mover)
            || connected(game, game.toMove)
            || game.movesMade >= MAX_MOVES
            || legalMoves(game, game.toMove).isEmpty();
}

static Init readInit() {
    Init game = new Init();
    game.me = readInt() == 0 ? BLACK : WHITE; // "an integer indicating the color your program is playing"
    // Figure (a): black along the top and bottom rows, white along the left and right columns.
    for (char[] row : game.board) Arrays.fill(row, EMPTY);
    for (int i = 1; i < SIZE - 1; i++) {
        game.board[0][i] = game.board[SIZE - 1][i] = BLACK;
        game.board[i][0] = game.board[i][SIZE - 1] = WHITE;
    }
    return game;
}

/** The opponent's move, when it is the opponent's turn; null once the game is over. */
static Turn readTurn(Init game) {
    if (gameOver(game)) return null;
    if (game.toMove == game.me) return new Turn(null); // black's first move: nothing to read
    int[] m = readInts();
    play(game, new Move(m[0] - 1, m[1] - 1, m[2] - 1, m[3] - 1));
    return gameOver(game) ? null : new Turn(new Move(m[0], m[1], m[2], m[3]));
}

static String choose(Init game, Turn turn) {
    // Your move: "r1 c1 r2 c2", the piece's square and its destination, 1 to 8. Played on your board too.
    Move m = legalMoves(game, game.me).get(0);
    play(game, m);
    return (m.r1() + 1) + " " + (m.c1() + 1) + " " + (m.r2() + 1) + " " + (m.c2() + 1);
}
