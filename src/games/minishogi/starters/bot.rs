// Minishogi (CodinGame). The statement's "Game Input" section: an initial input, then each turn the
// board, both hands, the opponent's last action and every legal action.

struct Init {
    my_id: i32,      // 0: the first player (upper case, at the bottom), 1: the second (lower case, at the top)
    board_size: i32, // always 5
}

struct Turn {
    board: Vec<Vec<String>>, // board_size rows, top to bottom, each of cells: "." empty, "K", "p", "+S", ...
    hands: Vec<String>,      // the pieces in each player's hand: player 0's ("GB"), player 1's ("p"), "" for none
    last_action: String,     // the opponent's last action, or "none" on the first turn of the first player
    actions: Vec<String>,    // every legal action: "4534", "1425+", "G*33"
}

/// A board line into its cells: a promoted piece takes two characters ("+b").
fn read_row(line: &str) -> Vec<String> {
    let mut cells: Vec<String> = Vec::new();
    for c in line.chars() {
        match cells.last_mut() {
            Some(last) if last == "+" => last.push(c),
            _ => cells.push(c.to_string()),
        }
    }
    cells
}

fn read_init() -> Init {
    let my_id = read_int();
    let board_size = read_int();
    Init { my_id, board_size }
}

fn read_turn(init: &mut Init) -> Option<Turn> {
    let board = (0..init.board_size).map(|_| read_row(&read_line())).collect();
    let hands = read_lines(2).into_iter().map(|hand| if hand == "-" { String::new() } else { hand }).collect();
    let last_action = read_line();
    let actions = read_lines(read_int());
    Some(Turn { board, hands, last_action, actions })
}

fn choose(_init: &mut Init, turn: &Turn) -> String {
    // "Output": a move columnFrom rowFrom columnTo rowTo, "+" to promote (4534, 1425+), or a drop
    // Piece*columnTo rowTo (G*33). Every listed action is legal.
    turn.actions[0].clone()
}
