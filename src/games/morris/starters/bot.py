# Nine Men's Morris (CodinGame). The statement's "Game Input" section: an initialisation input with the
# fields' neighbours, then each turn the opponent's last command, the board and every valid command.


@dataclass
class Init:
    player_id: int  # 0 or 1: your stones are this number on the board
    neighbors: dict  # each field ("A1" to "G7") and the fields adjacent to it: {"A1": ["A4", "D1"], ...}


@dataclass
class Turn:
    op_move: str  # the opponent's last command, or "-" before any
    board: dict  # each field and its state: 0 a stone of player 0, 1 a stone of player 1, 2 empty
    commands: list  # every valid command for this turn


def read_init():
    player_id = read_int()
    neighbors = {}
    for line in read_lines(read_int()):  # "A1:A4;D1"
        field, adjacent = line.split(":")
        neighbors[field] = adjacent.split(";")
    return Init(player_id, neighbors)


def read_turn(init):
    op_move = read_line()
    board = {}
    for entry in read_line().split(";"):  # "A1:2;D1:0;..."
        field, state = entry.split(":")
        board[field.strip()] = int(state)
    commands = read_lines(read_int())
    return Turn(op_move, board, commands)


def choose(init, turn):
    # "Commands": PLACE;A1, PLACE&TAKE;A1;D1, MOVE;A1;D1 or MOVE&TAKE;A1;D1;D2. Every listed command is valid.
    return turn.commands[0]
