// Mills (CodinGame). The statement's "Game Input" section: there is no initialisation, and each turn
// gives the whole state, then every valid output line.

struct Piece {
    piece_id: i32,  // 1 to 18
    owner_id: i32,  // 0 for your piece, 1 for your opponent's
    direction: i32, // 0 top left, 1 top, 2 top right, ... clockwise around the centre
    radius: i32,    // 0 the innermost square, 1 the middle one, 2 the outermost
}

struct Init; // Mills has no initialisation input

struct Turn {
    my_color: String, // BLACK (the first player) or WHITE
    turns_left: i32,
    my_pieces: i32, // on the board: also your score
    opponents_pieces: i32,
    my_stock: i32, // pieces still to put; 0 once the placement phase is over
    opponents_stock: i32,
    pieces: Vec<Piece>,   // every piece on the board
    options: Vec<String>, // valid output lines for this turn (when you can jump, only the adjacent moves if any)
}

fn read_init() -> Init {
    Init
}

fn read_turn(_init: &mut Init) -> Option<Turn> {
    let header = read_line();
    let words: Vec<&str> = header.split(' ').collect();
    let number = |i: usize| -> i32 { words[i].parse().expect("an integer") };
    let pieces = (0..read_int())
        .map(|_| {
            let p = read_ints();
            Piece { piece_id: p[0], owner_id: p[1], direction: p[2], radius: p[3] }
        })
        .collect();
    let options = read_lines(read_int());
    Some(Turn {
        my_color: words[0].to_string(),
        turns_left: number(1),
        my_pieces: number(2),
        opponents_pieces: number(3),
        my_stock: number(4),
        opponents_stock: number(5),
        pieces,
        options,
    })
}

fn choose(_init: &mut Init, turn: &Turn) -> String {
    // "Output": PUT DIRECTION RADIUS id1 id2 while MY_STOCK > 0, else MOVE PIECE_ID DIRECTION RADIUS id1 id2;
    // id1 and id2 name the opponent's pieces to remove if mills are filled (0: any). Every option is valid.
    turn.options[0].clone()
}
