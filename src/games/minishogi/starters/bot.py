# Minishogi (CodinGame). The statement's "Game Input" section: an initial input, then each turn the
# board, both hands, the opponent's last action and every legal action.


@dataclass
class Init:
    my_id: int  # 0: the first player (upper case, at the bottom), 1: the second (lower case, at the top)
    board_size: int  # always 5


@dataclass
class Turn:
    board: list  # board_size rows, top to bottom, each a list of cells: "." empty, "K", "p", "+S", ...
    hands: list  # the pieces in each player's hand: [player 0's, e.g. "GB", player 1's, e.g. "p"], "" for none
    last_action: str  # the opponent's last action, or "none" on the first turn of the first player
    actions: list  # every legal action: "4534", "1425+", "G*33"


def read_row(line):
    """A board line into its cells: a promoted piece takes two characters ("+b")."""
    cells = []
    for char in line:
        if cells and cells[-1] == "+":
            cells[-1] += char
        else:
            cells.append(char)
    return cells


def read_init():
    my_id = read_int()
    board_size = read_int()
    return Init(my_id, board_size)


def read_turn(init):
    board = [read_row(read_line()) for _ in range(init.board_size)]
    hands = ["" if hand == "-" else hand for hand in read_lines(2)]
    last_action = read_line()
    actions = read_lines(read_int())
    return Turn(board, hands, last_action, actions)


def choose(init, turn):
    # "Output": a move columnFrom rowFrom columnTo rowTo, "+" to promote (4534, 1425+), or a drop
    # Piece*columnTo rowTo (G*33). Every listed action is legal.
    return turn.actions[0]
