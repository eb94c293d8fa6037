# Lines Of Action (Kattis, NCPC 2019 warm-up problem H). The input is your colour, then the
# opponent's moves only: the bot keeps the board itself, and must see the end of the game by itself.

SIZE = 8
MAX_MOVES = 100  # "Games exceeding 100 moves will be considered draws": both players' moves counted
EMPTY, BLACK, WHITE = ".", "b", "w"
DIRECTIONS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


@dataclass
class Game:
    me: str  # your colour: BLACK (input 0, moves first) or WHITE (input 1)
    board: list  # board[row][column], both 0 to 7 here (1 to 8 in the moves): EMPTY, BLACK or WHITE
    to_move: str
    moves_made: int


@dataclass
class Turn:
    opponent_move: tuple  # (r1, c1, r2, c2) as read, 1 to 8; None before black's first move


def opponent(colour):
    return WHITE if colour == BLACK else BLACK


def start_board():
    """Figure (a): black along the top and bottom rows, white along the left and right columns."""
    board = [[EMPTY] * SIZE for _ in range(SIZE)]
    for i in range(1, SIZE - 1):
        board[0][i] = board[SIZE - 1][i] = BLACK
        board[i][0] = board[i][SIZE - 1] = WHITE
    return board


def on_board(r, c):
    return 0 <= r < SIZE and 0 <= c < SIZE


def legal_moves(board, colour):
    """Every move of colour's pieces: as many squares as there are pieces on the line of movement,
    jumping its own pieces but never the opponent's, landing on an empty square or capturing."""
    moves = []
    for r in range(SIZE):
        for c in range(SIZE):
            if board[r][c] != colour:
                continue
            for dr, dc in DIRECTIONS:
                steps = 1  # the piece itself, then the pieces both ways along the line
                for sign in (1, -1):
                    k = 1
                    while on_board(r + sign * k * dr, c + sign * k * dc):
                        steps += board[r + sign * k * dr][c + sign * k * dc] != EMPTY
                        k += 1
                r2, c2 = r + steps * dr, c + steps * dc
                if not on_board(r2, c2) or board[r2][c2] == colour:
                    continue
                if all(board[r + k * dr][c + k * dc] != opponent(colour) for k in range(1, steps)):
                    moves.append((r, c, r2, c2))
    return moves


def connected(board, colour):
    """Whether colour's pieces form one group, squares touching sideways or diagonally."""
    pieces = [(r, c) for r in range(SIZE) for c in range(SIZE) if board[r][c] == colour]
    seen = {pieces[0]}
    todo = [pieces[0]]
    while todo:
        r, c = todo.pop()
        for dr, dc in DIRECTIONS:
            square = (r + dr, c + dc)
            if on_board(*square) and square not in seen and board[square[0]][square[1]] == colour:
                seen.add(square)
                todo.append(square)
    return len(seen) == len(pieces)


def play(game, move):
    r1, c1, r2, c2 = move
    game.board[r2][c2] = game.board[r1][c1]
    game.board[r1][c1] = EMPTY
    game.to_move = opponent(game.to_move)
    game.moves_made += 1


def game_over(game):
    """A player connected (the mover first: it wins if both are), 100 moves made, or no move to play."""
    if game.moves_made == 0:
        return False
    mover = opponent(game.to_move)
    return (
        connected(game.board, mover)
        or connected(game.board, game.to_move)
        or game.moves_made >= MAX_MOVES
        or not legal_moves(game.board, game.to_move)
    )


def read_init():
    me = BLACK if read_int() == 0 else WHITE  # "an integer indicating the color your program is playing"
    return Game(me, start_board(), BLACK, 0)


def read_turn(game):
    """The opponent's move, when it is the opponent's turn; None once the game is over."""
    if game_over(game):
        return None
    if game.to_move == game.me:
        return Turn(None)  # black's first move: nothing to read
    r1, c1, r2, c2 = read_ints()
    play(game, (r1 - 1, c1 - 1, r2 - 1, c2 - 1))
    return None if game_over(game) else Turn((r1, c1, r2, c2))


def choose(game, turn):
    # Your move: "r1 c1 r2 c2", the piece's square and its destination, 1 to 8. Played on your board too.
    move = legal_moves(game.board, game.me)[0]
    play(game, move)
    r1, c1, r2, c2 = move
    return f"{r1 + 1} {c1 + 1} {r2 + 1} {c2 + 1}"
