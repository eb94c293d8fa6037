// Lines Of Action (Kattis, NCPC 2019 warm-up problem H). The input is your colour, then the
// opponent's moves only: the bot keeps the board itself, and must see the end of the game by itself.

const int SIZE = 8;
const int MAX_MOVES = 100;  // "Games exceeding 100 moves will be considered draws": both players' moves counted
const char EMPTY = '.', BLACK = 'b', WHITE = 'w';
const int DIRECTIONS[8][2] = {{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}};

struct Move {
    int r1, c1, r2, c2;
};

struct Init {
    char me;                 // your colour: BLACK (input 0, moves first) or WHITE (input 1)
    char board[SIZE][SIZE];  // board[row][column], both 0 to 7 here (1 to 8 in the moves): EMPTY, BLACK or WHITE
    char toMove;
    int movesMade;
};

struct Turn {
    optional<Move> opponentMove;  // as read, 1 to 8; none before black's first move
};

char opponent(char colour) { return colour == BLACK ? WHITE : BLACK; }
bool onBoard(int r, int c) { return r >= 0 && r < SIZE && c >= 0 && c < SIZE; }

// Every move of colour's pieces: as many squares as there are pieces on the line of movement,
// jumping its own pieces but never the opponent's, landing on an empty square or capturing.
vector<Move> legalMoves(const Init& game, char colour) {
    vector<Move> moves;
    for (int r = 0; r < SIZE; r++) {
        for (int c = 0; c < SIZE; c++) {
            if (game.board[r][c] != colour) continue;
            for (const auto& d : DIRECTIONS) {
                int steps = 1;  // the piece itself, then the pieces both ways along the line
                for (int sign : {1, -1})
                    for (int k = 1; onBoard(r + sign * k * d[0], c + sign * k * d[1]); k++)
                        steps += game.board[r + sign * k * d[0]][c + sign * k * d[1]] != EMPTY;
                int r2 = r + steps * d[0], c2 = c + steps * d[1];
                if (!onBoard(r2, c2) || game.board[r2][c2] == colour) continue;
                bool blocked = false;
                for (int k = 1; k < steps; k++) blocked |= game.board[r + k * d[0]][c + k * d[1]] == opponent(colour);
                if (!blocked) moves.push_back(Move{r, c, r2, c2});
            }
        }
    }
    return moves;
}

// Whether colour's pieces form one group, squares touching sideways or diagonally.
bool connected(const Init& game, char colour) {
    vector<pair<int, int>> todo;
    int pieces = 0;
    bool seen[SIZE][SIZE] = {};
    for (int r = 0; r < SIZE; r++)
        for (int c = 0; c < SIZE; c++)
            if (game.board[r][c] == colour && pieces++ == 0) todo.push_back({r, c}), seen[r][c] = true;
    int reached = 0;
    while (!todo.empty()) {
        auto [r, c] = todo.back();
        todo.pop_back();
        reached++;
        for (const auto& d : DIRECTIONS) {
            int r2 = r + d[0], c2 = c + d[1];
            if (onBoard(r2, c2) && !seen[r2][c2] && game.board[r2][c2] == colour) {
                seen[r2][c2] = true;
                todo.push_back({r2, c2});
            }
        }
    }
    return reached == pieces;
}

void play(Init& game, const Move& m) {
    game.board[m.r2][m.c2] = game.board[m.r1][m.c1];
    game.board[m.r1][m.c1] = EMPTY;
    game.toMove = opponent(game.toMove);
    game.movesMade++;
}

// A player connected (the mover first: it wins if both are), 100 moves made, or no move to play.
bool gameOver(const Init& game) {
    if (game.movesMade == 0) return false;
    char mover = opponent(game.toMove);
    return connected(game, mover) || connected(game, game.toMove) || game.movesMade >= MAX_MOVES ||
           legalMoves(game, game.toMove).empty();
}

Init readInit() {
    Init game;
    game.me = readInt() == 0 ? BLACK : WHITE;  // "an integer indicating the color your program is playing"
    // Figure (a): black along the top and bottom rows, white along the left and right columns.
    for (int r = 0; r < SIZE; r++)
        for (int c = 0; c < SIZE; c++) game.board[r][c] = EMPTY;
    for (int i = 1; i < SIZE - 1; i++) {
        game.board[0][i] = game.board[SIZE - 1][i] = BLACK;
        game.board[i][0] = game.board[i][SIZE - 1] = WHITE;
    }
    game.toMove = BLACK;
    game.movesMade = 0;
    return game;
}

// The opponent's move, when it is the opponent's turn; none once the game is over.
optional<Turn> readTurn(Init& game) {
    if (gameOver(game)) return nullopt;
    if (game.toMove == game.me) return Turn{};  // black's first move: nothing to read
    vector<int> m = readInts();
    Move move{m[0], m[1], m[2], m[3]};
    play(game, Move{m[0] - 1, m[1] - 1, m[2] - 1, m[3] - 1});
    if (gameOver(game)) return nullopt;
    return Turn{move};
}

string choose(Init& game, const Turn&) {
    // Your move: "r1 c1 r2 c2", the piece's square and its destination, 1 to 8. Played on your board too.
    Move m = legalMoves(game, game.me)[0];
    play(game, m);
    return to_string(m.r1 + 1) + " " + to_string(m.c1 + 1) + " " + to_string(m.r2 + 1) + " " + to_string(m.c2 + 1);
}
