# Mills (CodinGame). The statement's "Game Input" section: there is no initialisation, and each turn
# gives the whole state, then every valid output line.


@dataclass
class Piece:
    piece_id: int  # 1 to 18
    owner_id: int  # 0 for your piece, 1 for your opponent's
    direction: int  # 0 top left, 1 top, 2 top right, ... clockwise around the centre
    radius: int  # 0 the innermost square, 1 the middle one, 2 the outermost


@dataclass
class Turn:
    my_color: str  # BLACK (the first player) or WHITE
    turns_left: int
    my_pieces: int  # on the board: also your score
    opponents_pieces: int
    my_stock: int  # pieces still to put; 0 once the placement phase is over
    opponents_stock: int
    pieces: list  # Piece, every piece on the board
    options: list  # valid output lines for this turn (when you can jump, only the adjacent moves if any)


def read_init():
    return None  # Mills has no initialisation input


def read_turn(init):
    my_color, *numbers = read_line().split()
    turns_left, my_pieces, opponents_pieces, my_stock, opponents_stock = map(int, numbers)
    pieces = [Piece(*read_ints()) for _ in range(read_int())]
    options = read_lines(read_int())
    return Turn(my_color, turns_left, my_pieces, opponents_pieces, my_stock, opponents_stock, pieces, options)


def choose(init, turn):
    # "Output": PUT DIRECTION RADIUS id1 id2 while MY_STOCK > 0, else MOVE PIECE_ID DIRECTION RADIUS id1 id2;
    # id1 and id2 name the opponent's pieces to remove if mills are filled (0: any). Every option is valid.
    return turn.options[0]
